// The one place papers ask class material who may open what: a paper can be opened by whoever may
// open its class now, and `locate` is the same check as the folder listings and the file tickets
// (so a month rule added there reaches papers the day it is added), asked through a store that
// remembers where a folder lies for a few seconds (folder-stats.ts). Anything the caller may not
// open is the same 404 as an unknown id.
import { FOLDER_MIME_TYPE, isAdmin, PAPERS_TEXT } from '@academy/contract';
import type { Db } from '../../db/database';
import { AppError, errors } from '../../lib/errors';
import { classAccess } from '../class-material/access-service';
import { folderNotFound, locate, readerOf, type Located } from '../class-material/tree';
import type { PapersContext } from './context';
import { materialForPapers } from './folder-stats';
import { classOf, findPaper, type PaperRow } from './paper-repo';

/** The caller's account as it is now. */
export type PaperCaller = Awaited<ReturnType<typeof readerOf>>;

export function paperNotFound(): AppError {
  return errors.notFound(PAPERS_TEXT.paperNotFound);
}

/** The paper's row, whoever asks; 404 "Paper not found" when there is no such paper. */
export async function paperOrNotFound(db: Db, paperId: string): Promise<PaperRow> {
  const paper = await findPaper(db, paperId);
  if (!paper) throw paperNotFound();
  return paper;
}

export function callerOf(ctx: Pick<PapersContext, 'material'>, accountId: string): Promise<PaperCaller> {
  return readerOf(ctx.material.db, accountId);
}

export function isAdminCaller(caller: PaperCaller): boolean {
  return isAdmin(caller.account_type);
}

/** A folder of a class the caller may open (404 "Folder not found" for anything else). */
export async function locateFolder(ctx: Pick<PapersContext, 'material'>, caller: PaperCaller, folderId: string): Promise<Located> {
  // Asked of the store itself: a paper is about to be made there, so the folder must exist now.
  const found = await locate(ctx.material, caller, folderId, folderNotFound);
  if (found.item.mimeType !== FOLDER_MIME_TYPE) throw folderNotFound();
  return found;
}

/** The class and folder of a paper the caller may open now; 404 "Paper not found" otherwise. */
export function locatePaper(ctx: Pick<PapersContext, 'material'>, caller: PaperCaller, paper: { folder_id: string }): Promise<Located> {
  return locate(materialForPapers(ctx.material), caller, paper.folder_id, paperNotFound);
}

/** True when the caller may open the paper's class now. */
export async function mayOpenPaper(ctx: Pick<PapersContext, 'material'>, caller: PaperCaller, paper: { folder_id: string }): Promise<boolean> {
  try {
    await locatePaper(ctx, caller, paper);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return false;
    throw error;
  }
}

/** The students who may open the class now (live, active accounts reached by a current grant). */
export async function classStudents(ctx: Pick<PapersContext, 'db' | 'material'>, classId: string) {
  const found = await classOf(ctx.db, classId);
  if (!found) return [];
  const { students } = await classAccess(ctx.material, found.folder_id);
  return students.filter((student) => student.accountState === 'active');
}
