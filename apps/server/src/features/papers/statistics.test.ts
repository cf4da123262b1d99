// The paper's statistics (statistics.ts): marks, facility, discrimination and option shares.
// Hand-made cases whose answers are worked out in the comments, from papers.md 'Statistics'.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discriminationIndex, groupSizeFor, histogramOf, paperStatistics, sharesOf, type MarkedAttempt, type StatisticsQuestion } from './statistics';

const question = (id: string, optionCount: number, dropped = false): StatisticsQuestion => ({
  id,
  text: `Question ${id}`,
  marks: 1,
  dropped,
  keyOptionId: `${id}-0`,
  options: Array.from({ length: optionCount }, (_, i) => ({ id: `${id}-${i}`, text: `option ${i}` })),
});

/** An attempt with these marks that chose, for question q1, the option at this index (null: none). */
const sat = (marks: number, choice: number | null): MarkedAttempt => ({ marks, answers: choice === null ? [] : [{ questionId: 'q1', optionId: `q1-${choice}` }] });

const right = (marks: number) => ({ marks, right: true });
const wrong = (marks: number) => ({ marks, right: false });

describe('the marks', () => {
  it('give mean, median, population standard deviation, highest and lowest', () => {
    const stats = paperStatistics({ questions: [], attempts: [2, 4, 4, 4, 5, 5, 7, 9].map((m) => sat(m, null)), provisional: false });
    expect(stats).toMatchObject({ sat: 8, mean: 5, median: 4.5, standardDeviation: 2, highest: 9, lowest: 2 });
  });

  it('give a standard deviation of 0 when all are equal', () => {
    const stats = paperStatistics({ questions: [], attempts: [7, 7, 7].map((m) => sat(m, null)), provisional: true });
    expect(stats).toMatchObject({ mean: 7, median: 7, standardDeviation: 0, provisional: true });
  });

  it('round the mean to two decimals', () => {
    expect(paperStatistics({ questions: [], attempts: [1, 1, 2].map((m) => sat(m, null)), provisional: false }).mean).toBe(1.33);
  });

  it('are drawn one bar per mark up to 50', () => {
    const bars = histogramOf([0, 3, 3, 10], 10);
    expect(bars).toHaveLength(11);
    expect(bars[0]).toEqual({ from: 0, to: 0, count: 1 });
    expect(bars[3]).toEqual({ from: 3, to: 3, count: 2 });
    expect(bars[10]).toEqual({ from: 10, to: 10, count: 1 });
  });

  it('are drawn ⌈maxMarks ÷ 25⌉ marks a bar above 50, the last bar including maxMarks', () => {
    const sixty = histogramOf([0, 2, 3, 57, 60], 60);
    expect(sixty).toHaveLength(20);
    expect(sixty.slice(0, 2)).toEqual([
      { from: 0, to: 2, count: 2 },
      { from: 3, to: 5, count: 1 },
    ]);
    expect(sixty.at(-1)).toEqual({ from: 57, to: 60, count: 2 });
    expect(histogramOf([], 100).at(-1)).toEqual({ from: 96, to: 100, count: 0 });
    expect(histogramOf([], 100)).toHaveLength(25);
    expect(histogramOf([52], 52).at(-1)).toEqual({ from: 51, to: 52, count: 1 });
    expect(histogramOf([51], 51)).toHaveLength(17);
  });

  it('show no figures when no one sat', () => {
    const stats = paperStatistics({ questions: [question('q1', 4)], attempts: [], provisional: true });
    expect(stats).toMatchObject({ sat: 0, mean: null, median: null, standardDeviation: null, highest: null, lowest: null, groupSize: 0 });
    expect(stats.questions[0]).toMatchObject({ facility: null, discrimination: null, unansweredShare: 0, flags: [] });
  });
});

describe('facility', () => {
  it('is the percent of all who sat that answered right, unanswered counting as not right', () => {
    // 3 right of 7 (two left it unanswered): 42.857… → 42.9.
    const attempts = [sat(5, 0), sat(5, 0), sat(5, 0), sat(4, 1), sat(3, 2), sat(2, null), sat(1, null)];
    expect(paperStatistics({ questions: [question('q1', 4)], attempts, provisional: false }).questions[0]?.facility).toBe(42.9);
  });
});

