import type { NotificationKind } from '@academy/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/queue';
import type { AudienceResolver } from '../../notify/notifier';
import type { LiveBell } from './live-bell';

/** What the notification centre works with; built once by `createNotifications`. */
export interface NotificationsContext {
  db: Db;
  queue: JobQueue;
  /** Tells this instance's worker a job is due at `ms` (now or later). */
  wakeAt: (ms: number) => void;
  live: LiveBell;
  /** How each kind's recipients are found at fan-out, registered by the features at start. */
  audiences: Map<NotificationKind, AudienceResolver>;
  clock: () => number;
  log: FastifyBaseLogger;
}

/** A notification's fan-out to its recipients (fan-out.ts). */
export const FANOUT_JOB = 'notify.fanout';
/** A withdrawal's live event, sent once the withdrawing change has committed. */
export const WITHDRAWN_JOB = 'notify.withdrawn';

export interface NotificationJobPayload {
  notificationId: string;
}
