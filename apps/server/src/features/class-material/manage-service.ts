import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CLASS_MATERIAL_TEXT, VIDEO_MIME_TYPE, type DriveItem } from '@academy/contract';
import { isUniqueViolation } from '../../db/database';
import { errors } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { classTarget, isFolder, itemTarget } from './audit';
import * as repo from './repo';
import { classItem, folderNotFound, locate, readerOf, storeCall, toDriveItem, type ClassMaterialContext, type Located } from './tree';

// The admin's tools on the drive screen: sub-folders, uploads, rename, delete. The routes let only
// admins in; every id still goes through `locate`, so nothing outside the class tree is touched.
// A change made in the store alone is recorded in the audit log once the store has made it; a
// change to a class row is recorded in the transaction that changes the row.

export async function locateFolder(ctx: ClassMaterialContext, actor: AuditActor, folderId: string): Promise<Located> {
  const found = await locate(ctx, await readerOf(ctx.db, actor.id), folderId, folderNotFound);
  if (!isFolder(found.item)) throw folderNotFound();
  return found;
}

function shown(item: Parameters<typeof toDriveItem>[0]): DriveItem {
  const drive = toDriveItem(item);
  if (!drive) throw new Error(`the store made ${item.name}, which the screen cannot show`);
  return drive;
}

export async function createSubfolder(ctx: ClassMaterialContext, actor: AuditActor, parentId: string, name: string): Promise<DriveItem> {
  const parent = await locateFolder(ctx, actor, parentId);
  const folder = await storeCall(() => ctx.store.createFolder(parent.item.id, name), { notFound: folderNotFound });
  await recordAudit(ctx.db, actor, {
    action: 'folder.create',
    target: itemTarget(folder, parent.classRow),
    summary: `Created folder ${name} in ${parent.item.name}`,
    detail: { className: parent.classRow.name, parent: parent.item.name },
  });
  return shown(folder);
}

export interface UploadInput {
  name: string;
  mimeType: string;
  content: Readable;
  /** The same bytes already in a local file (a finished resumable upload): probed there, not copied first. */
  localPath?: string;
}

/**
 * Streams one file into a folder of a class; `content` fails on its own when it is too large or
 * wrong. A video is first written to local scratch space and probed: one that is not a playable
 * video is refused there and never reaches the store; one that is lands and is queued for processing.
 */
export async function uploadFile(ctx: ClassMaterialContext, actor: AuditActor, folderId: string, file: UploadInput): Promise<DriveItem> {
  const folder = await locateFolder(ctx, actor, folderId);
  const lessons = file.mimeType === VIDEO_MIME_TYPE ? ctx.lessons : undefined;
  if (!lessons) return landFile(ctx, actor, folder, file, file.content);
  const scratch = file.localPath ? null : path.join(ctx.workDir, `upload-${randomUUID()}.mp4`);
  try {
    if (scratch) {
      await mkdir(ctx.workDir, { recursive: true });
      await pipeline(file.content, createWriteStream(scratch, { flags: 'wx' }));
    }
    const local = scratch ?? file.localPath ?? '';
    const probed = await lessons.probe(local);
    const landed = await landFile(ctx, actor, folder, file, scratch ? createReadStream(scratch) : file.content);
    await lessons.landed(landed.id, probed);
    return landed;
  } finally {
    if (scratch) await rm(scratch, { force: true });
  }
}

async function landFile(ctx: ClassMaterialContext, actor: AuditActor, folder: Located, file: UploadInput, content: Readable): Promise<DriveItem> {
  const stored = await storeCall(() => ctx.store.upload(folder.item.id, file.name, content, file.mimeType), { notFound: folderNotFound });
  await recordAudit(ctx.db, actor, {
    action: 'file.upload',
    target: itemTarget(stored, folder.classRow),
    summary: `Uploaded ${stored.name} to ${folder.item.name}`,
    detail: { className: folder.classRow.name, folder: folder.item.name, mimeType: stored.mimeType, size: stored.size },
  });
  return shown(stored);
}

