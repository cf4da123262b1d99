// A paper's body as the rows store it (settings columns, new question and option rows), and what
// an edit changes: the frames the edit rules compare, and the settings and questions the audit
// entry names.
import { randomUUID } from 'node:crypto';
import type { QuestionInput, UpdatePaperInput } from '@academy/contract';
import type { PaperContent } from './paper-cache';
import type { OptionRow, PaperRow, QuestionRow } from './paper-repo';
import type { PaperFrame } from './rules';

export type PaperSettingsColumns = Pick<
  PaperRow,
  | 'title'
  | 'instructions'
  | 'opens_at'
  | 'closes_at'
  | 'time_limit_minutes'
  | 'shuffle_questions'
  | 'shuffle_options'
  | 'review'
  | 'release_at'
  | 'batch'
  | 'merit_top'
>;

export function settingsColumns(body: UpdatePaperInput): PaperSettingsColumns {
  return {
    title: body.title,
    instructions: body.instructions,
    opens_at: body.opensAt,
    closes_at: body.closesAt,
    time_limit_minutes: body.timeLimitMinutes,
    shuffle_questions: body.shuffleQuestions ? 1 : 0,
    shuffle_options: body.shuffleOptions ? 1 : 0,
    review: body.review,
    release_at: body.releaseAt,
    batch: body.batch,
    merit_top: body.meritTop,
  };
}

/** New rows for a paper's questions: random ids, so neither an id nor its order says which option is the key. */
export function questionRows(paperId: string, questions: readonly QuestionInput[]): { questions: QuestionRow[]; options: OptionRow[] } {
  const rows: QuestionRow[] = [];
  const options: OptionRow[] = [];
  questions.forEach((question, position) => {
    const id = randomUUID();
    rows.push({ id, paper_id: paperId, position, text: question.text, image_id: question.image, marks: question.marks, explanation: question.explanation, dropped: 0 });
    question.options.forEach((text, index) => {
      options.push({ id: randomUUID(), question_id: id, paper_id: paperId, position: index, text, is_key: index === question.correct ? 1 : 0 });
    });
  });
  return { questions: rows, options };
}

export function storedFrame(row: PaperRow, content: PaperContent): PaperFrame {
  return {
    opensAt: Date.parse(row.opens_at),
    closesAt: Date.parse(row.closes_at),
    timeLimitMinutes: row.time_limit_minutes,
    shuffleQuestions: row.shuffle_questions === 1,
    shuffleOptions: row.shuffle_options === 1,
    questions: content.questions.map((question) => ({ optionCount: question.options.length, correct: question.correct, marks: question.marks })),
  };
}

export function editedFrame(body: UpdatePaperInput): PaperFrame {
  return {
    opensAt: Date.parse(body.opensAt),
    closesAt: Date.parse(body.closesAt),
    timeLimitMinutes: body.timeLimitMinutes,
    shuffleQuestions: body.shuffleQuestions,
    shuffleOptions: body.shuffleOptions,
    questions: body.questions.map((question) => ({ optionCount: question.options.length, correct: question.correct, marks: question.marks })),
  };
}

/** The settings as the audit log shows them, named as the body names them. */
function settingsView(columns: PaperSettingsColumns): Record<string, unknown> {
  return {
    title: columns.title,
    instructions: columns.instructions,
    opensAt: columns.opens_at,
    closesAt: columns.closes_at,
    timeLimitMinutes: columns.time_limit_minutes,
    shuffleQuestions: columns.shuffle_questions === 1,
    shuffleOptions: columns.shuffle_options === 1,
    review: columns.review,
    releaseAt: columns.release_at,
    batch: columns.batch,
    meritTop: columns.merit_top,
  };
}

/** The settings an edit changed, before and after. */
export function changedSettings(before: PaperSettingsColumns, after: PaperSettingsColumns): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const [was, now] = [settingsView(before), settingsView(after)];
  const changed = Object.keys(now).filter((key) => was[key] !== now[key]);
  return { before: Object.fromEntries(changed.map((key) => [key, was[key]])), after: Object.fromEntries(changed.map((key) => [key, now[key]])) };
}

/** Numbers (from 1) of the questions an edit changes in any way, by position. */
export function changedQuestions(content: PaperContent, questions: readonly QuestionInput[]): number[] {
  const count = Math.max(content.questions.length, questions.length);
  const numbers: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const stored = content.questions[index];
    const edited = questions[index];
    const same =
      stored !== undefined &&
      edited !== undefined &&
      stored.text === edited.text &&
      stored.imageId === edited.image &&
      stored.explanation === edited.explanation &&
      stored.marks === edited.marks &&
      stored.correct === edited.correct &&
      stored.options.length === edited.options.length &&
      stored.options.every((option, at) => option.text === edited.options[at]);
    if (!same) numbers.push(index + 1);
  }
  return numbers;
}
