import { CLASS_MATERIAL_TEXT, FOLDER_MIME_TYPE, isAdmin, type DriveItem } from '@academy/contract';
import { isUniqueViolation } from '../../db/database';
import { errors } from '../../lib/errors';
import type { SessionAccount } from '../../plugins/auth';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { classTarget } from './audit';
import { ticketFor } from './file-service';
import * as repo from './repo';
import {
  audienceOf,
  classItem,
  currentClasses,
  folderNotFound,
  locate,
  readerOf,
  sortItems,
  storeCall,
  toDriveItem,
  type ClassMaterialContext,
} from './tree';

// Classes and listings: spec section 7 'Folders and files'.

function folderExists() {
  return errors.conflict('folderName', CLASS_MATERIAL_TEXT.folderExists);
}

/** A class: a new top-level folder. Its name is unique in any letter case. */
export async function createClass(ctx: ClassMaterialContext, actor: AuditActor, name: string): Promise<DriveItem> {
  if (await repo.findClassByName(ctx.db, name)) throw folderExists();
  const folder = await storeCall(() => ctx.store.createFolder(ctx.store.rootId, name), { conflictField: 'folderName' });
  const row = { id: crypto.randomUUID(), name, name_key: name.toLowerCase(), folder_id: folder.id, created_at: new Date().toISOString() };
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await repo.insertClass(tx, row);
      await recordAudit(tx, actor, { action: 'class.create', target: classTarget(row), summary: `Created class ${name}` });
    });
  } catch (error) {
    // Nothing was stored, so the folder goes: a folder left behind would become a class unrecorded.
    await ctx.store.delete(folder.id).catch(() => undefined);
    // Another admin made the same class a moment ago: theirs stays.
    if (isUniqueViolation(error)) throw folderExists();
    throw error;
  }
  return classItem(row);
}

export async function folderNames(ctx: ClassMaterialContext): Promise<string[]> {
  return (await currentClasses(ctx)).map((row) => row.name);
}

/**
 * The classes an e-mail's owner may open: one's own, or anyone's for an admin. An admin asking
 * for their own e-mail gets every class; for an e-mail with no account yet, what waits for it.
 */
export async function rootFiles(ctx: ClassMaterialContext, caller: SessionAccount, email: string): Promise<DriveItem[]> {
  const reader = await readerOf(ctx.db, caller.id);
  const emailKey = email.trim().toLowerCase();
  if (!caller.isAdmin && emailKey !== reader.email_key) throw errors.forbidden(CLASS_MATERIAL_TEXT.notYourClasses);
  const classes = await currentClasses(ctx);
  const owner = emailKey === reader.email_key ? reader : await repo.findReaderByEmail(ctx.db, emailKey);
  if (owner && isAdmin(owner.account_type)) return classes.map(classItem);
  const audience = owner ? audienceOf(owner) : { emailKey, batch: '', ruleClassTypes: [] };
  const open = new Set((await repo.openableClasses(ctx.db, audience, new Date().toISOString())).map((row) => row.id));
  const items = classes.filter((row) => open.has(row.id)).map(classItem);
  return owner?.id === caller.id && ctx.watching ? ctx.watching.describe(items, caller.id) : items;
}

/** A folder's content, when the folder lies in a class the caller may open. */
export async function folderContent(ctx: ClassMaterialContext, caller: SessionAccount, folderId: string): Promise<DriveItem[]> {
  const reader = await readerOf(ctx.db, caller.id);
  const folder = await locate(ctx, reader, folderId, folderNotFound);
  const { item } = folder;
  if (item.mimeType !== FOLDER_MIME_TYPE) throw folderNotFound();
  const items = await storeCall(() => ctx.store.list(item.id), { notFound: folderNotFound });
  const listed = sortItems(items.flatMap((child) => toDriveItem(child) ?? []));
  // Month folders carry their fee month, and to a student its state and amount.
  const shown = ctx.fees ? await ctx.fees.describe(listed, reader, folder) : listed;
  const admin = isAdmin(reader.account_type);
  const described = ctx.lessons ? await ctx.lessons.describe(shown, { admin, ticketFor: (fileId) => ticketFor(ctx, reader, fileId) }) : shown;
  const watched = !admin && ctx.watching ? await ctx.watching.describe(described, reader.id) : described;
  if (!ctx.papers) return watched;
  // Papers come after the sub-folders and before the files (docs/papers.md).
  const papers = await ctx.papers.describe(item.id, { id: reader.id, admin });
  const folders = watched.filter((child) => child.mimeType === FOLDER_MIME_TYPE);
  return [...folders, ...papers, ...watched.slice(folders.length)];
}