/** What is kept by store id elsewhere (streamed lessons, progress, papers) follows a rename. */
async function followRename(ctx: ClassMaterialContext, classId: string, fromId: string, toId: string): Promise<void> {
  await ctx.lessons?.renamed(fromId, toId);
  await ctx.watching?.renamed(fromId, toId);
  await ctx.papers?.renamed(fromId, toId);
  await ctx.fees?.renamed(classId, fromId, toId);
}

/** A class folder's rename renames the class too, still unique in any letter case, grants kept. */
export async function renameItem(ctx: ClassMaterialContext, actor: AuditActor, itemId: string, name: string): Promise<DriveItem> {
  const found = await locate(ctx, await readerOf(ctx.db, actor.id), itemId);
  const { classRow, item } = found;
  if (!found.isClassFolder) {
    const renamed = await storeCall(() => ctx.store.rename(item.id, name));
    await followRename(ctx, classRow.id, item.id, renamed.id);
    await recordAudit(ctx.db, actor, {
      action: isFolder(item) ? 'folder.rename' : 'file.rename',
      target: itemTarget(renamed, classRow),
      summary: `Renamed ${item.name} to ${renamed.name}`,
      detail: { className: classRow.name, before: item.name, after: renamed.name, previousId: item.id },
    });
    return shown(renamed);
  }

  const taken = await repo.findClassByName(ctx.db, name);
  if (taken && taken.id !== classRow.id) throw errors.conflict('name', CLASS_MATERIAL_TEXT.folderExists);
  const renamed = await storeCall(() => ctx.store.rename(item.id, name));
  await followRename(ctx, classRow.id, item.id, renamed.id);
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await repo.updateClass(tx, classRow.id, { name, folderId: renamed.id });
      await recordAudit(tx, actor, {
        action: 'class.rename',
        target: classTarget({ id: classRow.id, name }),
        summary: `Renamed class ${classRow.name} to ${name}`,
        detail: { before: classRow.name, after: name },
      });
    });
  } catch (error) {
    // A class of this name appeared meanwhile: put the folder back as it was.
    const restored = await ctx.store.rename(renamed.id, classRow.name).catch(() => null);
    if (restored) await followRename(ctx, classRow.id, renamed.id, restored.id);
    if (isUniqueViolation(error)) throw errors.conflict('name', CLASS_MATERIAL_TEXT.folderExists);
    throw error;
  }
  return classItem({ ...classRow, name, folder_id: renamed.id });
}

/**
 * Deleting a class folder ends the class and its grants with it, in one transaction with the store.
 * A folder holding a paper that students have sat is kept (409), since results are records; the
 * other papers in it go with it.
 */
export async function deleteItem(ctx: ClassMaterialContext, actor: AuditActor, itemId: string): Promise<void> {
  const found = await locate(ctx, await readerOf(ctx.db, actor.id), itemId);
  const { classRow, item } = found;
  const deleted = { id: item.id, classId: classRow.id, isClassFolder: found.isClassFolder };
  await ctx.papers?.beforeDelete(deleted);
  if (!found.isClassFolder) {
    await storeCall(() => ctx.store.delete(item.id));
    await ctx.lessons?.deleted(item.id);
    await ctx.papers?.deleted(deleted);
    await ctx.fees?.deleted(deleted);
    await recordAudit(ctx.db, actor, {
      action: isFolder(item) ? 'folder.delete' : 'file.delete',
      target: itemTarget(item, classRow),
      summary: `Deleted ${item.name} from ${classRow.name}`,
      detail: { className: classRow.name, ...(isFolder(item) ? {} : { size: item.size }) },
    });
    return;
  }
  await ctx.db.transaction().execute(async (tx) => {
    await repo.deleteClass(tx, classRow.id);
    await recordAudit(tx, actor, { action: 'class.delete', target: classTarget(classRow), summary: `Deleted class ${classRow.name}` });
    // Last in the transaction: if the store refuses, the class, its grants and the entry all stay unwritten.
    await storeCall(() => ctx.store.delete(item.id));
  });
  await ctx.lessons?.deleted(item.id);
  await ctx.papers?.deleted(deleted);
}
