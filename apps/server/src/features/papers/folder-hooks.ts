// What class material asks of papers (class-material/paper-hooks.ts): a folder's papers as drive
// items, each with the state its card's line is worked out from (the reader's own standing, or an
// admin's counts); a paper follows its folder through renames (the built-in store's ids are paths);
// and a folder holding a paper students have sat is kept, the other papers in it going with it.
import { FOLDER_MIME_TYPE, PAPER_MIME_TYPE, PAPERS_TEXT, type DriveItem, type DrivePaper } from '@academy/contract';
import { AppError } from '../../lib/errors';
import { StoreError, type FileStore } from '../../storage/file-store';
import type { DeletedItem, PaperHooks, PaperReader } from '../class-material/paper-hooks';
import type { PapersContext } from './context';
import * as repo from './paper-repo';
import { attemptClock, iso, paperClock } from './rows';
import { withdrawOpening } from './notifications';
import { forgetPaperJobs } from './paper-jobs';
import { paperState, studentListing } from './rules';

type HooksDeps = Pick<PapersContext, 'db' | 'material' | 'clock' | 'graceMs' | 'queue' | 'notifier'>;

/** A folder's papers for one reader, the latest opening first: a student's own standing, or an admin's counts. */
export async function describeFolder(ctx: HooksDeps, folderId: string, reader: PaperReader): Promise<DriveItem[]> {
  const papers = await repo.papersInFolder(ctx.db, folderId);
  if (papers.length === 0) return [];
  const now = ctx.clock();
  const ids = papers.map((paper) => paper.id);
  const counts = reader.admin ? await repo.attemptCounts(ctx.db, ids, iso(now - ctx.graceMs)) : new Map<string, repo.AttemptCounts>();
  const attempts = reader.admin ? new Map<string, repo.AttemptRow>() : new Map((await repo.attemptsOf(ctx.db, reader.id, ids)).map((row) => [row.paper_id, row]));
  return papers.map((row) => {
    const clock = paperClock(row);
    const base = { opensAt: row.opens_at, closesAt: row.closes_at, timeLimitMinutes: row.time_limit_minutes, serverNow: iso(now) };
    let paper: DrivePaper;
    if (reader.admin) {
      const count = counts.get(row.id);
      paper = { state: paperState(clock, now), ...base, counts: { sitting: count?.sitting ?? 0, handedIn: count?.handedIn ?? 0 } };
    } else {
      const attempt = attempts.get(row.id);
      const listing = studentListing(clock, attempt ? attemptClock(attempt) : null, now, ctx.graceMs);
      const { deadline } = listing.mine;
      paper = { state: listing.state, ...base, mine: { state: listing.mine.state, ...(deadline === undefined ? {} : { deadline: iso(deadline) }) } };
    }
    return { id: row.id, name: row.title, mimeType: PAPER_MIME_TYPE, paper };
  });
}

/** After a rename: every paper whose folder's id changed with it (the folder, or one above it) gets the new id. */
export async function followRename(ctx: HooksDeps, fromId: string, toId: string): Promise<void> {
  if (fromId === toId) return;
  for (const folderId of await repo.distinctFolderIds(ctx.db)) {
    const moved = ctx.material.store.movedId(folderId, fromId, toId);
    if (moved !== folderId) await repo.moveFolderId(ctx.db, folderId, moved);
  }
}

/** The item and every folder below it (a file is only itself). */
async function foldersWithin(store: FileStore, itemId: string): Promise<Set<string>> {
  const found = new Set<string>([itemId]);
  const waiting = [itemId];
  for (let folderId = waiting.pop(); folderId !== undefined; folderId = waiting.pop()) {
    let children;
    try {
      children = await store.list(folderId);
    } catch (error) {
      // Not a folder: nothing lies below it.
      if (error instanceof StoreError && error.kind === 'not-found') continue;
      throw error;
    }
    for (const child of children) {
      if (child.mimeType !== FOLDER_MIME_TYPE || found.has(child.id)) continue;
      found.add(child.id);
      waiting.push(child.id);
    }
  }
  return found;
}

/** 409 when a paper someone has started lies in the item; the store is walked only when the class has one. */
export async function refuseSatPapers(ctx: HooksDeps, item: DeletedItem): Promise<void> {
  const started = (await repo.papersOfClass(ctx.db, item.classId)).filter((paper) => paper.first_started_at !== null);
  if (started.length === 0) return;
  const within = item.isClassFolder ? null : await foldersWithin(ctx.material.store, item.id);
  if (started.some((paper) => within === null || within.has(paper.folder_id))) {
    throw new AppError(409, PAPERS_TEXT.folderHoldsSatPaper);
  }
}

/**
 * After a delete: the class's papers whose folder the store no longer has go, with their jobs and
 * their opening notifications.
 * (A class folder's delete takes its class row, and every paper of it, with it.)
 */
export async function forgetDeleted(ctx: HooksDeps, item: DeletedItem): Promise<void> {
  const gone: string[] = [];
  for (const paper of await repo.papersOfClass(ctx.db, item.classId)) {
    if (!(await ctx.material.store.stat(paper.folder_id))) gone.push(paper.id);
  }
  if (gone.length === 0) return;
  await ctx.db.transaction().execute(async (tx) => {
    await repo.deletePapers(tx, gone);
    for (const paperId of gone) await withdrawOpening(ctx, tx, paperId);
  });
  for (const paperId of gone) await forgetPaperJobs(ctx, paperId);
}

export function paperHooks(ctx: HooksDeps): PaperHooks {
  return {
    describe: (folderId, reader) => describeFolder(ctx, folderId, reader),
    renamed: (fromId, toId) => followRename(ctx, fromId, toId),
    beforeDelete: (item) => refuseSatPapers(ctx, item),
    deleted: (item) => forgetDeleted(ctx, item),
  };
}
