// Marking (marking.ts): the marks, right answers and answered count of an attempt, max marks, and the
// percentage, with dropped questions counting for no one.
import { describe, expect, it } from 'vitest';
import { markAttempt, maxMarksOf, percentageOf, type KeyedQuestion } from './marking';

const key: KeyedQuestion[] = [
  { id: 'q1', keyOptionId: 'q1b', marks: 1, dropped: false },
  { id: 'q2', keyOptionId: 'q2a', marks: 2, dropped: false },
  { id: 'q3', keyOptionId: 'q3c', marks: 5, dropped: false },
  { id: 'q4', keyOptionId: 'q4a', marks: 3, dropped: true },
];

describe('marking an attempt', () => {
  it("earns a right answer its question's marks, and a wrong, cleared or missing one nothing", () => {
    const answers = [
      { questionId: 'q1', optionId: 'q1b' },
      { questionId: 'q2', optionId: 'q2c' },
      { questionId: 'q3', optionId: null },
    ];
    expect(markAttempt(key, answers)).toEqual({ marks: 1, correct: 1, answered: 2 });
  });

  it('leaves a dropped question out for everyone, right or not', () => {
    expect(markAttempt(key, [{ questionId: 'q4', optionId: 'q4a' }])).toEqual({ marks: 0, correct: 0, answered: 0 });
    expect(maxMarksOf(key)).toBe(8);
  });

  it('gives full marks for every key, and nothing for no answers', () => {
    const all = key.map((question) => ({ questionId: question.id, optionId: question.keyOptionId }));
    expect(markAttempt(key, all)).toEqual({ marks: 8, correct: 3, answered: 3 });
    expect(markAttempt(key, [])).toEqual({ marks: 0, correct: 0, answered: 0 });
  });

  it('ignores an answer to a question the key does not hold', () => {
    expect(markAttempt(key, [{ questionId: 'elsewhere', optionId: 'q1b' }])).toEqual({ marks: 0, correct: 0, answered: 0 });
  });

  it('gives the percentage to one decimal, and 0 when every question was dropped', () => {
    expect(percentageOf(1, 3)).toBe(33.3);
    expect(percentageOf(2, 3)).toBe(66.7);
    expect(percentageOf(1, 16)).toBe(6.3);
    expect(percentageOf(8, 8)).toBe(100);
    expect(percentageOf(0, 0)).toBe(0);
  });
});
