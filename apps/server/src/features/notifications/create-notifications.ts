import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { EventBus } from '../../events/event-bus';
import { JobQueue } from '../../jobs/queue';
import { JobWorker } from '../../jobs/worker';
import { createMailer, type Mailer } from '../../mail/mailer';
import { unsubscribeTokens } from '../../notify/email/unsubscribe-token';
import type { Notifier } from '../../notify/notifier';
import { PushSender } from '../../notify/push/sender';
import { PushTransport } from '../../notify/push/transport';
import { smsProviderOf } from '../../notify/sms/configured-provider';
import type { TokenClaims } from '../../plugins/auth';
import { resolveCaller } from '../sessions/service';
import { CLEANUP_JOB, FANOUT_JOB, SEND_JOB, WITHDRAWN_JOB, type NotificationJobPayload, type NotificationsContext } from './context';
import { runCleanup, scheduleCleanup } from './cleanup';
import { fanOut } from './fan-out';
import { LiveBell } from './live-bell';
import { MailPace } from './mail-pace';
import { createNotifier } from './notifier';
import { sendBatch } from './send';
import { checkSharedVapidKey } from './vapid-setting';

/** Notification jobs waiting are looked for this often; a job queued here wakes the worker sooner. */
const POLL_MS = 1000;

export interface Notifications {
  ctx: NotificationsContext;
  notifier: Notifier;
  worker: JobWorker;
  /** Stops the worker and closes the push connections. */
  stop(): Promise<void>;
}

/**
 * The notification centre at the server's start: its context, the Notifier app.ts hands to the
 * features, the open bells (listening when this answers) and its own job worker (started). Close
 * `ctx.live` before the server stops accepting and stop the worker on close.
 */
export async function createNotifications(options: {
  db: Db;
  bus: EventBus;
  config: Config;
  log: FastifyBaseLogger;
  /** The app's mailer; without one (tests that send nothing), the configured one of its own. */
  mailer?: Mailer;
  /** Quiet hours, expiry and backoff read it; tests move it instead of waiting. */
  clock?: () => number;
}): Promise<Notifications> {
  const { db, config, log } = options;
  const clock = options.clock ?? Date.now;
  await checkSharedVapidKey(db, config.notify.vapid, new Date(clock()).toISOString());
  const holder: { worker?: JobWorker } = {};
  // An open stream's re-check is not the caller's activity: it neither keeps an idle admin signed in nor touches the session.
  const resolve = (claims: TokenClaims) => resolveCaller(db, claims, { adminIdleMs: config.adminSessions.idleMs, touch: false });
  const pushTransport = new PushTransport({
    maxSockets: config.notify.push.concurrency,
    testOrigin: config.notify.push.testOrigin,
    testCaFile: config.notify.push.testCaFile,
  });
  const live = new LiveBell({ db, bus: options.bus, log, resolve, ...config.stream });
  await live.start();
  const ctx: NotificationsContext = {
    db,
    queue: new JobQueue(db),
    wakeAt: (ms) => holder.worker?.wakeAt(ms),
    live,
    audiences: new Map(),
    clock,
    log,
    config,
    mailer: options.mailer ?? createMailer(config.mail, log),
    push: new PushSender(pushTransport, config.notify.vapid, config.notify.push.concurrency, clock),
    sms: smsProviderOf(config.notify.sms),
    unsubscribeTokens: unsubscribeTokens(config.jwtSecret),
    mailPace: new MailPace(config.notify.mailPerMinute),
  };
  const worker = new JobWorker(
    ctx.queue,
    {
      [FANOUT_JOB]: { run: (payload, job) => fanOut(ctx, payload, job) },
      [SEND_JOB]: { run: (payload, job) => sendBatch(ctx, payload, job) },
      [WITHDRAWN_JOB]: { run: (payload) => live.publish({ type: 'withdrawn', notificationId: (payload as NotificationJobPayload).notificationId }) },
      [CLEANUP_JOB]: { run: (_payload, job) => runCleanup(ctx, job) },
    },
    { concurrency: config.notify.jobConcurrency, leaseMs: config.lessons.leaseMs, pollMs: POLL_MS, log },
  );
  holder.worker = worker;
  await scheduleCleanup(ctx);
  worker.start();
  return {
    ctx,
    notifier: createNotifier(ctx),
    worker,
    async stop() {
      await worker.stop();
      pushTransport.close();
    },
  };
}
