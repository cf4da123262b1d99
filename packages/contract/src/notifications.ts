import { z } from 'zod';
import { dataAnswer } from './api';

// Notifications (docs/notifications.md): the kinds and their rules as data, so the server's
// fan-out and the preferences card read one source; the calls' paths and schemas.

/** Every kind a feature may raise; papers, scripts and fees raise theirs once they are built. */
export const NOTIFICATION_KINDS = [
  'message.new',
  'lesson.new',
  'paper.opening',
  'results.released',
  'script.returned',
  'fee.due',
  'payment.receipt',
  'slip.rejected',
  'payment.reversed',
  'security.alert',
  'approval.requested',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds that reach admins instead of students. */
export const ADMIN_NOTIFICATION_KINDS = ['payment.reversed', 'security.alert', 'approval.requested'] as const satisfies readonly NotificationKind[];

/** Ways out of the portal; the bell is not one: every recipient has it, always. */
export const NOTIFICATION_CHANNELS = ['push', 'email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_LANGUAGES = ['en', 'si'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

/** Where an open came from. */
export const NOTIFICATION_OPEN_VIA = ['bell', 'push', 'email', 'link'] as const;
export type NotificationOpenVia = (typeof NOTIFICATION_OPEN_VIA)[number];

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface KindRule {
  /** Who receives it: students (active student accounts) or every admin. */
  for: 'students' | 'admins';
  /** Each channel's setting until the account changes it; `sms` only where `smsAllowed`, `email` only where `emailAllowed`. */
  defaults: Record<NotificationChannel, boolean>;
  /** Days it stays deliverable; null when the event names its own end (a paper's closing, a fee's grace). */
  lifetimeDays: number | null;
  urgency: PushUrgency;
  /** Whether a newer push of the kind replaces an undelivered older one at the push service (its `Topic`). */
  topic: boolean;
  /** Whether the academy may list the kind in SMS_KINDS. */
  smsAllowed: boolean;
  /**
   * Whether the centre may e-mail the kind. False where the feature that raises it sends its own
   * mail (fees: the receipt, a slip's rejection, a reminder, a chargeback), so nothing arrives twice.
   */
  emailAllowed: boolean;
}

const quiet = { push: true, email: false, sms: true };
const mailed = { push: true, email: true, sms: true };
/** Fees mail these themselves (fees.md 'Reminders and events'): the centre pushes and texts them only. */
const mailedByFees = { push: true, email: false, sms: true };

/** notifications.md 'The kinds' and 'Preferences and their defaults', as data. */
export const KIND_RULES: Record<NotificationKind, KindRule> = {
  'message.new': { for: 'students', defaults: quiet, lifetimeDays: 7, urgency: 'normal', topic: false, smsAllowed: true, emailAllowed: true },
  'lesson.new': { for: 'students', defaults: quiet, lifetimeDays: 7, urgency: 'normal', topic: false, smsAllowed: true, emailAllowed: true },
  'paper.opening': { for: 'students', defaults: quiet, lifetimeDays: null, urgency: 'high', topic: true, smsAllowed: true, emailAllowed: true },
  'results.released': { for: 'students', defaults: mailed, lifetimeDays: 30, urgency: 'normal', topic: false, smsAllowed: true, emailAllowed: true },
  'script.returned': { for: 'students', defaults: mailed, lifetimeDays: 30, urgency: 'normal', topic: false, smsAllowed: true, emailAllowed: true },
  'fee.due': { for: 'students', defaults: mailedByFees, lifetimeDays: null, urgency: 'normal', topic: true, smsAllowed: true, emailAllowed: false },
  'payment.receipt': { for: 'students', defaults: mailedByFees, lifetimeDays: 30, urgency: 'normal', topic: false, smsAllowed: true, emailAllowed: false },
  'slip.rejected': { for: 'students', defaults: mailedByFees, lifetimeDays: 30, urgency: 'high', topic: false, smsAllowed: true, emailAllowed: false },
  'payment.reversed': { for: 'admins', defaults: { push: true, email: false, sms: false }, lifetimeDays: 30, urgency: 'normal', topic: false, smsAllowed: false, emailAllowed: false },
  // Unusual activity (docs/security.md 'Alerts on unusual activity'): mailed too, since an admin may not be signed in.
  'security.alert': { for: 'admins', defaults: { push: true, email: true, sms: false }, lifetimeDays: 7, urgency: 'high', topic: false, smsAllowed: false, emailAllowed: true },
  // A deletion waiting for a second admin (docs/security.md 'Two admins for a deletion').
  'approval.requested': { for: 'admins', defaults: { push: true, email: true, sms: false }, lifetimeDays: 7, urgency: 'normal', topic: false, smsAllowed: false, emailAllowed: true },
};

/** The kinds an academy lists for SMS when it names none (SMS_KINDS). */
export const DEFAULT_SMS_KINDS: readonly NotificationKind[] = ['paper.opening', 'fee.due', 'slip.rejected'];

export const NOTIFICATIONS_PATHS = {
  list: 'notifications',
  unread: 'notifications/unread',
  stream: 'notifications/stream',
  open: 'notifications/:id/open',
  read: 'notifications/read',
  preferences: 'notifications/preferences',
  subscriptions: 'notifications/subscriptions',
  testPush: 'notifications/subscriptions/test',
  unsubscribe: 'notifications/unsubscribe/:token',
  sent: 'notifications/sent',
  stats: 'notifications/stats',
  smsUsage: 'notifications/sms-usage',
} as const;

/** Notifications per page of the bell and the list. */
export const NOTIFICATION_PAGE_SIZE = 20;
/** Ids in one `POST notifications/read`. */
export const NOTIFICATION_READ_MAX_IDS = 100;
/** Longest value of one of a notification's words: longer ones are cut. */
export const NOTIFICATION_PARAM_MAX_LENGTH = 200;

/**
 * A hash path of the portal (`/view/abc`): starts with one `/`, no scheme, no `//`, no backslash,
 * so no notification can send a student to another site.
 */
export const portalPathSchema = z
  .string()
  .max(512, { error: 'must be at most 512 characters' })
  .regex(/^\/(?![/\\])[^\s\\]*$/, { error: 'must be a path of the portal, starting with one /' })
  .refine((path) => !path.includes('//') && !/^\/[a-z][a-z0-9+.-]*:/i.test(path), { error: 'must be a path of the portal, starting with one /' });

export function isPortalPath(path: string): boolean {
  return portalPathSchema.safeParse(path).success;
}

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: 'is not a notification kind' });

