import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createDatabase, migrateToLatest, type Db } from './db/database';
import { createAdminMfa } from './features/admin-mfa/create-admin-mfa';
import { adminMfaRoutes } from './features/admin-mfa/routes';
import { auditLogRoutes } from './features/audit-log/routes';
import { BannerImageStore } from './features/banners/banner-images';
import { loginBanners } from './features/banners/login-page-head';
import { bannersRoutes } from './features/banners/routes';
import { resumableRoutes } from './features/class-material/resumable-routes';
import { createResumableUploads } from './features/class-material/resumable-upload';
import { fileAudienceIds } from './features/class-material/file-audience';
import { classMaterialRoutes, createClassMaterialContext } from './features/class-material/routes';
import { createEventBus } from './events/event-bus';
import { createFees } from './features/fees/create-fees';
import { feesRoutes } from './features/fees/routes';
import { createForensics } from './features/forensics/create-forensics';
import { forensicsRoutes } from './features/forensics/routes';
import { healthRoutes } from './features/health/routes';
import { createLessons } from './features/lessons/create-lessons';
import { LESSON_NOTIFICATION } from './features/lessons/notification';
import { lessonsRoutes } from './features/lessons/routes';
import { createMessages } from './features/messages/create-messages';
import { messagesRoutes } from './features/messages/routes';
import { bellRoutes } from './features/notifications/bell-routes';
import { createNotifications } from './features/notifications/create-notifications';
import { testPushRoutes } from './features/notifications/test-push-routes';
import { preferencesRoutes } from './features/notifications/preferences-routes';
import { StatsCache } from './features/notifications/stats-cache';
import { statsRoutes } from './features/notifications/stats-routes';
import { subscriptionsRoutes } from './features/notifications/subscriptions-routes';
import { unsubscribeRoutes } from './features/notifications/unsubscribe-routes';
import { createPapers } from './features/papers/create-papers';
import { registerPaperAudiences } from './features/papers/notifications';
import { papersRoutes } from './features/papers/routes';
import { passwordResetRoutes } from './features/password-reset/routes';
import { createPrivacy } from './features/privacy/create-privacy';
import { privacyRoutes } from './features/privacy/routes';
import { sessionsRoutes } from './features/sessions/routes';
import { createSessionStore } from './features/sessions/service';
import { approvalsPlugin } from './features/approvals/plugin';
import { approvalsRoutes } from './features/approvals/routes';
import { deleteItem } from './features/class-material/manage-service';
import { deleteStudent } from './features/students/admin-service';
import { securityAlertsPlugin } from './features/security-alerts/plugin';
import { securityAlertsRoutes } from './features/security-alerts/routes';
import { createSignInGuard } from './features/sign-in-guard/service';
import { ensureAdmin } from './features/students/service';
import { studentsRoutes } from './features/students/routes';
import { createWatching } from './features/watching/create-watching';
import { watchingRoutes } from './features/watching/routes';
import { durationMs } from './lib/duration';
import { connectRedis } from './lib/redis';
import { createMailer } from './mail/mailer';
import { systemLookup, type HostLookup } from './notify/push/endpoint-rule';
import { createAccountNotices } from './features/account-notices/account-notices';
import { answerSerializerCompiler } from './plugins/answer-serializer';
import { apiDocsPlugin } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { bodyTimeoutPlugin } from './plugins/body-timeout';
import { compressionPlugin } from './plugins/compression';
import { corsPlugin } from './plugins/cors';
import { answerFrameworkError, errorsPlugin } from './plugins/errors';
import { httpsOnlyPlugin } from './plugins/https-only';
import { securityHeadersPlugin } from './plugins/security-headers';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { requestChildLogger, requestLogPlugin, serverLogger } from './plugins/request-log';
import { textInputPlugin } from './plugins/text-input';
import { webAppPlugin } from './plugins/web-app';
import { APP_VERSION } from './version';

/** JSON bodies are small forms; uploads (later) set their own limits per route. */
export const JSON_BODY_LIMIT = 64 * 1024;

