// A student's written answers (answer-scripts.md 'Uploading a page', 'Hand-in', 'The student
// reads'): pages staged one request each, the hand-in that keeps every page or none, and what the
// student reads of their own script: pages and when before release, marks and annotations after.
import type { Readable } from 'node:stream';
import {
  ANSWER_SCRIPTS_TEXT,
  PAPERS_TEXT,
  uploadTimeOverMessage,
  WRITTEN_LIMITS,
  type Annotation,
  type MyScript,
  type ScriptHandInInput,
  type ScriptPage,
  type StagedPage,
} from '@academy/contract';
import { AppError, errors } from '../../../lib/errors';
import { callerOf, isAdminCaller, locatePaper, paperNotFound, paperOrNotFound } from '../paper-access';
import { findAttempt } from '../paper-repo';
import { iso } from '../rows';
import { readFile } from 'node:fs/promises';
import { dropTurned, pageFile, placeTurned, removePageFiles, storePage, turnPage, type TurnedPage } from './page-store';
import * as repo from './script-repo';
import { startedAttempt, studentWritten, uploadDeadline, writtenMaxMarks, type WrittenDeps } from './written-access';

function pageNotFound(): AppError {
  return errors.notFound(ANSWER_SCRIPTS_TEXT.pageNotFound);
}

function timeOver(acceptedUntil: number): AppError {
  return new AppError(409, uploadTimeOverMessage(new Date(acceptedUntil)), [], { acceptedUntil: iso(acceptedUntil) });
}

export function stagedOf(page: repo.PageRow): StagedPage {
  return { id: page.id, width: page.width, height: page.height, bytes: page.bytes };
}

export function annotationsOf(page: Pick<repo.PageRow, 'annotations_json'>): Annotation[] {
  return JSON.parse(page.annotations_json) as Annotation[];
}

export function scriptPageOf(page: repo.PageRow, withAnnotations: boolean): ScriptPage {
  return {
    id: page.id,
    number: page.position ?? 0,
    width: page.width,
    height: page.height,
    ...(withAnnotations ? { annotations: annotationsOf(page) } : {}),
  };
}

/** `POST papers/{id}/script/pages`: one staged page, until the upload deadline; at most 40 a student. */
export async function uploadPage(ctx: WrittenDeps, accountId: string, paperId: string, stream: Readable & { truncated?: boolean }): Promise<StagedPage> {
  const view = await studentWritten(ctx, accountId, paperId);
  const attempt = startedAttempt(view);
  const until = uploadDeadline(attempt, view.written.written);
  if (ctx.clock() > until) throw timeOver(until);
  if (await repo.scriptOfAttempt(ctx.db, attempt.id)) throw new AppError(409, ANSWER_SCRIPTS_TEXT.alreadyHandedIn);
  const staged = await repo.countStaged(ctx.db, attempt.id);
  if (staged >= WRITTEN_LIMITS.pagesMax) throw new AppError(409, ANSWER_SCRIPTS_TEXT.tooManyPages);
  const stored = await storePage(ctx.writtenDirs.pages, stream, ctx.clock);
  try {
    // The last byte must arrive in time too: a page is taken only whole and inside the upload time.
    // Judged when it arrived, not when the server got round to encoding it: a hall's queue is the server's delay.
    if (stored.receivedAt > until) throw timeOver(until);
    await repo.insertPage(ctx.db, {
      id: stored.id,
      paper_id: paperId,
      attempt_id: attempt.id,
      script_id: null,
      // The upload order while staged (pages sent at once may share one; the hand-in numbers them).
      position: (await repo.lastStagedPosition(ctx.db, attempt.id)) + 1,
      width: stored.width,
      height: stored.height,
      bytes: stored.bytes,
      uploaded_at: iso(ctx.clock()),
    });
  } catch (error) {
    await removePageFiles(ctx.writtenDirs.pages, [stored.id]);
    throw error;
  }
  return { id: stored.id, width: stored.width, height: stored.height, bytes: stored.bytes };
}

