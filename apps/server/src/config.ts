import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  brandingSchema,
  DEFAULT_MAX_UPLOAD_BYTES,
  DEFAULT_SMS_KINDS,
  KIND_RULES,
  NOTIFICATION_KINDS,
  PAYHERE_CHECKOUT_URLS,
  PAYHERE_MODES,
  type Branding,
  type NotificationKind,
  type PayHereMode,
} from '@academy/contract';
import { durationMs } from './lib/duration';
import { plaintextProblem } from './lib/encrypted-connections';
import type { SignInRules } from './features/sign-in-guard/rules';
import type { ToolConfinement } from './media/run-tool';
import type { SecurityAlertRules } from './features/security-alerts/rules';
import { DEFAULT_PUSH_SERVICE_HOSTS } from './notify/push/endpoint-rule';
import { checkVapidSubject, VapidKeyError, vapidKeys, type VapidKeys } from './notify/push/vapid-keys';
import { parseQuietHours, type QuietHours } from './notify/quiet-hours';
import { API_DOCS_ACCESS, type ApiDocsAccess } from './plugins/api-docs-access';
import type { RouteBudget } from './plugins/rate-limits';

// Every setting the server reads, from the environment only here, validated once at start.
// A bad value stops the server with a message naming the variable, not a crash later.

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '..', '..');

const duration = z.string().regex(/^\d+[smhd]$/, { error: 'must look like 30d, 12h, 90m or 45s' });
const count = z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1_000_000);
/** A security alert's threshold: events in one window; 0 turns its kind off. */
const alertThreshold = z.coerce.number({ error: 'must be a whole number (0 turns the alert off)' }).int().min(0).max(1_000_000);
const budget = z.coerce.number({ error: 'must be a whole number of requests' }).int().min(1).max(1_000_000_000);

/**
 * CORS_ORIGINS: exact origins (scheme, host, optional port; no path), comma-separated. A browser
 * sends the origin in exactly that form, so anything else could never match and is a typo.
 */
