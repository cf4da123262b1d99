// Reading a paper (docs/papers.md 'The calls'): whoever may open its class gets its state and
// settings; a student also their own standing, never a question, a key or an explanation; an admin
// all of it with the attempts' counts. A question's picture goes to those who may see the question.
import type { Paper, PaperMine, PaperQuestion } from '@academy/contract';
import type { PapersContext } from './context';
import { readQuestionImage } from './images';
import { callerOf, isAdminCaller, locatePaper, mayOpenPaper, paperNotFound } from './paper-access';
import { loadPaper, type LoadedPaper, type PaperContent } from './paper-cache';
import * as repo from './paper-repo';
import type { AttemptRow, PaperRow } from './paper-repo';
import { attemptClock, handedInByOf, iso, paperClock, reviewLevelOf } from './rows';
import { acceptedUntil, isAttemptClosed, paperState, studentListing } from './rules';

export type PaperReadDeps = Pick<PapersContext, 'db' | 'material' | 'cache' | 'clock' | 'graceMs' | 'imagesDir'>;

function questionsForAdmin(content: PaperContent): PaperQuestion[] {
  return content.questions.map((question) => ({
    id: question.id,
    text: question.text,
    image: question.imageId,
    marks: question.marks,
    explanation: question.explanation,
    dropped: question.dropped,
    options: question.options.map((option) => ({ id: option.id, text: option.text })),
    correct: question.correct,
  }));
}

function paperBase(loaded: LoadedPaper, className: string, now: number): Paper {
  const { row } = loaded;
  return {
    id: row.id,
    folderId: row.folder_id,
    className,
    title: row.title,
    instructions: row.instructions,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    timeLimitMinutes: row.time_limit_minutes,
    questionCount: loaded.questions.length,
    maxMarks: loaded.maxMarks,
    shuffleQuestions: row.shuffle_questions === 1,
    shuffleOptions: row.shuffle_options === 1,
    review: reviewLevelOf(row.review),
    releaseAt: row.release_at,
    releasedAt: row.released_at,
    batch: row.batch,
    meritTop: row.merit_top,
    state: paperState(paperClock(row), now),
    serverNow: iso(now),
  };
}

/**
 * A student's own standing. An attempt past its deadline + grace is handed in by time at that
 * moment, whether or not the close job has written it down yet, as every call treats it.
 */
function mineOf(row: PaperRow, attempt: AttemptRow | undefined, extraMinutes: number, now: number, graceMs: number): PaperMine {
  const listing = studentListing(paperClock(row), attempt ? attemptClock(attempt) : null, now, graceMs);
  if (!attempt) return { state: listing.mine.state, startedAt: null, deadline: null, handedInAt: null, handedInBy: null, extraMinutes };
  const byTime = attempt.handed_in_at === null && listing.mine.state === 'handed-in';
  return {
    state: listing.mine.state,
    startedAt: attempt.started_at,
    deadline: attempt.deadline_at,
    handedInAt: byTime ? iso(acceptedUntil(Date.parse(attempt.deadline_at), graceMs)) : attempt.handed_in_at,
    handedInBy: byTime ? 'time' : handedInByOf(attempt.handed_in_by),
    extraMinutes: attempt.extra_minutes,
  };
}

/** The paper as an admin reads it: every question with its key, and the attempts' counts. */
export async function paperForAdmin(ctx: Pick<PapersContext, 'db' | 'graceMs'>, loaded: LoadedPaper, className: string, now: number): Promise<Paper> {
  const counts = (await repo.attemptCounts(ctx.db, [loaded.row.id], iso(now - ctx.graceMs))).get(loaded.row.id) ?? { sitting: 0, handedIn: 0, sat: 0 };
  return {
    ...paperBase(loaded, className, now),
    questions: questionsForAdmin(loaded),
    counts,
    resultsReadyAt: loaded.row.results_ready_at,
    meritPostedAt: loaded.row.merit_posted_at,
  };
}

/** `GET papers/{id}`: to whoever may open the paper's class; 404 to anyone else, as for an unknown id. */
export async function readPaper(ctx: PaperReadDeps, accountId: string, paperId: string): Promise<Paper> {
  const caller = await callerOf(ctx, accountId);
  const loaded = await loadPaper(ctx, paperId);
  const { classRow } = await locatePaper(ctx, caller, loaded.row);
  const now = ctx.clock();
  if (isAdminCaller(caller)) return paperForAdmin(ctx, loaded, classRow.name, now);
  const attempt = await repo.findAttempt(ctx.db, paperId, caller.id);
  const extraMinutes = attempt ? attempt.extra_minutes : await repo.extraMinutesOf(ctx.db, paperId, caller.id);
  return { ...paperBase(loaded, classRow.name, now), mine: mineOf(loaded.row, attempt, extraMinutes, now, ctx.graceMs) };
}

/**
 * A question's picture of this paper, to an admin; to a student while their attempt is open, and
 * after release to one who sat it when the review shows questions. Anyone else gets 404, as for a
 * picture the paper does not show. An attempt is its student's own even if the class access ends
 * meanwhile; the review after release asks for the class again.
 */
export async function openQuestionImage(ctx: PaperReadDeps, accountId: string, paperId: string, imageId: string): Promise<Buffer> {
  const caller = await callerOf(ctx, accountId);
  const row = await repo.findPaper(ctx.db, paperId);
  if (!row || !(await repo.paperShowsImage(ctx.db, paperId, imageId))) throw paperNotFound();
  if (!isAdminCaller(caller)) {
    const attempt = await repo.findAttempt(ctx.db, paperId, caller.id);
    if (!attempt) throw paperNotFound();
    const sitting = !isAttemptClosed(attemptClock(attempt), ctx.clock(), ctx.graceMs);
    const reviewing = row.released_at !== null && reviewLevelOf(row.review) !== 'marks' && (await mayOpenPaper(ctx, caller, row));
    if (!sitting && !reviewing) throw paperNotFound();
  }
  const bytes = await readQuestionImage(ctx, imageId);
  if (!bytes) throw paperNotFound();
  return bytes;
}
