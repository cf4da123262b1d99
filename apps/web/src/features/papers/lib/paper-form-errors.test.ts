import { createPaperBodySchema, PAPERS_TEXT } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import { editorSentence, flattenErrors, placeOf, serverProblems } from './paper-form-errors';
import { emptyQuestion, formValuesToBody, newPaperValues } from './paper-form';
import { paperFormResolver } from './paper-form-resolver';

describe("the editor's problems", () => {
  it('flattens react-hook-form errors, a field array root under the array, never a DOM ref', () => {
    const questions: unknown[] = [];
    questions[2] = { options: { 1: { type: 'too_small', message: 'is required', ref: { nodeName: 'INPUT', message: 'not a field' } } } };
    Object.assign(questions, { root: { type: 'too_big', message: 'must hold at most 150 questions' } });
    const tree = { title: { type: 'too_small', message: 'is required' }, questions };
    expect(flattenErrors(tree)).toEqual([
      { path: 'title', sentence: 'is required' },
      { path: 'questions.2.options.1', sentence: 'is required' },
      { path: 'questions', sentence: 'must hold at most 150 questions' },
    ]);
  });

  it('places a path: the paper, a question, its options, one option', () => {
    expect(placeOf('closesAt')).toEqual({ question: null, field: 'closesAt', option: null });
    expect(placeOf('questions')).toEqual({ question: null, field: 'questions', option: null });
    expect(placeOf('questions.3')).toEqual({ question: 3, field: null, option: null });
    expect(placeOf('questions.3.correct')).toEqual({ question: 3, field: 'correct', option: null });
    expect(placeOf('questions.3.options')).toEqual({ question: 3, field: 'options', option: null });
    expect(placeOf('questions.3.options.1')).toEqual({ question: 3, field: 'option', option: 1 });
  });

  it("takes the field's name off the front of the server's sentences", () => {
    expect(
      serverProblems([
        { field: 'questions.3.correct', message: `questions.3.correct ${PAPERS_TEXT.correctInOptions}` },
        { field: 'opensAt', message: 'cannot change once students have started' },
      ]),
    ).toEqual([
      { path: 'questions.3.correct', sentence: PAPERS_TEXT.correctInOptions },
      { path: 'opensAt', sentence: 'cannot change once students have started' },
    ]);
  });

  it('has its own words for the sentences that name other fields, or limits', () => {
    expect(editorSentence(PAPERS_TEXT.closeAfterOpen)).toEqual({ key: 'closeAfterOpen' });
    expect(editorSentence('must be a whole number from 1 to 100')).toEqual({ key: 'wholeNumber', values: { min: '1', max: '100' } });
    expect(editorSentence('must have at least 2 options')).toEqual({ key: 'optionsAtLeast', values: { limit: '2' } });
    expect(editorSentence('is required')).toBeNull();
  });

  it("places every refusal of the contract's schema on the question the tutor wrote", () => {
    const values = {
      ...newPaperValues('folder-1'),
      title: 'T',
      opensAt: '2026-12-12T20:00',
      closesAt: '2026-12-12T20:00',
      questions: [
        { ...emptyQuestion(), text: 'One', options: ['a', 'b'], correct: 0 },
        { ...emptyQuestion(), text: 'Two', options: ['same', ' Same '], correct: 1, marks: 0 },
      ],
    };
    const result = createPaperBodySchema.safeParse(formValuesToBody(values));
    const problems = (result.error?.issues ?? []).map((issue) => ({ place: placeOf(issue.path.join('.')), words: editorSentence(issue.message)?.key }));
    expect(problems).toEqual(
      expect.arrayContaining([
        { place: { question: 1, field: 'options', option: null }, words: 'optionsDistinct' },
        { place: { question: 1, field: 'marks', option: null }, words: 'wholeNumber' },
        { place: { question: null, field: 'closesAt', option: null }, words: 'closeAfterOpen' },
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it("keeps each empty option's refusal beside its list's, and no 'the same' about empty ones", async () => {
    const values = {
      ...newPaperValues('folder-1'),
      title: 'T',
      opensAt: '2026-12-12T20:00',
      closesAt: '2026-12-12T22:00',
      questions: [
        { ...emptyQuestion(), text: 'One', options: ['a', '', ''], correct: 0 },
        { ...emptyQuestion(), text: 'Two', options: ['same', 'Same'], correct: 0 },
      ],
    };
    const { errors } = await paperFormResolver(values, undefined, { fields: {}, names: ['questions.0.text', 'questions.1.text'], shouldUseNativeValidation: false });
    expect(flattenErrors(errors).map(({ path, sentence }) => `${path}: ${sentence}`)).toEqual([
      'questions.0.options.1: is required',
      'questions.0.options.2: is required',
      `questions.1.options: ${PAPERS_TEXT.optionsDistinct}`,
    ]);
  });
});
