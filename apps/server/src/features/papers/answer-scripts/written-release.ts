// Joining the written part into the paper's totals (answer-scripts.md 'Release', 'Totals
// everywhere'). A paper with a written part releases only once every student's upload time is over
// and every handed-in script is marked; at release each handed-in attempt gets its script's marks
// (0 without a script) as `written_marks`, `marks` becomes `mcq_marks + written_marks`, and the
// ranks are computed again by ranking.ts, which reads `marks` only. A re-mark after release joins
// that one script again at once, with the ranks. All inside the caller's transaction, which holds
// the paper.
import { scriptsUnmarkedMessage, uploadsStillOpenMessage } from '@academy/contract';
import type { Db } from '../../../db/database';
import { AppError } from '../../../lib/errors';
import { rankEntries } from '../ranking';
import { sittersToRank, writeRanks } from '../results-repo';
import * as repo from './script-repo';

const MINUTE_MS = 60_000;
/** A release at its time that waits for marking looks again this often. */
const MARKING_RECHECK_MS = MINUTE_MS;

export type WrittenReadiness = { ready: true } | { ready: false; refusal: AppError; retryAt: number };

/** Whether the written part lets the paper release at `now`: always, for a paper without one. */
export async function writtenReadiness(tx: Db, paperId: string, now: number): Promise<WrittenReadiness> {
  const found = await repo.findWritten(tx, paperId);
  if (!found) return { ready: true };
  const latest = await repo.latestDeadline(tx, paperId);
  if (latest !== null) {
    const until = Date.parse(latest) + found.written.grace_minutes * MINUTE_MS;
    if (until >= now) {
      return { ready: false, refusal: new AppError(409, uploadsStillOpenMessage(new Date(until)), [], { acceptedUntil: new Date(until).toISOString() }), retryAt: until + 1 };
    }
  }
  const unmarked = await repo.unmarkedCount(tx, paperId);
  if (unmarked > 0) return { ready: false, refusal: new AppError(409, scriptsUnmarkedMessage(unmarked), [], { unmarked }), retryAt: now + MARKING_RECHECK_MS };
  return { ready: true };
}

/** Writes every handed-in attempt's written marks and total, then the ranks again. */
export async function joinWrittenMarks(tx: Db, paperId: string, at: string): Promise<void> {
  if (!(await repo.findWritten(tx, paperId))) return;
  const written = await repo.writtenByAttempt(tx, paperId);
  const attempts = await tx
    .selectFrom('paper_attempts')
    .select(['id', 'marks', 'mcq_marks', 'written_marks'])
    .where('paper_id', '=', paperId)
    .where('handed_in_at', 'is not', null)
    .execute();
  for (const attempt of attempts) {
    const writtenMarks = written.get(attempt.id) ?? 0;
    const mcq = attempt.mcq_marks ?? (attempt.marks ?? 0) - (attempt.written_marks ?? 0);
    if (attempt.written_marks === writtenMarks && attempt.marks === mcq + writtenMarks) continue;
    await tx
      .updateTable('paper_attempts')
      .set({ mcq_marks: mcq, written_marks: writtenMarks, marks: mcq + writtenMarks, updated_at: at })
      .where('id', '=', attempt.id)
      .execute();
  }
  await writeRanks(tx, paperId, rankEntries(await sittersToRank(tx, paperId)).ranked, at);
}