/** One item of the bell: the words, not sentences; the reader's language renders them. */
export const notificationItemSchema = z.object({
  /** The recipient row's id: `/#/n/{id}` opens it. */
  id: z.string(),
  kind: notificationKindSchema,
  params: z.record(z.string(), z.string()),
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  openedAt: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** Where the next (older) page starts: the last item's time and id. */
export function notificationCursor(item: Pick<NotificationItem, 'id' | 'createdAt'>): string {
  return `${item.createdAt}_${item.id}`;
}

const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([A-Za-z0-9_-]{1,64})$/;

export function parseNotificationCursor(cursor: string): { createdAt: string; id: string } | null {
  const match = CURSOR_PATTERN.exec(cursor);
  return match?.[1] && match[2] ? { createdAt: match[1], id: match[2] } : null;
}

export const notificationListQuerySchema = z.object({
  before: z.string().regex(CURSOR_PATTERN, { error: 'is not a page cursor from an earlier answer' }).optional(),
  unread: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListAnswerSchema = dataAnswer(
  z.object({ items: z.array(notificationItemSchema), unread: z.number().int(), before: z.string().nullable() }),
);
export type NotificationListAnswer = z.infer<typeof notificationListAnswerSchema>;

export const notificationUnreadAnswerSchema = dataAnswer(z.object({ count: z.number().int() }));

export const notificationIdParamsSchema = z.object({
  id: z.string().trim().min(1, { error: 'is required' }).max(64, { error: 'is not a notification id' }),
});

export const notificationOpenBodySchema = z.object({
  via: z.enum(NOTIFICATION_OPEN_VIA, { error: `must be one of ${NOTIFICATION_OPEN_VIA.join(', ')}` }),
});
export type NotificationOpenBody = z.infer<typeof notificationOpenBodySchema>;

export const notificationOpenAnswerSchema = dataAnswer(z.object({ link: z.string() }));

/** Mark some (the ids of the caller's items) or all of the caller's notifications as read. */
export const notificationReadBodySchema = z.union(
  [
    z.object({
      ids: z
        .array(z.string().min(1).max(64, { error: 'is not a notification id' }), { error: 'must be a list' })
        .min(1, { error: 'must name at least one notification' })
        .max(NOTIFICATION_READ_MAX_IDS, { error: `must name at most ${NOTIFICATION_READ_MAX_IDS} notifications` }),
    }),
    z.object({ all: z.literal(true, { error: 'must be true' }) }),
  ],
  { error: 'must be {ids: [...]} or {all: true}' },
);
export type NotificationReadBody = z.infer<typeof notificationReadBodySchema>;

export const notificationReadAnswerSchema = dataAnswer(z.object({ unread: z.number().int() }));

/**
 * The bell's live stream (Server-Sent Events, `event:` names the type). Each carries the reader's
 * unread count after it, so the badge needs no second call.
 */
export const NOTIFICATION_EVENT_TYPES = ['created', 'read', 'withdrawn'] as const;
export const notificationStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('created'), item: notificationItemSchema, unread: z.number().int() }),
  z.object({ type: z.literal('read'), ids: z.array(z.string()).nullable(), unread: z.number().int() }),
  z.object({ type: z.literal('withdrawn'), ids: z.array(z.string()), unread: z.number().int() }),
]);
export type NotificationStreamEvent = z.infer<typeof notificationStreamEventSchema>;

