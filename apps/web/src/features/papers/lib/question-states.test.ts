import { describe, expect, it } from 'vitest';
import { startAnswer } from './sitting-test-helpers';
import { handInSummary, questionStates, refusedNumbers } from './question-states';

const { questions } = startAnswer();

describe('where each question stands', () => {
  it('numbers the questions in the student order, answered by a chosen option, a cleared one unanswered again', () => {
    const states = questionStates(questions, { q1: 'q1a', q2: null }, new Set(['q2', 'q3']));
    expect(states).toEqual([
      { id: 'q1', number: 1, answered: true, flagged: false },
      { id: 'q2', number: 2, answered: false, flagged: true },
      { id: 'q3', number: 3, answered: false, flagged: true },
    ]);
  });

  it('lists the unanswered and the flagged by number before the hand-in', () => {
    expect(handInSummary(questionStates(questions, { q2: 'q2c' }, new Set(['q2'])))).toEqual({ unanswered: [1, 3], flagged: [2] });
    expect(handInSummary(questionStates(questions, { q1: 'q1a', q2: 'q2a', q3: 'q3a' }, new Set()))).toEqual({ unanswered: [], flagged: [] });
  });

  it('names the questions whose choices came too late, in the student order', () => {
    expect(refusedNumbers(questions, [{ seq: 9, questionId: 'q3', optionId: 'q3a' }, { seq: 4, questionId: 'q1', optionId: null }])).toEqual([1, 3]);
    expect(refusedNumbers(questions, [])).toEqual([]);
  });
});
