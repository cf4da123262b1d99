import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SittingStore } from './sitting-store';
import { KEY, startAnswer, startedStore, testDatabaseName } from './sitting-test-helpers';

// The IndexedDB side of a running paper: what a resume merges, and what the clean-up removes.

const HOUR_MS = 60 * 60 * 1000;

describe('the sitting store', () => {
  it('merges a resume with this device: a newer local choice stays, the server wins otherwise, seq goes on from the highest', async () => {
    const store = await startedStore();
    await store.recordChoice(KEY, 'q1', 'q1a', 1);
    await store.recordChoice(KEY, 'q2', 'q2a', 2);
    await store.setFlag(KEY, 'q3', true);
    // The server holds q1 from another device (seq 9) and never got q2 (seq 2).
    const resumed = await store.saveStart(
      KEY,
      startAnswer({ lastSeq: 9, deadline: '2026-12-12T15:45:00.000Z', answers: [{ questionId: 'q1', optionId: 'q1c', seq: 9 }] }),
      { deviceKey: 'device-key-0123456789', clock: { offsetMs: 120, rttMs: 80 }, now: 3 },
    );
    expect(resumed.choices).toEqual({ q1: { optionId: 'q1c', seq: 9, acked: true }, q2: { optionId: 'q2a', seq: 2, acked: false } });
    expect(resumed.flags).toEqual(['q3']);
    expect(resumed.deadline).toBe('2026-12-12T15:45:00.000Z');
    expect(resumed.clock).toEqual({ offsetMs: 120, rttMs: 80 });
    expect((await store.recordChoice(KEY, 'q3', 'q3b')).seq).toBe(10);
    expect((await store.waiting(KEY)).saves.map((save) => save.seq)).toEqual([1, 2, 10]);
  });

  it('keeps the paper\'s images with it, and forgets them with the attempt', async () => {
    const store = await startedStore();
    await store.putImage(KEY.paperId, 'image-1', new Blob(['webp bytes'], { type: 'image/webp' }));
    expect(await (await store.image(KEY.paperId, 'image-1'))?.text()).toBe('webp bytes');
    await store.forget(KEY);
    expect(await store.image(KEY.paperId, 'image-1')).toBeUndefined();
    expect(await store.attempt(KEY)).toBeUndefined();
  });

  it('cleans up an attempt past its deadline and grace with nothing to send, and any a day old; a running one stays', async () => {
    const name = testDatabaseName();
    const store = await SittingStore.open(name);
    const acceptedUntil = Date.parse('2026-12-12T15:31:00.000Z');
    const keyOf = (paperId: string) => ({ accountId: KEY.accountId, paperId });
    const keep = { deviceKey: 'device-key-0123456789', clock: null };
    await store.saveStart(keyOf('over'), startAnswer(), { ...keep, now: acceptedUntil - HOUR_MS });
    await store.saveStart(keyOf('over-but-waiting'), startAnswer(), { ...keep, now: acceptedUntil - HOUR_MS });
    await store.recordChoice(keyOf('over-but-waiting'), 'q1', 'q1a', acceptedUntil - HOUR_MS);
    await store.saveStart(keyOf('day-old'), startAnswer({ acceptedUntil: '2026-12-20T00:00:00.000Z' }), { ...keep, now: acceptedUntil - 25 * HOUR_MS });
    await store.saveStart(keyOf('running'), startAnswer({ acceptedUntil: '2026-12-12T17:00:00.000Z' }), { ...keep, now: acceptedUntil - HOUR_MS });
    // By the server's clock (this device runs 2 min slow) the first paper's grace is over.
    await store.saveStart(keyOf('slow-clock'), startAnswer(), { deviceKey: 'device-key-0123456789', clock: { offsetMs: 2 * 60_000, rttMs: 50 }, now: acceptedUntil - HOUR_MS });

    expect(await store.sweep(acceptedUntil - 60_000)).toBe(2);
    const left = await Promise.all(['over', 'over-but-waiting', 'day-old', 'running', 'slow-clock'].map(async (paperId) => [paperId, (await store.attempt(keyOf(paperId))) !== undefined]));
    expect(Object.fromEntries(left)).toEqual({ over: true, 'over-but-waiting': true, 'day-old': false, running: true, 'slow-clock': false });
    expect(await store.sweep(acceptedUntil + 1)).toBe(1);
    expect(await store.attempt(keyOf('over'))).toBeUndefined();
    expect(await store.attempt(keyOf('over-but-waiting'))).toBeDefined();
  });
});
