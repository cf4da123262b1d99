// Each student's order of questions and options, drawn once at start and kept in the attempt
// (`order_json`), so every start, reload and device shows the same paper (papers.md 'Integrity').
// The random source is injected so tests can draw from a seeded one; the server's is
// cryptographic, so no student can predict a classmate's order.
import { randomInt } from 'node:crypto';

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

/** The order as the attempt stores it: question ids, and each question's option ids. */
export interface AttemptOrder {
  q: string[];
  o: Record<string, string[]>;
}

export interface OrderedPaper {
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  /** In the paper's own order, each with its option ids in the paper's own order. */
  questions: readonly { id: string; optionIds: readonly string[] }[];
}

/** A student's order at start; a setting that is off keeps the paper's own order for that part. */
export function drawOrder(paper: OrderedPaper, random: RandomIntSource = cryptoRandomInt): AttemptOrder {
  const ids = paper.questions.map((question) => question.id);
  const q = paper.shuffleQuestions ? shuffled(ids, random) : ids;
  const o: Record<string, string[]> = {};
  for (const question of paper.questions) {
    o[question.id] = paper.shuffleOptions ? shuffled(question.optionIds, random) : [...question.optionIds];
  }
  return { q, o };
}

/**
 * Items (a paper's questions, or one question's options) in the order an attempt keeps
 * (`order.q`, or `order.o[questionId]`): every view of an attempt shows what its student saw.
 */
export function inAttemptOrder<T extends { id: string }>(items: readonly T[], ids: readonly string[] = []): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
