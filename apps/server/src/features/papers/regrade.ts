// A regrade's plan (papers.md 'Admin actions', 'Regrade'): the new key, every handed-in attempt
// marked again, the ranks before and after, and who moves. Pure, so the preview and the regrade
// run the same function: the regrade holds the paper, plans again, and applies the plan only when
// its `basis` equals the preview's, so it applies exactly what the tutor was shown.
import { createHash } from 'node:crypto';
import { markAttempt, maxMarksOf, type HeldAnswer, type KeyedQuestion } from './marking';
import { rankEntries, type RankedEntry } from './ranking';

export interface RegradeQuestion {
  id: string;
  /** In the paper's own order: a change's `correct` is an index into it. */
  optionIds: readonly string[];
  keyOptionId: string;
  marks: number;
  dropped: boolean;
}

export interface RegradePaper {
  /** Bumped by every regrade: part of the basis, so two regrades planned on one key cannot both apply. */
  keyVersion: number;
  /** In the paper's own order. */
  questions: readonly RegradeQuestion[];
}

/** An attempt as ranked (deleted accounts left out by the caller). */
export interface RegradeAttempt {
  id: string;
  /** Null while open: such an attempt has no marks yet and is marked at its hand-in with the new key. */
  handedInAt: string | null;
  /** The total: MCQ marks plus any written marks joined at release. */
  marks: number | null;
  /** The written part's joined marks, which a regrade leaves as they are. */
  writtenMarks?: number | null;
  district: string;
  batch: string;
}

export interface AttemptAnswer extends HeldAnswer {
  attemptId: string;
}

export interface RegradeChange {
  questionId: string;
  /** 0-based index of the new key among the question's options, in the paper's own order. */
  correct?: number;
  marks?: number;
  dropped?: boolean;
}

export interface RegradeChangeError {
  /** The change's position in the list, for the field `changes.N.…`. */
  index: number;
  field: 'questionId' | 'correct';
  problem: 'not-a-question' | 'not-an-option';
}

export interface RegradedAttempt {
  id: string;
  marksBefore: number;
  marksAfter: number;
  correct: number;
  answered: number;
  islandRankBefore: number;
  islandRankAfter: number;
  districtRank: number;
  batchRank: number;
}

export interface RegradeMove {
  attemptId: string;
  marksBefore: number;
  marksAfter: number;
  islandRankBefore: number;
  islandRankAfter: number;
}

