import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { QueueState } from './answer-queue';
import type { StoredAttempt } from './sitting-store';
import { endOfRefusal, shownChoices, sittingPhase, type SittingBoot } from './sitting-phase';
import { KEY, startedStore } from './sitting-test-helpers';

// The sitting screen's state machine, without the screen: what the opening, the queue and the
// store together make it show.

async function runningAttempt(change: (attempt: StoredAttempt) => void = () => undefined) {
  const store = await startedStore();
  await store.recordChoice(KEY, 'q1', 'q1b');
  const attempt = await store.attempt(KEY);
  if (!attempt) throw new Error('the start was not kept');
  change(attempt);
  const boot: SittingBoot = { kind: 'ready', store, kept: true, revision: 1 };
  return { store, attempt, boot };
}

const saved: QueueState = { kind: 'saved' };

describe('the sitting state machine', () => {
  it('is loading until the opening is done and the store has been read', async () => {
    const { boot } = await runningAttempt();
    expect(sittingPhase({ kind: 'loading' }, { state: saved, attempt: undefined, present: false }).kind).toBe('loading');
    expect(sittingPhase(boot, { state: saved, attempt: undefined, present: false }).kind).toBe('loading');
  });

  it('sits from the attempt the store holds, and is handing in once the hand-in is wanted', async () => {
    const { boot, attempt, store } = await runningAttempt();
    expect(sittingPhase(boot, { state: saved, attempt, present: true })).toEqual({ kind: 'sitting', attempt, store });
    const wanted = { ...attempt, handIn: 'wanted' as const };
    expect(sittingPhase(boot, { state: { kind: 'saving', waiting: 1 }, attempt: wanted, present: true }).kind).toBe('handing-in');
  });

  it('is handed in by the queue answer, though the store has forgotten the attempt', async () => {
    const { boot, attempt } = await runningAttempt();
    const state: QueueState = { kind: 'handed-in', handedInAt: '2026-12-12T15:22:00.000Z', answer: { handedInAt: '2026-12-12T15:22:00.000Z', handedInBy: 'student', answered: 1, questionCount: 3 }, refused: [] };
    expect(sittingPhase(boot, { state, attempt, present: false })).toMatchObject({ kind: 'handed-in', handedInAt: '2026-12-12T15:22:00.000Z', refused: [] });
  });

  it('is time up with the refused choices when the server took no more, and says until when answers counted', async () => {
    const refused = [{ seq: 2, questionId: 'q2', optionId: 'q2a' }];
    const { boot, attempt } = await runningAttempt((kept) => {
      kept.ended = { reason: 'time-up', acceptedUntil: '2026-12-12T15:31:00.000Z' };
      kept.refused = refused;
    });
    expect(sittingPhase(boot, { state: { kind: 'time-up', refused }, attempt, present: true })).toEqual({ kind: 'time-up', refused, acceptedUntil: '2026-12-12T15:31:00.000Z' });
    // A reload after the refusal: the queue has not spoken yet, the store's record says the same.
    expect(sittingPhase(boot, { state: saved, attempt, present: true })).toEqual({ kind: 'time-up', refused, acceptedUntil: '2026-12-12T15:31:00.000Z' });
  });

  it('shows a start that says the attempt is over, when this device holds nothing of it', () => {
    const boot: SittingBoot = { kind: 'ended', end: { reason: 'handed-in', handedInAt: '2026-12-12T15:10:00.000Z' } };
    expect(sittingPhase(boot, { state: saved, attempt: undefined, present: false })).toEqual({ kind: 'handed-in', handedInAt: '2026-12-12T15:10:00.000Z', answer: null, refused: [] });
  });

  it('reads a 409 of the start as handed in or as time up, and anything else as no end', () => {
    expect(endOfRefusal(409, { code: 409, message: 'This paper was handed in at 8:40 PM.', handedInAt: '2026-12-12T15:10:00.000Z' })).toEqual({ reason: 'handed-in', handedInAt: '2026-12-12T15:10:00.000Z' });
    expect(endOfRefusal(409, { deadline: '2026-12-12T15:30:00.000Z', acceptedUntil: '2026-12-12T15:31:00.000Z' })).toEqual({ reason: 'time-up', acceptedUntil: '2026-12-12T15:31:00.000Z' });
    expect(endOfRefusal(409, { opensAt: '2026-12-12T14:30:00.000Z' })).toBeNull();
    expect(endOfRefusal(409, { closesAt: '2026-12-12T16:30:00.000Z' })).toBeNull();
    expect(endOfRefusal(404, { handedInAt: '2026-12-12T15:10:00.000Z' })).toBeNull();
    expect(endOfRefusal(null, null)).toBeNull();
  });

  it('shows a choice still being written over the store, and the store elsewhere', async () => {
    const { attempt } = await runningAttempt();
    expect(shownChoices(attempt, {})).toEqual({ q1: 'q1b' });
    expect(shownChoices(attempt, { q1: null, q3: 'q3c' })).toEqual({ q1: null, q3: 'q3c' });
    expect(shownChoices(undefined, { q2: 'q2a' })).toEqual({ q2: 'q2a' });
  });
});
