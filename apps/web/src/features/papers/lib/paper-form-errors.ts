import { PAPERS_TEXT, type FieldError } from '@academy/contract';

// The paper editor shows every refusal where it belongs, whoever found it: the contract's schema in
// the browser, or the server (a 400's fields, the 409 that names what can no longer change once
// students have started). Both speak in field paths (`questions.3.options.1`) and English sentence
// ends (`is required`); this file places a path ("Question 4, option B") and picks the editor's own
// words for the sentences that name other fields or say it in a developer's terms.

export interface FormProblem {
  /** The body's (and the form's) field path. */
  path: string;
  /** The English sentence end, as the schema or the server wrote it. */
  sentence: string;
}

/** react-hook-form's keys beside a message, which are no fields of the form. */
const NOT_FIELDS = new Set(['message', 'type', 'types', 'ref']);

/**
 * Every message in react-hook-form's nested errors with its dotted path, questions in their order.
 * A field array's own message (its `root`) is given under the array's path.
 */
export function flattenErrors(tree: unknown, prefix = ''): FormProblem[] {
  if (typeof tree !== 'object' || tree === null) return [];
  const node = tree as Record<string, unknown>;
  const found: FormProblem[] = [];
  if (typeof node.message === 'string' && node.message !== '') found.push({ path: prefix, sentence: node.message });
  for (const [key, child] of Object.entries(node)) {
    if (NOT_FIELDS.has(key)) continue;
    const path = key === 'root' ? prefix : prefix === '' ? key : `${prefix}.${key}`;
    found.push(...flattenErrors(child, path));
  }
  return found;
}

/** Where a problem is: the question (0-based) and its part, or a field of the paper. */
export interface ProblemPlace {
  question: number | null;
  /** The field of the paper, or of the question (`text`, `options`, `option`, `correct`, …); null for a whole question. */
  field: string | null;
  /** For `option`: its index. */
  option: number | null;
}

/** `questions.3.options.1` → question 3, option 1; `title` → the paper's title. */
export function placeOf(path: string): ProblemPlace {
  const parts = path.split('.');
  if (parts[0] !== 'questions' || parts.length < 2 || !/^\d+$/.test(parts[1] ?? '')) {
    return { question: null, field: parts[0] || null, option: null };
  }
  const question = Number(parts[1]);
  const field = parts[2] ?? null;
  if (field === 'options' && parts[3] !== undefined && /^\d+$/.test(parts[3])) return { question, field: 'option', option: Number(parts[3]) };
  return { question, field, option: null };
}

/**
 * The server's refused fields as the form's problems: its `message` reads '<field> <sentence>', and
 * the sentence is what the editor words.
 */
export function serverProblems(errors: readonly FieldError[]): FormProblem[] {
  return errors.map(({ field, message }) => ({
    path: field,
    sentence: message.startsWith(`${field} `) ? message.slice(field.length + 1) : message,
  }));
}

/** The editor's own words for a sentence (keys of `papersEditor.sentences`), with what fills them in. */
export type EditorSentenceKey =
  | 'timeMissing'
  | 'closeAfterOpen'
  | 'closeInFuture'
  | 'releaseAfterClose'
  | 'correctMissing'
  | 'optionsDistinct'
  | 'imageNotUploaded'
  | 'wholeNumber'
  | 'wholeMinutes'
  | 'optionsAtLeast'
  | 'optionsAtMost'
  | 'questionsAtLeastOne'
  | 'questionsAtMost';

/** What fills an editor sentence in: its limits, as the contract's sentence says them. */
export interface SentenceValues {
  min?: string;
  max?: string;
  limit?: string;
}

export interface EditorSentence {
  key: EditorSentenceKey;
  values?: SentenceValues;
}

const SENTENCES = new Map<string, EditorSentenceKey>([
  [PAPERS_TEXT.timeWithOffset, 'timeMissing'],
  [PAPERS_TEXT.closeAfterOpen, 'closeAfterOpen'],
  [PAPERS_TEXT.closeInFuture, 'closeInFuture'],
  [PAPERS_TEXT.releaseAfterClose, 'releaseAfterClose'],
  [PAPERS_TEXT.correctInOptions, 'correctMissing'],
  [PAPERS_TEXT.optionsDistinct, 'optionsDistinct'],
  [PAPERS_TEXT.notUploadedImage, 'imageNotUploaded'],
  ['must hold at least one question', 'questionsAtLeastOne'],
]);

/** The contract's sentences with limits in them, as its schema builds them. */
const PATTERNS: { pattern: RegExp; key: EditorSentenceKey; names: (keyof SentenceValues)[] }[] = [
  { pattern: /^must be a whole number from (\d+) to (\d+)$/, key: 'wholeNumber', names: ['min', 'max'] },
  { pattern: /^must be a whole number of minutes from (\d+) to (\d+)$/, key: 'wholeMinutes', names: ['min', 'max'] },
  { pattern: /^must have at least (\d+) options$/, key: 'optionsAtLeast', names: ['limit'] },
  { pattern: /^must have at most (\d+) options$/, key: 'optionsAtMost', names: ['limit'] },
  { pattern: /^must hold at most (\d+) questions$/, key: 'questionsAtMost', names: ['limit'] },
];

/** The editor's words for a sentence, when it has its own; null leaves it to the shared server words. */
export function editorSentence(sentence: string): EditorSentence | null {
  const key = SENTENCES.get(sentence);
  if (key) return { key };
  for (const { pattern, key: patternKey, names } of PATTERNS) {
    const match = pattern.exec(sentence);
    if (match) return { key: patternKey, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])) };
  }
  return null;
}