function corsOrigins(value: string, context: z.RefinementCtx): string[] {
  const origins = value.split(',').map((item) => item.trim()).filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      // reported below
    }
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      context.addIssue({ code: 'custom', message: `has "${origin}", which is not an origin like https://portal.example.lk (no path, no trailing slash)` });
    }
  }
  return origins;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// (leave it unset for SQLite)' })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  TOKEN_TTL: duration.default('30d'),
  // An admin's sign-in ends after this long without a request, and this long after it began (ASVS 3.3.2).
  ADMIN_IDLE_TIMEOUT: duration.default('30m'),
  ADMIN_SESSION_MAX: duration.default('12h'),
  ADMIN_EMAIL: z.email({ error: 'must be an e-mail address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  BRANDING_TITLE: z.string().optional(),
  BRANDING_TAGLINE: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps:// (leave it unset to write mail to DATA_DIR/outbox)' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3, { error: 'must be an address like "Academy <no-reply@example.lk>"' }).optional(),
  REQUEST_TIMEOUT: duration.default('2h'),
  FILE_STORE: z.enum(['disk', 'google-drive'], { error: "must be 'disk' or 'google-drive'" }).default('disk'),
  FILES_DIR: z.string().min(1).optional(),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1).default(DEFAULT_MAX_UPLOAD_BYTES),
  FILE_TICKET_TTL: duration.default('10m'),
  GOOGLE_DRIVE_KEY_FILE: z.string().min(1).optional(),
  GOOGLE_DRIVE_ROOT_FOLDER_ID: z.string().min(1).optional(),
  GOOGLE_DRIVE_API_URL: z.url({ error: 'must be a URL' }).optional(),
  GOOGLE_DRIVE_LESSONS_FOLDER_ID: z.string().min(1).optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  // ffmpeg's and ffprobe's confinement (media/run-tool.ts): address space, CPU time, and a sandbox
  // command put before them (words split at spaces, e.g. 'bwrap --unshare-all ... --'; empty: none).
  MEDIA_TOOL_MEMORY_MB: z.coerce.number({ error: 'must be a whole number' }).int().min(256).default(8192),
  MEDIA_TOOL_CPU_SECONDS: z.coerce.number({ error: 'must be a whole number' }).int().min(10).default(12 * 3600),
  MEDIA_TOOL_SANDBOX: z.string().default(''),
  TRANSCODE_CONCURRENCY: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(16).default(1),
  JOB_LEASE_SECONDS: z.coerce.number({ error: 'must be a whole number' }).int().min(2).max(3600).default(30),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss:// (leave it unset for in-process live updates)' })
    .optional(),
  // On a private network whose traffic nobody else can see (a compose file's own network), plain
  // service addresses to other hosts may be allowed; lib/encrypted-connections.ts refuses them otherwise.
  ALLOW_PLAINTEXT_SERVICES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, { error: 'must be 1-64 letters, digits or _ : . -' }).default('academy:'),
  STREAM_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  STREAM_RECHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value, context) => corsOrigins(value, context)),
  // Who gets the OpenAPI document at /api/docs (plugins/api-docs.ts): everyone, signed-in admins, nobody.
  API_DOCS: z.enum(API_DOCS_ACCESS, { error: "must be 'on', 'admins' or 'off'" }).default('admins'),
  BODY_TIMEOUT: duration.default('30s'),
  // Requests per client address and per route in each RATE_LIMIT_WINDOW (plugins/rate-limits.ts).
  RATE_LIMIT_WINDOW: duration.default('1m'),
  RATE_LIMIT_READ: budget.default(1200),
  RATE_LIMIT_WRITE: budget.default(300),
  // Per address it only guards the server's CPU (argon2), so it counts password checks and other
  // work, not requests: accounts are guarded by SIGN_IN_* below, whose refusals cost nothing here,
  // and a hall of 300 students behind one address must sign in within a couple of minutes.
  RATE_LIMIT_SIGN_IN: budget.default(600),
  // New accounts one address may register in an hour (ASVS 11.1.2): people register at human
  // speed; a hall registering together behind one address raises it. Add Student is not counted.
  RATE_LIMIT_REGISTER: budget.default(20),
  RATE_LIMIT_UPLOAD: budget.default(60),
  // A school hall of hundreds of phones sits a paper behind one address, saving every few
  // seconds; one student's client is bounded per account by PAPER_SAVES_PER_MINUTE instead.
  RATE_LIMIT_SITTING: budget.default(20_000),
  PAPER_SAVES_PER_MINUTE: budget.default(300),
  // PayHere calls the notify route from few addresses; the first of a month is its busiest day.
  RATE_LIMIT_NOTIFY: budget.default(3000),
  // Papers (docs/papers.md 'Settings'): the grace covers answers already on their way at a deadline.
  PAPER_GRACE_SECONDS: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(600).default(60),
  PAPER_JOB_CONCURRENCY: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(16).default(2),
  PAPER_SWEEP_SECONDS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(3600).default(30),
  // Notifications (docs/notifications.md 'Settings'): fan-out and sending jobs at once here.
  NOTIFY_JOB_CONCURRENCY: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(16).default(2),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be the portal\'s address, like https://portal.example.lk' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  // Class fees (docs/fees.md 'Settings'): PayHere Checkout, off unless the merchant is set.
  PAYHERE_MERCHANT_ID: z.string().trim().regex(/^[A-Za-z0-9]{1,32}$/, { error: 'must be the PayHere merchant id (letters and digits)' }).optional(),
  PAYHERE_MERCHANT_SECRET: z.string().trim().min(8, { error: 'must be the merchant secret PayHere issued for this domain' }).max(512).optional(),
  PAYHERE_MODE: z.enum(PAYHERE_MODES, { error: "must be 'sandbox' or 'live'" }).default('sandbox'),
  PAYHERE_CHECKOUT_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  FEES_JOB_CONCURRENCY: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(16).default(1),
  // Privacy (docs/configuration.md 'Privacy and retention'): erasure's grace, and how long personal data is kept.
  ERASURE_GRACE_DAYS: z.coerce.number({ error: 'must be a whole number of days' }).int().min(1).max(365).default(14),
  SESSION_RETENTION_DAYS: z.coerce.number({ error: 'must be a whole number of days' }).int().min(1).max(3650).default(90),
  AUDIT_RETENTION_DAYS: z.coerce.number({ error: 'must be a whole number of days' }).int().min(30).max(36500).default(730),
  DELETED_STUDENT_RETENTION_DAYS: z.coerce.number({ error: 'must be a whole number of days' }).int().min(1).max(3650).default(365),
  DELETED_WATCH_RETENTION_DAYS: z.coerce.number({ error: 'must be a whole number of days' }).int().min(1).max(3650).default(30),
  PRIVACY_JOB_CONCURRENCY: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(1).default(1),
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  VAPID_SUBJECT: z.string().min(1).optional(),
  PUSH_SERVICE_HOSTS: z
    .string()
    .default(DEFAULT_PUSH_SERVICE_HOSTS.join(','))
    .transform((value, context) => pushServiceHosts(value, context)),
  PUSH_TEST_ORIGIN: z
    .string()
    .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:' && new URL(value).origin === value, {
      error: 'must be an https origin like https://127.0.0.1:8443 (no path)',
    })
    .optional(),
  PUSH_TEST_CA_FILE: z.string().min(1).optional(),
  PUSH_CONCURRENCY: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(1000).default(50),
  NOTIFY_QUIET_HOURS: z
    .string()
    .default('22:00-06:00')
    .transform((value, context) => quietHours(value, context)),
  NOTIFY_MAIL_PER_MINUTE: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(100_000).default(60),
  NOTIFY_RETENTION_DAYS: z.coerce.number({ error: 'must be a whole number' }).int().min(1).max(3650).default(180),
  SMS_PROVIDER: z.enum(['notify.lk', 'text.lk'], { error: "must be 'notify.lk' or 'text.lk' (leave it unset for no SMS)" }).optional(),
  SMS_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional(),
  SMS_SENDER_ID: z.string().trim().min(1).max(11, { error: 'must be at most 11 characters' }).optional(),
  SMS_NOTIFYLK_USER_ID: z.string().min(1).optional(),
  SMS_NOTIFYLK_API_KEY: z.string().min(1).optional(),
  SMS_TEXTLK_API_KEY: z.string().min(1).optional(),
  SMS_KINDS: z
    .string()
    .default(DEFAULT_SMS_KINDS.join(','))
    .transform((value, context) => smsKinds(value, context)),
  SMS_MONTHLY_CAP: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(10_000_000).default(2000),
  SMS_DAILY_PER_STUDENT: z.coerce.number({ error: 'must be a whole number' }).int().min(0).max(1000).default(3),
  // Sign-in failures (features/sign-in-guard/rules.ts, docs/security.md 'Sign-in failures').
  SIGN_IN_WINDOW: duration.default('15m'),
  SIGN_IN_PLACE_LIMIT: count.default(10),
  SIGN_IN_ACCOUNT_LIMIT: count.default(20),
  SIGN_IN_DELAY_AFTER: count.default(5),
  SIGN_IN_DELAY_MAX: duration.default('1m'),
  SIGN_IN_ADDRESS_FLOOR: count.default(100),
  SIGN_IN_ADDRESS_SHARE: z.coerce.number({ error: 'must be a percentage' }).int().min(1).max(100).default(50),
  // Days a temporary password (the CSV import's, for a row without one) signs in before the
  // student must ask for a new one or reset it (ASVS 2.3.1).
  TEMPORARY_PASSWORD_DAYS: z.coerce.number({ error: 'must be a whole number of days' }).int().min(1).max(90).default(7),
  KNOWN_DEVICE_TTL: duration.default('180d'),
  // Alerts on unusual activity (features/security-alerts, docs/security.md 'Alerts on unusual
  // activity'): per account or address in one sliding window; 0 turns a kind off. A school's hall
  // shares one address, so the per-address numbers sit well above a class signing in at once.
  SECURITY_ALERT_WINDOW: duration.default('15m'),
  SECURITY_ALERT_RATE_LIMITED: alertThreshold.default(300),
  SECURITY_ALERT_SIGN_IN_FAILURES: alertThreshold.default(100),
  SECURITY_ALERT_LOCKOUTS: alertThreshold.default(5),
  SECURITY_ALERT_ACCESS_REFUSED: alertThreshold.default(50),
  SECURITY_ALERT_PASSWORD_FAILURES: alertThreshold.default(10),
  SECURITY_ALERT_BULK_READS: alertThreshold.default(5),
  // Second-admin approval of deletions (features/approvals, docs/security.md 'Two admins for a deletion').
  APPROVAL_TTL: duration.default('7d'),
  APPROVAL_COOLING_OFF: duration.default('24h'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  jwtSecret: string;
  tokenTtl: string;
  /** An admin's sessions: ended after `idleMs` without a request, and `maxMs` after the sign-in. */
  adminSessions: { idleMs: number; maxMs: number };
  admin: { email: string; password: string } | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string;
  trustProxy: boolean;
  branding: Branding;
  /** SMTP when smtpUrl is set; otherwise each mail is written to outboxDir. */
  mail: { smtpUrl: string | null; from: string; outboxDir: string };
  /** The longest a request may take to arrive whole: a lesson upload's part on a slow line is long. */
  requestTimeoutMs: number;
  /** Class material: where the class folders live, upload limit, viewer ticket lifetime. */
  files: {
    store: { kind: 'disk'; dir: string } | { kind: 'google-drive'; keyFile: string; rootFolderId: string; apiUrl: string | null };
    maxUploadBytes: number;
    ticketTtlMs: number;
    /** Resumable uploads in progress (tus): kept on disk so a server restart resumes them. */
    resumableDir: string;
  };
  /**
   * Lessons: the ffmpeg and ffprobe to run (null: the ones npm installed), transcodes at
   * once in this instance (0: this instance takes none), how long a taken job is held without a
   * heartbeat, where the streamed versions are kept (a Drive folder, or `dir` on disk), where a
   * transcode works and where Drive-kept segments are cached.
   */
  lessons: {
    ffmpegPath: string | null;
    ffprobePath: string | null;
    /** The limits and sandbox every ffmpeg and ffprobe run gets. */
    toolConfinement: ToolConfinement;
    concurrency: number;
    leaseMs: number;
    dir: string;
    driveFolderId: string | null;
    workDir: string;
    cacheDir: string;
  };
  /** Live updates: fanned out through Redis when redisUrl is set, in-process otherwise. */
  events: { redisUrl: string | null; redisPrefix: string };
  /** Long-lived event streams: a comment every heartbeatMs for proxies, the account re-checked every recheckMs. */
  stream: { heartbeatMs: number; recheckMs: number };
  /** Origins other than the portal's own that browsers may call the API from; empty: same-origin only. */
  corsOrigins: string[];
  /** Who gets the API documentation at /api/docs: 'on' everyone, 'admins' signed-in admins only, 'off' nobody. */
  apiDocs: ApiDocsAccess;
  /** The longest a JSON body may take to arrive; uploads have requestTimeoutMs instead. */
  bodyTimeoutMs: number;
  /** Requests per client address and per route in each windowMs, by the route's declared budget. */
  rateLimits: { windowMs: number; budgets: Record<RouteBudget, number>; registrationsPerHour: number };
  /**
   * MCQ papers: how many start, answers and hand-in requests one account may make to each a minute;
   * the grace after a deadline; paper jobs at once here (0: another instance runs them); the sweep.
   */
  papers: { savesPerMinute: number; graceMs: number; jobConcurrency: number; sweepMs: number; imagesDir: string };
  /** The portal's address as students reach it (no trailing slash); null: no notification e-mail (its links need it). */
  publicUrl: string | null;
  /** Notifications: their jobs at once in this instance (0: another instance runs them), and each channel's settings. */
  notify: NotifyConfig;
  /** PayHere Checkout (docs/fees.md 'Settings'); null: online payment is off. */
  payhere: PayHereConfig | null;
  /** Class fees: their mail jobs at once here (0: another instance sends them), where slips are kept. */
  fees: { jobConcurrency: number; slipsDir: string };
  /** When failed sign-ins refuse further tries, and how long a browser stays a known device. */
  signIn: SignInRules;
  /** The thresholds of the security alerts and their window. */
  securityAlerts: SecurityAlertRules;
  /** How long a deletion waits for a second admin, and how long the only admin waits to carry it out alone. */
  approvals: { ttlMs: number; coolingOffMs: number };
  /** Erasure's grace and the retention periods (docs/data-inventory.md 'Retention'). */
  privacy: PrivacyConfig;
  /** How long a temporary password (the CSV import's) signs in before it expires. */
  temporaryPasswordTtlMs: number;
}

