// Who may do what with a paper's written part (answer-scripts.md 'Rules'): the paper and its
// written part, the caller as they are now, and a student's attempt and upload deadline. A paper
// the caller may not open, or one without a written part, is the same 404 as an unknown id.
import { ANSWER_SCRIPTS_TEXT, PAPERS_TEXT } from '@academy/contract';
import type { Db } from '../../../db/database';
import { AppError, errors } from '../../../lib/errors';
import type { PapersContext } from '../context';
import { callerOf, isAdminCaller, mayOpenPaper, paperOrNotFound, type PaperCaller } from '../paper-access';
import { findAttempt, type AttemptRow, type PaperRow } from '../paper-repo';
import * as repo from './script-repo';

const MINUTE_MS = 60_000;

export type WrittenDeps = Pick<PapersContext, 'db' | 'material' | 'clock' | 'graceMs' | 'writtenDirs'>;

export function noWrittenPart(): AppError {
  return errors.notFound(ANSWER_SCRIPTS_TEXT.noWrittenPart);
}

export async function writtenOrNotFound(db: Db, paperId: string): Promise<repo.WrittenPartRows> {
  const found = await repo.findWritten(db, paperId);
  if (!found) throw noWrittenPart();
  return found;
}

/** Pages and the hand-in are taken until the attempt's deadline plus the paper's upload grace. */
export function uploadDeadline(attempt: Pick<AttemptRow, 'deadline_at'>, written: Pick<repo.WrittenRow, 'grace_minutes'>): number {
  return Date.parse(attempt.deadline_at) + written.grace_minutes * MINUTE_MS;
}

export function writtenMaxMarks(questions: readonly Pick<repo.WrittenQuestionRow, 'max_marks'>[]): number {
  return questions.reduce((sum, question) => sum + question.max_marks, 0);
}

export interface StudentWritten {
  caller: PaperCaller;
  paper: PaperRow;
  written: repo.WrittenPartRows;
  /** Undefined before the student starts. */
  attempt: AttemptRow | undefined;
}

/**
 * A student's view of a paper's written part: the paper must be one they may open now, or one
 * they started (an attempt stays its student's own if the class access ends, as papers'). Admins
 * do not sit papers (403).
 */
export async function studentWritten(ctx: WrittenDeps, accountId: string, paperId: string): Promise<StudentWritten> {
  const caller = await callerOf(ctx, accountId);
  if (isAdminCaller(caller)) throw errors.forbidden(PAPERS_TEXT.onlyStudentsSit);
  const paper = await paperOrNotFound(ctx.db, paperId);
  const attempt = await findAttempt(ctx.db, paperId, caller.id);
  if (!attempt && !(await mayOpenPaper(ctx, caller, paper))) throw errors.notFound(PAPERS_TEXT.paperNotFound);
  const written = await writtenOrNotFound(ctx.db, paperId);
  return { caller, paper, written, attempt };
}

/** The attempt of a student who must have started; 409 "Start the paper …" otherwise. */
export function startedAttempt(view: StudentWritten): AttemptRow {
  if (!view.attempt) throw new AppError(409, ANSWER_SCRIPTS_TEXT.startFirst);
  return view.attempt;
}
