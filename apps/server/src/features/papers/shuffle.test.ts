// Each student's order (shuffle.ts): every permutation equally likely, and the paper's own order
// kept where a setting is off. Uniformity is checked on a seeded source, so the outcome is the same
// on every run and can never flake; the server's own source is crypto.randomInt, which only has to
// be a fair one.
import { describe, expect, it } from 'vitest';
import { attemptOrderOf, compactOrder, drawOrder, shuffled, sittingOrderOf, type RandomIntSource } from './shuffle';

/** mulberry32: a small seeded generator, uniform enough for a chi-square over thousands of draws. */
function seeded(seed: number): RandomIntSource {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(unit * below);
  };
}

/** Pearson's statistic of the counts of every permutation of `size` items over `draws` shuffles. */
function chiSquare(shuffle: (items: readonly number[]) => number[], size: number, draws: number): { statistic: number; seen: number } {
  const items = Array.from({ length: size }, (_, i) => i);
  const counts = new Map<string, number>();
  for (let draw = 0; draw < draws; draw += 1) {
    const key = shuffle(items).join('');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let permutations = 1;
  for (let k = 2; k <= size; k += 1) permutations *= k;
  const expected = draws / permutations;
  let statistic = 0;
  for (const count of counts.values()) statistic += (count - expected) ** 2 / expected;
  statistic += (permutations - counts.size) * expected;
  return { statistic, seen: counts.size };
}


// The 0.1 % points of the chi-square distribution with 5 and 23 degrees of freedom.
const CRITICAL_5 = 20.515;
const CRITICAL_23 = 49.728;

describe('Fisher-Yates', () => {
  it('gives every order of three options equally often (chi-square over 6,000 draws)', () => {
    const random = seeded(20261212);
    const { statistic, seen } = chiSquare((items) => shuffled(items, random), 3, 6000);
    expect(seen).toBe(6);
    expect(statistic).toBeLessThan(CRITICAL_5);
  });

  it('gives every order of four questions equally often (chi-square over 6,000 draws)', () => {
    const random = seeded(7);
    const { statistic, seen } = chiSquare((items) => shuffled(items, random), 4, 6000);
    expect(seen).toBe(24);
    expect(statistic).toBeLessThan(CRITICAL_23);
  });

  it('is a test that catches the classic biased shuffle, which swaps with any place', () => {
    const random = seeded(20261212);
    const naive = (items: readonly number[]) => {
      const result = [...items];
      for (let i = 0; i < result.length; i += 1) {
        const j = random(result.length);
        [result[i], result[j]] = [result[j] as number, result[i] as number];
      }
      return result;
    };
    expect(chiSquare(naive, 3, 6000).statistic).toBeGreaterThan(CRITICAL_5);
  });

  it('leaves the list it was given alone, and takes an empty or single list', () => {
    const items = ['a', 'b', 'c'];
    shuffled(items, seeded(1));
    expect(items).toEqual(['a', 'b', 'c']);
    expect(shuffled([], seeded(1))).toEqual([]);
    expect(shuffled(['only'])).toEqual(['only']);
  });
});

describe("a student's order at start", () => {
  const paper = { shuffleQuestions: true, shuffleOptions: true, optionCounts: [4, 2, 6] };
  const isPermutationOf = (order: readonly number[], count: number) => expect([...order].sort()).toEqual(Array.from({ length: count }, (_, i) => i));

  it("is a permutation of the questions and of each question's options, as positions, from the cryptographic source by default", () => {
    for (let draw = 0; draw < 50; draw += 1) {
      const order = drawOrder(paper);
      isPermutationOf(order.questions, 3);
      expect(order.options).toHaveLength(3);
      paper.optionCounts.forEach((count, index) => isPermutationOf(order.options[index] ?? [], count));
    }
  });

  it('moves questions and options over many draws', () => {
    const random = seeded(99);
    const firsts = new Set<number>();
    const firstOptions = new Set<number>();
    for (let draw = 0; draw < 200; draw += 1) {
      const order = drawOrder(paper, random);
      firsts.add(order.questions[0] ?? -1);
      firstOptions.add(order.options[2]?.[0] ?? -1);
    }
    expect(firsts.size).toBe(3);
    expect(firstOptions.size).toBe(6);
  });

  it("keeps the paper's own order for a part whose shuffling is off", () => {
    const random = seeded(5);
    expect(drawOrder({ ...paper, shuffleQuestions: false }, random).questions).toEqual([0, 1, 2]);
    expect(drawOrder({ ...paper, shuffleOptions: false }, random).options).toEqual([[0, 1, 2, 3], [0, 1], [0, 1, 2, 3, 4, 5]]);
  });

  it('is the same order for the same draws, as stored for every later start', () => {
    expect(drawOrder(paper, seeded(42))).toEqual(drawOrder(paper, seeded(42)));
    expect(JSON.parse(JSON.stringify(drawOrder(paper, seeded(42))))).toEqual(drawOrder(paper, seeded(42)));
  });
});

describe('the order as kept', () => {
  const own = ['q1', 'q2', 'q3'].map((id) => ({ id, options: ['a', 'b', 'c', 'd'].map((letter) => ({ id: `${id}${letter}` })) }));
  const drawn = {
    q: ['q3', 'q1', 'q2'],
    o: { q1: ['q1b', 'q1a', 'q1d', 'q1c'], q2: ['q2a', 'q2b', 'q2c', 'q2d'], q3: ['q3d', 'q3c', 'q3b', 'q3a'] },
  };

  it('keeps positions in the paper order and reads them back as the same ids', () => {
    const compact = compactOrder(drawn, own);
    expect(compact).toEqual({ questions: [2, 0, 1], options: [[1, 0, 3, 2], [0, 1, 2, 3], [3, 2, 1, 0]] });
    expect(attemptOrderOf(JSON.stringify(compact), own)).toEqual(drawn);
    expect(sittingOrderOf(JSON.stringify(compact), own)).toEqual(compact);
  });

  it('reads an order kept as ids (attempts started before positions) either way', () => {
    expect(attemptOrderOf(JSON.stringify(drawn), own)).toEqual(drawn);
    expect(sittingOrderOf(JSON.stringify(drawn), own)).toEqual(compactOrder(drawn, own));
  });
});
