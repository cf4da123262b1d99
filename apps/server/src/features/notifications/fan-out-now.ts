import pino from 'pino';
import type { TestApp } from '../../../test/test-app';
import { MemoryEventBus } from '../../events/memory-bus';
import { registerMessageAudience } from '../messages/notification';
import { FANOUT_JOB } from './context';
import { createNotifications } from './create-notifications';
import { fanOut } from './fan-out';

// For tests whose app runs no notification worker (NOTIFY_JOB_CONCURRENCY 0): nothing then writes
// behind the test's back (the security suite fingerprints the database around every refused
// request). The notifications a test needs in its bells are fanned out here when it says: the same
// job code a worker runs, on the same database, with the announcements' audience (explicit
// accounts need none).

/** Fans out every notification whose fan-out job is waiting. */
export async function fanOutNow(t: Pick<TestApp, 'config' | 'database'>): Promise<void> {
  const db = t.database.db;
  const bus = new MemoryEventBus();
  const centre = await createNotifications({ db, bus, config: { ...t.config, notify: { ...t.config.notify, jobConcurrency: 0 } }, log: pino({ level: 'silent' }) });
  registerMessageAudience(centre.notifier, db);
  try {
    const waiting = await db.selectFrom('jobs').select('payload').where('kind', '=', FANOUT_JOB).where('state', '=', 'queued').execute();
    const job = { signal: new AbortController().signal, attempt: 1, runAgainAt: async () => undefined };
    for (const { payload } of waiting) await fanOut(centre.ctx, JSON.parse(payload), job);
  } finally {
    await centre.ctx.live.close();
    await bus.close();
  }
}
