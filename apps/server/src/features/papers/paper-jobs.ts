// When a paper's durable jobs run (rows of the jobs table, one live row per paper and kind): the
// close job set at the close and brought forward as attempts run out, the release job, and both
// forgotten with the paper. What they do is close-job.ts's.
import { openAttemptSummary } from './attempt-repo';
import type { PapersContext } from './context';
import { acceptedUntil } from './rules';

export const PAPER_CLOSE_JOB = 'paper.close';
export const PAPER_RELEASE_JOB = 'paper.release';

/** The payload of both paper jobs (keyed by the paper's id too): a handler is given the payload only. */
export interface PaperJobPayload {
  paperId: string;
}

type JobDeps = Pick<PapersContext, 'clock' | 'queue' | 'wakeAt'>;

/**
 * Makes a paper job run no later than the papers' instant `at`, and wakes this instance's worker
 * then. The jobs table runs on the real clock; the papers' clock is the same one except in tests
 * that move it, where the run still comes that long from now. A run already due comes at once, or
 * `soonestMs` from now: the close job looking again at its own paper waits that long, so a clock a
 * test holds still never turns it into a tight loop. Queued from inside its own run, the row stays
 * queued when the run ends (jobs/queue.ts); a run someone asked for sooner meanwhile is kept.
 */
export async function runPaperJobBy(ctx: JobDeps, kind: string, paperId: string, at: number, soonestMs = 0): Promise<void> {
  const ahead = at - ctx.clock();
  const runAt = Date.now() + (ahead > 0 ? ahead : soonestMs);
  await ctx.queue.runNoLaterThan(kind, paperId, { paperId } satisfies PaperJobPayload, runAt);
  ctx.wakeAt(runAt);
}

/** The close job of a new paper, at its close. */
export async function queueClose(ctx: JobDeps, paperId: string, closesAt: string): Promise<void> {
  await ctx.queue.enqueueAt(PAPER_CLOSE_JOB, paperId, { paperId } satisfies PaperJobPayload, Date.parse(closesAt));
  ctx.wakeAt(Date.parse(closesAt));
}

/**
 * After the close moved: at the new close, and no later than the earliest attempt still open runs
 * out. Both runs are the paper's own stored instants, as the new paper's is.
 */
export async function requeueClose(ctx: JobDeps & Pick<PapersContext, 'db' | 'graceMs'>, paperId: string, closesAt: string): Promise<void> {
  await queueClose(ctx, paperId, closesAt);
  const { earliestDeadline } = await openAttemptSummary(ctx.db, paperId);
  if (earliestDeadline === null) return;
  const due = acceptedUntil(Date.parse(earliestDeadline), ctx.graceMs);
  if (due >= Date.parse(closesAt)) return;
  await ctx.queue.runNoLaterThan(PAPER_CLOSE_JOB, paperId, { paperId } satisfies PaperJobPayload, due);
  ctx.wakeAt(due);
}

/** A paper's jobs go with it: a close or release of a paper that is gone would find nothing to do. */
export async function forgetPaperJobs(ctx: Pick<PapersContext, 'queue'>, paperId: string): Promise<void> {
  await ctx.queue.remove(PAPER_CLOSE_JOB, paperId);
  await ctx.queue.remove(PAPER_RELEASE_JOB, paperId);
}