/** Privacy: days before a requested erasure runs, how long each kind of personal data is kept, the sweep here (0: another instance). */
export interface PrivacyConfig {
  erasureGraceDays: number;
  jobConcurrency: number;
  retention: { sessionDays: number; auditDays: number; deletedStudentDays: number; deletedWatchDays: number };
}

/** PayHere Checkout: the merchant, its secret (never logged, never sent), and where the form posts. */
export interface PayHereConfig {
  merchantId: string;
  merchantSecret: string;
  mode: PayHereMode;
  /** The mode's checkout address, or PAYHERE_CHECKOUT_URL (the local stand-in in tests). */
  checkoutUrl: string;
}

/** Notifications (docs/notifications.md 'Settings'). */
export interface NotifyConfig {
  jobConcurrency: number;
  vapid: VapidKeys & { subject: string };
  push: { serviceHosts: string[] | '*'; testOrigin: string | null; testCaFile: string | null; concurrency: number };
  /** Null: quiet hours are off. */
  quietHours: QuietHours | null;
  mailPerMinute: number;
  /** Days a notification (its recipients and deliveries with it) stays in bells and counts. */
  retentionDays: number;
  /** Null: no SMS (SMS_PROVIDER unset). */
  sms: SmsConfig | null;
}

export interface SmsConfig {
  provider: 'notify.lk' | 'text.lk';
  /** The provider's address; a local stand-in's in tests. */
  apiUrl: string;
  senderId: string;
  credentials: { userId: string; apiKey: string } | { apiKey: string };
  kinds: NotificationKind[];
  monthlyCap: number;
  dailyPerStudent: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const plaintext = e.ALLOW_PLAINTEXT_SERVICES
    ? []
    : (['DATABASE_URL', 'REDIS_URL', 'SMTP_URL'] as const).flatMap((variable) => {
        const value = e[variable];
        const problem = value ? plaintextProblem(variable, value) : null;
        return problem ? [problem] : [];
      });
  if (plaintext.length > 0) {
    throw new ConfigError(`Invalid configuration: ${plaintext.join('; ')} (or set ALLOW_PLAINTEXT_SERVICES=true on a private network)`);
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: set ADMIN_EMAIL and ADMIN_PASSWORD together');
  }
  // npm runs a workspace's scripts inside the workspace folder; relative paths mean where the
  // command was typed (INIT_CWD), so `npm start` at the root keeps its data in ./data there.
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const branding = loadBranding(dataDir, e.BRANDING_TITLE, e.BRANDING_TAGLINE);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') },
    jwtSecret: e.JWT_SECRET ?? persistedSecret(dataDir),
    tokenTtl: e.TOKEN_TTL,
    adminSessions: { idleMs: durationMs(e.ADMIN_IDLE_TIMEOUT), maxMs: durationMs(e.ADMIN_SESSION_MAX) },
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : null,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(baseDir, e.WEB_DIST) : path.join(repoRoot, 'apps', 'web', 'dist'),
    trustProxy: e.TRUST_PROXY,
    branding,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `"${branding.title.replace(/["\\]/g, '')}" <no-reply@localhost>`,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    requestTimeoutMs: durationMs(e.REQUEST_TIMEOUT),
    files: {
      store: fileStore(e, dataDir),
      maxUploadBytes: e.MAX_UPLOAD_BYTES,
      ticketTtlMs: durationMs(e.FILE_TICKET_TTL),
      resumableDir: path.join(dataDir, 'uploads'),
    },
    lessons: {
      ffmpegPath: e.FFMPEG_PATH ? path.resolve(baseDir, e.FFMPEG_PATH) : null,
      ffprobePath: e.FFPROBE_PATH ? path.resolve(baseDir, e.FFPROBE_PATH) : null,
      toolConfinement: {
        memoryBytes: e.MEDIA_TOOL_MEMORY_MB * 1024 * 1024,
        cpuSeconds: e.MEDIA_TOOL_CPU_SECONDS,
        sandbox: e.MEDIA_TOOL_SANDBOX.split(' ').filter((word) => word !== ''),
      },
      concurrency: e.TRANSCODE_CONCURRENCY,
      leaseMs: e.JOB_LEASE_SECONDS * 1000,
      dir: path.join(dataDir, 'lessons'),
      driveFolderId: e.GOOGLE_DRIVE_LESSONS_FOLDER_ID ?? null,
      workDir: path.join(dataDir, 'lessons-work'),
      cacheDir: path.join(dataDir, 'lessons-cache'),
    },
    events: { redisUrl: e.REDIS_URL ?? null, redisPrefix: e.REDIS_PREFIX },
    stream: { heartbeatMs: e.STREAM_HEARTBEAT_SECONDS * 1000, recheckMs: e.STREAM_RECHECK_SECONDS * 1000 },
    corsOrigins: e.CORS_ORIGINS,
    apiDocs: e.API_DOCS,
    bodyTimeoutMs: durationMs(e.BODY_TIMEOUT),
    rateLimits: {
      windowMs: durationMs(e.RATE_LIMIT_WINDOW),
      budgets: {
        read: e.RATE_LIMIT_READ,
        write: e.RATE_LIMIT_WRITE,
        'sign-in': e.RATE_LIMIT_SIGN_IN,
        upload: e.RATE_LIMIT_UPLOAD,
        sitting: e.RATE_LIMIT_SITTING,
        notify: e.RATE_LIMIT_NOTIFY,
      },
      registrationsPerHour: e.RATE_LIMIT_REGISTER,
    },
    papers: {
      savesPerMinute: e.PAPER_SAVES_PER_MINUTE,
      graceMs: e.PAPER_GRACE_SECONDS * 1000,
      jobConcurrency: e.PAPER_JOB_CONCURRENCY,
      sweepMs: e.PAPER_SWEEP_SECONDS * 1000,
      imagesDir: path.join(dataDir, 'paper-images'),
    },
    publicUrl: e.PUBLIC_URL ?? null,
    notify: notifyConfig(e, dataDir),
    payhere: payhereConfig(e),
    fees: { jobConcurrency: e.FEES_JOB_CONCURRENCY, slipsDir: path.join(dataDir, 'fee-slips') },
    privacy: {
      erasureGraceDays: e.ERASURE_GRACE_DAYS,
      jobConcurrency: e.PRIVACY_JOB_CONCURRENCY,
      retention: {
        sessionDays: e.SESSION_RETENTION_DAYS,
        auditDays: e.AUDIT_RETENTION_DAYS,
        deletedStudentDays: e.DELETED_STUDENT_RETENTION_DAYS,
        deletedWatchDays: e.DELETED_WATCH_RETENTION_DAYS,
      },
    },
    signIn: {
      windowMs: durationMs(e.SIGN_IN_WINDOW),
      placeLimit: e.SIGN_IN_PLACE_LIMIT,
      accountLimit: e.SIGN_IN_ACCOUNT_LIMIT,
      delayAfter: e.SIGN_IN_DELAY_AFTER,
      delayMaxMs: durationMs(e.SIGN_IN_DELAY_MAX),
      addressFloor: e.SIGN_IN_ADDRESS_FLOOR,
      addressShare: e.SIGN_IN_ADDRESS_SHARE / 100,
      knownDeviceTtlMs: durationMs(e.KNOWN_DEVICE_TTL),
    },
    securityAlerts: {
      windowMs: durationMs(e.SECURITY_ALERT_WINDOW),
      thresholds: {
        'rate-limited': e.SECURITY_ALERT_RATE_LIMITED,
        'sign-in-failures': e.SECURITY_ALERT_SIGN_IN_FAILURES,
        lockouts: e.SECURITY_ALERT_LOCKOUTS,
        'access-refused': e.SECURITY_ALERT_ACCESS_REFUSED,
        'password-failures': e.SECURITY_ALERT_PASSWORD_FAILURES,
        'bulk-reads': e.SECURITY_ALERT_BULK_READS,
      },
    },
    approvals: approvalsConfig(e),
    temporaryPasswordTtlMs: e.TEMPORARY_PASSWORD_DAYS * 24 * 60 * 60_000,
  };
}

