// The attempts a group's starts make: one per student and paper open now, inserted before the
// group locks its attempts so they are locked with the rest (attempt-group.ts, step 1).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import * as repo from './attempt-repo';
import type { StartOp } from './attempt-operations';
import type { PaperRow } from './paper-repo';
import { iso } from './rows';
import { attemptDeadline } from './rules';

/** Starts on papers open now make their attempts (one per student: a second device's start finds it). */
export async function insertNewAttempts(
  tx: Db,
  papers: Map<string, PaperRow>,
  starts: StartOp[],
  pairs: { paperId: string; accountId: string }[],
  now: number,
): Promise<Set<string>> {
  const at = iso(now);
  const openPairs = pairs.filter((pair) => {
    const paper = papers.get(pair.paperId);
    return paper !== undefined && paper.opens_at <= at && at < paper.closes_at;
  });
  if (openPairs.length === 0) return new Set();
  const extra = await repo.extraMinutesOfStudents(tx, openPairs);
  const firstOf = new Map<string, StartOp>();
  for (const op of starts) if (!firstOf.has(repo.pairKey(op.paperId, op.accountId))) firstOf.set(repo.pairKey(op.paperId, op.accountId), op);
  const rows = openPairs.flatMap((pair) => {
    const paper = papers.get(pair.paperId);
    const op = firstOf.get(repo.pairKey(pair.paperId, pair.accountId));
    if (!paper || !op) return [];
    const extraMinutes = extra.get(repo.pairKey(pair.paperId, pair.accountId)) ?? 0;
    const deadline = attemptDeadline({ startedAt: now, timeLimitMinutes: paper.time_limit_minutes, extraMinutes, closesAt: Date.parse(paper.closes_at) });
    return [
      {
        id: randomUUID(),
        paper_id: pair.paperId,
        account_id: pair.accountId,
        started_at: at,
        opened_at: at,
        deadline_at: iso(deadline),
        extra_minutes: extraMinutes,
        order_json: JSON.stringify(op.order),
        district: op.district,
        batch: op.batch,
        school: op.school,
        // Each device the start records counts itself (1, 2, …).
        devices: 0,
        handed_in_at: null,
        handed_in_by: null,
        marks: null,
        mcq_marks: null,
        written_marks: null,
        correct: null,
        answered: null,
        time_taken_seconds: 0,
        island_rank: null,
        district_rank: null,
        batch_rank: null,
        away_count: 0,
        away_seconds: 0,
        offline_count: 0,
        offline_seconds: 0,
        late_saves: 0,
        reopened: 0,
        updated_at: at,
      },
    ];
  });
  await repo.insertAttempts(tx, rows);
  return new Set(rows.map((row) => row.id));
}

/** Sorted, so two instances inserting the same students' attempts take the index's locks in one order. */
export function uniquePairs(starts: StartOp[]): { paperId: string; accountId: string }[] {
  const pairs = new Map(starts.map((op) => [repo.pairKey(op.paperId, op.accountId), { paperId: op.paperId, accountId: op.accountId }]));
  return [...pairs.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, pair]) => pair);
}
