import { PAPER_LIMITS, type PaperQuestion, type RegradeChange } from '@academy/contract';

/** What the tutor has set for one question in the regrade dialog; marks as typed, so a half-typed number can show its error. */
export interface QuestionDraft {
  correct: number;
  marks: string;
  dropped: boolean;
}

export type RegradeDrafts = Readonly<Record<string, QuestionDraft>>;

export function draftOf(question: PaperQuestion, drafts: RegradeDrafts): QuestionDraft {
  return drafts[question.id] ?? { correct: question.correct, marks: String(question.marks), dropped: question.dropped };
}

/** Marks as the regrade takes them: a whole number from 1 to 100, else null. */
export function draftMarks(draft: QuestionDraft): number | null {
  const marks = Number(draft.marks);
  return draft.marks.trim() !== '' && Number.isInteger(marks) && marks >= PAPER_LIMITS.marksMin && marks <= PAPER_LIMITS.marksMax ? marks : null;
}

/** The questions whose marks the tutor typed wrongly: nothing can be previewed until they are fixed. */
export function invalidQuestions(questions: readonly PaperQuestion[], drafts: RegradeDrafts): string[] {
  return questions.filter((question) => draftMarks(draftOf(question, drafts)) === null).map((question) => question.id);
}

/** The changes to send: each question where the key, the marks or dropping differ from the paper, naming only what differs. */
export function regradeChanges(questions: readonly PaperQuestion[], drafts: RegradeDrafts): RegradeChange[] {
  return questions.flatMap((question) => {
    const draft = draftOf(question, drafts);
    const marks = draftMarks(draft);
    const change: RegradeChange = { questionId: question.id };
    if (draft.correct !== question.correct) change.correct = draft.correct;
    if (marks !== null && marks !== question.marks) change.marks = marks;
    if (draft.dropped !== question.dropped) change.dropped = draft.dropped;
    return Object.keys(change).length > 1 ? [change] : [];
  });
}
