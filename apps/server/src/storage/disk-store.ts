import { createReadStream, createWriteStream, mkdirSync, realpathSync } from 'node:fs';
import { link, lstat, mkdir, readdir, realpath, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FOLDER_MIME_TYPE, PDF_MIME_TYPE, VIDEO_MIME_TYPE } from '@academy/contract';
import { StoreError, type ByteRange, type FileStore, type StatResult, type StoreItem } from './file-store';

// The built-in store: class folders on local disk under one root (DATA_DIR/class-files).
//
// An id is the base64url of the item's path below the root ('Class A/Lesson 1/intro.mp4'). Every
// id from outside is decoded and checked before any file is touched: it must be the canonical
// encoding, every segment a plain name (no '.', '..', separators, NUL or leading dot), the resolved
// path inside the root, and no symbolic link on the way. Anything else is 'not found'.

const MIME_BY_EXTENSION: Record<string, string> = { '.mp4': VIDEO_MIME_TYPE, '.pdf': PDF_MIME_TYPE };
/** Uploads are written here first and linked into place whole; the dot keeps it out of every id. */
const UPLOADS_DIR = '.uploads';
/** Large reads: fewer, bigger chunks keep a 200 MB stream near the disk's and socket's speed. */
const READ_CHUNK_BYTES = 1024 * 1024;

export function encodeDiskId(relativePath: string): string {
  return Buffer.from(relativePath, 'utf8').toString('base64url');
}

function isPlainSegment(segment: string): boolean {
  return segment.length > 0 && !segment.startsWith('.') && !/[\\/]/.test(segment) && !segment.includes('\0');
}

