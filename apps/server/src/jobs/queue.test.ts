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

  it('gives a job to exactly one of two takers racing for it', async () => {
    for (let round = 0; round < 10; round += 1) {
      await first.enqueue('race', `job-${round}`, { round });
      const taken = await Promise.all([first.take(['race'], 'a', 60_000), second.take(['race'], 'b', 60_000), first.take(['race'], 'c', 60_000)]);
      expect(taken.filter(Boolean)).toHaveLength(1);
      expect(await second.take(['race'], 'd', 60_000)).toBeNull();
    }
  });

  it('takes a job again once its lease lapses; the old holder can no longer renew or finish it', async () => {
    await first.enqueue('lease', 'one', {});
    const held = await first.take(['lease'], 'dead-instance', 50);
    expect(held?.attempts).toBe(1);
    expect(await second.take(['lease'], 'live-instance', 60_000)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 120));
    const retaken = await second.take(['lease'], 'live-instance', 60_000);
    expect(retaken?.id).toBe(held?.id);
    expect(retaken?.attempts).toBe(2);
    expect(await first.renew(held?.id ?? '', 'dead-instance', 60_000)).toBe(false);
    expect(await second.renew(retaken?.id ?? '', 'live-instance', 60_000)).toBe(true);
    await second.complete(retaken?.id ?? '', 'live-instance');
    expect(await first.take(['lease'], 'anyone', 60_000)).toBeNull();
  });

  it('queues a failed try again after a pause, and gives up after the last try', async () => {
    await first.enqueue('flaky', 'one', {});
    const job = await first.take(['flaky'], 'w', 60_000);
    if (!job) throw new Error('no job');
    expect(await first.fail(job, 'w', 'boom', false)).toBe(false);
    expect(await first.take(['flaky'], 'w', 60_000)).toBeNull();
    expect(await first.take(['flaky'], 'w', 60_000, Date.now() + 10_000)).not.toBeNull();
  });
});
