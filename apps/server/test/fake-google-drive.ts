import { createPublicKey, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

// A local stand-in for the few Google Drive v3 calls the Drive store makes, for its contract test:
// files.list by parent, files.get (metadata, and media with Range), files.create (a folder, or a
// multipart upload), files.update (rename, trash). Like Google, it refuses any request whose
// bearer token is not a JWT signed by the service account's key with the Drive scope.

const FOLDER = 'application/vnd.google-apps.folder';

export interface FakeFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  trashed: boolean;
  content: Buffer;
}

export interface FakeDrive {
  url: string;
  keyFile: string;
  rootId: string;
  files: Map<string, FakeFile>;
  /** Every request as 'METHOD /path', to see what the store asked. */
  requests: string[];
  add: (file: Omit<FakeFile, 'id' | 'trashed' | 'content'> & { content?: Buffer }) => FakeFile;
  close: () => Promise<void>;
}

const CLIENT_EMAIL = 'portal@academy-test.iam.gserviceaccount.com';
/** Small pages, so the store's paging is exercised. */
const PAGE_SIZE = 3;

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function driveError(response: ServerResponse, status: number, message: string): void {
  send(response, status, { error: { code: status, message, errors: [{ message, reason: 'notFound' }] } });
}

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** True when the bearer token is a live RS256 JWT of the service account with the Drive scope. */
function authorized(request: IncomingMessage, publicKey: KeyObject): boolean {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const [header, payload, signature] = token?.split('.') ?? [];
  if (!header || !payload || !signature) return false;
  const valid = verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'));
  if (!valid) return false;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: string; scope?: string; exp?: number };
  return claims.iss === CLIENT_EMAIL && String(claims.scope).includes('auth/drive') && (claims.exp ?? 0) * 1000 > Date.now();
}

function pick(file: FakeFile, fields: string | null): Record<string, unknown> {
  const all = { id: file.id, name: file.name, mimeType: file.mimeType, parents: file.parents, trashed: file.trashed, size: file.mimeType === FOLDER ? undefined : String(file.content.length) };
  if (!fields) return { id: file.id, name: file.name, mimeType: file.mimeType };
  const wanted = fields.replace(/^.*files\(/, '').replace(/\).*$/, '').split(',').map((field) => field.trim());
  return Object.fromEntries(Object.entries(all).filter(([key]) => wanted.includes(key)));
}

/** The two parts of a multipart/related upload: the metadata JSON and the bytes. */
function multipartRelated(raw: Buffer, contentType: string): { metadata: Record<string, unknown>; content: Buffer } {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1] ?? '';
  const parts: Buffer[] = [];
  let start = raw.indexOf(`--${boundary}`);
  while (start !== -1) {
    const next = raw.indexOf(`\r\n--${boundary}`, start + boundary.length + 2);
    if (next === -1) break;
    const part = raw.subarray(start + boundary.length + 4, next);
    parts.push(part.subarray(part.indexOf('\r\n\r\n') + 4));
    start = next + 2;
  }
  return { metadata: JSON.parse(parts[0]?.toString('utf8') ?? '{}') as Record<string, unknown>, content: parts[1] ?? Buffer.alloc(0) };
}

export async function startFakeDrive(folder: string): Promise<FakeDrive> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKey = createPublicKey(privateKey);
  const keyFile = path.join(folder, 'service-account.json');
  writeFileSync(
    keyFile,
    JSON.stringify({
      type: 'service_account',
      client_email: CLIENT_EMAIL,
      private_key_id: 'test-key-1',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    }),
  );

  const files = new Map<string, FakeFile>();
  const requests: string[] = [];
  let counter = 0;
  const add: FakeDrive['add'] = (file) => {
    counter += 1;
    const made: FakeFile = { ...file, id: `drv${counter}${'x'.repeat(20)}`, trashed: false, content: file.content ?? Buffer.alloc(0) };
    files.set(made.id, made);
    return made;
  };
  const root = add({ name: 'Academy classes', mimeType: FOLDER, parents: ['sharedDrive'] });
  const trash = (id: string): void => {
    const file = files.get(id);
    if (!file) return;
    file.trashed = true;
    for (const child of files.values()) if (child.parents.includes(id)) trash(child.id);
  };
  const live = (id: string) => {
    const file = files.get(id);
    return file && !file.trashed ? file : undefined;
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      requests.push(`${request.method} ${url.pathname}`);
      if (!authorized(request, publicKey)) return driveError(response, 401, 'Request had invalid authentication credentials.');
      const fields = url.searchParams.get('fields');
      const id = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname)?.[1];

      if (request.method === 'GET' && url.pathname === '/drive/v3/files') {
        const parent = /^'([^']+)' in parents and trashed = false$/.exec(url.searchParams.get('q') ?? '')?.[1];
        const children = [...files.values()].filter((file) => !file.trashed && file.parents.includes(parent ?? ''));
        const offset = Number(url.searchParams.get('pageToken') ?? 0);
        const page = children.slice(offset, offset + PAGE_SIZE);
        const nextPageToken = offset + PAGE_SIZE < children.length ? String(offset + PAGE_SIZE) : undefined;
        return send(response, 200, { files: page.map((file) => pick(file, fields)), nextPageToken });
      }
      if (request.method === 'GET' && id) {
        const file = files.get(id);
        if (!file) return driveError(response, 404, `File not found: ${id}.`);
        if (url.searchParams.get('alt') !== 'media') return send(response, 200, pick(file, fields));
        const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
        if (!range) {
          response.writeHead(200, { 'content-type': file.mimeType, 'content-length': file.content.length });
          return response.end(file.content);
        }
        const slice = file.content.subarray(Number(range[1]), Number(range[2]) + 1);
        response.writeHead(206, { 'content-type': file.mimeType, 'content-range': `bytes ${range[1]}-${range[2]}/${file.content.length}` });
        return response.end(slice);
      }
      if (request.method === 'POST' && (url.pathname === '/drive/v3/files' || url.pathname === '/upload/drive/v3/files')) {
        const raw = await body(request);
        const upload = url.pathname.startsWith('/upload')
          ? multipartRelated(raw, request.headers['content-type'] ?? '')
          : { metadata: JSON.parse(raw.toString('utf8')) as Record<string, unknown>, content: Buffer.alloc(0) };
        const parents = (upload.metadata.parents as string[] | undefined) ?? [];
        if (!parents.every((parent) => live(parent))) return driveError(response, 404, 'File not found: parent.');
        const made = add({
          name: String(upload.metadata.name),
          mimeType: String(upload.metadata.mimeType ?? 'video/mp4'),
          parents,
          content: upload.content,
        });
        return send(response, 200, pick(made, fields));
      }
      if (request.method === 'PATCH' && id) {
        const file = live(id);
        if (!file) return driveError(response, 404, `File not found: ${id}.`);
        const change = JSON.parse((await body(request)).toString('utf8')) as { name?: string; trashed?: boolean };
        if (change.name) file.name = change.name;
        // Like Drive, a folder in the bin takes everything below it along.
        if (change.trashed) trash(file.id);
        return send(response, 200, pick(file, fields));
      }
      return driveError(response, 404, 'Not a Drive call this fake answers');
    })().catch((error: unknown) => driveError(response, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    keyFile,
    rootId: root.id,
    files,
    requests,
    add,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