/**
 * The data folder holds the database, uploads, lessons and their keys, and the JWT secret: for
 * the server's own user alone, never another user of the machine (ASVS 12.4.1). A new one is made
 * so; see closeDataFolder for one that exists.
 */
const PRIVATE_FOLDER_MODE = 0o700;

/**
 * Closes a data folder that other users of the machine may enter (made by hand, or by a version
 * that left it to the umask) to the server's user alone. Answers the mode it had, for the start to
 * warn about, or null when it was private already.
 */
export function closeDataFolder(dataDir: string): number | null {
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) === 0) return null;
  chmodSync(dataDir, PRIVATE_FOLDER_MODE);
  return mode;
}

/** A request must outlive the cooling-off, or the only admin could never carry one out. */
function approvalsConfig(e: z.infer<typeof envSchema>): Config['approvals'] {
  const ttlMs = durationMs(e.APPROVAL_TTL);
  const coolingOffMs = durationMs(e.APPROVAL_COOLING_OFF);
  if (ttlMs <= coolingOffMs) throw new ConfigError('Invalid configuration: APPROVAL_TTL must be longer than APPROVAL_COOLING_OFF');
  return { ttlMs, coolingOffMs };
}

/**
 * PayHere is on when the merchant id is set: the secret must come with it, and PUBLIC_URL too
 * (PayHere calls it back and returns the student to it), https unless in sandbox mode.
 */
