import { createHmac } from 'node:crypto';
import type { MarkVariant } from '../../media/forensic-mark';

// Leak tracing: every segment of a lesson exists as variant A and B, and a student's
// playlist picks one per segment by a bit of the student's codeword. A tracer reads a leaked copy
// and gets, per segment it covers, a soft value; this file turns those into a student, or into a
// refusal. A wrong name is far worse than none, so every rule below is there to keep the chance of
// naming someone who did not leak under FALSE_ACCUSATION_TARGET, whatever the copy is.
//
// Why a false accusation is bounded for ANY copy, not just for noise: a student's codeword is an
// HMAC under a secret the server keeps, so it is a random word that no copy made without that
// student's stream can depend on (an unmarked copy, another lesson, noise, or a splice of two other
// students). Against such a copy, each bit position read agrees with that student by a coin toss,
// so the agreements over n distinct positions are Binomial(n, 1/2), and the union over the
// candidates bounds the chance that anyone innocent is named:
//
//   P[wrong name] <= candidates x P[Binomial(n, 1/2) >= n - maxDisagreeing] / P[balanced word]
//
// (the last factor, about 0.87 for L = 128, because only words near half ones are kept, which can
// raise the odds of a given pattern by at most its inverse). maxDisagreeing is the largest count
// that keeps this under the target for the candidates actually passed, so a lesson of 20 students
// tolerates more misread segments than one of 10,000, at the same risk.
//
// Positions, not segments, are the unit of evidence: segment i carries bit i mod L, so a copy
// longer than L reads some bits twice, and two readings of one bit are one coin toss for an
// innocent student, not two. Readings of one position are summed first (two agreeing readings make
// it surer, a disagreeing pair cancels into "unreadable" instead of a wrong bit).
//
// Why L = 128 (12.8 minutes), not 64 or 48: naming one of 10,000 at 1e-6 takes log2(1e10) = 33.2
// bits of evidence even when every bit read is right, and each misread costs more. Any stretch of
// 6 minutes holds 60 distinct bits whatever L is from 60 up, but only 48 with L = 48 (3 misreads
// tolerated among 10,000 instead of 6). Beyond 6 minutes a longer L keeps adding independent bits
// where a shorter one only re-reads: a 10-minute copy with 10 % of segments misread and 10 %
// unreadable, among 10,000 candidates, was named in 98 of 100 simulated traces with L = 128 and 57
// with L = 64 (never wrongly with either). Copies longer than 12.8 minutes re-read bits, which
// turns misreads into erasures.
// What no choice of L fixes: one bit per segment caps the evidence, so a 6-minute copy with 10 %
// misread and 10 % unreadable (about 54 read, 5-6 wrong) is named among a class-sized list of
// candidates (about 4 in 5 for 20 students) but mostly not among 10,000 (3 in 10); there the tracer
// says 'no-candidate-close-enough' rather than guess, and a longer copy is needed.

/** Bits in a codeword; segment i carries bit i mod CODEWORD_BITS. */
export const CODEWORD_BITS = 128;
/** Words kept are within this many ones of half, so a full period that reads all A (an unmarked copy) or all B is far from every student. */
const BALANCE_SLACK = 8;
/** The chance, for one trace, of naming any student who did not leak the copy. */
export const FALSE_ACCUSATION_TARGET = 1e-6;
/** Fewer distinct positions read than this is too little to trust, even where the arithmetic would allow it. */
export const MIN_POSITIONS_READ = 40;
/** A position whose summed soft value is weaker than this counts as unreadable. */
const RELIABLE_SOFT = 0.25;
/** Belt and braces over the bound: never accept more than this share of disagreements. */
const MAX_DISAGREEING_SHARE = 0.2;
/** The best student's confidence-weighted score must reach this... */
const MIN_SCORE = 0.5;
/** ...and beat the runner-up's by this much; the rule below is the one that catches most splices. */
const MIN_MARGIN = 0.15;
/**
 * A runner-up matching this far beyond chance (candidates x its tail probability below this) is a
 * second source in the copy: a splice or collusion, so the trace names nobody. An honest
 * runner-up trips it one time in a thousand, costing a refusal, never a wrong name.
 */
const SECOND_SOURCE_ODDS = 1e-3;

/** A student's bits, 0 = variant A, 1 = variant B. */
export type Codeword = Readonly<Uint8Array>;


