// The admin's Statistics tab, exactly as papers.md 'Statistics' defines it. Pure: the caller
// passes the handed-in attempts of students who sat (deleted accounts left out), so N is their
// number. The mean, facility, D and the shares are computed from whole-number ratios and rounded
// once, halves away from zero, so a figure on the boundary of a rounding never depends on float noise.
import { maxMarksOf, type HeldAnswer } from './marking';

export interface StatisticsQuestion {
  id: string;
  text: string;
  marks: number;
  dropped: boolean;
  keyOptionId: string;
  /** In the paper's own order: labelled A–F in that order, whatever order students saw. */
  options: readonly { id: string; text: string }[];
}

export interface MarkedAttempt {
  marks: number;
  answers: readonly HeldAnswer[];
}

export interface StatisticsInput {
  /** In the paper's own order. */
  questions: readonly StatisticsQuestion[];
  attempts: readonly MarkedAttempt[];
  /** Results are not ready yet: figures may still move. */
  provisional: boolean;
}

export type QuestionFlag = 'distractor-beat-key' | 'negative-discrimination';

export interface OptionFigures {
  id: string;
  label: string;
  text: string;
  /** Null on a dropped question, which shows no figures; every share is 0 when no one sat. */
  count: number | null;
  share: number | null;
  isKey: boolean;
}

export interface QuestionStatistics {
  id: string;
  number: number;
  text: string;
  marks: number;
  dropped: boolean;
  keyOptionId: string;
  /** Percent of the N who answered it right, one decimal; null with no one, or dropped. */
  facility: number | null;
  /** D, two decimals; null below N = 2, or dropped. */
  discrimination: number | null;
  /** Fewer than 20 sat, so D says little. */
  fewStudents: boolean;
  unansweredShare: number | null;
  options: OptionFigures[];
  flags: QuestionFlag[];
}

export interface HistogramBar {
  from: number;
  to: number;
  count: number;
}

export interface PaperStatistics {
  sat: number;
  provisional: boolean;
  maxMarks: number;
  mean: number | null;
  median: number | null;
  standardDeviation: number | null;
  highest: number | null;
  lowest: number | null;
  histogram: HistogramBar[];
  /** n, the size of each of the upper and lower groups of D; 0 with no one. */
  groupSize: number;
  questions: QuestionStatistics[];
}

/** D is marked "few students" below this N. */
const FEW_STUDENTS_BELOW = 20;
/** One bar per mark up to this maxMarks. */
const ONE_MARK_BARS_UP_TO = 50;
/** Above it, bars ⌈maxMarks ÷ this⌉ marks wide, so never more bars than this. */
const MOST_WIDE_BARS = 25;
const OPTION_LABELS = ['A', 'B', 'C', 'D', 'E', 'F'];

/** numerator ÷ denominator (both whole, not negative) rounded half up to these decimals. */
function roundedRatio(numerator: number, denominator: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round((numerator * scale) / denominator) / scale;
}

/** Kelley's 27 %: round(0.27 × N) in whole numbers, at least 1. */
export function groupSizeFor(sat: number): number {
  return sat === 0 ? 0 : Math.max(1, Math.round((27 * sat) / 100));
}

