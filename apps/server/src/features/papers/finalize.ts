// Results ready (papers.md 'What happens at the deadline', 'Ranks', 'Releasing results'): once the
// paper has closed and every attempt is handed in, every sitter is ranked in one transaction that
// holds the paper, and the results are released then if their time has come. Each step acts only
// on what is still to do, so a run repeated (after a crash, by the sweep, on another instance)
// changes nothing twice.
import type { Db } from '../../db/database';
import { joinWrittenMarks, writtenReadiness } from './answer-scripts/written-release';
import { openAttemptSummary } from './attempt-repo';
import type { PapersContext } from './context';
import { announceRelease } from './notifications';
import { lockPaper, type PaperRow } from './paper-repo';
import { rankEntries } from './ranking';
import * as repo from './results-repo';
import { iso } from './rows';
import { acceptedUntil } from './rules';

/** What a close run found: the paper is gone, must be looked at again at `runAt`, or its results are ready. */
export type FinalizeOutcome =
  | { state: 'gone' }
  | { state: 'waiting'; runAt: number }
  /** `releaseAt`: a release still to come, for the release job; null when released or released by hand. */
  | { state: 'ready'; releaseAt: number | null };

/** Releases ready results whose time has come; answers the release time still ahead, if any. */
async function releaseIfTimeCame(ctx: Pick<PapersContext, 'notifier'>, tx: Db, paper: PaperRow, now: number): Promise<number | null> {
  if (paper.released_at !== null || paper.release_at === null) return null;
  const releaseAt = Date.parse(paper.release_at);
  if (releaseAt > now) return releaseAt;
  // A written part waits for its upload time and its marking, then joins the totals and ranks.
  const written = await writtenReadiness(tx, paper.id, now);
  if (!written.ready) return written.retryAt;
  await joinWrittenMarks(tx, paper.id, iso(now));
  await repo.markReleased(tx, paper.id, iso(now), null);
  await announceRelease(ctx, tx, paper);
  return null;
}

/**
 * Ranks the paper and marks its results ready if it has closed and no attempt is open; otherwise
 * answers when to look again: just after the earliest open attempt's deadline + grace (a save at
 * that instant itself still counts), or at the close if that comes first. A reopened attempt may
 * end after the close. Holding the paper (FOR UPDATE) is enough: the attempt writer holds it for
 * share before it touches an attempt, and a regrade for update, so no mark moves under the ranks.
 */
export async function finalizePaper(ctx: PapersContext, paperId: string): Promise<FinalizeOutcome> {
  const now = ctx.clock();
  const at = iso(now);
  return ctx.db.transaction().execute(async (tx): Promise<FinalizeOutcome> => {
    const paper = await lockPaper(tx, paperId);
    if (!paper) return { state: 'gone' };
    const closesAt = Date.parse(paper.closes_at);
    if (paper.results_ready_at === null) {
      const { open, earliestDeadline } = await openAttemptSummary(tx, paperId);
      const nextEnd = open > 0 && earliestDeadline !== null ? acceptedUntil(Date.parse(earliestDeadline), ctx.graceMs) + 1 : null;
      if (now < closesAt) return { state: 'waiting', runAt: nextEnd === null ? closesAt : Math.min(nextEnd, closesAt) };
      if (nextEnd !== null) return { state: 'waiting', runAt: nextEnd };
      const table = rankEntries(await repo.sittersToRank(tx, paperId));
      await repo.writeRanks(tx, paperId, table.ranked, at);
      await repo.markResultsReady(tx, paperId, at);
    }
    return { state: 'ready', releaseAt: await releaseIfTimeCame(ctx, tx, paper, now) };
  });
}

/**
 * The release job's run: releases ready results at their `releaseAt`. Results not ready yet (an
 * attempt reopened) wait for the finalize, which releases them when they are; a release time moved
 * later by an edit answers that time, to be looked at again then.
 */
export async function releaseIfDue(ctx: PapersContext, paperId: string): Promise<number | null> {
  const now = ctx.clock();
  return ctx.db.transaction().execute(async (tx) => {
    const paper = await lockPaper(tx, paperId);
    if (!paper || paper.results_ready_at === null) return null;
    return releaseIfTimeCame(ctx, tx, paper, now);
  });
}
