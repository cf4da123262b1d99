// Each student's order of questions and options, drawn once at start and kept in the attempt
// (`order_json`), so every start, reload and device shows the same paper (papers.md 'Integrity').
// It is kept as positions (the start's `SittingOrder`, a few hundred bytes), not ids (some 10 KB for
// 50 questions); attempts started before that keep ids, and `attemptOrderOf` reads both.
// The random source is injected so tests can draw from a seeded one; the server's is
// cryptographic, so no student can predict a classmate's order.
import { randomInt } from 'node:crypto';
import type { SittingOrder } from '@academy/contract';

/** A whole number from 0 to `below − 1`, each equally likely. */
export type RandomIntSource = (below: number) => number;

export const cryptoRandomInt: RandomIntSource = (below) => randomInt(below);

/** Fisher–Yates: every permutation equally likely, given a fair source. */
export function shuffled<T>(items: readonly T[], random: RandomIntSource = cryptoRandomInt): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = random(i + 1);
    const picked = result[j] as T;
    result[j] = result[i] as T;
    result[i] = picked;
  }
  return result;
}

/** An order as ids: question ids, and each question's option ids (how attempts started before positions keep it). */
export interface AttemptOrder {
  q: string[];
  o: Record<string, string[]>;
}

export interface OrderedPaper {
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  /** How many options each question has, in the paper's own order. */
  optionCounts: readonly number[];
}

const positions = (count: number) => Array.from({ length: count }, (_, index) => index);

/**
 * A student's order at start, as positions in the paper's own order (what the attempt keeps and
 * the start answers); a setting that is off keeps the paper's own order for that part.
 */
export function drawOrder(paper: OrderedPaper, random: RandomIntSource = cryptoRandomInt): SittingOrder {
  const own = positions(paper.optionCounts.length);
  return {
    questions: paper.shuffleQuestions ? shuffled(own, random) : own,
    options: paper.optionCounts.map((count) => (paper.shuffleOptions ? shuffled(positions(count), random) : positions(count))),
  };
}

/**
 * Items (a paper's questions, or one question's options) in the order an attempt keeps
 * (`order.q`, or `order.o[questionId]`): every view of an attempt shows what its student saw.
 */
export function inAttemptOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[] = []): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A paper's questions and options in its own order (the questions answer's order). */
type OwnOrder = readonly { id: string; options: readonly { id: string }[] }[];

/** An order kept as ids, as positions in the paper's own order. */
export function compactOrder(order: AttemptOrder, questions: OwnOrder): SittingOrder {
  const questionAt = new Map(questions.map((question, index) => [question.id, index]));
  return {
    questions: order.q.map((id) => questionAt.get(id) ?? -1),
    options: questions.map((question) => {
      const optionAt = new Map(question.options.map((option, index) => [option.id, index]));
      return (order.o[question.id] ?? []).map((id) => optionAt.get(id) ?? -1);
    }),
  };
}

/** An attempt's `order_json`, kept as positions or (attempts started before) as ids, as positions. */
export function sittingOrderOf(orderJson: string, questions: OwnOrder): SittingOrder {
  const kept = JSON.parse(orderJson) as SittingOrder | AttemptOrder;
  return 'questions' in kept ? kept : compactOrder(kept, questions);
}

/** An attempt's `order_json`, either way it is kept, as ids: what `inAttemptOrder` takes. */
export function attemptOrderOf(orderJson: string, questions: OwnOrder): AttemptOrder {
  const kept = JSON.parse(orderJson) as SittingOrder | AttemptOrder;
  if (!('questions' in kept)) return kept;
  const o: Record<string, string[]> = {};
  questions.forEach((question, index) => {
    o[question.id] = (kept.options[index] ?? []).flatMap((position) => question.options[position]?.id ?? []);
  });
  return { q: kept.questions.flatMap((position) => questions[position]?.id ?? []), o };
}
