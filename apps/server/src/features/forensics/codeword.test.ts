import { describe, expect, it } from 'vitest';
import {
  chanceTail,
  CODEWORD_BITS,
  deriveCodeword,
  FALSE_ACCUSATION_TARGET,
  identifyStudent,
  maxDisagreeing,
  MIN_POSITIONS_READ,
  variantFor,
  type Codeword,
  type SegmentReading,
} from './codeword';

// Leak tracing: the codeword names the student from a part of the lesson with misread segments, and
// never names a student who did not leak the copy: not for an unmarked copy, not for noise, not for
// a splice of two other students. Trials use a seeded generator, so a failure reproduces.

const SECRET = 'test-forensic-secret';
const TEN_MINUTES = 100;
const ONE_HOUR = 600;
/** Hundreds of traces among thousands of candidates: seconds alone, over 20 on a CI machine busy with every suite. */
const MANY_TRACES = { timeout: 120_000 };

/** mulberry32: small, seeded, good enough to pick segments and flips. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const students = (count: number, prefix = 'student') => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

/** What a tracer reads from a clean copy of `codeword`'s stream: full confidence, no mistakes. */
function cleanCopy(codeword: Codeword, from: number, count: number): SegmentReading[] {
  return Array.from({ length: count }, (_, k) => ({ segmentIndex: from + k, soft: variantFor(codeword, from + k) === 'A' ? 1 : -1 }));
}

/** A worn copy: confidence 0.3-1 per segment, `flipped` of them read as the other variant (just as confidently), `unreadable` read as 0. */
function wornCopy(codeword: Codeword, from: number, count: number, random: () => number, flipped: number, unreadable: number): SegmentReading[] {
  return cleanCopy(codeword, from, count).map(({ segmentIndex, soft }) => {
    const roll = random();
    const confidence = 0.3 + 0.7 * random();
    if (roll < unreadable) return { segmentIndex, soft: 0 };
    return { segmentIndex, soft: (roll < unreadable + flipped ? -soft : soft) * confidence };
  });
}

function hamming(a: Codeword, b: Codeword): number {
  let distance = 0;
  for (let i = 0; i < CODEWORD_BITS; i += 1) if (a[i] !== b[i]) distance += 1;
  return distance;
}

describe('codewords', () => {
  it('are the same for the same secret and student, and differ for another secret', () => {
    expect(deriveCodeword(SECRET, 'student-1')).toEqual(deriveCodeword(SECRET, 'student-1'));
    expect(hamming(deriveCodeword(SECRET, 'student-1'), deriveCodeword('another-secret', 'student-1'))).toBeGreaterThan(30);
  });

  it('give two students different variant sequences, far apart', () => {
    const words = students(100).map((id) => deriveCodeword(SECRET, id));
    let closest = CODEWORD_BITS;
    for (let i = 0; i < words.length; i += 1) for (let j = i + 1; j < words.length; j += 1) closest = Math.min(closest, hamming(words[i]!, words[j]!));
    // Random 128-bit words sit 64 apart give or take 6; the closest pair of 100 is still far.
    expect(closest).toBeGreaterThanOrEqual(35);
    const first = Array.from({ length: TEN_MINUTES }, (_, i) => variantFor(words[0]!, i)).join('');
    const second = Array.from({ length: TEN_MINUTES }, (_, i) => variantFor(words[1]!, i)).join('');
    expect(first).not.toBe(second);
  });

  it('are near half B, so an all-A copy is far from every student, and repeat every CODEWORD_BITS segments', () => {
    for (const id of students(500)) {
      const word = deriveCodeword(SECRET, id);
      const ones = word.reduce((sum, bit) => sum + bit, 0);
      expect(Math.abs(ones - CODEWORD_BITS / 2)).toBeLessThanOrEqual(8);
    }
    const word = deriveCodeword(SECRET, 'student-7');
    for (let i = 0; i < CODEWORD_BITS; i += 1) expect(variantFor(word, i + 3 * CODEWORD_BITS)).toBe(variantFor(word, i));
  });
});

describe('the false-accusation bound', () => {
  it('is the exact binomial tail', () => {
    expect(chanceTail(40, 1)).toBeCloseTo(41 / 2 ** 40, 20);
    expect(chanceTail(10, 4)).toBeCloseTo((1 + 10 + 45 + 120 + 210) / 1024, 12);
  });

  it('stays under the target among 10,000 candidates from the minimum read on, and tolerates more misreads as more is read', () => {
    expect(maxDisagreeing(MIN_POSITIONS_READ, 10_000)).toBeGreaterThanOrEqual(0);
    for (let read = MIN_POSITIONS_READ; read <= CODEWORD_BITS; read += 1) {
      const allowed = maxDisagreeing(read, 10_000);
      // 0.86: a little under the share of 128-bit words kept as balanced (0.867).
      expect((10_000 * chanceTail(read, allowed)) / 0.86).toBeLessThanOrEqual(FALSE_ACCUSATION_TARGET);
    }
    expect(maxDisagreeing(100, 10_000)).toBeGreaterThanOrEqual(15);
    expect(maxDisagreeing(60, 20)).toBeGreaterThan(maxDisagreeing(60, 10_000));
  });
});

