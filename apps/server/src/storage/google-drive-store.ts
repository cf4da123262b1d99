import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { auth, drive, type drive_v3 } from '@googleapis/drive';
import { FOLDER_MIME_TYPE } from '@academy/contract';
import { StoreError, type ByteRange, type FileStore, type StatResult, type StoreItem } from './file-store';

// The Google Drive store: a service account reads and writes below one root folder, through the
// official Drive v3 client. Class folders are the root's folders. Keep the root in a shared drive:
// a service account has no storage of its own, so uploads elsewhere are refused by Google.
//
// Drive ids are checked like any id from outside: the item's parents are followed up to the root
// (with a short cache, because the viewer's every Range request asks), and an item that never
// reaches the root, or is in the bin, does not exist for this store.

export interface GoogleDriveOptions {
  keyFile: string;
  rootFolderId: string;
  /** Only for the contract test: a local server that answers the Drive calls. */
  apiUrl?: string | null;
}

interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
}

const ITEM_FIELDS = 'id, name, mimeType, size, parents, trashed';
const SHARED_DRIVES = { supportsAllDrives: true } as const;
/** How long a known parent link is trusted; a moved file is seen within this time. */
const PARENT_CACHE_MS = 30_000;
/** Drive ids are letters, digits, '-' and '_'; anything else never reaches a query. */
const DRIVE_ID = /^[A-Za-z0-9_-]{1,200}$/;
/** A tree deeper than this is a loop, not a class. */
const MAX_DEPTH = 32;

interface CachedParent {
  parentId: string | null;
  until: number;
}

function status(error: unknown): number | undefined {
  const e = error as { status?: number; code?: number | string; response?: { status?: number } } | null;
  return e?.response?.status ?? e?.status ?? (typeof e?.code === 'number' ? e.code : undefined);
}