function payhereConfig(e: z.infer<typeof envSchema>): PayHereConfig | null {
  if (Boolean(e.PAYHERE_MERCHANT_ID) !== Boolean(e.PAYHERE_MERCHANT_SECRET)) {
    throw new ConfigError('Invalid configuration: set PAYHERE_MERCHANT_ID and PAYHERE_MERCHANT_SECRET together');
  }
  if (!e.PAYHERE_MERCHANT_ID || !e.PAYHERE_MERCHANT_SECRET) return null;
  if (!e.PUBLIC_URL) {
    throw new ConfigError("Invalid configuration: PUBLIC_URL is required with PAYHERE_MERCHANT_ID (PayHere's notify and return addresses)");
  }
  if (e.PAYHERE_MODE === 'live' && !e.PUBLIC_URL.startsWith('https:')) {
    throw new ConfigError('Invalid configuration: PUBLIC_URL must be https with PAYHERE_MODE=live');
  }
  return {
    merchantId: e.PAYHERE_MERCHANT_ID,
    merchantSecret: e.PAYHERE_MERCHANT_SECRET,
    mode: e.PAYHERE_MODE,
    checkoutUrl: e.PAYHERE_CHECKOUT_URL ?? PAYHERE_CHECKOUT_URLS[e.PAYHERE_MODE],
  };
}

