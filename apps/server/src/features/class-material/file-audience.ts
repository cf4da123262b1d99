import { driveItemKind, type ClassStudent, type DriveItem } from '@academy/contract';
import { AppError } from '../../lib/errors';
import { classAccess } from './access-service';
import { isFeeLocked } from './fee-hooks';
import { ticketFor } from './file-service';
import * as repo from './repo';
import { fileNotFound, locate, readerOf, toDriveItem, type ClassMaterialContext } from './tree';

// What the watching feature (progress, "New", a lesson's viewers) and the notification centre (a
// new lesson's recipients) ask of class material: whether a reader may open a file now, the files
// as the drive screen shows them to that reader, and who may open a file. Every answer goes through
// `locate` or the class's grants, the same checks as listings and tickets.

/** The located file, or null when the reader may not open it now: not in their classes, or in a month they have not paid. */
async function locatedOrNull(ctx: ClassMaterialContext, reader: repo.Reader, fileId: string) {
  try {
    return await locate(ctx, reader, fileId);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    if (isFeeLocked(error)) return null;
    throw error;
  }
}

/** The file (a video or PDF) if the account may open it now, else null. */
export async function openableFile(ctx: ClassMaterialContext, accountId: string, fileId: string): Promise<DriveItem | null> {
  const reader = await readerOf(ctx.db, accountId);
  const found = await locatedOrNull(ctx, reader, fileId);
  const item = found ? toDriveItem(found.item) : null;
  return item && driveItemKind(item) !== 'folder' ? item : null;
}

/**
 * The files the account may open now, as the drive screen shows them to it (posters with its own
 * tickets), in the order asked; the others are left out.
 */
export async function openableFiles(ctx: ClassMaterialContext, accountId: string, fileIds: string[]): Promise<DriveItem[]> {
  const reader = await readerOf(ctx.db, accountId);
  const items: DriveItem[] = [];
  for (const fileId of fileIds) {
    const found = await locatedOrNull(ctx, reader, fileId);
    const item = found ? toDriveItem(found.item) : null;
    if (item && driveItemKind(item) !== 'folder') items.push(item);
  }
  if (!ctx.lessons) return items;
  return ctx.lessons.describe(items, { admin: false, ticketFor: (fileId) => ticketFor(ctx, reader, fileId) });
}

/** The class folder a file lies in (null for an id the store does not know). */
export async function classFolderOf(ctx: ClassMaterialContext, fileId: string): Promise<string | null> {
  return (await ctx.store.stat(fileId).catch(() => null))?.topFolderId ?? null;
}

/** A file an admin names (404 when it is no viewable file in a class), and the students who may open it now. */
export async function fileAudience(ctx: ClassMaterialContext, adminId: string, fileId: string): Promise<{ item: DriveItem; students: ClassStudent[] }> {
  const reader = await readerOf(ctx.db, adminId);
  const found = await locate(ctx, reader, fileId);
  const item = toDriveItem(found.item);
  if (!item || driveItemKind(item) === 'folder') throw fileNotFound();
  const { students } = await classAccess(ctx, found.classRow.folder_id);
  return { item, students: students.filter((student) => student.accountState === 'active') };
}

/**
 * The active students who may open a file now (its class's live grants), a page of account ids in
 * id order after `after`: a new lesson's notification audience. None for a file in no class.
 */
export async function fileAudienceIds(ctx: ClassMaterialContext, fileId: string, after: string | null, limit: number): Promise<string[]> {
  const classFolderId = await classFolderOf(ctx, fileId);
  if (!classFolderId) return [];
  const access = await classAccess(ctx, classFolderId).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  if (!access) return [];
  return access.students
    .filter((student) => student.accountState === 'active' && (after === null || student.studentId > after))
    .map((student) => student.studentId)
    .sort()
    .slice(0, limit);
}