function mimeTypeOf(name: string): string {
  return MIME_BY_EXTENSION[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

export class DiskStore implements FileStore {
  readonly provider = 'Class' as const;
  readonly rootId = encodeDiskId('');
  private readonly root: string;

  constructor(root: string) {
    mkdirSync(path.join(root, UPLOADS_DIR), { recursive: true });
    // The real path, so a root reached through a link still compares equal below.
    this.root = realpathSync(root);
  }

  /** The segments of an id, or null when the id is not one this store hands out. */
  private segments(id: string): string[] | null {
    if (!/^[A-Za-z0-9_-]*$/.test(id)) return null;
    const relative = Buffer.from(id, 'base64url').toString('utf8');
    if (encodeDiskId(relative) !== id) return null;
    if (relative === '') return [];
    const segments = relative.split('/');
    return segments.every(isPlainSegment) ? segments : null;
  }

  /** The absolute path of an id, checked to lie inside the root with no link on the way. */
  private async resolve(id: string): Promise<{ absolute: string; segments: string[] } | null> {
    const segments = this.segments(id);
    if (!segments) return null;
    const absolute = path.join(this.root, ...segments);
    if (absolute !== this.root && !absolute.startsWith(this.root + path.sep)) return null;
    try {
      // realpath differs from the joined path exactly when a link lies somewhere on it.
      if ((await realpath(absolute)) !== absolute) return null;
    } catch {
      return null;
    }
    return { absolute, segments };
  }

  private async item(segments: string[], absolute: string): Promise<StoreItem | null> {
    const stats = await lstat(absolute);
    const name = segments.at(-1) ?? '';
    const id = encodeDiskId(segments.join('/'));
    if (stats.isDirectory()) return { id, name, mimeType: FOLDER_MIME_TYPE, size: 0 };
    if (stats.isFile()) return { id, name, mimeType: mimeTypeOf(name), size: stats.size };
    return null;
  }

  async list(folderId: string): Promise<StoreItem[]> {
    const resolved = await this.resolve(folderId);
    if (!resolved) throw new StoreError('not-found');
    let entries;
    try {
      entries = await readdir(resolved.absolute, { withFileTypes: true });
    } catch (error) {
      if (code(error) === 'ENOTDIR' || code(error) === 'ENOENT') throw new StoreError('not-found');
      throw error;
    }
    const items: StoreItem[] = [];
    for (const entry of entries) {
      if (!isPlainSegment(entry.name) || !(entry.isDirectory() || entry.isFile())) continue;
      const segments = [...resolved.segments, entry.name];
      const item = await this.item(segments, path.join(resolved.absolute, entry.name)).catch(() => null);
      if (item) items.push(item);
    }
    return items;
  }

  async stat(id: string): Promise<StatResult | null> {
    const resolved = await this.resolve(id);
    if (!resolved) return null;
    const item = await this.item(resolved.segments, resolved.absolute).catch(() => null);
    if (!item) return null;
    const top = resolved.segments[0];
    const folderIds = resolved.segments.slice(0, -1).map((_, index) => encodeDiskId(resolved.segments.slice(0, index + 1).join('/')));
    return { item, topFolderId: top === undefined ? null : encodeDiskId(top), folderIds };
  }

  async read(id: string, range?: ByteRange): Promise<Readable> {
    const resolved = await this.resolve(id);
    if (!resolved) throw new StoreError('not-found');
    const stream = createReadStream(resolved.absolute, { ...range, highWaterMark: READ_CHUNK_BYTES });
    // Open before answering, so a file removed a moment ago is a 404, not a broken 200.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', (error) => reject(code(error) === 'ENOENT' ? new StoreError('not-found') : error));
    });
    return stream;
  }

  /** A new child's path, its parent checked; the child itself must not exist yet. */
  private async child(parentId: string, name: string): Promise<{ absolute: string; segments: string[] }> {
    const parent = await this.resolve(parentId);
    if (!parent || !isPlainSegment(name)) throw new StoreError('not-found');
    const parentStats = await lstat(parent.absolute);
    if (!parentStats.isDirectory()) throw new StoreError('not-found');
    return { absolute: path.join(parent.absolute, name), segments: [...parent.segments, name] };
  }

  private async existing(segments: string[], absolute: string): Promise<StoreItem> {
    const item = await this.item(segments, absolute);
    if (!item) throw new Error(`${absolute} vanished after it was written`);
    return item;
  }

  async createFolder(parentId: string, name: string): Promise<StoreItem> {
    const target = await this.child(parentId, name);
    try {
      await mkdir(target.absolute);
    } catch (error) {
      if (code(error) === 'EEXIST') throw new StoreError('conflict');
      throw error;
    }
    return this.existing(target.segments, target.absolute);
  }

  async upload(parentId: string, name: string, content: Readable): Promise<StoreItem> {
    const target = await this.child(parentId, name);
    const temporary = path.join(this.root, UPLOADS_DIR, `${crypto.randomUUID()}.part`);
    try {
      await pipeline(content, createWriteStream(temporary, { flags: 'wx' }));
      // link() refuses an existing name, so a file is never overwritten, and appears whole.
      await link(temporary, target.absolute);
    } catch (error) {
      if (code(error) === 'EEXIST') throw new StoreError('conflict');
      throw error;
    } finally {
      await unlink(temporary).catch(() => undefined);
    }
    return this.existing(target.segments, target.absolute);
  }

  async rename(id: string, name: string): Promise<StoreItem> {
    const source = await this.resolve(id);
    if (!source || source.segments.length === 0) throw new StoreError('not-found');
    const parentId = encodeDiskId(source.segments.slice(0, -1).join('/'));
    const target = await this.child(parentId, name);
    if (target.absolute === source.absolute) return this.existing(source.segments, source.absolute);
    // Letter case alone differs: the same entry on a case-insensitive disk, so no conflict check.
    const sameEntry = target.absolute.toLowerCase() === source.absolute.toLowerCase();
    if (!sameEntry && (await lstat(target.absolute).then(() => true, () => false))) throw new StoreError('conflict');
    await rename(source.absolute, target.absolute);
    return this.existing(target.segments, target.absolute);
  }

  movedId(id: string, fromId: string, toId: string): string {
    const [segments, from, to] = [this.segments(id), this.segments(fromId), this.segments(toId)];
    if (!segments || !from || !to || from.length === 0 || from.some((segment, index) => segments[index] !== segment)) return id;
    return encodeDiskId([...to, ...segments.slice(from.length)].join('/'));
  }

  async delete(id: string): Promise<void> {
    const resolved = await this.resolve(id);
    if (!resolved || resolved.segments.length === 0) throw new StoreError('not-found');
    await rm(resolved.absolute, { recursive: true });
  }
}
