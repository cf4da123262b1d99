import { t } from 'i18next';
import { translateServerMessage } from '../../../i18n/server-text';
import { editorSentence, placeOf, type FormProblem, type ProblemPlace } from './paper-form-errors';
import { optionLetter } from './paper-form';

// The paper editor's refusals in the reader's language: "Option B is required" under the field,
// "Question 4: Option B is required" in the list above Save.

const PAPER_FIELDS = [
  'folderId',
  'title',
  'instructions',
  'opensAt',
  'closesAt',
  'timeLimitMinutes',
  'questions',
  'shuffleQuestions',
  'shuffleOptions',
  'review',
  'releaseAt',
  'batch',
  'meritTop',
] as const;
const QUESTION_FIELDS = ['text', 'image', 'options', 'correct', 'marks', 'explanation'] as const;

function isOneOf<T extends string>(list: readonly T[], value: string | null): value is T {
  return value !== null && (list as readonly string[]).includes(value);
}

/** The name of the field a problem is about, as its label reads. */
function fieldLabel(place: ProblemPlace): string {
  const { field } = place;
  if (place.question === null) return isOneOf(PAPER_FIELDS, field) ? t(`papersEditor.fields.${field}`) : (field ?? '');
  if (field === 'option') return t('papersEditor.optionLetter', { letter: optionLetter(place.option ?? 0) });
  if (isOneOf(QUESTION_FIELDS, field)) return t(`papersEditor.fields.${field}`);
  return t('papersEditor.fields.question');
}

/** A sentence end in the reader's language: the editor's own words first, then the shared server words. */
function sentenceWords(sentence: string): string {
  const own = editorSentence(sentence);
  return own ? t(`papersEditor.sentences.${own.key}`, { ...own.values }) : translateServerMessage(sentence);
}

/** The problem as its field shows it: "Option B is required". */
export function fieldProblemWords(problem: FormProblem): string {
  return t('validation.fieldMessage', { label: fieldLabel(placeOf(problem.path)), message: sentenceWords(problem.sentence) });
}

/** The problem in the list of them all: "Question 4: Option B is required". */
export function listedProblemWords(problem: FormProblem): string {
  const { question } = placeOf(problem.path);
  const words = fieldProblemWords(problem);
  return question === null ? words : t('papersEditor.problemInQuestion', { number: question + 1, problem: words });
}