/** Google's 404 is 'not found'; a failure to reach Google is 'unavailable'; the rest is a bug. */
function storeError(error: unknown): Error {
  const code = status(error);
  if (code === 404) return new StoreError('not-found', 'not-found', { cause: error });
  if (code === undefined || code >= 500 || code === 429 || code === 401 || code === 403) {
    return new StoreError('unavailable', 'unavailable', { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

export class GoogleDriveStore implements FileStore {
  readonly provider = 'Google' as const;
  readonly rootId: string;
  private readonly api: drive_v3.Drive;
  private readonly parents = new Map<string, CachedParent>();
  /** The client moves its upload address to `rootUrl` only when a call names it itself. */
  private readonly uploadOptions: { rootUrl?: string };

  constructor(options: GoogleDriveOptions) {
    const key = JSON.parse(readFileSync(options.keyFile, 'utf8')) as ServiceAccountKey;
    const client = new auth.JWT({
      email: key.client_email,
      key: key.private_key,
      keyId: key.private_key_id,
      scopes: ['https://www.googleapis.com/auth/drive'],
    });
    // A self-signed JWT with the scope is the bearer token: no token exchange on start or expiry.
    client.useJWTAccessWithScope = true;
    this.rootId = options.rootFolderId;
    this.uploadOptions = options.apiUrl ? { rootUrl: options.apiUrl } : {};
    this.api = drive({ version: 'v3', auth: client, ...(options.apiUrl ? { rootUrl: options.apiUrl } : {}) });
  }

  private async call<T>(request: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await request()).data;
    } catch (error) {
      throw storeError(error);
    }
  }

  private toItem(file: drive_v3.Schema$File): StoreItem {
    return {
      id: file.id ?? '',
      name: file.name ?? '',
      mimeType: file.mimeType ?? 'application/octet-stream',
      size: Number(file.size ?? 0),
    };
  }

  private remember(file: drive_v3.Schema$File): void {
    if (file.id) this.parents.set(file.id, { parentId: file.parents?.[0] ?? null, until: Date.now() + PARENT_CACHE_MS });
  }

  private async getFile(id: string): Promise<drive_v3.Schema$File | null> {
    if (!DRIVE_ID.test(id)) return null;
    try {
      const file = await this.call(() => this.api.files.get({ fileId: id, fields: ITEM_FIELDS, ...SHARED_DRIVES }));
      if (file.trashed) return null;
      this.remember(file);
      return file;
    } catch (error) {
      if (error instanceof StoreError && error.kind === 'not-found') return null;
      throw error;
    }
  }

  private async parentOf(id: string): Promise<string | null | undefined> {
    const cached = this.parents.get(id);
    if (cached && cached.until > Date.now()) return cached.parentId;
    const file = await this.getFile(id);
    return file ? (file.parents?.[0] ?? null) : undefined;
  }

  /**
   * The folders on the way from the root's child (the class folder) down to `id`'s parent, top
   * first, or null when the way never reaches the root. The class folder itself has none above it.
   */
  private async folderPathOf(id: string): Promise<string[] | null> {
    const above: string[] = [];
    let current = id;
    for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
      const parent = await this.parentOf(current);
      if (!parent) return null;
      if (parent === this.rootId) return above.reverse();
      above.push(parent);
      current = parent;
    }
    return null;
  }

  async list(folderId: string): Promise<StoreItem[]> {
    const folder = folderId === this.rootId ? { mimeType: FOLDER_MIME_TYPE } : await this.getFile(folderId);
    if (!folder || folder.mimeType !== FOLDER_MIME_TYPE) throw new StoreError('not-found');
    const items: StoreItem[] = [];
    let pageToken: string | undefined;
    do {
      const page = await this.call(() =>
        this.api.files.list({
          q: `'${folderId}' in parents and trashed = false`,
          fields: `nextPageToken, files(${ITEM_FIELDS})`,
          pageSize: 1000,
          includeItemsFromAllDrives: true,
          ...SHARED_DRIVES,
          ...(pageToken ? { pageToken } : {}),
        }),
      );
      for (const file of page.files ?? []) {
        this.remember(file);
        items.push(this.toItem(file));
      }
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    return items;
  }

  async stat(id: string): Promise<StatResult | null> {
    if (id === this.rootId) return null;
    const file = await this.getFile(id);
    if (!file) return null;
    const folderIds = await this.folderPathOf(id);
    if (!folderIds) return null;
    return { item: this.toItem(file), topFolderId: folderIds[0] ?? id, folderIds };
  }

  async read(id: string, range?: ByteRange): Promise<Readable> {
    if (!DRIVE_ID.test(id)) throw new StoreError('not-found');
    try {
      const response = await this.api.files.get(
        { fileId: id, alt: 'media', ...SHARED_DRIVES },
        { responseType: 'stream', ...(range ? { headers: { Range: `bytes=${range.start}-${range.end}` } } : {}) },
      );
      return response.data as unknown as Readable;
    } catch (error) {
      throw storeError(error);
    }
  }

  /** Drive allows two items of one name in a folder; this store does not, like a disk. */
  private async refuseTakenName(parentId: string, name: string, except?: string): Promise<void> {
    const lower = name.toLowerCase();
    const siblings = await this.list(parentId);
    if (siblings.some((item) => item.name.toLowerCase() === lower && item.id !== except)) throw new StoreError('conflict');
  }

  async createFolder(parentId: string, name: string): Promise<StoreItem> {
    await this.refuseTakenName(parentId, name);
    const file = await this.call(() =>
      this.api.files.create({
        requestBody: { name, mimeType: FOLDER_MIME_TYPE, parents: [parentId] },
        fields: ITEM_FIELDS,
        ...SHARED_DRIVES,
      }),
    );
    this.remember(file);
    return this.toItem(file);
  }

  async upload(parentId: string, name: string, content: Readable, mimeType: string): Promise<StoreItem> {
    await this.refuseTakenName(parentId, name);
    const file = await this.call(() =>
      this.api.files.create(
        { requestBody: { name, parents: [parentId] }, media: { mimeType, body: content }, fields: ITEM_FIELDS, ...SHARED_DRIVES },
        this.uploadOptions,
      ),
    );
    this.remember(file);
    return this.toItem(file);
  }

  async rename(id: string, name: string): Promise<StoreItem> {
    const parentId = await this.parentOf(id);
    if (!parentId) throw new StoreError('not-found');
    await this.refuseTakenName(parentId, name, id);
    const file = await this.call(() =>
      this.api.files.update({ fileId: id, requestBody: { name }, fields: ITEM_FIELDS, ...SHARED_DRIVES }),
    );
    return this.toItem(file);
  }

  /** Drive ids never change on a rename. */
  movedId(id: string): string {
    return id;
  }

  /** To the bin, not gone: the academy can still restore it from Drive for 30 days. */
  async delete(id: string): Promise<void> {
    if (!DRIVE_ID.test(id)) throw new StoreError('not-found');
    await this.call(() => this.api.files.update({ fileId: id, requestBody: { trashed: true }, fields: 'id', ...SHARED_DRIVES }));
    this.parents.delete(id);
  }
}
