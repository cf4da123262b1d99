import type { Save } from '@academy/contract';
import type { ApiError } from '../../../lib/api-error';
import type { HandInData, QueueState } from './answer-queue';
import type { SittingEnd, SittingStore, StoredAttempt } from './sitting-store';

// The sitting screen's state machine (docs/design/papers-build-plan.md, section 5, 'Flow'), as
// plain functions of what the opening, the answer queue and the store say: loading, sitting,
// handing in, handed in, time up. hooks/use-sitting.ts feeds it.

/** Why the paper cannot be shown. */
export type StartProblem =
  /** Starting needs the line, and this device holds nothing of the paper. */
  | { kind: 'offline' }
  /** The server said no: not open yet, closed, not found, not a student's. */
  | { kind: 'refused'; error: ApiError };

/** How the opening went: the store to sit from, or why there is none. */
export type SittingBoot =
  | { kind: 'loading' }
  | { kind: 'ready'; store: SittingStore; kept: boolean; revision: number }
  | { kind: 'unavailable'; problem: StartProblem }
  /** The start said handed in, or time up, and this device holds nothing to send. */
  | { kind: 'ended'; end: SittingEnd };

export type SittingPhase =
  | { kind: 'loading' }
  | { kind: 'unavailable'; problem: StartProblem }
  | { kind: 'sitting'; attempt: StoredAttempt; store: SittingStore }
  | { kind: 'handing-in'; attempt: StoredAttempt; store: SittingStore }
  | { kind: 'handed-in'; handedInAt: string | null; answer: HandInData | null; refused: Save[] }
  | { kind: 'time-up'; refused: Save[]; acceptedUntil: string | null };

/** What a 409 of the start says about an attempt that is over: handed in (by anyone), or past its time and grace. */
export function endOfRefusal(status: number | null, body: unknown): SittingEnd | null {
  if (status !== 409 || typeof body !== 'object' || body === null) return null;
  const field = (name: string): string | undefined => {
    const value = (body as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : undefined;
  };
  const handedInAt = field('handedInAt');
  if (handedInAt) return { reason: 'handed-in', handedInAt };
  const acceptedUntil = field('acceptedUntil');
  if (acceptedUntil || field('deadline')) return { reason: 'time-up', ...(acceptedUntil ? { acceptedUntil } : {}) };
  return null;
}

function endedPhase(end: SittingEnd, refused: Save[]): SittingPhase {
  return end.reason === 'handed-in'
    ? { kind: 'handed-in', handedInAt: end.handedInAt ?? null, answer: null, refused }
    : { kind: 'time-up', refused, acceptedUntil: end.acceptedUntil ?? null };
}

/** What the screen last heard from the answer queue and read from the store. */
export interface QueueReading {
  state: QueueState;
  /** The attempt as last read; it stays after the store forgets it. */
  attempt: StoredAttempt | undefined;
  /** Whether the store still held it at that reading. */
  present: boolean;
}

/** The phase the screen is in: the opening's outcome, then the queue's end, then the store's attempt. */
export function sittingPhase(boot: SittingBoot, view: QueueReading): SittingPhase {
  if (boot.kind === 'loading') return boot;
  if (boot.kind === 'unavailable') return boot;
  if (boot.kind === 'ended') return endedPhase(boot.end, []);
  const { state, attempt } = view;
  // The queue forgets a handed-in attempt at once: its answer is the truth from then on.
  if (state.kind === 'handed-in') return { kind: 'handed-in', handedInAt: state.handedInAt, answer: state.answer, refused: state.refused };
  if (state.kind === 'time-up') return { kind: 'time-up', refused: state.refused, acceptedUntil: attempt?.ended?.acceptedUntil ?? attempt?.acceptedUntil ?? null };
  if (!attempt || !view.present) return { kind: 'loading' };
  if (attempt.ended) return endedPhase(attempt.ended, attempt.refused ?? []);
  return attempt.handIn === 'wanted' ? { kind: 'handing-in', attempt, store: boot.store } : { kind: 'sitting', attempt, store: boot.store };
}

/** The choice each question shows: the store's, or one this screen is still writing. */
export function shownChoices(attempt: StoredAttempt | undefined, pending: Readonly<Record<string, string | null>>): Record<string, string | null> {
  const shown: Record<string, string | null> = {};
  for (const [questionId, choice] of Object.entries(attempt?.choices ?? {})) shown[questionId] = choice.optionId;
  return { ...shown, ...pending };
}

