// The durable jobs of a paper (papers.md 'What happens at the deadline'): `paper.close` hands in by
// time every attempt past its deadline + grace, then makes the results ready once the paper has
// closed and nothing is open, or queues itself again for the next moment something is due;
// `paper.release` releases ready results at their `releaseAt`. Both are rows of the jobs table,
// so they survive a restart and run once across instances. The sweep is the net under the rare
// run a row missed (a start that raced a close run re-queueing itself later, a restored backup).
import { PermanentJobError, type JobKind } from '../../jobs/worker';
import { closeDueAttempts } from './attempt-writer';
import type { PapersContext } from './context';
import { finalizePaper, releaseIfDue } from './finalize';
import { PAPER_CLOSE_JOB, PAPER_RELEASE_JOB, runPaperJobBy, type PaperJobPayload } from './paper-jobs';
import * as repo from './results-repo';
import { iso } from './rows';

/** A run that finds something overdue it could not close looks again after this pause, not at once. */
const RETRY_MS = 1000;

function paperIdOf(payload: unknown): string {
  const paperId = (payload as Partial<PaperJobPayload> | null)?.paperId;
  if (typeof paperId !== 'string') throw new PermanentJobError('a paper job names no paper');
  return paperId;
}

/** A paper job again at the papers' instant `at`; one already due waits RETRY_MS, never a tight loop. */
function queueAgain(ctx: PapersContext, kind: string, paperId: string, at: number): Promise<void> {
  return runPaperJobBy(ctx, kind, paperId, at, RETRY_MS);
}

async function runClose(ctx: PapersContext, paperId: string): Promise<void> {
  await closeDueAttempts(ctx, paperId, ctx.clock());
  const outcome = await finalizePaper(ctx, paperId);
  if (outcome.state === 'waiting') await queueAgain(ctx, PAPER_CLOSE_JOB, paperId, outcome.runAt);
  else if (outcome.state === 'ready' && outcome.releaseAt !== null) await queueAgain(ctx, PAPER_RELEASE_JOB, paperId, outcome.releaseAt);
}

async function runRelease(ctx: PapersContext, paperId: string): Promise<void> {
  const later = await releaseIfDue(ctx, paperId);
  if (later !== null) await queueAgain(ctx, PAPER_RELEASE_JOB, paperId, later);
}

/** The handlers of the two paper jobs, for the papers' own worker. */
export function paperJobKinds(ctx: PapersContext): Record<string, JobKind> {
  return {
    [PAPER_CLOSE_JOB]: { run: (payload) => runClose(ctx, paperIdOf(payload)) },
    [PAPER_RELEASE_JOB]: { run: (payload) => runRelease(ctx, paperIdOf(payload)) },
  };
}

/**
 * One look for paper work no row is due for: papers with an attempt open past its deadline + grace,
 * or closed without results ready, get their close run now; ready papers past their release time,
 * their release. A job already due is left as it is.
 */
export async function sweepPapers(ctx: PapersContext): Promise<void> {
  const now = ctx.clock();
  const [overdue, unready, releasable] = await Promise.all([
    repo.papersWithOverdueAttempts(ctx.db, iso(now - ctx.graceMs)),
    repo.closedUnreadyPapers(ctx.db, iso(now)),
    repo.papersDueForRelease(ctx.db, iso(now)),
  ]);
  const runNow = Date.now();
  for (const paperId of new Set([...overdue, ...unready])) await ctx.queue.runNoLaterThan(PAPER_CLOSE_JOB, paperId, { paperId }, runNow);
  for (const paperId of releasable) await ctx.queue.runNoLaterThan(PAPER_RELEASE_JOB, paperId, { paperId }, runNow);
  if (overdue.length + unready.length + releasable.length > 0) ctx.wakeAt();
}

/** Sweeps every `everyMs` on this instance; answers the stop, which waits for a sweep under way. */
export function startSweep(ctx: PapersContext, everyMs: number): () => Promise<void> {
  let sweeping: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (sweeping) return;
    sweeping = sweepPapers(ctx)
      .catch((error: unknown) => ctx.log.error({ err: error }, 'papers: the sweep failed'))
      .finally(() => {
        sweeping = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await sweeping;
  };
}
