// A paper may be written only (answer-scripts.md 'A paper with a written part'): no MCQ questions,
// only the written part. A paper with neither part has nothing to sit, so its start is refused.
import { ANSWER_SCRIPTS_TEXT } from '@academy/contract';
import type { Db } from '../../../db/database';
import { AppError } from '../../../lib/errors';
import { findWritten } from './script-repo';

/** 409 when the paper has no MCQ question and no written part; called by the start before the attempt is made. */
export async function refuseNothingToSit(db: Db, paperId: string, mcqQuestions: number): Promise<void> {
  if (mcqQuestions > 0) return;
  if (!(await findWritten(db, paperId))) throw new AppError(409, ANSWER_SCRIPTS_TEXT.nothingToSit);
}