/** `DELETE papers/{id}/script/pages/{pageId}`: a staged page of the caller's; a handed-in page stays (409). */
export async function removeStagedPage(ctx: WrittenDeps, accountId: string, paperId: string, pageId: string): Promise<void> {
  const view = await studentWritten(ctx, accountId, paperId);
  const attempt = startedAttempt(view);
  const page = await repo.findPage(ctx.db, paperId, pageId);
  if (!page || page.attempt_id !== attempt.id) throw pageNotFound();
  if (page.script_id !== null) throw new AppError(409, ANSWER_SCRIPTS_TEXT.pageHandedIn);
  await repo.deletePage(ctx.db, pageId);
  await removePageFiles(ctx.writtenDirs.pages, [pageId]);
}

function sameHandIn(pages: readonly repo.PageRow[], body: ScriptHandInInput): boolean {
  return pages.length === body.pages.length && pages.every((page, index) => page.id === body.pages[index]?.id);
}

function handInAnswer(script: repo.ScriptRow, pages: readonly repo.PageRow[]) {
  return { handedInAt: script.handed_in_at, pages: pages.map((page) => scriptPageOf(page, false)) };
}

/**
 * `POST papers/{id}/script/hand-in`: the named staged pages, in order and turned as chosen, become
 * the script in one transaction; the staged pages not named are dropped. The same hand-in again
 * answers the first; another is 409. After the upload deadline: 409 saying when it ended.
 */
export async function handInScript(ctx: WrittenDeps, accountId: string, paperId: string, body: ScriptHandInInput) {
  const view = await studentWritten(ctx, accountId, paperId);
  const attempt = startedAttempt(view);
  const repeat = async () => {
    const script = await repo.scriptOfAttempt(ctx.db, attempt.id);
    if (!script) return undefined;
    const pages = await repo.scriptPages(ctx.db, script.id);
    if (!sameHandIn(pages, body)) throw new AppError(409, ANSWER_SCRIPTS_TEXT.alreadyHandedIn);
    return handInAnswer(script, pages);
  };
  const earlier = await repeat();
  if (earlier) return earlier;
  const now = ctx.clock();
  const until = uploadDeadline(attempt, view.written.written);
  const staged = new Map((await repo.stagedPages(ctx.db, attempt.id)).map((page) => [page.id, page]));
  const unknown = body.pages.flatMap((page, index) => (staged.has(page.id) ? [] : [{ field: `pages.${index}.id`, message: ANSWER_SCRIPTS_TEXT.unknownPage }]));
  if (unknown.length > 0) throw errors.badRequest(unknown.map((error) => `${error.field} ${error.message}`).join('; '), unknown);
  // Every page it names arrived by the upload deadline (a later one is refused). The hand-in has the
  // papers' network grace after the deadline, or after its last page was stored if the server's
  // encoding queue kept that page later: the queue is the server's delay, not the student's.
  const lastStored = Math.max(...body.pages.map((page) => Date.parse(staged.get(page.id)?.uploaded_at ?? '') || 0));
  if (now > Math.max(until, lastStored) + ctx.graceMs) throw timeOver(until);

  const turned: TurnedPage[] = [];
  const scriptId = crypto.randomUUID();
  const named = new Set(body.pages.map((page) => page.id));
  const dropped = [...staged.keys()].filter((id) => !named.has(id));
  try {
    for (const page of body.pages) {
      const row = staged.get(page.id);
      if (row) turned.push(await turnPage(ctx.writtenDirs.pages, page.id, page.rotation, row));
    }
    await ctx.db.transaction().execute(async (tx) => {
      await repo.insertScript(tx, {
        id: scriptId,
        paper_id: paperId,
        attempt_id: attempt.id,
        account_id: attempt.account_id,
        handed_in_at: iso(now),
        page_count: turned.length,
        updated_at: iso(now),
      });
      for (const [index, page] of turned.entries()) {
        await repo.commitPage(tx, page.pageId, scriptId, index + 1, { width: page.width, height: page.height, bytes: page.bytes });
      }
      await repo.deletePages(tx, dropped);
    });
  } catch (error) {
    await dropTurned(turned);
    // Two hand-ins of one student at once: the one that lost finds the other's script.
    const other = await repeat().catch(() => undefined);
    if (other) return other;
    throw error;
  }
  await placeTurned(ctx.writtenDirs.pages, turned);
  await removePageFiles(ctx.writtenDirs.pages, dropped);
  const script = await repo.scriptOfAttempt(ctx.db, attempt.id);
  if (!script) throw new Error(`hand-in of attempt ${attempt.id} left no script`);
  return handInAnswer(script, await repo.scriptPages(ctx.db, script.id));
}

