// Reopening a handed-in attempt (papers.md 'Admin actions'), for a power cut or a dead phone: the
// same attempt, with its answers and its order, opens again for the minutes asked from now, past
// the close if need be, as an explicit and audited act. Until it is handed in again it has no marks
// and no ranks and the paper's results are not ready; its hand-in marks it, and the close job then
// ranks everyone again. Refused after release, since it would move everyone's ranks under their eyes.
import { PAPERS_TEXT } from '@academy/contract';
import { AppError } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { updateAttempt } from './actions-repo';
import { actionTarget } from './audit';
import type { PapersContext } from './context';
import { paperNotFound, paperOrNotFound } from './paper-access';
import { PAPER_CLOSE_JOB, runPaperJobBy } from './paper-jobs';
import { findAttempt, lockPaper, updatePaper } from './paper-repo';
import { startedStudent } from './paper-students';
import { iso } from './rows';
import { acceptedUntil, reopenedDeadline } from './rules';

export async function reopenAttempt(ctx: PapersContext, actor: AuditActor, paperId: string, studentId: string, minutes: number): Promise<{ deadline: string }> {
  const { account } = await startedStudent(ctx, await paperOrNotFound(ctx.db, paperId), studentId);
  const now = ctx.clock();
  const deadline = reopenedDeadline(now, minutes);
  await ctx.db.transaction().execute(async (tx) => {
    // The paper first, then the attempt: the order the attempt writer and the close job's finalize lock them in.
    const paper = await lockPaper(tx, paperId);
    if (!paper) throw paperNotFound();
    if (paper.released_at !== null) throw new AppError(409, PAPERS_TEXT.resultsOutNoReopen);
    const attempt = await findAttempt(tx, paperId, studentId);
    if (!attempt) throw new AppError(404, PAPERS_TEXT.studentNotStarted);
    // Only an attempt written down as handed in: one past its time that the close job has not closed yet is closed within moments.
    if (attempt.handed_in_at === null) throw new AppError(409, PAPERS_TEXT.attemptStillOpen);
    await updateAttempt(tx, attempt.id, {
      opened_at: iso(now),
      deadline_at: iso(deadline),
      handed_in_at: null,
      handed_in_by: null,
      marks: null,
      mcq_marks: null,
      correct: null,
      answered: null,
      island_rank: null,
      district_rank: null,
      batch_rank: null,
      reopened: attempt.reopened + 1,
      updated_at: iso(now),
    });
    await updatePaper(tx, paperId, { results_ready_at: null });
    await recordAudit(tx, actor, {
      action: 'paper.reopen',
      target: await actionTarget(tx, paper, account),
      summary: `Reopened the attempt of ${account.name} on ${paper.title} for ${minutes} minutes`,
      detail: {
        studentId,
        name: account.name,
        regNo: account.reg_no,
        minutes,
        deadline: iso(deadline),
        before: { handedInAt: attempt.handed_in_at, handedInBy: attempt.handed_in_by, marks: attempt.marks, deadline: attempt.deadline_at },
      },
    });
  });
  // The close job closes the attempt if it is not handed in by its deadline + grace, and ranks again once it is.
  await runPaperJobBy(ctx, PAPER_CLOSE_JOB, paperId, acceptedUntil(deadline, ctx.graceMs) + 1);
  return { deadline: iso(deadline) };
}