const channelSwitch = z.boolean({ error: 'must be true or false' });

/** One kind's switches on the preferences card; null where the channel does not apply. */
export const kindPreferenceSchema = z.object({
  kind: notificationKindSchema,
  push: channelSwitch.nullable(),
  email: channelSwitch.nullable(),
  sms: channelSwitch.nullable(),
});

/** The overrides an account stored: only what differs from KIND_RULES' defaults. */
export const preferenceOverridesSchema = z.partialRecord(
  notificationKindSchema,
  z.object({ push: channelSwitch.optional(), email: channelSwitch.optional(), sms: channelSwitch.optional() }),
);
export type PreferenceOverrides = z.infer<typeof preferenceOverridesSchema>;

export const preferencesSchema = z.object({
  language: z.enum(NOTIFICATION_LANGUAGES),
  channels: z.object({ push: z.boolean(), email: z.boolean(), sms: z.boolean() }),
  /** The mobile number SMS go to, masked ('077 ••• 4567'); null when there is none. */
  smsNumber: z.string().nullable(),
  /** The VAPID public key (base64url) the browser subscribes with. */
  pushKey: z.string().nullable(),
  quietHours: z.object({ from: z.string(), to: z.string() }).nullable(),
  kinds: z.array(kindPreferenceSchema),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const preferencesAnswerSchema = dataAnswer(preferencesSchema);

export const preferencesUpdateBodySchema = z.object({
  language: z.enum(NOTIFICATION_LANGUAGES, { error: 'must be en or si' }).optional(),
  kinds: z
    .array(z.object({ kind: notificationKindSchema, push: channelSwitch.optional(), email: channelSwitch.optional(), sms: channelSwitch.optional() }))
    .max(NOTIFICATION_KINDS.length, { error: `must name at most ${NOTIFICATION_KINDS.length} kinds` })
    .optional(),
});
export type PreferencesUpdateBody = z.infer<typeof preferencesUpdateBodySchema>;

/** A browser's Web Push subscription, shape only: the endpoint rule needs DNS and lives on the server. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.string().max(2048, { error: 'must be at most 2048 characters' }),
  keys: z.object({ p256dh: z.string().max(128), auth: z.string().max(64) }),
  expirationTime: z.number().nullable().optional(),
  language: z.enum(NOTIFICATION_LANGUAGES, { error: 'must be en or si' }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
export const pushSubscriptionAnswerSchema = dataAnswer(z.object({ id: z.string() }));
export const pushSubscriptionDeleteBodySchema = z.object({ endpoint: z.string().max(2048) });
export const testPushAnswerSchema = dataAnswer(z.object({ devices: z.number().int() }));
export const unsubscribeAnswerSchema = dataAnswer(z.object({ kind: notificationKindSchema }));

/** Per channel, how a notification went: counted from the recipients when asked. */
export const channelCountsSchema = z.object({
  sent: z.number().int(),
  held: z.number().int(),
  failed: z.number().int(),
  off: z.number().int(),
  gone: z.number().int(),
  capped: z.number().int(),
});
export const sentNotificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  params: z.record(z.string(), z.string()),
  createdAt: z.string(),
  recipients: z.number().int(),
  push: channelCountsSchema,
  email: channelCountsSchema,
  sms: channelCountsSchema,
  opened: z.number().int(),
  openedVia: z.record(z.enum(NOTIFICATION_OPEN_VIA), z.number().int()),
});
export const sentNotificationsAnswerSchema = dataAnswer(z.object({ items: z.array(sentNotificationSchema), before: z.string().nullable() }));
export const smsUsageAnswerSchema = dataAnswer(
  z.object({ provider: z.string().nullable(), kinds: z.array(notificationKindSchema), month: z.string(), used: z.number().int(), cap: z.number().int() }),
);

