import type { NotificationKind } from '@academy/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/queue';
import type { Mailer } from '../../mail/mailer';
import type { UnsubscribeTokens } from '../../notify/email/unsubscribe-token';
import type { AudienceResolver } from '../../notify/notifier';
import type { PushSender } from '../../notify/push/sender';
import type { SmsProvider } from '../../notify/sms/provider';
import type { LiveBell } from './live-bell';
import type { MailPace } from './mail-pace';

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
  config: Pick<Config, 'notify' | 'publicUrl' | 'branding'>;
  mailer: Mailer;
  /** One per instance: every send shares its PUSH_CONCURRENCY requests in flight. */
  push: PushSender;
  /** Null: no SMS provider configured. */
  sms: SmsProvider | null;
  unsubscribeTokens: UnsubscribeTokens;
  mailPace: MailPace;
}

/** A notification's fan-out to its recipients (fan-out.ts). */
export const FANOUT_JOB = 'notify.fanout';
/** A withdrawal's live event, sent once the withdrawing change has committed. */
export const WITHDRAWN_JOB = 'notify.withdrawn';

/** The daily retention deletes (cleanup.ts). */
export const CLEANUP_JOB = 'notify.cleanup';

/** One batch of deliveries on one channel (send.ts). */
export const SEND_JOB = 'notify.send';

export interface SendJobPayload {
  batch: string;
}

export interface NotificationJobPayload {
  notificationId: string;
}