export interface BuildOptions {
  /** Tests pass their own database (a fresh SQLite file or PostgreSQL schema). */
  database?: { db: Db; schema?: string };
  logger?: boolean;
  /** The papers feature's clock (deadlines, grace, states); tests move their own instead of waiting. */
  clock?: () => number;
  /** The notifications' clock (quiet hours, expiry, retries); tests move their own instead of waiting. */
  notificationsClock?: () => number;
  /** The class fees' clock (due dates, grace ends, the class year); tests move their own instead of waiting. */
  feesClock?: () => number;
  /** The admins' TOTP clock (features/admin-mfa); tests move their own so each sign-in has a code of its own. */
  secondFactorClock?: () => number;
  /** The push endpoint rule's DNS; tests make a push service's name resolve to a private address without a query. */
  lookup?: HostLookup;
  /** The security alerts' and approvals' clock (windows, expiry, cooling-off); tests move their own instead of waiting. */
  securityClock?: () => number;
}

/**
 * Builds the whole server from plugins and features, in the order a request meets them.
 * `server.ts` only listens; tests call this and use `inject()`.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const logger = options.logger === false ? null : serverLogger(config.logLevel);
  const app = Fastify({
    logger: logger?.options ?? false,
    // requestLogPlugin writes one line per request instead.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestChildLogger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    requestTimeout: config.requestTimeoutMs,
    // Class material ids are long (the built-in store's are paths); the router's default is 100.
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  if (logger) app.addHook('onClose', async () => logger.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);

  const db = options.database?.db ?? createDatabase(config.database, app.log);
  app.addHook('onClose', async () => {
    if (!options.database) await db.destroy();
  });
  await migrateToLatest(db, options.database?.schema);
  if (config.admin) {
    const result = await ensureAdmin(db, config.admin, { resetPassword: false });
    if (result === 'created') app.log.info({ email: config.admin.email }, 'first admin created from ADMIN_EMAIL');
  }

  await app.register(requestLogPlugin);
  await app.register(errorsPlugin);
  // A student's browser posts the checkout form to PayHere, and to nowhere else (docs/fees.md 'End to end').
  await app.register(securityHeadersPlugin, { formActionOrigins: config.payhere ? [new URL(config.payhere.checkoutUrl).origin] : [] });
  await app.register(httpsOnlyPlugin, { trustProxy: config.trustProxy });
  await app.register(corsPlugin, { origins: config.corsOrigins });
  await app.register(bodyTimeoutPlugin, { timeoutMs: config.bodyTimeoutMs });
  await app.register(textInputPlugin);
  await app.register(compressionPlugin);
  await app.register(apiDocsPlugin, { title: config.branding.title, version: APP_VERSION, access: config.apiDocs });
  const bus = await createEventBus(config.events, app.log);
  app.addHook('onClose', () => bus.close());
  const sessions = await createSessionStore(db, { ttlMs: durationMs(config.tokenTtl), admin: config.adminSessions, bus });
  await app.register(authPlugin, { secret: config.jwtSecret, tokenTtl: config.tokenTtl, sessions });
  // After auth: each route's limiter goes in front of its access check (rate limit, auth, validate, handler).
  const countsRedis = await rateLimitRedis(config, app);
  await app.register(rateLimitsPlugin, { ...config.rateLimits, redis: countsRedis });
  const mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', () => mailer.close());
  const notices = createAccountNotices(mailer, config.branding);

  const notifications = await createNotifications({ db, bus, config, log: app.log, mailer, clock: options.notificationsClock });
  app.addHook('onClose', () => notifications.stop());
  const { notifier } = notifications;
  // Counts every answer's security events (after the limits, so their 429s are counted too).
  await app.register(securityAlertsPlugin, { db, notifier, rules: config.securityAlerts, redis: countsRedis, clock: options.securityClock ?? Date.now });
  await app.register(approvalsPlugin, { db, notifier, ...config.approvals, clock: options.securityClock ?? Date.now });
  const material = await createClassMaterialContext({ db, files: config.files, secret: config.jwtSecret, workDir: config.lessons.workDir });
  // What a second admin's approval carries out (features/approvals).
  app.approvals.carryOut('student.delete', (actor, id) => deleteStudent(db, actor, id));
  app.approvals.carryOut('class.delete', (actor, id) => deleteItem(material, actor, id));
  // A new lesson reaches whoever may open its file when it goes out.
  notifier.audience(LESSON_NOTIFICATION, (fileId, after, limit) => fileAudienceIds(material, fileId, after, limit));
  const lessons = await createLessons({ db, config, store: material.store, notifier, log: app.log });
  material.lessons = lessons.hooks;
  app.addHook('onClose', () => lessons.worker.stop());
  const forensics = createForensics({
    db,
    lessons: lessons.ctx,
    maxUploadBytes: config.files.maxUploadBytes,
    concurrency: config.lessons.concurrency,
    leaseMs: config.lessons.leaseMs,
    log: app.log,
  });
  app.addHook('onClose', () => forensics.worker.stop());
  const watching = createWatching(db, material);
  app.addHook('onClose', () => watching.writer.idle());
  const uploads = createResumableUploads(material, config.files.resumableDir);
  app.addHook('onClose', async () => uploads.stop());
  const messages = await createMessages({ db, bus, stream: config.stream, adminIdleMs: config.adminSessions.idleMs, notifier, log: app.log });
  // Before the server stops accepting: open streams would otherwise hold app.close() forever. Their
  // bus subscriptions end here too, so this runs before the bus closes (an onClose hook).
  app.addHook('preClose', () => messages.live.close());
  app.addHook('preClose', () => notifications.ctx.live.close());
  const papers = createPapers({ db, config, material, messages, notifier, clock: options.clock, log: app.log });
  // A paper's opening reaches whoever may open its class then; its results, the students who sat it.
  registerPaperAudiences(notifier, papers.ctx);
  app.addHook('onClose', () => papers.stop());
  // After papers: fees gate class material's every listing, ticket and byte by the month rule.
  const fees = createFees({ db, config, material, mailer, notifier, clock: options.feesClock, log: app.log });
  app.addHook('onClose', () => fees.stop());
  // The privacy sweep: requested erasures once their grace ends, and every retention period.
  const privacy = await createPrivacy({ db, config, log: app.log });
  app.addHook('onClose', () => privacy.stop());

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db, version: APP_VERSION });
      const signInGuard = createSignInGuard(db, config.signIn, config.jwtSecret);
      const adminMfa = createAdminMfa(db, { serverSecret: config.jwtSecret, issuer: config.branding.title, clock: options.secondFactorClock, notices });
      await api.register(studentsRoutes, { db, dataDir: config.dataDir, signInGuard, notices, temporaryPasswordTtlMs: config.temporaryPasswordTtlMs, adminMfa });
      await api.register(adminMfaRoutes, { mfa: adminMfa });
      await api.register(sessionsRoutes, { db });
      await api.register(bannersRoutes, { db, images: new BannerImageStore(config.dataDir) });
      await api.register(passwordResetRoutes, { db, mailer, notices, secret: config.jwtSecret, branding: config.branding });
      await api.register(classMaterialRoutes, { ctx: material });
      await api.register(resumableRoutes, { uploads });
      await api.register(lessonsRoutes, { ctx: { lessons: lessons.ctx, material } });
      await api.register(watchingRoutes, { ctx: watching });
      await api.register(forensicsRoutes, { ctx: forensics.ctx });
      await api.register(messagesRoutes, { deps: messages });
      await api.register(bellRoutes, { deps: notifications.ctx });
      await api.register(testPushRoutes, { deps: notifications.ctx });
      const { clock } = notifications.ctx;
      await api.register(preferencesRoutes, { deps: { db, clock, config } });
      await api.register(subscriptionsRoutes, { deps: { db, clock, config, lookup: options.lookup ?? systemLookup } });
      await api.register(unsubscribeRoutes, { deps: { db, clock, tokens: notifications.ctx.unsubscribeTokens } });
      await api.register(statsRoutes, { deps: { db, clock, config, cache: new StatsCache(clock) } });
      await api.register(papersRoutes, { ctx: papers.ctx });
      await api.register(feesRoutes, { ctx: fees.ctx });
      await api.register(auditLogRoutes, { db });
      await api.register(securityAlertsRoutes, { db });
      await api.register(approvalsRoutes, { db });
      await api.register(privacyRoutes, { ctx: privacy.ctx });
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { webDist: config.webDist, branding: config.branding, loginBanners: () => loginBanners(db) });
  return app;
}

/** The Redis the request budgets and security alerts are counted in, shared by every instance; none without REDIS_URL. */
async function rateLimitRedis(config: Config, app: FastifyInstance) {
  if (!config.events.redisUrl) return null;
  const [client] = await connectRedis(config.events.redisUrl, app.log, [{}]);
  if (!client) throw new Error('connectRedis answered no client');
  app.addHook('onClose', async () => {
    client.disconnect();
  });
  return { client, prefix: config.events.redisPrefix };
}
