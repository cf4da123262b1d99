import { createPaperBodySchema, type Paper } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import {
  emptyQuestion,
  formValuesToBody,
  newPaperValues,
  paperToFormValues,
  withImported,
  withoutOption,
  type PaperFormValues,
} from './paper-form';
import { startWindow } from './start-window';

function writtenPaper(): PaperFormValues {
  return {
    ...newPaperValues('folder-1'),
    title: 'Unit 3 MCQ',
    opensAt: '2026-12-12T20:00',
    closesAt: '2026-12-12T22:00',
    questions: [{ text: 'ශ්‍රී ලංකාවේ අගනුවර?', image: null, options: ['කොළඹ', 'මහනුවර'], correct: 0, marks: 2, explanation: '', dropped: false }],
  };
}

describe('the paper form and the body', () => {
  it('sends Sri Lanka wall times as instants, a release by hand as null, and no dropped flag', () => {
    const body = formValuesToBody(writtenPaper());
    expect(body.opensAt).toBe('2026-12-12T14:30:00.000Z');
    expect(body.closesAt).toBe('2026-12-12T16:30:00.000Z');
    expect(body.releaseAt).toBeNull();
    expect(body.questions[0]).not.toHaveProperty('dropped');
    expect(createPaperBodySchema.safeParse(body).success).toBe(true);
  });

  it('passes a time that names no moment on, so the schema refuses it under its own field', () => {
    const result = createPaperBodySchema.safeParse(formValuesToBody({ ...writtenPaper(), opensAt: '' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain('opensAt');
  });

  it('reads an admin paper back into the form as the tutor wrote it', () => {
    const paper: Paper = {
      id: 'p1',
      folderId: 'folder-1',
      className: 'Paper class',
      title: 'Unit 3 MCQ',
      instructions: 'Answer all',
      opensAt: '2026-12-12T14:30:00.000Z',
      closesAt: '2026-12-12T16:30:00.000Z',
      timeLimitMinutes: 60,
      questionCount: 1,
      maxMarks: 2,
      shuffleQuestions: false,
      shuffleOptions: true,
      review: 'keys',
      releaseAt: '2026-12-13T04:30:00.000Z',
      releasedAt: null,
      batch: '2026',
      meritTop: 5,
      state: 'scheduled',
      serverNow: '2026-12-01T00:00:00.000Z',
      questions: [
        { id: 'q1', text: 'Q', image: null, marks: 2, explanation: 'E', dropped: true, correct: 1, options: [{ id: 'a', text: 'A' }, { id: 'b', text: 'B' }] },
      ],
    };
    const values = paperToFormValues(paper);
    expect(values.opensAt).toBe('2026-12-12T20:00');
    expect(values.releaseAt).toBe('2026-12-13T10:00');
    expect(values.questions[0]).toEqual({ text: 'Q', image: null, options: ['A', 'B'], correct: 1, marks: 2, explanation: 'E', dropped: true });
    expect(formValuesToBody(values).releaseAt).toBe('2026-12-13T04:30:00.000Z');
  });

  it('moves the key with its option when an option is removed, and unmarks it when the key goes', () => {
    expect(withoutOption(['a', 'b', 'c', 'd'], 3, 1)).toEqual({ options: ['a', 'c', 'd'], correct: 2 });
    expect(withoutOption(['a', 'b', 'c'], 0, 2)).toEqual({ options: ['a', 'b'], correct: 0 });
    expect(withoutOption(['a', 'b', 'c'], 1, 1)).toEqual({ options: ['a', 'c'], correct: -1 });
  });

  it('puts imported questions after those written, in place of an empty one', () => {
    const imported = [{ ...emptyQuestion(), text: 'Imported', options: ['x', 'y'], correct: 1 }];
    expect(withImported([emptyQuestion()], imported)).toEqual(imported);
    const written = { ...emptyQuestion(), text: 'Written' };
    expect(withImported([written, emptyQuestion()], imported)).toEqual([written, ...imported]);
  });

  it('leaves a new question without a key, so the tutor must mark one', () => {
    const values = { ...writtenPaper(), questions: [{ ...emptyQuestion(), text: 'Q', options: ['a', 'b'] }] };
    const result = createPaperBodySchema.safeParse(formValuesToBody(values));
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['questions.0.correct']);
  });
});

describe('the time a start would give', () => {
  const paper = { closesAt: '2026-12-12T16:30:00.000Z', timeLimitMinutes: 60 };
  const at = (iso: string) => Date.parse(iso);

  it('is the whole limit when the close leaves room for it', () => {
    expect(startWindow(paper, at('2026-12-12T15:00:00Z'))).toEqual({ limitMinutes: 60, availableMinutes: 60, cutByClose: false });
  });

  it('is cut by the close: 38 of 60 minutes', () => {
    expect(startWindow(paper, at('2026-12-12T15:52:00Z'))).toEqual({ limitMinutes: 60, availableMinutes: 38, cutByClose: true });
    expect(startWindow(paper, at('2026-12-12T16:29:30Z')).availableMinutes).toBe(0);
  });

  it("counts the student's extra time in the limit", () => {
    const mine = { state: 'not-started', startedAt: null, deadline: null, handedInAt: null, handedInBy: null, extraMinutes: 15 } as const;
    expect(startWindow({ ...paper, mine }, at('2026-12-12T15:00:00Z'))).toEqual({ limitMinutes: 75, availableMinutes: 75, cutByClose: false });
    expect(startWindow({ ...paper, mine }, at('2026-12-12T15:30:00Z'))).toEqual({ limitMinutes: 75, availableMinutes: 60, cutByClose: true });
  });
});