function pushServiceHosts(value: string, context: z.RefinementCtx): string[] | '*' {
  if (value.trim() === '*') return '*';
  const hosts = value.split(',').map((item) => item.trim().toLowerCase()).filter(Boolean);
  for (const host of hosts) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) context.addIssue({ code: 'custom', message: `has "${host}", which is not a host name like fcm.googleapis.com` });
  }
  if (hosts.length === 0) context.addIssue({ code: 'custom', message: 'must name at least one push service host, or *' });
  return hosts;
}

function quietHours(value: string, context: z.RefinementCtx): QuietHours | null {
  try {
    return parseQuietHours(value);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
    return null;
  }
}

function smsKinds(value: string, context: z.RefinementCtx): NotificationKind[] {
  const kinds = value.split(',').map((item) => item.trim()).filter(Boolean);
  for (const kind of kinds) {
    const known = (NOTIFICATION_KINDS as readonly string[]).includes(kind);
    if (!known || !KIND_RULES[kind as NotificationKind].smsAllowed) context.addIssue({ code: 'custom', message: `has "${kind}", which is not a kind SMS may carry` });
  }
  return kinds as NotificationKind[];
}

/** The address of MAIL_FROM (`Academy <office@academy.lk>` → `office@academy.lk`). */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

/**
 * VAPID_SUBJECT as given (a localhost one refused), else the first of MAIL_FROM's address and
 * PUBLIC_URL that Apple's push service accepts; with neither, MAIL_FROM's address as it is.
 */