/** What the tracer read from one segment of the copy: positive = A, negative = B, |soft| in 0..1 = confidence (more counts as 1), 0 = unreadable. */
export interface SegmentReading {
  segmentIndex: number;
  soft: number;
}

interface Evidence {
  /** Distinct positions read reliably. */
  read: number;
  /** Of the best student's, agreeing hard decisions. */
  agreeing: number;
  /** The best student's confidence-weighted agreement, -1..1. */
  score: number;
  runnerUpScore: number | null;
  /** The chance, under these rules, that this trace would name someone innocent (see the top of the file). */
  falseAccusationBound: number;
}

export type Identification =
  | ({ studentId: string; /** 1 - the chance that an innocent student among the candidates agrees this well. */ confidence: number } & Evidence)
  | ({ studentId: null; reason: 'too-few-segments' | 'no-candidate-close-enough' | 'ambiguous' } & Evidence);

function weight(bits: Uint8Array): number {
  let ones = 0;
  for (const bit of bits) ones += bit;
  return ones;
}

/**
 * The student's codeword: the first CODEWORD_BITS-bit chunk of HMAC-SHA256(secret,
 * `forensic-codeword:${studentId}:${counter}`), counter = 0, 1, ..., whose weight is near half.
 * The counter is the last ':'-separated field and always an integer, so no two (student, counter)
 * pairs hash the same text.
 */
export function deriveCodeword(secret: string | Buffer, studentId: string): Codeword {
  const chunkBytes = CODEWORD_BITS / 8;
  for (let counter = 0; ; counter += 1) {
    const digest = createHmac('sha256', secret).update(`forensic-codeword:${studentId}:${counter}`).digest();
    for (let offset = 0; offset + chunkBytes <= digest.length; offset += chunkBytes) {
      const bits = new Uint8Array(CODEWORD_BITS);
      for (let i = 0; i < CODEWORD_BITS; i += 1) bits[i] = ((digest[offset + (i >> 3)] ?? 0) >> (i & 7)) & 1;
      if (Math.abs(weight(bits) - CODEWORD_BITS / 2) <= BALANCE_SLACK) return bits;
    }
  }
}

function codewordBit(codeword: Codeword, segmentIndex: number): 0 | 1 {
  if (!Number.isInteger(segmentIndex) || segmentIndex < 0) throw new RangeError(`segment index ${segmentIndex}`);
  return codeword[segmentIndex % codeword.length] === 1 ? 1 : 0;
}

/** The variant a student's playlist serves for a segment. */
export function variantFor(codeword: Codeword, segmentIndex: number): MarkVariant {
  return codewordBit(codeword, segmentIndex) === 0 ? 'A' : 'B';
}

/** ln C(n, k) for every k of one n, summed in logs so n up to CODEWORD_BITS never overflows. */
function logBinomials(n: number): number[] {
  const out = [0];
  for (let k = 1; k <= n; k += 1) out.push((out[k - 1] ?? 0) + Math.log(n - k + 1) - Math.log(k));
  return out;
}

/** P[Binomial(n, 1/2) <= k]: an innocent student disagreeing on k or fewer of n positions. */
export function chanceTail(n: number, k: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  const logs = logBinomials(n);
  let sum = 0;
  for (let j = 0; j <= k; j += 1) sum += Math.exp((logs[j] ?? 0) - n * Math.LN2);
  return Math.min(1, sum);
}

/** P[a uniformly random word is balanced]: kept words are conditioned on this, see the top of the file. */
const BALANCED_SHARE = (() => {
  const logs = logBinomials(CODEWORD_BITS);
  let sum = 0;
  for (let k = CODEWORD_BITS / 2 - BALANCE_SLACK; k <= CODEWORD_BITS / 2 + BALANCE_SLACK; k += 1) sum += Math.exp((logs[k] ?? 0) - CODEWORD_BITS * Math.LN2);
  return sum;
})();

/** The chance that any of `candidates` innocent students disagrees on `disagreeing` or fewer of `read` positions. */
function falseMatchChance(read: number, disagreeing: number, candidates: number): number {
  return Math.min(1, (candidates * chanceTail(read, disagreeing)) / BALANCED_SHARE);
}

/** The most disagreements accepted over `read` positions among `candidates`, or -1 when even none would be too risky. */
export function maxDisagreeing(read: number, candidates: number): number {
  const cap = Math.floor(read * MAX_DISAGREEING_SHARE);
  let allowed = -1;
  while (allowed < cap && falseMatchChance(read, allowed + 1, candidates) <= FALSE_ACCUSATION_TARGET) allowed += 1;
  return allowed;
}