/** `GET papers/{id}/script`: the caller's own; marks, comment and annotations only after release. */
export async function readMyScript(ctx: WrittenDeps, accountId: string, paperId: string): Promise<MyScript> {
  const view = await studentWritten(ctx, accountId, paperId);
  const { attempt, paper, written } = view;
  const released = paper.released_at !== null;
  const base = { serverNow: iso(ctx.clock()), released };
  if (!attempt) return { ...base, state: 'none', acceptedUntil: null, handedInAt: null, staged: [], pages: [] };
  const acceptedUntil = iso(uploadDeadline(attempt, written.written));
  const script = await repo.scriptOfAttempt(ctx.db, attempt.id);
  if (!script) {
    const staged = await repo.stagedPages(ctx.db, attempt.id);
    return { ...base, state: staged.length > 0 ? 'staged' : 'none', acceptedUntil, handedInAt: null, staged: staged.map(stagedOf), pages: [] };
  }
  const pages = await repo.scriptPages(ctx.db, script.id);
  const answer: MyScript = { ...base, state: 'handed-in', acceptedUntil, handedInAt: script.handed_in_at, staged: [], pages: pages.map((page) => scriptPageOf(page, released)) };
  if (!released) return answer;
  const marks = new Map((await repo.marksOf(ctx.db, [script.id])).map((row) => [row.question_id, row.marks]));
  return {
    ...answer,
    marks: written.questions.map((question) => ({ questionId: question.id, label: question.label, maxMarks: question.max_marks, marks: marks.get(question.id) ?? null })),
    writtenMarks: script.written_marks ?? 0,
    writtenMaxMarks: writtenMaxMarks(written.questions),
    comment: script.comment,
  };
}

/** The caller's own handed-in script after release, for the marked PDF; 409 before release, 404 without one. */
export async function releasedScriptOf(ctx: WrittenDeps, accountId: string, paperId: string) {
  const view = await studentWritten(ctx, accountId, paperId);
  if (view.paper.released_at === null) throw new AppError(409, PAPERS_TEXT.resultsNotOut);
  const script = view.attempt ? await repo.scriptOfAttempt(ctx.db, view.attempt.id) : undefined;
  if (!script) throw paperNotFound();
  return { paper: view.paper, written: view.written, script };
}

/**
 * `GET papers/{id}/pages/{pageId}`: a page's WebP to an admin, and to the student whose page it is
 * (staged or handed in); anyone else 404, as for a page that does not exist.
 */
export async function readPage(ctx: WrittenDeps, accountId: string, paperId: string, pageId: string): Promise<Buffer> {
  const caller = await callerOf(ctx, accountId);
  const paper = await paperOrNotFound(ctx.db, paperId);
  const page = await repo.findPage(ctx.db, paperId, pageId);
  if (isAdminCaller(caller)) await locatePaper(ctx, caller, paper);
  else {
    const attempt = await findAttempt(ctx.db, paperId, caller.id);
    if (!attempt || page?.attempt_id !== attempt.id) throw pageNotFound();
  }
  if (!page) throw pageNotFound();
  return readFile(pageFile(ctx.writtenDirs.pages, page.id)).catch(() => {
    throw pageNotFound();
  });
}
