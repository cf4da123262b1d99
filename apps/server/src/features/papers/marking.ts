// Marking an attempt (papers.md 'Marking'): a right answer earns the question's marks, a wrong or
// missing one nothing, and a question dropped by a regrade counts for no one. Pure, so the
// hand-in, the close job and a regrade's plan all mark the same way.

/** A question as marking sees it: its key and marks as they are at this moment. */
export interface KeyedQuestion {
  id: string;
  keyOptionId: string;
  marks: number;
  dropped: boolean;
}

/** The answer the server holds for one question; null when the student cleared it. */
export interface HeldAnswer {
  questionId: string;
  optionId: string | null;
}

export interface Marking {
  marks: number;
  /** Questions answered right. */
  correct: number;
  /** Questions with an option chosen. */
  answered: number;
}

export function markAttempt(key: readonly KeyedQuestion[], answers: readonly HeldAnswer[]): Marking {
  const chosen = new Map(answers.map((answer) => [answer.questionId, answer.optionId]));
  const marking: Marking = { marks: 0, correct: 0, answered: 0 };
  for (const question of key) {
    if (question.dropped) continue;
    const optionId = chosen.get(question.id) ?? null;
    if (optionId === null) continue;
    marking.answered += 1;
    if (optionId === question.keyOptionId) {
      marking.correct += 1;
      marking.marks += question.marks;
    }
  }
  return marking;
}

/** The sum of the marks of the questions not dropped. */
export function maxMarksOf(key: readonly Pick<KeyedQuestion, 'marks' | 'dropped'>[]): number {
  return key.reduce((sum, question) => (question.dropped ? sum : sum + question.marks), 0);
}

/** marks ÷ maxMarks × 100 to one decimal; 0 when every question was dropped. */
export function percentageOf(marks: number, maxMarks: number): number {
  return maxMarks > 0 ? Math.round((marks * 1000) / maxMarks) / 10 : 0;
}