function vapidSubject(e: z.infer<typeof envSchema>): string {
  if (e.VAPID_SUBJECT) return checkVapidSubject(e.VAPID_SUBJECT);
  const mailto = `mailto:${mailAddress(e.MAIL_FROM ?? 'no-reply@localhost')}`;
  const candidates = [mailto, ...(e.PUBLIC_URL?.startsWith('https:') ? [e.PUBLIC_URL] : [])];
  return candidates.find((subject) => {
    try {
      return checkVapidSubject(subject) === subject;
    } catch {
      return false;
    }
  }) ?? mailto;
}

function smsConfig(e: z.infer<typeof envSchema>): SmsConfig | null {
  if (!e.SMS_PROVIDER) return null;
  const missing = (names: string[]) => new ConfigError(`Invalid configuration: SMS_PROVIDER=${e.SMS_PROVIDER} needs ${names.join(' and ')}`);
  if (!e.SMS_SENDER_ID) throw missing(['SMS_SENDER_ID']);
  const common = { senderId: e.SMS_SENDER_ID, kinds: e.SMS_KINDS, monthlyCap: e.SMS_MONTHLY_CAP, dailyPerStudent: e.SMS_DAILY_PER_STUDENT };
  if (e.SMS_PROVIDER === 'notify.lk') {
    if (!e.SMS_NOTIFYLK_USER_ID || !e.SMS_NOTIFYLK_API_KEY) throw missing(['SMS_NOTIFYLK_USER_ID', 'SMS_NOTIFYLK_API_KEY']);
    const credentials = { userId: e.SMS_NOTIFYLK_USER_ID, apiKey: e.SMS_NOTIFYLK_API_KEY };
    return { provider: 'notify.lk', apiUrl: e.SMS_API_URL ?? 'https://app.notify.lk', credentials, ...common };
  }
  if (!e.SMS_TEXTLK_API_KEY) throw missing(['SMS_TEXTLK_API_KEY']);
  return { provider: 'text.lk', apiUrl: e.SMS_API_URL ?? 'https://app.text.lk', credentials: { apiKey: e.SMS_TEXTLK_API_KEY }, ...common };
}

