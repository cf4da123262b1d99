import { describe, expect, it } from 'vitest';
import type { PaperQuestion } from '@academy/contract';
import { invalidQuestions, regradeChanges } from './regrade-changes';

function question(id: string, overrides: Partial<PaperQuestion> = {}): PaperQuestion {
  return { id, text: `Question ${id}`, image: null, marks: 1, explanation: '', dropped: false, options: [{ id: `${id}a`, text: 'A' }, { id: `${id}b`, text: 'B' }], correct: 0, ...overrides };
}

const QUESTIONS = [question('q1'), question('q2', { marks: 2 }), question('q3', { dropped: true })];

describe('the regrade changes', () => {
  it('names nothing while the drafts match the paper', () => {
    expect(regradeChanges(QUESTIONS, {})).toEqual([]);
    expect(regradeChanges(QUESTIONS, { q2: { correct: 0, marks: '2', dropped: false } })).toEqual([]);
  });

  it('names only what differs, question by question', () => {
    const changes = regradeChanges(QUESTIONS, {
      q1: { correct: 1, marks: '1', dropped: false },
      q2: { correct: 0, marks: '5', dropped: true },
      q3: { correct: 0, marks: '1', dropped: false },
    });
    expect(changes).toEqual([
      { questionId: 'q1', correct: 1 },
      { questionId: 'q2', marks: 5, dropped: true },
      { questionId: 'q3', dropped: false },
    ]);
  });

  it('holds back marks that are not a whole number from 1 to 100, and says which', () => {
    const drafts = { q1: { correct: 0, marks: '0', dropped: false }, q2: { correct: 0, marks: '2.5', dropped: false }, q3: { correct: 0, marks: '', dropped: true } };
    expect(invalidQuestions(QUESTIONS, drafts)).toEqual(['q1', 'q2', 'q3']);
    expect(regradeChanges(QUESTIONS, drafts)).toEqual([]);
    expect(invalidQuestions(QUESTIONS, { q1: { correct: 0, marks: '100', dropped: false } })).toEqual([]);
  });
});