export interface RegradePlan {
  basis: string;
  /** The key version the regrade writes. */
  keyVersion: number;
  maxMarksBefore: number;
  maxMarksAfter: number;
  /** The whole new key, in the paper's own order. */
  questions: KeyedQuestion[];
  /** Questions whose key, marks or dropping differ from before. */
  changed: string[];
  /** Every handed-in attempt, in the order given, with its new marks and ranks. */
  attempts: RegradedAttempt[];
  /** Attempts whose marks or island rank change, by island rank after, then before. */
  moves: RegradeMove[];
  /** How many handed-in attempts keep both their marks and their island rank. */
  unchanged: number;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * SHA-256 over the key version and every attempt's id, hand-in time and marks, in id order: any
 * hand-in, reopening or other regrade between a preview and its regrade changes it.
 */
export function regradeBasis(keyVersion: number, attempts: readonly Pick<RegradeAttempt, 'id' | 'handedInAt' | 'marks'>[]): string {
  const rows = [...attempts].sort((a, b) => byCodeUnits(a.id, b.id)).map((attempt) => [attempt.id, attempt.handedInAt, attempt.marks]);
  return createHash('sha256').update(JSON.stringify([keyVersion, rows])).digest('hex');
}

/** The changes that name no question of the paper, or no option of their question. */
export function regradeChangeErrors(paper: RegradePaper, changes: readonly RegradeChange[]): RegradeChangeError[] {
  const questions = new Map(paper.questions.map((question) => [question.id, question]));
  const errors: RegradeChangeError[] = [];
  changes.forEach((change, index) => {
    const question = questions.get(change.questionId);
    if (!question) errors.push({ index, field: 'questionId', problem: 'not-a-question' });
    else if (change.correct !== undefined && question.optionIds[change.correct] === undefined) errors.push({ index, field: 'correct', problem: 'not-an-option' });
  });
  return errors;
}

/** Changes apply in order, so a later change of the same question wins on the fields it names. */
function newKey(paper: RegradePaper, changes: readonly RegradeChange[]): KeyedQuestion[] {
  const key = new Map(paper.questions.map((q) => [q.id, { id: q.id, keyOptionId: q.keyOptionId, marks: q.marks, dropped: q.dropped }]));
  const options = new Map(paper.questions.map((q) => [q.id, q.optionIds]));
  for (const change of changes) {
    const question = key.get(change.questionId);
    if (!question) continue;
    const keyOptionId = change.correct === undefined ? undefined : options.get(change.questionId)?.[change.correct];
    if (keyOptionId !== undefined) question.keyOptionId = keyOptionId;
    if (change.marks !== undefined) question.marks = change.marks;
    if (change.dropped !== undefined) question.dropped = change.dropped;
  }
  return [...key.values()];
}

type Marked = RegradeAttempt & { handedInAt: string; marks: number };

function isMarked(attempt: RegradeAttempt): attempt is Marked {
  return attempt.handedInAt !== null && attempt.marks !== null;
}

function ranksById(ranked: readonly RankedEntry[]): Map<string, RankedEntry> {
  return new Map(ranked.map((entry) => [entry.id, entry]));
}

/** Throws on a change `regradeChangeErrors` refuses: the service answers those with a 400 first. */
export function planRegrade(paper: RegradePaper, attempts: readonly RegradeAttempt[], answers: readonly AttemptAnswer[], changes: readonly RegradeChange[]): RegradePlan {
  if (regradeChangeErrors(paper, changes).length > 0) throw new RangeError('A regrade change names no question or option of the paper');
  const questions = newKey(paper, changes);
  const changed = questions
    .filter((after, index) => {
      const before = paper.questions[index];
      return !before || before.keyOptionId !== after.keyOptionId || before.marks !== after.marks || before.dropped !== after.dropped;
    })
    .map((question) => question.id);

  const answersOf = new Map<string, HeldAnswer[]>();
  for (const answer of answers) {
    const list = answersOf.get(answer.attemptId);
    if (list) list.push(answer);
    else answersOf.set(answer.attemptId, [answer]);
  }
  const marked = attempts.filter(isMarked);
  const markings = new Map(marked.map((attempt) => [attempt.id, markAttempt(questions, answersOf.get(attempt.id) ?? [])]));
  const before = ranksById(rankEntries(marked).ranked);
  const totalOf = (attempt: Marked) => (markings.get(attempt.id)?.marks ?? 0) + (attempt.writtenMarks ?? 0);
  const after = ranksById(rankEntries(marked.map((attempt) => ({ ...attempt, marks: totalOf(attempt) }))).ranked);

  const regraded: RegradedAttempt[] = marked.map((attempt) => {
    const marking = markings.get(attempt.id) ?? { marks: 0, correct: 0, answered: 0 };
    const ranksAfter = after.get(attempt.id);
    return {
      id: attempt.id,
      marksBefore: attempt.marks,
      marksAfter: totalOf(attempt),
      correct: marking.correct,
      answered: marking.answered,
      islandRankBefore: before.get(attempt.id)?.islandRank ?? 0,
      islandRankAfter: ranksAfter?.islandRank ?? 0,
      districtRank: ranksAfter?.districtRank ?? 0,
      batchRank: ranksAfter?.batchRank ?? 0,
    };
  });
  const moves = regraded
    .filter((attempt) => attempt.marksBefore !== attempt.marksAfter || attempt.islandRankBefore !== attempt.islandRankAfter)
    .sort((a, b) => a.islandRankAfter - b.islandRankAfter || a.islandRankBefore - b.islandRankBefore || byCodeUnits(a.id, b.id))
    .map((attempt) => ({
      attemptId: attempt.id,
      marksBefore: attempt.marksBefore,
      marksAfter: attempt.marksAfter,
      islandRankBefore: attempt.islandRankBefore,
      islandRankAfter: attempt.islandRankAfter,
    }));

  return {
    basis: regradeBasis(paper.keyVersion, attempts),
    keyVersion: paper.keyVersion + 1,
    maxMarksBefore: maxMarksOf(paper.questions),
    maxMarksAfter: maxMarksOf(questions),
    questions,
    changed,
    attempts: regraded,
    moves,
    unchanged: regraded.length - moves.length,
  };
}
