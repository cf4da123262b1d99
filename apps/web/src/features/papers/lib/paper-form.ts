import {
  PAPER_DEFAULTS,
  PAPER_LIMITS,
  type CreatePaperBody,
  type ImportedQuestion,
  type Paper,
  type ReviewLevel,
} from '@academy/contract';
import { instantToSriLankaInput, sriLankaInputToInstant } from './sri-lanka-time';

// The paper editor's form and the body `POST`/`PUT papers` take. The form holds what its fields
// hold: times as Sri Lanka wall time (`datetime-local` values, whatever the laptop's own zone) and
// the release time empty for "by hand"; everything else is the body's own shape, so a refusal's
// field path (`questions.3.options.1`) names the form's field as it is.

export interface QuestionFormValues {
  text: string;
  /** The uploaded picture's id, or null. */
  image: string | null;
  options: string[];
  /** The key: an index of `options`, or -1 until the tutor marks one (no option is right by default). */
  correct: number;
  marks: number;
  explanation: string;
  /** A regrade dropped it: shown, never sent (the body has no such field). */
  dropped?: boolean;
}

export interface PaperFormValues {
  folderId: string;
  title: string;
  instructions: string;
  /** `YYYY-MM-DDTHH:mm` in Sri Lanka time. */
  opensAt: string;
  closesAt: string;
  timeLimitMinutes: number;
  questions: QuestionFormValues[];
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  review: ReviewLevel;
  /** Sri Lanka time, or '' to release by hand. */
  releaseAt: string;
  batch: string;
  meritTop: number;
}

/** What a fresh paper starts with: an hour long, the contract's settings, one empty question. */
const NEW_PAPER_MINUTES = 60;

export function emptyQuestion(): QuestionFormValues {
  return { text: '', image: null, options: ['', '', '', ''], correct: -1, marks: PAPER_DEFAULTS.marks, explanation: '' };
}

export function newPaperValues(folderId: string): PaperFormValues {
  return {
    folderId,
    title: '',
    instructions: '',
    opensAt: '',
    closesAt: '',
    timeLimitMinutes: NEW_PAPER_MINUTES,
    questions: [emptyQuestion()],
    shuffleQuestions: PAPER_DEFAULTS.shuffleQuestions,
    shuffleOptions: PAPER_DEFAULTS.shuffleOptions,
    review: PAPER_DEFAULTS.review,
    releaseAt: '',
    batch: PAPER_DEFAULTS.batch,
    meritTop: PAPER_DEFAULTS.meritTop,
  };
}

/** A paper as an admin reads it (`GET papers/{id}`, with its questions and keys), in the form's terms. */
export function paperToFormValues(paper: Paper): PaperFormValues {
  return {
    folderId: paper.folderId,
    title: paper.title,
    instructions: paper.instructions,
    opensAt: instantToSriLankaInput(paper.opensAt),
    closesAt: instantToSriLankaInput(paper.closesAt),
    timeLimitMinutes: paper.timeLimitMinutes,
    questions: (paper.questions ?? []).map((question) => ({
      text: question.text,
      image: question.image,
      options: question.options.map((option) => option.text),
      correct: question.correct,
      marks: question.marks,
      explanation: question.explanation,
      dropped: question.dropped,
    })),
    shuffleQuestions: paper.shuffleQuestions,
    shuffleOptions: paper.shuffleOptions,
    review: paper.review,
    releaseAt: paper.releaseAt ? instantToSriLankaInput(paper.releaseAt) : '',
    batch: paper.batch,
    meritTop: paper.meritTop,
  };
}

/**
 * A Sri Lanka wall time as the instant the body takes. A value that names no real moment is passed
 * on as it is, so the contract's schema refuses it under the field's own name.
 */
function instant(value: string): string {
  return sriLankaInputToInstant(value) ?? value;
}

/** The form as the body of `POST papers` (`PUT` takes the same without `folderId`). */
export function formValuesToBody(values: PaperFormValues): CreatePaperBody {
  return {
    folderId: values.folderId,
    title: values.title,
    instructions: values.instructions,
    opensAt: instant(values.opensAt),
    closesAt: instant(values.closesAt),
    timeLimitMinutes: values.timeLimitMinutes,
    questions: values.questions.map(({ text, image, options, correct, marks, explanation }) => ({
      text,
      image,
      options,
      correct,
      marks,
      explanation,
    })),
    shuffleQuestions: values.shuffleQuestions,
    shuffleOptions: values.shuffleOptions,
    review: values.review,
    releaseAt: values.releaseAt.trim() === '' ? null : instant(values.releaseAt),
    batch: values.batch,
    meritTop: values.meritTop,
  };
}

/** Rows read by `POST papers/import`, as the editor's questions (pictures are added in the editor). */
export function importedToQuestions(rows: readonly ImportedQuestion[]): QuestionFormValues[] {
  return rows.map((row) => ({ text: row.text, image: null, options: [...row.options], correct: row.correct, marks: row.marks, explanation: row.explanation }));
}

/** A question nobody has written anything in yet: an import replaces it rather than following it. */
export function isBlankQuestion(question: QuestionFormValues): boolean {
  return question.text.trim() === '' && question.image === null && question.explanation.trim() === '' && question.options.every((option) => option.trim() === '');
}

/**
 * The questions after an import: the imported ones follow those written, and take the place of
 * a paper's only, still empty, question.
 */
export function withImported(current: readonly QuestionFormValues[], imported: readonly QuestionFormValues[]): QuestionFormValues[] {
  const kept = current.filter((question) => !isBlankQuestion(question));
  return [...kept, ...imported];
}

/** The options after removing one, and where the key moves: off when it was the removed one. */
export function withoutOption(options: readonly string[], correct: number, index: number): { options: string[]; correct: number } {
  const next = options.filter((_, at) => at !== index);
  if (correct === index) return { options: next, correct: -1 };
  return { options: next, correct: correct > index ? correct - 1 : correct };
}

/** A–F: how the editor, the preview and the statistics name options in the paper's own order. */
export function optionLetter(index: number): string {
  return String.fromCharCode(65 + index);
}

/** The paper's marks as the form holds them (dropped questions count for no one). */
export function formMaxMarks(questions: readonly QuestionFormValues[]): number {
  return questions.reduce((sum, question) => sum + (question.dropped || !Number.isFinite(question.marks) ? 0 : question.marks), 0);
}

/** Someone has started the paper: from then on only what papers.md allows may change. */
export function paperStarted(paper: Paper | undefined): boolean {
  const counts = paper?.counts;
  return Boolean(counts && (counts.sat > 0 || counts.sitting > 0 || counts.handedIn > 0));
}

export const QUESTIONS_MAX = PAPER_LIMITS.questionsMax;
export const OPTIONS_MIN = PAPER_LIMITS.optionsMin;
export const OPTIONS_MAX = PAPER_LIMITS.optionsMax;
