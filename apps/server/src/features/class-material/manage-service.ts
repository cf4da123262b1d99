import type { Readable } from 'node:stream';
import { CLASS_MATERIAL_TEXT, FOLDER_MIME_TYPE, type DriveItem } from '@academy/contract';
import { isUniqueViolation } from '../../db/database';
import { errors } from '../../lib/errors';
import type { SessionAccount } from '../../plugins/auth';
import * as repo from './repo';
import { classItem, folderNotFound, locate, readerOf, storeCall, toDriveItem, type ClassMaterialContext, type Located } from './tree';

// The admin's tools on the drive screen: sub-folders, uploads, rename, delete. The routes let only
// admins in; every id still goes through `locate`, so nothing outside the class tree is touched.

export async function locateFolder(ctx: ClassMaterialContext, caller: SessionAccount, folderId: string): Promise<Located> {
  const found = await locate(ctx, await readerOf(ctx.db, caller.id), folderId, folderNotFound);
  if (found.item.mimeType !== FOLDER_MIME_TYPE) throw folderNotFound();
  return found;
}

function shown(item: Parameters<typeof toDriveItem>[0]): DriveItem {
  const drive = toDriveItem(item);
  if (!drive) throw new Error(`the store made ${item.name}, which the screen cannot show`);
  return drive;
}

export async function createSubfolder(ctx: ClassMaterialContext, caller: SessionAccount, parentId: string, name: string): Promise<DriveItem> {
  const parent = await locateFolder(ctx, caller, parentId);
  return shown(await storeCall(() => ctx.store.createFolder(parent.item.id, name), { notFound: folderNotFound }));
}

export interface UploadInput {
  name: string;
  mimeType: string;
  content: Readable;
}

/** Streams one file into a folder of a class; `content` fails on its own when it is too large or wrong. */
export async function uploadFile(ctx: ClassMaterialContext, caller: SessionAccount, folderId: string, file: UploadInput): Promise<DriveItem> {
  const folder = await locateFolder(ctx, caller, folderId);
  return shown(
    await storeCall(() => ctx.store.upload(folder.item.id, file.name, file.content, file.mimeType), { notFound: folderNotFound }),
  );
}

/** A class folder's rename renames the class too, still unique in any letter case, grants kept. */
export async function renameItem(ctx: ClassMaterialContext, caller: SessionAccount, itemId: string, name: string): Promise<DriveItem> {
  const found = await locate(ctx, await readerOf(ctx.db, caller.id), itemId);
  if (!found.isClassFolder) return shown(await storeCall(() => ctx.store.rename(found.item.id, name)));

  const taken = await repo.findClassByName(ctx.db, name);
  if (taken && taken.id !== found.classRow.id) throw errors.conflict('name', CLASS_MATERIAL_TEXT.folderExists);
  const renamed = await storeCall(() => ctx.store.rename(found.item.id, name));
  try {
    await repo.updateClass(ctx.db, found.classRow.id, { name, folderId: renamed.id });
  } catch (error) {
    // A class of this name appeared meanwhile: put the folder back as it was.
    await ctx.store.rename(renamed.id, found.classRow.name).catch(() => undefined);
    if (isUniqueViolation(error)) throw errors.conflict('name', CLASS_MATERIAL_TEXT.folderExists);
    throw error;
  }
  return classItem({ ...found.classRow, name, folder_id: renamed.id });
}

/** Deleting a class folder ends the class and its grants with it, in one transaction with the store. */
export async function deleteItem(ctx: ClassMaterialContext, caller: SessionAccount, itemId: string): Promise<void> {
  const found = await locate(ctx, await readerOf(ctx.db, caller.id), itemId);
  if (!found.isClassFolder) {
    await storeCall(() => ctx.store.delete(found.item.id));
    return;
  }
  await ctx.db.transaction().execute(async (tx) => {
    await repo.deleteClass(tx, found.classRow.id);
    // Inside the transaction: if the store refuses, the class and its grants stay.
    await storeCall(() => ctx.store.delete(found.item.id));
  });
}
