// The written part in the tutor's results and a student's result (answer-scripts.md 'Totals
// everywhere'): the maxima of both parts, and each attempt's script marks as marked so far, per
// question in the paper's order.
import type { Db } from '../../../db/database';
import * as repo from './script-repo';
import { writtenMaxMarks } from './written-access';

export interface WrittenResults {
  questions: { id: string; label: string; maxMarks: number }[];
  maxMarks: number;
  /** By attempt id: the script's marks so far, and per question (null where not marked). */
  byAttempt: Map<string, { writtenMarks: number | null; byQuestion: (number | null)[] }>;
}

/** Null for a paper without a written part. */
export async function writtenResults(db: Db, paperId: string): Promise<WrittenResults | null> {
  const found = await repo.findWritten(db, paperId);
  if (!found) return null;
  const scripts = await db.selectFrom('paper_scripts').select(['id', 'attempt_id', 'written_marks']).where('paper_id', '=', paperId).execute();
  const marks = await repo.marksOf(db, scripts.map((script) => script.id));
  const byScript = new Map<string, Map<string, number>>();
  for (const row of marks) {
    const given = byScript.get(row.script_id) ?? new Map<string, number>();
    given.set(row.question_id, row.marks);
    byScript.set(row.script_id, given);
  }
  return {
    questions: found.questions.map((question) => ({ id: question.id, label: question.label, maxMarks: question.max_marks })),
    maxMarks: writtenMaxMarks(found.questions),
    byAttempt: new Map(
      scripts.map((script) => [
        script.attempt_id,
        { writtenMarks: script.written_marks, byQuestion: found.questions.map((question) => byScript.get(script.id)?.get(question.id) ?? null) },
      ]),
    ),
  };
}

/** A paper's written maximum (0 without a written part). */
export async function writtenMaxOf(db: Db, paperId: string): Promise<number> {
  const found = await repo.findWritten(db, paperId);
  return found ? writtenMaxMarks(found.questions) : 0;
}
