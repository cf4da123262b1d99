import type { QuestionMark } from '@academy/contract';

// The marks a marker types per question: each a whole number from 0 to the question's maximum, or
// empty (not marked yet). The screen checks as the marker types; the server checks again.

export type MarkProblem = 'not-whole' | 'above-maximum' | null;

/** What the field holds: a mark, nothing yet, or a problem to say beside it. */
export function readMark(text: string, maxMarks: number): { marks: number | null; problem: MarkProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { marks: null, problem: null };
  if (!/^\d+$/.test(trimmed)) return { marks: null, problem: 'not-whole' };
  const marks = Number(trimmed);
  return marks > maxMarks ? { marks: null, problem: 'above-maximum' } : { marks, problem: null };
}

/** The written marks so far: the sum of the questions marked. */
export function totalMarks(marks: readonly Pick<QuestionMark, 'marks'>[]): number {
  return marks.reduce((sum, question) => sum + (question.marks ?? 0), 0);
}

export function maximumMarks(marks: readonly Pick<QuestionMark, 'maxMarks'>[]): number {
  return marks.reduce((sum, question) => sum + question.maxMarks, 0);
}

/** The labels of the questions still without a mark, for Done's refusal on the screen. */
export function unmarkedLabels(marks: readonly Pick<QuestionMark, 'marks' | 'label'>[]): string[] {
  return marks.filter((question) => question.marks === null).map((question) => question.label);
}