/** The admin's list of notifications, newest first, 20 a page; `kind` narrows it to one kind. */
export const sentNotificationsQuerySchema = z.object({
  before: z.string().regex(CURSOR_PATTERN, { error: 'is not a page cursor from an earlier answer' }).optional(),
  kind: notificationKindSchema.optional(),
});
export type SentNotificationsQuery = z.infer<typeof sentNotificationsQuerySchema>;

/** Subject keys one `GET notifications/stats` may ask for (the Social Media Manager's cards of a page). */
export const NOTIFICATION_STATS_MAX_SUBJECTS = 50;

/** The counts of one kind's notifications about the subjects named, comma-separated (`message:a,message:b`). */
export const notificationStatsQuerySchema = z.object({
  kind: notificationKindSchema,
  subjects: z
    .string()
    .min(1, { error: 'must name at least one subject' })
    .max(NOTIFICATION_STATS_MAX_SUBJECTS * 201, { error: `must name at most ${NOTIFICATION_STATS_MAX_SUBJECTS} subjects` })
    .refine((subjects) => subjects.split(',').length <= NOTIFICATION_STATS_MAX_SUBJECTS, { error: `must name at most ${NOTIFICATION_STATS_MAX_SUBJECTS} subjects` })
    .refine((subjects) => subjects.split(',').every((key) => key.length > 0 && key.length <= 200), { error: 'must be subject keys separated by commas' }),
});
export type NotificationStatsQuery = z.infer<typeof notificationStatsQuerySchema>;

export const notificationStatsSchema = sentNotificationSchema
  .pick({ recipients: true, push: true, email: true, sms: true, opened: true, openedVia: true })
  .extend({ subjectKey: z.string() });
export type NotificationStats = z.infer<typeof notificationStatsSchema>;
export const notificationStatsAnswerSchema = dataAnswer(z.array(notificationStatsSchema));

export const pushSubscriptionDeleteAnswerSchema = dataAnswer(z.null());

export const unsubscribeParamsSchema = z.object({ token: z.string().min(1, { error: 'is required' }).max(512, { error: 'is not an unsubscribe token' }) });
/** RFC 8058's one-click form body (`List-Unsubscribe=One-Click`), or `{}` from the portal's own page. */
export const unsubscribeBodySchema = z.object({
  'List-Unsubscribe': z.literal('One-Click', { error: 'must be One-Click' }).optional(),
});
export type ChannelCounts = z.infer<typeof channelCountsSchema>;
export type SentNotification = z.infer<typeof sentNotificationSchema>;
