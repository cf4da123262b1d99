import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generate as selfSigned } from 'selfsigned';
import { until } from './until.js';

// A local push service that behaves as RFC 8030, 8291 and 8292 say, so the server's pushes are
// proved end to end without a network: it verifies each VAPID token as a real push service does
// and DECRYPTS each body as a browser does, with its own code from the RFCs (nothing shared with
// web-push). Served over https://127.0.0.1:<port> with a certificate made for this run only.
// In-process for server tests; as a process (`tsx test/fake-push-service.ts --port 0
// --control-port 0`) for browser tests and the benchmark, steered through a JSON control API.

/** The receiving side of a subscription: what a browser keeps to itself. */
export interface ReceiverKeys {
  /** 32-octet P-256 private scalar. */
  privateKey: Buffer;
  /** 65-octet uncompressed P-256 point (the subscription's p256dh). */
  publicKey: Buffer;
  /** 16 octets (the subscription's auth). */
  authSecret: Buffer;
}

/** Each value RFC 8291 §3.4 derives, named as Appendix A lists them. */
export interface MessageKeys {
  ecdhSecret: Buffer;
  prkKey: Buffer;
  keyInfo: Buffer;
  ikm: Buffer;
  prk: Buffer;
  cek: Buffer;
  nonce: Buffer;
}

const RECORD_HEADER_BYTES = 16 + 4 + 1 + 65;
const TAG_BYTES = 16;
const MAX_BODY_BYTES = 4096;
const DAY_SECONDS = 24 * 60 * 60;

function hmac(key: Buffer, ...data: Buffer[]): Buffer {
  const mac = createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
}

/** HKDF-Expand for one block (every length here is at most 32 octets). */
function expand(prk: Buffer, info: Buffer, length: number): Buffer {
  return hmac(prk, info, Buffer.from([0x01])).subarray(0, length);
}

/** RFC 8291 §3.3 and §3.4: the content-encryption key and nonce of one message. */
export function deriveMessageKeys(receiver: ReceiverKeys, senderPublicKey: Buffer, salt: Buffer): MessageKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(receiver.privateKey);
  const ecdhSecret = ecdh.computeSecret(senderPublicKey);
  const prkKey = hmac(receiver.authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderPublicKey]);
  const ikm = expand(prkKey, keyInfo, 32);
  const prk = hmac(salt, ikm);
  const cek = expand(prk, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = expand(prk, Buffer.from('Content-Encoding: nonce\0'), 12);
  return { ecdhSecret, prkKey, keyInfo, ikm, prk, cek, nonce };
}

/**
 * Opens an aes128gcm body (RFC 8188 §2): the header (salt, record size, idlen 65, the sender's
 * public key), then exactly one record whose plaintext ends in the 0x02 delimiter and zero padding
 * (RFC 8291 §4). Throws on anything else.
 */
export function decryptPushBody(body: Buffer, receiver: ReceiverKeys): Buffer {
  if (body.length < RECORD_HEADER_BYTES + TAG_BYTES + 1) throw new Error('body shorter than a header and one record');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  if (body[20] !== 65) throw new Error('keyid is not a 65-octet public key');
  const senderPublicKey = body.subarray(21, RECORD_HEADER_BYTES);
  const record = body.subarray(RECORD_HEADER_BYTES);
  if (record.length > recordSize) throw new Error('more than one record');
  const { cek, nonce } = deriveMessageKeys(receiver, senderPublicKey, salt);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_BYTES)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 0x02) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end);
}

export interface FakeSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted plaintext, parsed as JSON (the text itself when it is not JSON). */
  payload: unknown;
  headers: IncomingHttpHeaders;
  at: string;
}

/** A request the service turned away, and why: for a test to see what went wrong. */
export interface RefusedPush {
  subscriptionId: string;
  status: number;
  reason: string;
}

interface Subscription {
  id: string;
  applicationServerKey: string;
  receiver: ReceiverKeys;
  gone: 404 | 410 | null;
  failures: { left: number; status: number };
  tooMany: number | null;
  slowMs: number;
}

/** A subscription named by its endpoint (or the subscription itself). */
export type SubscriptionRef = string | { endpoint: string };

