// Who the tutor's actions on one student are about: a student of the paper (404 "Student not found"
// for no such student, or one who may not open the paper's class; a student who started the paper
// is found whatever their access is now, since the attempt is a record).
import { PAPERS_TEXT, SERVER_TEXT } from '@academy/contract';
import { errors } from '../../lib/errors';
import { findAccount, type AccountRow } from './actions-repo';
import type { PapersContext } from './context';
import { callerOf, mayOpenPaper } from './paper-access';
import { findAttempt, type AttemptRow, type PaperRow } from './paper-repo';

export interface PaperStudent {
  account: AccountRow;
  /** Null when the student has not started the paper. */
  attempt: AttemptRow | null;
}

/** A student of the paper, with their attempt if they started it; deleted accounts and admins are no one's student. */
export async function paperStudent(ctx: PapersContext, paper: PaperRow, studentId: string): Promise<PaperStudent> {
  const account = await findAccount(ctx.db, studentId);
  if (!account || account.deleted_at !== null || account.account_type !== 'student') throw errors.notFound(SERVER_TEXT.studentNotFound);
  const attempt = (await findAttempt(ctx.db, paper.id, studentId)) ?? null;
  if (!attempt && !(await mayOpenPaper(ctx, await callerOf(ctx, studentId), paper))) throw errors.notFound(SERVER_TEXT.studentNotFound);
  return { account, attempt };
}

/** A student who has started the paper: 404 "This student has not started this paper." otherwise. */
export async function startedStudent(ctx: PapersContext, paper: PaperRow, studentId: string): Promise<PaperStudent & { attempt: AttemptRow }> {
  const student = await paperStudent(ctx, paper, studentId);
  if (!student.attempt) throw errors.notFound(PAPERS_TEXT.studentNotStarted);
  return { ...student, attempt: student.attempt };
}