/** The summed soft value per bit position, kept only where it is strong enough to read. */
function positionsRead(readings: readonly SegmentReading[]): Map<number, number> {
  const sums = new Map<number, number>();
  for (const { segmentIndex, soft } of readings) {
    if (!Number.isInteger(segmentIndex) || segmentIndex < 0 || !Number.isFinite(soft)) continue;
    const position = segmentIndex % CODEWORD_BITS;
    sums.set(position, (sums.get(position) ?? 0) + Math.max(-1, Math.min(1, soft)));
  }
  for (const [position, sum] of sums) if (Math.abs(sum) < RELIABLE_SOFT) sums.delete(position);
  return sums;
}

/** One placement's readings, ready to compare with codewords. */
function placement(readings: readonly SegmentReading[]) {
  const positions = positionsRead(readings);
  let total = 0;
  for (const soft of positions.values()) total += Math.abs(soft);
  return { positions, read: positions.size, total };
}

/**
 * Names the student whose stream the copy was saved from, among the students who could have
 * streamed the lesson, or refuses. `alignments` holds the readings at each place in the lesson
 * the copy's picture could be (mark-reading.ts: a still slide fits at many), best fit first; each
 * (student, alignment) pair is one more way for an innocent match to happen by chance, so the
 * bound at the top of the file counts candidates x alignments. Maximum likelihood: the pair whose
 * codeword correlates best with the readings, accepted only when it passes that bound and every
 * rule of the constants above (enough read, score, margin over any other student, no second source).
 */
export function identifyStudent(alignments: ReadonlyArray<readonly SegmentReading[]>, candidates: readonly string[], secret: string | Buffer): Identification {
  const placements = (alignments.length > 0 ? alignments : [[]]).map(placement);
  const distinct = [...new Set(candidates)];
  const hypotheses = distinct.length * placements.length;

  const matches = distinct.flatMap((studentId) => {
    const codeword = deriveCodeword(secret, studentId);
    return placements.map(({ positions, read, total }, at) => {
      let correlation = 0;
      let agreeing = 0;
      for (const [position, soft] of positions) {
        const signed = codeword[position] === 1 ? -soft : soft;
        correlation += signed;
        if (signed > 0) agreeing += 1;
      }
      return { studentId, at, read, score: total > 0 ? correlation / total : 0, agreeing };
    });
  });
  type Match = (typeof matches)[number];
  const better = (a: Match | undefined, b: Match) => (!a || b.score > a.score || (b.score === a.score && b.agreeing > a.agreeing) ? b : a);
  // One pass for the best pair, one for the best other student and, per placement, the other
  // student agreeing most (the second-source rule looks at hard agreements, which the score order
  // need not follow): students x placements can be 640,000 pairs, not worth sorting.
  const best = matches.reduce<Match | undefined>(better, undefined);
  let runnerUp: Match | undefined;
  const mostAgreeing = new Map<number, Match>();
  for (const match of matches) {
    if (match.studentId === best?.studentId) continue;
    runnerUp = better(runnerUp, match);
    if (match.agreeing > (mostAgreeing.get(match.at)?.agreeing ?? -1)) mostAgreeing.set(match.at, match);
  }
  const secondSource = [...mostAgreeing.values()].reduce((least, match) => Math.min(least, falseMatchChance(match.read, match.read - match.agreeing, hypotheses)), 1);

  const read = best?.read ?? 0;
  const allowed = maxDisagreeing(read, hypotheses);
  const falseAccusationBound = allowed < 0 ? 0 : falseMatchChance(read, allowed, hypotheses);
  const evidence: Evidence = { read, agreeing: best?.agreeing ?? 0, score: best?.score ?? 0, runnerUpScore: runnerUp?.score ?? null, falseAccusationBound };
  if (!best || read < MIN_POSITIONS_READ || allowed < 0) return { studentId: null, reason: 'too-few-segments', ...evidence };
  if (read - best.agreeing > allowed || best.score < MIN_SCORE) return { studentId: null, reason: 'no-candidate-close-enough', ...evidence };
  if (runnerUp && (best.score - runnerUp.score < MIN_MARGIN || secondSource < SECOND_SOURCE_ODDS)) {
    return { studentId: null, reason: 'ambiguous', ...evidence };
  }
  return { studentId: best.studentId, confidence: 1 - falseMatchChance(read, read - best.agreeing, hypotheses), ...evidence };
}