export interface FakePushService {
  /** https://127.0.0.1:<port>, for PUSH_TEST_ORIGIN. */
  origin: string;
  /** The run's certificate (PEM), for PUSH_TEST_CA_FILE. */
  caFile: string;
  received: ReceivedPush[];
  refused: RefusedPush[];
  /** What a browser and its push service do together on pushManager.subscribe(). */
  subscribe(applicationServerKey: string): FakeSubscription;
  /** Every later push answers `status`, as for an expired or unsubscribed subscription. */
  gone(subscription: SubscriptionRef, status: 404 | 410): void;
  /** The next `times` pushes answer `status`. */
  failTimes(subscription: SubscriptionRef, times: number, status?: number): void;
  /** The next push answers 429 with Retry-After: `retryAfterSeconds`. */
  tooMany(subscription: SubscriptionRef, retryAfterSeconds: number): void;
  /** Every push waits `ms` before its answer. */
  slow(subscription: SubscriptionRef, ms: number): void;
  waitFor(match: (push: ReceivedPush) => boolean, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

interface VapidClaims {
  aud?: unknown;
  exp?: unknown;
  sub?: unknown;
}

/** RFC 8292 §2-3: null when `authorization` is a valid token for `origin`, else the status and why. */
function vapidProblem(authorization: string | undefined, origin: string, expectedKey: string): { status: number; reason: string } | null {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([^,\s]+)$/i.exec(authorization ?? '');
  if (!match) return { status: 401, reason: 'no vapid authorization' };
  const [token = '', key = ''] = match.slice(1);
  const [header = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65) return { status: 401, reason: 'k is not a P-256 public key' };
  try {
    if ((JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg !== 'ES256') return { status: 401, reason: 'alg is not ES256' };
    const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
    const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
    if (!signed) return { status: 401, reason: 'signature does not verify with k' };
    const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as VapidClaims;
    const now = Math.floor(Date.now() / 1000);
    if (aud !== origin) return { status: 401, reason: `aud ${String(aud)} is not ${origin}` };
    if (typeof exp !== 'number' || exp <= now || exp > now + DAY_SECONDS) return { status: 401, reason: 'exp is not within the next 24 hours' };
    if (typeof sub !== 'string' || !/^(mailto|https):/.test(sub)) return { status: 401, reason: 'sub is not a mailto: or https: contact' };
  } catch {
    return { status: 401, reason: 'malformed token' };
  }
  // The push service refuses a sender whose key is not the one the browser subscribed with.
  return key === expectedKey ? null : { status: 403, reason: 'k is not the key this subscription was made with' };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parsePayload(plaintext: Buffer): unknown {
  const text = plaintext.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function startFakePushService(options: { port?: number } = {}): Promise<FakePushService> {
  const pems = await selfSigned([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + DAY_SECONDS * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  const folder = mkdtempSync(path.join(os.tmpdir(), 'fake-push-'));
  const caFile = path.join(folder, 'ca.pem');
  writeFileSync(caFile, pems.cert);

  const subscriptions = new Map<string, Subscription>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  let origin = '';

  const answer = (response: ServerResponse, status: number, headers: Record<string, string> = {}) => {
    response.writeHead(status, headers);
    response.end();
  };

  async function handlePush(id: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const subscription = subscriptions.get(id);
    const body = await readBody(request);
    if (!subscription) return answer(response, 404);
    if (subscription.slowMs > 0) await new Promise((resolve) => setTimeout(resolve, subscription.slowMs));
    if (subscription.gone) return answer(response, subscription.gone);
    const refuse = (status: number, reason: string) => {
      refused.push({ subscriptionId: id, status, reason });
      answer(response, status);
    };
    if (!/^\d+$/.test(String(request.headers.ttl ?? ''))) return refuse(400, 'TTL missing');
    const problem = vapidProblem(request.headers.authorization, origin, subscription.applicationServerKey);
    if (problem) return refuse(problem.status, problem.reason);
    if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'Content-Encoding is not aes128gcm');
    if (body.length > MAX_BODY_BYTES) return refuse(413, `body of ${body.length} octets`);
    if (subscription.failures.left > 0) {
      subscription.failures.left -= 1;
      return answer(response, subscription.failures.status);
    }
    if (subscription.tooMany !== null) {
      const seconds = subscription.tooMany;
      subscription.tooMany = null;
      return answer(response, 429, { 'retry-after': String(seconds) });
    }
    let plaintext: Buffer;
    try {
      plaintext = decryptPushBody(body, subscription.receiver);
    } catch (error) {
      return refuse(400, `cannot decrypt: ${(error as Error).message}`);
    }
    received.push({ subscriptionId: id, payload: parsePayload(plaintext), headers: request.headers, at: new Date().toISOString() });
    answer(response, 201, { location: `${origin}/message/${randomUUID()}` });
  }

  const server = createHttpsServer({ key: pems.private, cert: pems.cert }, (request, response) => {
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    if (request.method !== 'POST' || !id) return answer(response, 404);
    handlePush(id, request, response).catch(() => answer(response, 500));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const scripted = (ref: SubscriptionRef): Subscription => {
    const endpoint = typeof ref === 'string' ? ref : ref.endpoint;
    const subscription = subscriptions.get(endpoint.slice(endpoint.lastIndexOf('/') + 1));
    if (!subscription) throw new Error(`no subscription at ${endpoint}`);
    return subscription;
  };

  return {
    origin,
    caFile,
    received,
    refused,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const receiver = { privateKey: ecdh.getPrivateKey(), publicKey, authSecret: randomBytes(16) };
      const id = randomUUID();
      subscriptions.set(id, { id, applicationServerKey, receiver, gone: null, failures: { left: 0, status: 500 }, tooMany: null, slowMs: 0 });
      return { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: publicKey.toString('base64url'), auth: receiver.authSecret.toString('base64url') } };
    },
    gone: (ref, status) => void (scripted(ref).gone = status),
    failTimes: (ref, times, status = 500) => void (scripted(ref).failures = { left: times, status }),
    tooMany: (ref, retryAfterSeconds) => void (scripted(ref).tooMany = retryAfterSeconds),
    slow: (ref, ms) => void (scripted(ref).slowMs = ms),
    waitFor: (match, timeoutMs = 5000) => until('a matching push', async () => received.find(match), timeoutMs, 10),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * The JSON control API of the process form, on plain http at 127.0.0.1: POST /subscribe
 * {applicationServerKey}; GET /received; POST /script {endpoint, gone?, failTimes?, status?,
 * tooMany?, slow?}.
 */
async function serveControl(service: FakePushService, port: number): Promise<string> {
  const reply = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server = createHttpServer((request, response) => {
    readBody(request)
      .then((raw) => {
        const input = (raw.length ? JSON.parse(raw.toString('utf8')) : {}) as Record<string, unknown>;
        const route = `${request.method} ${request.url}`;
        if (route === 'POST /subscribe') return reply(response, 200, service.subscribe(String(input.applicationServerKey)));
        if (route === 'GET /received') return reply(response, 200, service.received);
        if (route !== 'POST /script') return reply(response, 404, { error: `no ${route}` });
        const endpoint = String(input.endpoint);
        if (input.gone === 404 || input.gone === 410) service.gone(endpoint, input.gone);
        if (typeof input.failTimes === 'number') service.failTimes(endpoint, input.failTimes, typeof input.status === 'number' ? input.status : 500);
        if (typeof input.tooMany === 'number') service.tooMany(endpoint, input.tooMany);
        if (typeof input.slow === 'number') service.slow(endpoint, input.slow);
        reply(response, 200, {});
      })
      .catch((error: Error) => reply(response, 400, { error: error.message }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** As a process: prints one JSON line {origin, caFile, control} and runs until SIGTERM or SIGINT. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, 'control-port': { type: 'string', default: '0' } } });
  const service = await startFakePushService({ port: Number(values.port) });
  const control = await serveControl(service, Number(values['control-port']));
  process.stdout.write(`${JSON.stringify({ origin: service.origin, caFile: service.caFile, control })}\n`);
  const stop = () => void service.close().finally(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