/** Bars of papers.md: one per mark up to 50, else ⌈maxMarks ÷ 25⌉ wide; the last bar includes maxMarks. */
export function histogramOf(marks: readonly number[], maxMarks: number): HistogramBar[] {
  const width = maxMarks <= ONE_MARK_BARS_UP_TO ? 1 : Math.ceil(maxMarks / MOST_WIDE_BARS);
  const barCount = maxMarks <= ONE_MARK_BARS_UP_TO ? maxMarks + 1 : Math.ceil(maxMarks / width);
  const bars = Array.from({ length: barCount }, (_, index) => ({
    from: index * width,
    to: index === barCount - 1 ? maxMarks : (index + 1) * width - 1,
    count: 0,
  }));
  for (const mark of marks) {
    const bar = bars[Math.min(Math.floor(Math.max(mark, 0) / width), barCount - 1)];
    if (bar) bar.count += 1;
  }
  return bars;
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

interface Ratio {
  numerator: number;
  denominator: number;
}

/** A student as one group of D sees them: the rank score (higher is in) and whether they were right. */
interface Scored {
  score: number;
  right: boolean;
}

/**
 * The share right in the n highest scores, as the ratio {numerator, denominator}: those above the
 * boundary count whole, the t on it share the n − a places left, each with weight (n − a) ÷ t.
 */
function groupRight(scored: readonly Scored[], n: number): Ratio {
  const boundary = [...scored].sort((a, b) => b.score - a.score)[n - 1]?.score ?? 0;
  let above = 0;
  let rightAbove = 0;
  let tied = 0;
  let rightTied = 0;
  for (const student of scored) {
    if (student.score > boundary) {
      above += 1;
      if (student.right) rightAbove += 1;
    } else if (student.score === boundary) {
      tied += 1;
      if (student.right) rightTied += 1;
    }
  }
  // (rightAbove + (n − a) × rightTied ÷ t) ÷ n, kept in whole numbers.
  return { numerator: rightAbove * tied + (n - above) * rightTied, denominator: tied * n };
}

/** D = p_upper − p_lower, computed exactly, then rounded to two decimals. */
export function discriminationIndex(students: readonly { marks: number; right: boolean }[]): number | null {
  if (students.length < 2) return null;
  const n = groupSizeFor(students.length);
  const upper = groupRight(students.map((s) => ({ score: s.marks, right: s.right })), n);
  const lower = groupRight(students.map((s) => ({ score: -s.marks, right: s.right })), n);
  return roundedDifference(upper, lower);
}

/**
 * a − b to two decimals, half away from zero, in BigInt: the cross products grow as N⁴ and would
 * pass 2⁵³ with a few thousand students, where a float could no longer tell a tie from a half.
 */
function roundedDifference(a: Ratio, b: Ratio): number {
  const numerator = BigInt(a.numerator) * BigInt(b.denominator) - BigInt(b.numerator) * BigInt(a.denominator);
  const denominator = BigInt(a.denominator) * BigInt(b.denominator);
  const magnitude = numerator < 0n ? -numerator : numerator;
  const hundredths = Number((magnitude * 200n + denominator) / (2n * denominator)) / 100;
  return numerator < 0n && hundredths !== 0 ? -hundredths : hundredths;
}

/**
 * Percent shares of whole counts that add up to exactly 100.0: each gets its share rounded down
 * to a tenth, and the tenths left go to the largest remainders (the earlier part on a tie).
 */
export function sharesOf(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  const tenths = counts.map((count) => Math.floor((count * 1000) / total));
  const left = 1000 - tenths.reduce((sum, value) => sum + value, 0);
  const byRemainder = counts
    .map((count, index) => ({ index, remainder: (count * 1000) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder.slice(0, left)) tenths[index] = (tenths[index] ?? 0) + 1;
  return tenths.map((value) => value / 10);
}

function questionStatistics(question: StatisticsQuestion, index: number, attempts: readonly MarkedAttempt[], chosen: readonly Map<string, string | null>[]): QuestionStatistics {
  const sat = attempts.length;
  const base = {
    id: question.id,
    number: index + 1,
    text: question.text,
    marks: question.marks,
    dropped: question.dropped,
    keyOptionId: question.keyOptionId,
    fewStudents: sat < FEW_STUDENTS_BELOW,
  };
  const labelled = question.options.map((option, position) => ({
    id: option.id,
    label: OPTION_LABELS[position] ?? String(position + 1),
    text: option.text,
    isKey: option.id === question.keyOptionId,
  }));
  if (question.dropped) {
    return { ...base, facility: null, discrimination: null, unansweredShare: null, options: labelled.map((o) => ({ ...o, count: null, share: null })), flags: [] };
  }
  const picks = chosen.map((answers) => answers.get(question.id) ?? null);
  // An answer naming no option of the question cannot be stored; were it there, it counts as none.
  const counts = question.options.map((option) => picks.filter((pick) => pick === option.id).length);
  const unanswered = sat - counts.reduce((sum, count) => sum + count, 0);
  const shares = sharesOf([...counts, unanswered]);
  const right = picks.filter((pick) => pick === question.keyOptionId).length;
  const discrimination = discriminationIndex(attempts.map((attempt, i) => ({ marks: attempt.marks, right: picks[i] === question.keyOptionId })));
  const keyCount = counts[question.options.findIndex((option) => option.id === question.keyOptionId)] ?? 0;
  const flags: QuestionFlag[] = [];
  if (counts.some((count, position) => question.options[position]?.id !== question.keyOptionId && count > keyCount)) flags.push('distractor-beat-key');
  if (discrimination !== null && discrimination < 0) flags.push('negative-discrimination');
  return {
    ...base,
    facility: sat === 0 ? null : roundedRatio(right * 100, sat, 1),
    discrimination,
    unansweredShare: shares[counts.length] ?? 0,
    options: labelled.map((option, position) => ({ ...option, count: counts[position] ?? 0, share: shares[position] ?? 0 })),
    flags,
  };
}

export function paperStatistics(input: StatisticsInput): PaperStatistics {
  const { attempts, questions } = input;
  const sat = attempts.length;
  const maxMarks = maxMarksOf(questions);
  const marks = attempts.map((attempt) => attempt.marks).sort((a, b) => a - b);
  const total = marks.reduce((sum, mark) => sum + mark, 0);
  const mean = sat === 0 ? null : total / sat;
  const variance = mean === null ? null : marks.reduce((sum, mark) => sum + (mark - mean) ** 2, 0) / sat;
  const chosen = attempts.map((attempt) => new Map(attempt.answers.map((answer) => [answer.questionId, answer.optionId])));
  return {
    sat,
    provisional: input.provisional,
    maxMarks,
    mean: sat === 0 ? null : roundedRatio(total, sat, 2),
    median: sat === 0 ? null : median(marks),
    standardDeviation: variance === null ? null : Math.round(Math.sqrt(variance) * 100) / 100,
    highest: marks.at(-1) ?? null,
    lowest: marks[0] ?? null,
    histogram: histogramOf(marks, maxMarks),
    groupSize: groupSizeFor(sat),
    questions: questions.map((question, index) => questionStatistics(question, index, attempts, chosen)),
  };
}
