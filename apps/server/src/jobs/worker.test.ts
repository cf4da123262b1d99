import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateToLatest } from '../db/database';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { JobQueue } from './queue';
import { JobWorker, type JobKind, type JobWorkerOptions } from './worker';

// The worker on the engine under test, with real timers: each worker polls once a minute, so a job
// that runs within the test's waits was started by a wake, not by the poll.

/** A promise and the function that settles it. */
function signal<T = void>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('the jobs worker', () => {
  let database: TestDatabase;
  let queue: JobQueue;
  const workers: JobWorker[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    const schema = database.target.kind === 'postgres' ? database.target.schema : undefined;
    await migrateToLatest(database.db, schema);
    queue = new JobQueue(database.db);
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });
  afterAll(async () => {
    await database.drop();
  });

  function startWorker(kinds: Record<string, JobKind>, options: Partial<JobWorkerOptions> = {}): JobWorker {
    const worker = new JobWorker(queue, kinds, { concurrency: 1, leaseMs: 60_000, pollMs: 60_000, log: pino({ level: 'silent' }), ...options });
    workers.push(worker);
    worker.start();
    return worker;
  }

  const job = (kind: string, key: string) =>
    database.db.selectFrom('jobs').select(['state', 'run_after', 'lease_owner', 'lease_until', 'attempts', 'payload']).where('kind', '=', kind).where('job_key', '=', key).executeTakeFirstOrThrow();

  it('wakeAt starts a job queued for a moment at that moment, not at the next poll', async () => {
    const started: number[] = [];
    const worker = startWorker({ tick: { run: async () => void started.push(Date.now()) } });
    const at = Date.now() + 300;
    await queue.enqueueAt('tick', 'one', {}, at);
    worker.wakeAt(at);
    await vi.waitFor(() => expect(started).toHaveLength(1), { timeout: 10_000, interval: 20 });
    expect(started[0]).toBeGreaterThanOrEqual(at);
  });

  it('wakeAt keeps one timer, to the earliest time asked for: a later call keeps it, an earlier one replaces it', async () => {
    const started: number[] = [];
    const worker = startWorker({ soon: { run: async () => void started.push(Date.now()) } });
    const at = Date.now() + 300;
    const far = at + 60_000;
    await queue.enqueueAt('soon', 'one', {}, at);
    worker.wakeAt(far);
    worker.wakeAt(at);
    worker.wakeAt(far + 1);
    await vi.waitFor(() => expect(started).toHaveLength(1), { timeout: 10_000, interval: 20 });
    expect(started[0]).toBeGreaterThanOrEqual(at);
  });

  it('a job its run queues again for later stays queued once the run has ended', async () => {
    const later = Date.now() + 60_000;
    const ran = signal();
    const worker = startWorker({
      close: {
        run: async () => {
          await queue.enqueueAt('close', 'paper', { again: true }, later);
          ran.resolve();
        },
      },
    });
    await queue.enqueue('close', 'paper', {});
    worker.wake();
    await ran.promise;
    // A stop waits for the run's end, its complete() included.
    await worker.stop();
    expect(await job('close', 'paper')).toMatchObject({ state: 'queued', run_after: new Date(later).toISOString(), lease_owner: null, attempts: 0, payload: JSON.stringify({ again: true }) });
  });

  it('a job its run queues again for now runs again beside it on a lease of its own: the first run ends without finishing or stopping the second', async () => {
    let runs = 0;
    let secondRun: AbortSignal | undefined;
    const secondStarted = signal();
    const worker: JobWorker = startWorker(
      {
        again: {
          run: async (_payload, { signal: stopped }) => {
            runs += 1;
            if (runs === 1) {
              await queue.enqueueAt('again', 'one', {}, Date.now());
              worker.wake();
              await secondStarted.promise;
              return;
            }
            secondRun = stopped;
            secondStarted.resolve();
            await new Promise((_, reject) => stopped.addEventListener('abort', () => reject(stopped.reason as Error)));
          },
        },
      },
      { concurrency: 2, leaseMs: 1500 },
    );
    await queue.enqueue('again', 'one', {});
    worker.wake();
    await secondStarted.promise;
    // The first run has ended (it waited only for the second to start); the second's lease is still
    // renewed (every 500 ms: two renewals seen), and the row is still the second run's.
    const held = await job('again', 'one');
    await vi.waitFor(
      async () => {
        const now = await job('again', 'one');
        expect(now).toMatchObject({ state: 'running', lease_owner: held.lease_owner });
        expect(Date.parse(now.lease_until ?? '')).toBeGreaterThan(Date.parse(held.lease_until ?? '') + 600);
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(runs).toBe(2);
    expect(secondRun?.aborted).toBe(false);
    await worker.stop();
    expect(secondRun?.aborted).toBe(true);
  });

  it('runAgainAt queues the running job again for that moment with its payload, and the worker runs it then', async () => {
    const started: number[] = [];
    let again = 0;
    const worker = startWorker({
      repeat: {
        run: async (_payload, context) => {
          started.push(Date.now());
          if (started.length === 1) {
            again = Date.now() + 300;
            await context.runAgainAt(again);
          }
        },
      },
    });
    await queue.enqueue('repeat', 'one', { keep: true });
    worker.wake();
    await vi.waitFor(() => expect(started).toHaveLength(2), { timeout: 10_000, interval: 20 });
    expect(started[1]).toBeGreaterThanOrEqual(again);
    await vi.waitFor(async () => expect(await job('repeat', 'one')).toMatchObject({ state: 'done', payload: JSON.stringify({ keep: true }) }), { timeout: 10_000, interval: 20 });
  });
});