describe('identifying a student from a leaked copy', () => {
  const tenThousand = students(10_000);
  const twoThousand = tenThousand.slice(0, 2_000);

  it('names the student from a clean copy of the whole lesson, among 10,000', () => {
    const result = identifyStudent([cleanCopy(deriveCodeword(SECRET, 'student-4321'), 0, TEN_MINUTES)], tenThousand, SECRET);
    expect(result).toMatchObject({ studentId: 'student-4321', read: TEN_MINUTES, agreeing: TEN_MINUTES, score: 1 });
    if (result.studentId === null) throw new Error(result.reason);
    expect(result.confidence).toBeGreaterThanOrEqual(1 - FALSE_ACCUSATION_TARGET);
    expect(result.falseAccusationBound).toBeLessThanOrEqual(FALSE_ACCUSATION_TARGET);
    expect(result.runnerUpScore).toBeLessThan(0.6);
  });

  it('names the student from 6 minutes starting mid-lesson, among 10,000', () => {
    const result = identifyStudent([cleanCopy(deriveCodeword(SECRET, 'student-77'), 437, 60)], tenThousand, SECRET);
    expect(result).toMatchObject({ studentId: 'student-77', read: 60, agreeing: 60 });
  });

  it('sums a whole hour onto the codeword: every bit read, nothing lost to the repeats', () => {
    const result = identifyStudent([cleanCopy(deriveCodeword(SECRET, 'student-5'), 0, ONE_HOUR)], twoThousand, SECRET);
    expect(result).toMatchObject({ studentId: 'student-5', read: CODEWORD_BITS, agreeing: CODEWORD_BITS });
  });

  it('names the student with 10 % of segments misread and 10 % unreadable, and never someone else', MANY_TRACES, () => {
    const random = seeded(16);
    const outcomes = { right: 0, wrong: 0, none: 0 };
    const tally = (result: ReturnType<typeof identifyStudent>, leaker: string) => {
      if (result.studentId === null) outcomes.none += 1;
      else if (result.studentId === leaker) outcomes.right += 1;
      else outcomes.wrong += 1;
    };
    // A 10-minute copy among 2,000 candidates.
    for (let trial = 0; trial < 40; trial += 1) {
      const leaker = pick(twoThousand, random);
      const from = Math.floor(random() * ONE_HOUR);
      tally(identifyStudent([wornCopy(deriveCodeword(SECRET, leaker), from, TEN_MINUTES, random, 0.1, 0.1)], twoThousand, SECRET), leaker);
    }
    expect(outcomes.wrong).toBe(0);
    expect(outcomes.right).toBeGreaterThanOrEqual(36);

    // A 6-minute copy among a class of 20: one bit per segment leaves less room, so about one in five is
    // refused (see codeword.ts), and none is named wrongly.
    const reset = { right: 0, wrong: 0, none: 0 };
    Object.assign(outcomes, reset);
    const classOfTwenty = students(20, 'pupil');
    for (let trial = 0; trial < 40; trial += 1) {
      const leaker = pick(classOfTwenty, random);
      const from = Math.floor(random() * ONE_HOUR);
      tally(identifyStudent([wornCopy(deriveCodeword(SECRET, leaker), from, 60, random, 0.1, 0.1)], classOfTwenty, SECRET), leaker);
    }
    expect(outcomes.wrong).toBe(0);
    expect(outcomes.right).toBeGreaterThanOrEqual(26);
  });

  it('tries every placement of a copy whose picture repeats, names the student at the right one, counting each in the bound', MANY_TRACES, () => {
    const random = seeded(99);
    const classOfTwenty = students(20, 'pupil');
    /** The same readings put `shift` segments off: what reading the copy at a wrong placement gives. */
    const shifted = (copy: SegmentReading[], shift: number) => copy.map((reading) => ({ ...reading, segmentIndex: reading.segmentIndex + shift }));
    // The bench's lecture fits a copy every 4 s equally well: 57 placements over a 10-minute lesson.
    const shifts = Array.from({ length: 57 }, (_, k) => Math.round(((k - 28) * 4) / 6)).filter((shift) => shift !== 0);
    let named = 0;
    for (let trial = 0; trial < 30; trial += 1) {
      const leaker = pick(classOfTwenty, random);
      const copy = wornCopy(deriveCodeword(SECRET, leaker), 30 + Math.floor(random() * 40), 61, random, 0.03, 0.05);
      const placements = shifts.map((shift) => shifted(copy, shift));
      // The right placement somewhere among the others, not first.
      placements.splice(trial % placements.length, 0, copy);
      const result = identifyStudent(placements, classOfTwenty, SECRET);
      if (result.studentId !== null) {
        expect(result.studentId).toBe(leaker);
        expect(result.falseAccusationBound).toBeLessThanOrEqual(FALSE_ACCUSATION_TARGET);
        named += 1;
      }
      // Without the right placement, no one: a wrong placement is another coin toss per position.
      expect(identifyStudent(shifts.map((shift) => shifted(copy, shift)), classOfTwenty, SECRET).studentId).toBeNull();
    }
    expect(named).toBeGreaterThanOrEqual(27);
    // Each placement is one more chance for an innocent match: fewer disagreements are tolerated.
    expect(maxDisagreeing(60, 20 * 57)).toBeLessThan(maxDisagreeing(60, 20));
  });

  it('refuses a copy too short to read enough, even with a single candidate', () => {
    const result = identifyStudent([cleanCopy(deriveCodeword(SECRET, 'student-1'), 0, MIN_POSITIONS_READ - 1)], ['student-1'], SECRET);
    expect(result).toMatchObject({ studentId: null, reason: 'too-few-segments', read: MIN_POSITIONS_READ - 1 });
    // Unreadable segments do not count towards the minimum.
    const faint = cleanCopy(deriveCodeword(SECRET, 'student-1'), 0, TEN_MINUTES).map((reading, i) => (i % 4 === 0 ? reading : { ...reading, soft: 0.1 }));
    expect(identifyStudent([faint], ['student-1'], SECRET)).toMatchObject({ studentId: null, reason: 'too-few-segments' });
  });

  it('refuses an unmarked copy (all A) and an all-B copy, among 2,000', MANY_TRACES, () => {
    for (const soft of [1, -1]) {
      for (const length of [60, TEN_MINUTES, ONE_HOUR]) {
        const copy = Array.from({ length }, (_, segmentIndex) => ({ segmentIndex, soft }));
        const result = identifyStudent([copy], twoThousand, SECRET);
        expect(result.studentId, `soft ${soft}, ${length} segments`).toBeNull();
      }
    }
  });

  it('never names anyone from noise, among 2,000', MANY_TRACES, () => {
    const random = seeded(7);
    let named = 0;
    for (let trial = 0; trial < 150; trial += 1) {
      const from = Math.floor(random() * ONE_HOUR);
      const hard = trial % 2 === 0;
      const copy = Array.from({ length: TEN_MINUTES }, (_, k) => ({ segmentIndex: from + k, soft: hard ? (random() < 0.5 ? 1 : -1) : 2 * random() - 1 }));
      const result = identifyStudent([copy], twoThousand, SECRET);
      expect(result.read).toBeGreaterThanOrEqual(MIN_POSITIONS_READ);
      if (result.studentId !== null) named += 1;
    }
    expect(named).toBe(0);
  });

  it('names one of two students whose copies were spliced, or nobody, never a third', MANY_TRACES, () => {
    const random = seeded(42);
    const outcomes = { nobody: 0, oneOfThem: 0, third: 0 };
    let mixed = 0;
    let mixedNamed = 0;
    const splices: Array<(x: SegmentReading[], y: SegmentReading[]) => SegmentReading[]> = [
      (x, y) => x.map((reading, i) => (i < x.length / 2 ? reading : y[i]!)),
      (x, y) => x.map((reading, i) => (i % 2 === 0 ? reading : y[i]!)),
      // Most of it from one student: naming that student is right.
      (x, y) => x.map((reading, i) => (i < x.length * 0.8 ? reading : y[i]!)),
    ];
    for (let trial = 0; trial < 120; trial += 1) {
      const x = pick(twoThousand, random);
      let y = pick(twoThousand, random);
      while (y === x) y = pick(twoThousand, random);
      const from = Math.floor(random() * ONE_HOUR);
      // 10 minutes, and 30 minutes where the repeats are summed.
      const length = trial % 4 === 0 ? 300 : TEN_MINUTES;
      const splice = splices[trial % splices.length]!;
      const copy = splice(cleanCopy(deriveCodeword(SECRET, x), from, length), cleanCopy(deriveCodeword(SECRET, y), from, length));
      const result = identifyStudent([copy], twoThousand, SECRET);
      if (result.studentId === null) outcomes.nobody += 1;
      else if (result.studentId === x || result.studentId === y) outcomes.oneOfThem += 1;
      else outcomes.third += 1;
      if (trial % splices.length !== 2) {
        mixed += 1;
        if (result.studentId !== null) mixedNamed += 1;
      }
    }
    expect(outcomes.third).toBe(0);
    // Half and half, or alternating: usually too mixed to name anyone (the margin and second-source rules).
    expect(mixedNamed).toBeLessThanOrEqual(mixed / 10);
    expect(outcomes.oneOfThem).toBeGreaterThan(0);
  });
});