describe('the discrimination index', () => {
  it('takes n = round(0.27 × N), at least 1', () => {
    expect([1, 2, 3, 10, 20, 50, 100].map(groupSizeFor)).toEqual([1, 1, 1, 3, 5, 14, 27]);
  });

  it('is p_upper − p_lower over the n highest and the n lowest', () => {
    // N = 10, n = 3. Upper 10, 9, 8: all right, p = 1. Lower 1, 2, 3: only 1 right, p = 1/3. D = 0.67.
    const students = [right(10), right(9), right(8), wrong(7), wrong(6), wrong(5), wrong(4), wrong(3), wrong(2), right(1)];
    expect(discriminationIndex(students)).toBe(0.67);
  });

  it('shares the places at a tied boundary by weight (n − a) ÷ t', () => {
    // N = 10, n = 3. Upper: a = 2 above the boundary mark 8 (10 right, 9 wrong), t = 3 on it (one right),
    // w = 1/3: p_upper = (1 + 1/3) ÷ 3 = 4/9. Lower: a = 1 below the boundary mark 3 (1, wrong),
    // t = 2 on it (one right), w = 1: p_lower = 1 ÷ 3. D = 4/9 − 3/9 = 0.11.
    const students = [right(10), wrong(9), right(8), wrong(8), wrong(8), right(5), wrong(4), right(3), wrong(3), wrong(1)];
    expect(discriminationIndex(students)).toBe(0.11);
    // The order the students come in cannot change who is in.
    expect(discriminationIndex([...students].reverse())).toBe(0.11);
  });

  it('is 0 when everyone has the same marks, whoever was right', () => {
    expect(discriminationIndex([right(7), wrong(7), right(7), wrong(7), wrong(7)])).toBe(0);
    expect(discriminationIndex([wrong(7), right(7), wrong(7)])).toBe(0);
  });

  it('is negative when the weaker students did better, and shown from N = 2', () => {
    expect(discriminationIndex([wrong(9), wrong(8), right(2), right(1)])).toBe(-1);
    expect(discriminationIndex([wrong(9), right(1)])).toBe(-1);
    expect(discriminationIndex([right(9)])).toBeNull();
  });

  it('marks few students below N = 20', () => {
    const few = paperStatistics({ questions: [question('q1', 2)], attempts: Array.from({ length: 19 }, (_, i) => sat(i, 0)), provisional: false });
    const enough = paperStatistics({ questions: [question('q1', 2)], attempts: Array.from({ length: 20 }, (_, i) => sat(i, 0)), provisional: false });
    expect(few.questions[0]?.fewStudents).toBe(true);
    expect(enough.questions[0]?.fewStudents).toBe(false);
    expect(enough.groupSize).toBe(5);
  });
});

describe('option shares and flags', () => {
  it('name options A–F in the paper\'s order with their counts, and shares that add up to 100', () => {
    // One each of A, B and C out of 3: 33.3 each and a tenth left over, given to the first.
    const stats = paperStatistics({ questions: [question('q1', 4)], attempts: [sat(1, 0), sat(0, 1), sat(0, 2)], provisional: false });
    const q1 = stats.questions[0];
    expect(q1?.options.map((o) => [o.label, o.count, o.share, o.isKey])).toEqual([
      ['A', 1, 33.4, true],
      ['B', 1, 33.3, false],
      ['C', 1, 33.3, false],
      ['D', 0, 0, false],
    ]);
    expect(q1?.unansweredShare).toBe(0);
  });

  it('always add up to exactly 100.0 (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 500 }), { minLength: 3, maxLength: 7 }), (counts) => {
        const total = counts.reduce((sum, count) => sum + count, 0);
        fc.pre(total > 0);
        const shares = sharesOf(counts);
        expect(shares.reduce((sum, share) => sum + Math.round(share * 10), 0)).toBe(1000);
        shares.forEach((share, i) => expect(Math.abs(share - ((counts[i] ?? 0) * 100) / total)).toBeLessThan(0.1 + 1e-9));
      }),
    );
  });

  it('count the unanswered as their own share', () => {
    // 1 of 8 chose A, 7 left it: 12.5 and 87.5.
    const attempts = [sat(1, 0), ...Array.from({ length: 7 }, () => sat(0, null))];
    const q1 = paperStatistics({ questions: [question('q1', 2)], attempts, provisional: false }).questions[0];
    expect(q1?.options.map((o) => o.share)).toEqual([12.5, 0]);
    expect(q1?.unansweredShare).toBe(87.5);
  });

  it('flag a distractor chosen by strictly more than the key', () => {
    const beaten = paperStatistics({ questions: [question('q1', 3)], attempts: [sat(3, 0), sat(2, 0), sat(1, 1), sat(1, 1), sat(0, 1)], provisional: false });
    expect(beaten.questions[0]?.flags).toContain('distractor-beat-key');
    const level = paperStatistics({ questions: [question('q1', 3)], attempts: [sat(3, 0), sat(2, 0), sat(1, 1), sat(1, 1)], provisional: false });
    expect(level.questions[0]?.flags).not.toContain('distractor-beat-key');
  });

  it('flag negative discrimination', () => {
    const stats = paperStatistics({ questions: [question('q1', 2)], attempts: [sat(9, 1), sat(8, 1), sat(2, 0), sat(1, 0)], provisional: false });
    expect(stats.questions[0]).toMatchObject({ discrimination: -1, flags: ['negative-discrimination'] });
  });

  it('show a dropped question, marked, with no figures', () => {
    const stats = paperStatistics({ questions: [question('q1', 2, true), question('q2', 2)], attempts: [sat(1, 1), sat(0, 0)], provisional: false });
    expect(stats.maxMarks).toBe(1);
    expect(stats.questions[0]).toMatchObject({ number: 1, dropped: true, facility: null, discrimination: null, unansweredShare: null, flags: [] });
    expect(stats.questions[0]?.options.map((o) => [o.label, o.count, o.share])).toEqual([
      ['A', null, null],
      ['B', null, null],
    ]);
    expect(stats.questions[1]).toMatchObject({ number: 2, facility: 0, unansweredShare: 100 });
  });
});
