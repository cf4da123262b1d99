import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest, type Db } from '../db/database';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { JobQueue } from './queue';

// The queue on the engine under test, from two connections as two instances would hold them.

describe('the jobs queue', () => {
  let database: TestDatabase;
  let other: Db;
  let first: JobQueue;
  let second: JobQueue;
  beforeAll(async () => {
    database = await createTestDatabase();
    const schema = database.target.kind === 'postgres' ? database.target.schema : undefined;
    await migrateToLatest(database.db, schema);
    other = createDatabase(database.target);
    first = new JobQueue(database.db);
    second = new JobQueue(other);
  });
  afterAll(async () => {
    await other.destroy();
    await database.drop();
  });

  const rows = (kind: string, key: string) => database.db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('job_key', '=', key).execute();
  /** The one row of a kind and key: there is never a second. */
  async function row(kind: string, key: string) {
    const found = await rows(kind, key);
    expect(found).toHaveLength(1);
    const [only] = found;
    if (!only) throw new Error(`no job ${kind} ${key}`);
    return only;
  }
  const iso = (ms: number) => new Date(ms).toISOString();

  it('gives a job to exactly one of two takers racing for it', async () => {
    for (let round = 0; round < 10; round += 1) {
      await first.enqueue('race', `job-${round}`, { round });
      const taken = await Promise.all([first.take(['race'], 'a', 60_000), second.take(['race'], 'b', 60_000), first.take(['race'], 'c', 60_000)]);
      expect(taken.filter(Boolean)).toHaveLength(1);
      expect(await second.take(['race'], 'd', 60_000)).toBeNull();
    }
  });

  it('takes a job again once its lease lapses; the old holder can no longer renew or finish it', async () => {
    // The moments are given, not waited for: a 50 ms lease in real time lapsed before the second
    // look on a loaded machine.
    const start = Date.now();
    await first.enqueue('lease', 'one', {}, { now: start });
    const held = await first.take(['lease'], 'dead-instance', 50, start);
    expect(held?.attempts).toBe(1);
    expect(await second.take(['lease'], 'live-instance', 60_000, start + 49)).toBeNull();
    const lapsed = start + 120;
    const retaken = await second.take(['lease'], 'live-instance', 60_000, lapsed);
    expect(retaken?.id).toBe(held?.id);
    expect(retaken?.attempts).toBe(2);
    expect(await first.renew(held?.id ?? '', 'dead-instance', 60_000, lapsed)).toBe(false);
    expect(await second.renew(retaken?.id ?? '', 'live-instance', 60_000, lapsed)).toBe(true);
    await second.complete(retaken?.id ?? '', 'live-instance', lapsed);
    expect(await first.take(['lease'], 'anyone', 60_000, lapsed)).toBeNull();
  });

  it('queues a failed try again after a pause, and gives up after the last try', async () => {
    await first.enqueue('flaky', 'one', {});
    const job = await first.take(['flaky'], 'w', 60_000);
    if (!job) throw new Error('no job');
    expect(await first.fail(job, 'w', 'boom', false)).toBe(false);
    expect(await first.take(['flaky'], 'w', 60_000)).toBeNull();
    expect(await first.take(['flaky'], 'w', 60_000, Date.now() + 10_000)).not.toBeNull();
  });

  it('runs a job queued for a moment no sooner than that moment; queueing it again moves its time either way and replaces its payload', async () => {
    const now = Date.now();
    await first.enqueueAt('at', 'one', { v: 1 }, now + 60_000, now);
    expect(await second.take(['at'], 'w', 60_000, now + 59_999)).toBeNull();
    await second.enqueueAt('at', 'one', { v: 2 }, now + 120_000, now);
    expect(await first.take(['at'], 'w', 60_000, now + 60_000)).toBeNull();
    await second.enqueueAt('at', 'one', { v: 3 }, now + 30_000, now);
    expect(await first.take(['at'], 'w', 60_000, now + 29_999)).toBeNull();
    expect(await first.take(['at'], 'w', 60_000, now + 30_000)).toMatchObject({ key: 'one', payload: { v: 3 }, attempts: 1 });
    await row('at', 'one');
  });

  it('a run that queues its own job again leaves it queued: its complete() and fail() match only their own lease', async () => {
    await first.enqueue('self', 'one', {});
    const run = await first.take(['self'], 'run-1', 60_000);
    if (!run) throw new Error('no job');
    const later = Date.now() + 60_000;
    await first.enqueueAt('self', 'one', { next: 1 }, later);
    await first.complete(run.id, 'run-1');
    expect(await first.renew(run.id, 'run-1', 60_000)).toBe(false);
    expect(await row('self', 'one')).toMatchObject({ state: 'queued', run_after: iso(later), lease_owner: null, lease_until: null, attempts: 0, payload: JSON.stringify({ next: 1 }) });

    const next = await second.take(['self'], 'run-2', 60_000, later);
    if (!next) throw new Error('no job');
    await second.enqueueAt('self', 'one', { next: 2 }, later + 60_000);
    // Not final for this run, though it says so: the job runs again, so nothing may record it failed.
    expect(await second.fail(next, 'run-2', 'boom', true)).toBe(false);
    expect(await row('self', 'one')).toMatchObject({ state: 'queued', run_after: iso(later + 60_000), last_error: null, payload: JSON.stringify({ next: 2 }) });
  });

  it('runNoLaterThan queues a job, moves a queued one only earlier, and queues again one running, done or failed', async () => {
    const now = Date.now();
    await first.runNoLaterThan('close', 'p', { v: 1 }, now + 60_000, now);
    expect(await row('close', 'p')).toMatchObject({ state: 'queued', run_after: iso(now + 60_000), payload: JSON.stringify({ v: 1 }) });
    await second.runNoLaterThan('close', 'p', { v: 2 }, now + 90_000, now);
    await second.runNoLaterThan('close', 'p', { v: 2 }, now + 60_000, now);
    expect(await row('close', 'p')).toMatchObject({ state: 'queued', run_after: iso(now + 60_000), payload: JSON.stringify({ v: 1 }) });
    await second.runNoLaterThan('close', 'p', { v: 3 }, now + 30_000, now);
    expect(await row('close', 'p')).toMatchObject({ state: 'queued', run_after: iso(now + 30_000), payload: JSON.stringify({ v: 3 }) });

    // A running job may have read the state before the caller changed it: it must run again, and the
    // end of the current run leaves it queued.
    const running = await first.take(['close'], 'run-1', 60_000, now + 30_000);
    if (!running) throw new Error('no job');
    await second.runNoLaterThan('close', 'p', { v: 4 }, now + 120_000, now + 30_000);
    await first.complete(running.id, 'run-1');
    expect(await row('close', 'p')).toMatchObject({ state: 'queued', run_after: iso(now + 120_000), lease_owner: null, attempts: 0, payload: JSON.stringify({ v: 4 }) });

    const done = await first.take(['close'], 'run-2', 60_000, now + 120_000);
    if (!done) throw new Error('no job');
    await first.complete(done.id, 'run-2');
    await second.runNoLaterThan('close', 'p', { v: 5 }, now + 200_000, now + 120_000);
    expect(await row('close', 'p')).toMatchObject({ state: 'queued', run_after: iso(now + 200_000), payload: JSON.stringify({ v: 5 }) });

    const failing = await first.take(['close'], 'run-3', 60_000, now + 200_000);
    if (!failing) throw new Error('no job');
    expect(await first.fail(failing, 'run-3', 'boom', true)).toBe(true);
    expect(await row('close', 'p')).toMatchObject({ state: 'failed' });
    await second.runNoLaterThan('close', 'p', { v: 6 }, now + 300_000, now + 200_000);
    expect(await row('close', 'p')).toMatchObject({ state: 'queued', run_after: iso(now + 300_000), attempts: 0, last_error: null, payload: JSON.stringify({ v: 6 }) });
    expect(await first.take(['close'], 'w', 60_000, now + 299_999)).toBeNull();
    expect(await first.take(['close'], 'w', 60_000, now + 300_000)).toMatchObject({ payload: { v: 6 } });
  });

  it('calls racing from two instances leave one live job; of runNoLaterThan calls the earliest time wins', async () => {
    const base = Date.now() + 60_000;
    for (let round = 0; round < 5; round += 1) {
      const offsets = Array.from({ length: 20 }, (_, index) => index * 1000).sort(() => Math.random() - 0.5);
      await Promise.all(offsets.map((offset, index) => (index % 2 ? first : second).runNoLaterThan('soonest', `race-${round}`, { offset }, base + offset)));
      expect(await row('soonest', `race-${round}`)).toMatchObject({ state: 'queued', run_after: iso(base), payload: JSON.stringify({ offset: 0 }) });

      await Promise.all(offsets.map((offset, index) => (index % 2 ? first : second).enqueueAt('moved', `race-${round}`, { offset }, base + offset)));
      const moved = await row('moved', `race-${round}`);
      expect(moved.run_after).toBe(iso(base + (JSON.parse(moved.payload) as { offset: number }).offset));
    }
  });

  it('a job queued inside a transaction that rolls back never exists; one whose transaction commits runs', async () => {
    const rolledBack = new Error('the caller changed its mind');
    await expect(
      database.db.transaction().execute(async (tx) => {
        await first.enqueue('in-tx', 'lost', {}, { executor: tx });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await rows('in-tx', 'lost')).toHaveLength(0);
    expect(await second.take(['in-tx'], 'w', 60_000)).toBeNull();

    await database.db.transaction().execute((tx) => first.enqueue('in-tx', 'kept', { v: 1 }, { executor: tx }));
    expect(await second.take(['in-tx'], 'w', 60_000)).toMatchObject({ key: 'kept', payload: { v: 1 } });
  });

  it('ifAbsent queues a job at its time once, and never queues again one queued, running or finished', async () => {
    const now = Date.now();
    await first.enqueue('once', 'one', { v: 1 }, { ifAbsent: true, runAt: now + 60_000, now });
    await second.enqueue('once', 'one', { v: 2 }, { ifAbsent: true, now });
    expect(await row('once', 'one')).toMatchObject({ state: 'queued', run_after: iso(now + 60_000), payload: JSON.stringify({ v: 1 }) });
    expect(await first.take(['once'], 'w', 60_000, now + 59_999)).toBeNull();

    const run = await first.take(['once'], 'w', 60_000, now + 60_000);
    if (!run) throw new Error('no job');
    await second.enqueue('once', 'one', { v: 3 }, { ifAbsent: true, now: now + 60_000 });
    expect(await first.renew(run.id, 'w', 60_000)).toBe(true);
    await first.complete(run.id, 'w');

    await second.enqueue('once', 'one', { v: 4 }, { ifAbsent: true });
    expect(await row('once', 'one')).toMatchObject({ state: 'done', payload: JSON.stringify({ v: 1 }) });
    expect(await first.take(['once'], 'w', 60_000, now + 3_600_000)).toBeNull();
  });
});
