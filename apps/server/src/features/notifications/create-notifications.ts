import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { EventBus } from '../../events/event-bus';
import { JobQueue } from '../../jobs/queue';
import { JobWorker } from '../../jobs/worker';
import type { Notifier } from '../../notify/notifier';
import type { TokenClaims } from '../../plugins/auth';
import { resolveCaller } from '../sessions/service';
import { FANOUT_JOB, WITHDRAWN_JOB, type NotificationJobPayload, type NotificationsContext } from './context';
import { fanOut } from './fan-out';
import { LiveBell } from './live-bell';
import { createNotifier } from './notifier';

/** Notification jobs waiting are looked for this often; a job queued here wakes the worker sooner. */
const POLL_MS = 1000;

export interface Notifications {
  ctx: NotificationsContext;
  notifier: Notifier;
  worker: JobWorker;
}

/**
 * The notification centre at the server's start: its context, the Notifier app.ts hands to the
 * features, the open bells (listening when this answers) and its own job worker (started). Close
 * `ctx.live` before the server stops accepting and stop the worker on close.
 */
export async function createNotifications(options: { db: Db; bus: EventBus; config: Config; log: FastifyBaseLogger }): Promise<Notifications> {
  const { db, config, log } = options;
  const holder: { worker?: JobWorker } = {};
  // An open stream's re-check is not the caller's activity: it neither keeps an idle admin signed in nor touches the session.
  const resolve = (claims: TokenClaims) => resolveCaller(db, claims, { adminIdleMs: config.adminSessions.idleMs, touch: false });
  const live = new LiveBell({ db, bus: options.bus, log, resolve, ...config.stream });
  await live.start();
  const ctx: NotificationsContext = {
    db,
    queue: new JobQueue(db),
    wakeAt: (ms) => holder.worker?.wakeAt(ms),
    live,
    audiences: new Map(),
    clock: Date.now,
    log,
  };
  const worker = new JobWorker(
    ctx.queue,
    {
      [FANOUT_JOB]: { run: (payload, job) => fanOut(ctx, payload, job) },
      [WITHDRAWN_JOB]: { run: (payload) => live.publish({ type: 'withdrawn', notificationId: (payload as NotificationJobPayload).notificationId }) },
    },
    { concurrency: config.notify.jobConcurrency, leaseMs: config.lessons.leaseMs, pollMs: POLL_MS, log },
  );
  holder.worker = worker;
  worker.start();
  return { ctx, notifier: createNotifier(ctx), worker };
}
