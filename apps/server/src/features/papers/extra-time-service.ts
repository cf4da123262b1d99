// Extra time, an accommodation (papers.md 'Admin actions'): minutes for one student, set before or
// during their attempt. It is kept apart from the attempt, so the start applies what was set before
// it; a sitting student's deadline moves at once, never past the close. A reopened attempt keeps
// the deadline its reopening gave (the minutes the tutor asked for then), as a moved close leaves it.
import { PAPERS_TEXT } from '@academy/contract';
import { AppError } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { saveExtraMinutes, updateAttempt } from './actions-repo';
import { actionTarget } from './audit';
import type { PapersContext } from './context';
import { paperNotFound, paperOrNotFound } from './paper-access';
import { PAPER_CLOSE_JOB, runPaperJobBy } from './paper-jobs';
import { extraMinutesOf, findAttempt, lockPaper } from './paper-repo';
import { paperStudent } from './paper-students';
import { attemptClock, iso } from './rows';
import { acceptedUntil, attemptDeadline, isAttemptClosed } from './rules';

export interface ExtraTimeOutcome {
  extraMinutes: number;
  /** The student's deadline now; null before they start. */
  deadline: string | null;
}

export async function setExtraTime(ctx: PapersContext, actor: AuditActor, paperId: string, studentId: string, minutes: number): Promise<ExtraTimeOutcome> {
  const { account } = await paperStudent(ctx, await paperOrNotFound(ctx.db, paperId), studentId);
  const now = ctx.clock();
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    // The paper first, then the attempt: the order the attempt writer and an edit of the close lock them in.
    const paper = await lockPaper(tx, paperId);
    if (!paper) throw paperNotFound();
    const attempt = await findAttempt(tx, paperId, studentId);
    if (attempt && isAttemptClosed(attemptClock(attempt), now, ctx.graceMs)) {
      throw new AppError(409, PAPERS_TEXT.studentHandedIn);
    }
    const before = { extraMinutes: await extraMinutesOf(tx, paperId, studentId), deadline: attempt?.deadline_at ?? null };
    await saveExtraMinutes(tx, { paper_id: paperId, account_id: studentId, extra_minutes: minutes, set_by: actor.id, set_at: iso(now) });
    let deadline: string | null = null;
    if (attempt) {
      deadline =
        attempt.reopened > 0
          ? attempt.deadline_at
          : iso(attemptDeadline({ startedAt: Date.parse(attempt.started_at), timeLimitMinutes: paper.time_limit_minutes, extraMinutes: minutes, closesAt: Date.parse(paper.closes_at) }));
      await updateAttempt(tx, attempt.id, { extra_minutes: minutes, deadline_at: deadline, updated_at: iso(now) });
    }
    const after = { extraMinutes: minutes, deadline };
    await recordAudit(tx, actor, {
      action: 'paper.extra-time',
      target: await actionTarget(tx, paper, account),
      summary: `Gave ${account.name} ${minutes} minutes of extra time on ${paper.title}`,
      detail: { studentId, name: account.name, regNo: account.reg_no, before, after },
    });
    return after;
  });
  if (outcome.deadline !== null) {
    // A shorter deadline may now end before the close job's next run: bring the run forward to it.
    await runPaperJobBy(ctx, PAPER_CLOSE_JOB, paperId, acceptedUntil(Date.parse(outcome.deadline), ctx.graceMs) + 1);
  }
  return outcome;
}
