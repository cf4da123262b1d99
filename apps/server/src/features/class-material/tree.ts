import {
  CLASS_MATERIAL_TEXT,
  driveItemKind,
  FOLDER_MIME_TYPE,
  grantTypesReaching,
  isAdmin,
  SERVER_TEXT,
  viewerAddress,
  type DriveItem,
} from '@academy/contract';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/database';
import { AppError, errors } from '../../lib/errors';
import { StoreError, type FileStore, type StoreItem } from '../../storage/file-store';
import * as repo from './repo';
import type { ClassRow, Reader } from './repo';
import type { FeeHooks } from './fee-hooks';
import type { LessonHooks } from './lesson-hooks';
import type { PaperHooks } from './paper-hooks';
import type { WatchingHooks } from './watching-hooks';
import type { TicketSigner } from './ticket';

// The class tree and who may reach what in it. Every id that comes from a client goes through
// `locate`: the store says where the item lies (its class folder), the database says whether the
// reader may open that class now. Anything unknown, outside the tree or outside the reader's
// classes is the same 404, so an answer never tells a guessed id from a real one.

export interface ClassMaterialContext {
  db: Db;
  store: FileStore;
  tickets: TicketSigner;
  maxUploadBytes: number;
  /** Lessons' processing and streaming; absent, videos are served as they are. */
  lessons?: LessonHooks;
  /** A student's progress and "New" on listed items; absent, items are listed bare. */
  watching?: WatchingHooks;
  /** The papers set in folders; absent, folders list their sub-folders and files only. */
  papers?: PaperHooks;
  /** The month gate of class fees and the fee state of month folders; absent, no month is ever locked. */
  fees?: FeeHooks;
  /** Scratch space: a video is written here and probed before it lands in the store. */
  workDir: string;
}

export function fileNotFound(): AppError {
  return errors.notFound(CLASS_MATERIAL_TEXT.fileNotFound);
}

export function folderNotFound(): AppError {
  return errors.notFound(CLASS_MATERIAL_TEXT.folderNotFound);
}

export interface StoreRefusals {
  notFound?: () => AppError;
  /** The request field a taken name is reported on. */
  conflictField?: string;
}

/** Runs a store call, turning its refusals into answers: 404, 409 on a taken name, 503 when unreachable. */
export async function storeCall<T>(call: () => Promise<T>, refusals: StoreRefusals = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    if (error.kind === 'not-found') throw (refusals.notFound ?? fileNotFound)();
    if (error.kind === 'conflict') throw errors.conflict(refusals.conflictField ?? 'name', CLASS_MATERIAL_TEXT.folderExists);
    throw errors.unavailable(CLASS_MATERIAL_TEXT.storeUnavailable);
  }
}

/** The caller's account as it is now; the auth plugin has already checked it is live and active. */
export async function readerOf(db: Db, accountId: string): Promise<Reader> {
  const reader = await repo.findReader(db, accountId);
  if (!reader) throw errors.unauthorized(SERVER_TEXT.sessionEnded);
  return reader;
}

export function audienceOf(reader: Pick<Reader, 'email_key' | 'batch' | 'class_type'>): repo.Audience {
  return { emailKey: reader.email_key, batch: reader.batch, ruleClassTypes: grantTypesReaching(reader.class_type) };
}

/** The class of a top-level folder, if the reader may open it now (an admin may open every class). */
export async function openableClass(db: Db, reader: Reader, topFolderId: string): Promise<ClassRow | null> {
  const found = await repo.findClassByFolder(db, topFolderId);
  if (!found) return null;
  if (isAdmin(reader.account_type)) return found;
  return (await repo.mayOpen(db, found.id, audienceOf(reader), new Date().toISOString())) ? found : null;
}

export interface Located {
  item: StoreItem;
  classRow: ClassRow;
  /** True when the item is the class folder itself. */
  isClassFolder: boolean;
  /** The folders from the class folder down to the item's parent, top first (empty for the class folder). */
  folderIds: string[];
}

/**
 * The item behind an id from a client, if it lies in a class the reader may open (else 404) and,
 * for a student, in no fee month they may not open now (else the fees' 403).
 */
export async function locate(ctx: ClassMaterialContext, reader: Reader, id: string, notFound = fileNotFound): Promise<Located> {
  const found = await storeCall(() => ctx.store.stat(id), { notFound });
  if (!found?.topFolderId) throw notFound();
  const classRow = await openableClass(ctx.db, reader, found.topFolderId);
  if (!classRow) throw notFound();
  const located = { item: found.item, classRow, isClassFolder: found.item.id === found.topFolderId, folderIds: found.folderIds };
  if (ctx.fees && !isAdmin(reader.account_type)) await ctx.fees.gate(reader, located);
  return located;
}

/** What the drive screen shows of an item; null for what it never shows (anything but folders, mp4, PDF). */
export function toDriveItem(item: StoreItem): DriveItem | null {
  const kind = driveItemKind(item);
  if (kind === 'other') return null;
  if (kind === 'folder') return { id: item.id, name: item.name, mimeType: FOLDER_MIME_TYPE };
  return { id: item.id, name: item.name, mimeType: item.mimeType, size: item.size, viewUrl: viewerAddress(item.id) };
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Folders first, then by name as people count ('Lesson 2' before 'Lesson 10'). */
export function sortItems(items: DriveItem[]): DriveItem[] {
  return [...items].sort((a, b) => {
    const folders = Number(b.mimeType === FOLDER_MIME_TYPE) - Number(a.mimeType === FOLDER_MIME_TYPE);
    return folders || collator.compare(a.name, b.name);
  });
}

/**
 * The classes as the store has them now. A top-level folder made straight in the store (an academy
 * that keeps using Google Drive) becomes a class the first time it is seen; a class whose folder
 * is gone is not shown. A folder whose name only differs in letter case from a class is left out.
 */
export async function currentClasses(ctx: ClassMaterialContext): Promise<ClassRow[]> {
  const [rows, folders] = await Promise.all([
    repo.listClasses(ctx.db),
    storeCall(() => ctx.store.list(ctx.store.rootId)),
  ]);
  const byFolder = new Map(rows.map((row) => [row.folder_id, row]));
  const classes: ClassRow[] = [];
  for (const folder of folders) {
    if (folder.mimeType !== FOLDER_MIME_TYPE) continue;
    const known = byFolder.get(folder.id) ?? (await adoptFolder(ctx.db, folder));
    if (known) classes.push(known);
  }
  return classes.sort((a, b) => collator.compare(a.name, b.name));
}

async function adoptFolder(db: Db, folder: StoreItem): Promise<ClassRow | null> {
  if (await repo.findClassByName(db, folder.name)) return null;
  const row: ClassRow = {
    id: crypto.randomUUID(),
    name: folder.name,
    name_key: folder.name.toLowerCase(),
    folder_id: folder.id,
    created_at: new Date().toISOString(),
  };
  try {
    await repo.insertClass(db, row);
  } catch (error) {
    // Adopted by a parallel request a moment ago.
    if (isUniqueViolation(error)) return (await repo.findClassByFolder(db, folder.id)) ?? null;
    throw error;
  }
  return row;
}

export function classItem(row: ClassRow): DriveItem {
  return { id: row.folder_id, name: row.name, mimeType: FOLDER_MIME_TYPE };
}
