import type { Readable } from 'node:stream';
import type { StoreProvider } from '@academy/contract';

// The one interface both file stores keep (ARCHITECTURE.md 'Layout'): the built-in store on local
// disk and the Google Drive store. Ids are the store's own and opaque to everyone else; the
// class-material feature decides who may reach which id, the stores only find and move bytes.

export interface StoreItem {
  id: string;
  name: string;
  /** FOLDER_MIME_TYPE for a folder. */
  mimeType: string;
  /** Bytes; 0 for a folder. */
  size: number;
}

export interface StatResult {
  item: StoreItem;
  /**
   * The top-level folder the item lies in (the item itself for a top-level folder): its class.
   * Null only for the root.
   */
  topFolderId: string | null;
  /**
   * The folders from the class folder down to the item's parent, top first: empty for a class
   * folder (and the root). A rule that depends on where an item lies (a fee month's tag on a folder
   * above it) reads them without another store call.
   */
  folderIds: string[];
}

/** Inclusive, as HTTP ranges are. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  readonly provider: StoreProvider;
  /** The folder the classes live in. */
  readonly rootId: string;
  /** The items of a folder; throws StoreError('not-found') when the id is not a folder. */
  list(folderId: string): Promise<StoreItem[]>;
  /** The item and its class folder, or null when the id names nothing inside this store. */
  stat(id: string): Promise<StatResult | null>;
  /** The file's bytes, all of them or one range. */
  read(id: string, range?: ByteRange): Promise<Readable>;
  createFolder(parentId: string, name: string): Promise<StoreItem>;
  /** Streams `content` into a new file; nothing is left behind when the stream fails. */
  upload(parentId: string, name: string, content: Readable, mimeType: string): Promise<StoreItem>;
  /** Renames in place; the answer carries the item's id, which may change (the disk store's does). */
  rename(id: string, name: string): Promise<StoreItem>;
  /** Removes a file, or a folder with everything in it. */
  delete(id: string): Promise<void>;
  /**
   * The id `id` has now that the item `fromId` (it, or a folder above it) was renamed and became
   * `toId`; `id` itself when that rename did not touch it. Lets what is kept by file id (a lesson's
   * streamed version) follow renames in stores whose ids change with the path.
   */
  movedId(id: string, fromId: string, toId: string): string;
}

export type StoreErrorKind = 'not-found' | 'conflict' | 'unavailable';

/** What a store refuses; the feature turns it into 404, 409 or 503. */
export class StoreError extends Error {
  constructor(
    readonly kind: StoreErrorKind,
    message: string = kind,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreError';
  }
}
