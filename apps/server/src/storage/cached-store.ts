import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, FileStore, StatResult, StoreItem } from './file-store';

// A store whose files are also kept on local disk once read: the lesson store on Google Drive,
// where a player's every segment would otherwise cost a Drive round trip. Lesson outputs are never
// changed once written (a retry writes new ones under new ids), so a cached copy never goes stale;
// the lessons feature drops a deleted lesson's copies by their ids (`forget`).

function cacheName(id: string): string {
  // Store ids are opaque; base64url keeps any of them one safe file name.
  return Buffer.from(id, 'utf8').toString('base64url');
}

export class CachedReadsStore implements FileStore {
  readonly provider: FileStore['provider'];
  readonly rootId: string;

  constructor(
    private readonly inner: FileStore,
    private readonly cacheDir: string,
  ) {
    this.provider = inner.provider;
    this.rootId = inner.rootId;
  }

  private file(id: string): string {
    return path.join(this.cacheDir, cacheName(id));
  }

  private async cached(id: string): Promise<string | null> {
    const file = this.file(id);
    return stat(file).then(() => file, () => null);
  }

  async read(id: string, range?: ByteRange): Promise<Readable> {
    let file = await this.cached(id);
    if (!file) {
      await mkdir(this.cacheDir, { recursive: true });
      const partial = `${this.file(id)}.${crypto.randomUUID()}.part`;
      try {
        await pipeline(await this.inner.read(id), createWriteStream(partial));
        // Whole or not at all: a reader never meets half a segment.
        await rename(partial, this.file(id));
      } finally {
        await rm(partial, { force: true });
      }
      file = this.file(id);
    }
    return createReadStream(file, range);
  }

  list(folderId: string): Promise<StoreItem[]> {
    return this.inner.list(folderId);
  }

  stat(id: string): Promise<StatResult | null> {
    return this.inner.stat(id);
  }

  createFolder(parentId: string, name: string): Promise<StoreItem> {
    return this.inner.createFolder(parentId, name);
  }

  upload(parentId: string, name: string, content: Readable, mimeType: string): Promise<StoreItem> {
    return this.inner.upload(parentId, name, content, mimeType);
  }

  rename(id: string, name: string): Promise<StoreItem> {
    return this.inner.rename(id, name);
  }

  movedId(id: string, fromId: string, toId: string): string {
    return this.inner.movedId(id, fromId, toId);
  }

  async delete(id: string): Promise<void> {
    await this.inner.delete(id);
    await rm(this.file(id), { force: true });
  }

  /** Drops cached copies of these ids (the files of a deleted folder). */
  async forget(ids: string[]): Promise<void> {
    await Promise.all(ids.map((id) => rm(this.file(id), { force: true })));
  }
}