function notifyConfig(e: z.infer<typeof envSchema>, dataDir: string): NotifyConfig {
  let keys: VapidKeys;
  let subject: string;
  try {
    keys = vapidKeys(dataDir, { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY });
    subject = vapidSubject(e);
  } catch (error) {
    if (error instanceof VapidKeyError) throw new ConfigError(`Invalid configuration: ${error.message}`);
    throw error;
  }
  if (Boolean(e.PUSH_TEST_ORIGIN) !== Boolean(e.PUSH_TEST_CA_FILE)) {
    throw new ConfigError('Invalid configuration: set PUSH_TEST_ORIGIN and PUSH_TEST_CA_FILE together');
  }
  return {
    jobConcurrency: e.NOTIFY_JOB_CONCURRENCY,
    vapid: { ...keys, subject },
    push: {
      serviceHosts: e.PUSH_SERVICE_HOSTS,
      testOrigin: e.PUSH_TEST_ORIGIN ?? null,
      testCaFile: e.PUSH_TEST_CA_FILE ? path.resolve(e.PUSH_TEST_CA_FILE) : null,
      concurrency: e.PUSH_CONCURRENCY,
    },
    quietHours: e.NOTIFY_QUIET_HOURS,
    mailPerMinute: e.NOTIFY_MAIL_PER_MINUTE,
    retentionDays: e.NOTIFY_RETENTION_DAYS,
    sms: smsConfig(e),
  };
}

function fileStore(e: z.infer<typeof envSchema>, dataDir: string): Config['files']['store'] {
  if (e.FILE_STORE === 'disk') return { kind: 'disk', dir: path.resolve(e.FILES_DIR ?? path.join(dataDir, 'class-files')) };
  if (!e.GOOGLE_DRIVE_KEY_FILE || !e.GOOGLE_DRIVE_ROOT_FOLDER_ID) {
    throw new ConfigError('Invalid configuration: FILE_STORE=google-drive needs GOOGLE_DRIVE_KEY_FILE and GOOGLE_DRIVE_ROOT_FOLDER_ID');
  }
  return {
    kind: 'google-drive',
    keyFile: path.resolve(e.GOOGLE_DRIVE_KEY_FILE),
    rootFolderId: e.GOOGLE_DRIVE_ROOT_FOLDER_ID,
    apiUrl: e.GOOGLE_DRIVE_API_URL ?? null,
  };
}

/**
 * Without JWT_SECRET, a random secret is made on first start and kept in the data folder, so
 * tokens survive restarts. Several instances must share JWT_SECRET (README, 'Running at scale').
 */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

function loadBranding(dataDir: string, title?: string, tagline?: string): Branding {
  const file = path.join(dataDir, 'branding.json');
  let fromFile: unknown = {};
  if (existsSync(file)) {
    try {
      fromFile = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      throw new ConfigError(`Invalid configuration: ${file} is not valid JSON`);
    }
  }
  const merged = { ...(fromFile as object), ...(title ? { title } : {}), ...(tagline ? { tagline } : {}) };
  const parsed = brandingSchema.safeParse(merged);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration: branding ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}
