import type { Save, SittingQuestion } from '@academy/contract';

// Where each question stands on the sitting screen, numbered in the student's own order: the
// navigator's answered, unanswered and flagged marks, the hand-in dialog's "3 unanswered: 4, 17,
// 33", and the questions whose choices came too late to count.

export interface QuestionState {
  id: string;
  /** 1-based, in the student's order. */
  number: number;
  answered: boolean;
  flagged: boolean;
}

/** A question is answered when its shown choice names an option; a cleared one is unanswered again. */
export function questionStates(
  questions: readonly SittingQuestion[],
  choices: Readonly<Record<string, string | null>>,
  flags: ReadonlySet<string>,
): QuestionState[] {
  return questions.map((question, index) => ({
    id: question.id,
    number: index + 1,
    answered: typeof choices[question.id] === 'string',
    flagged: flags.has(question.id),
  }));
}

export interface HandInSummary {
  unanswered: number[];
  flagged: number[];
}

/** What Hand in lists before it asks: the numbers of the unanswered and of the flagged questions. */
export function handInSummary(states: readonly QuestionState[]): HandInSummary {
  return {
    unanswered: states.filter((state) => !state.answered).map((state) => state.number),
    flagged: states.filter((state) => state.flagged).map((state) => state.number),
  };
}

/** The numbers of the questions whose last choice the server refused as too late, in order. */
export function refusedNumbers(questions: readonly SittingQuestion[], refused: readonly Save[]): number[] {
  const late = new Set(refused.map((save) => save.questionId));
  return questions.flatMap((question, index) => (late.has(question.id) ? [index + 1] : []));
}
