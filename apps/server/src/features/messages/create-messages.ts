import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { EventBus } from '../../events/event-bus';
import type { Notifier } from '../../notify/notifier';
import { resolveCaller } from '../sessions/service';
import { FeedPages } from './feed-pages';
import { LiveFeed, type LiveFeedOptions } from './live-feed';
import { registerMessageAudience } from './notification';
import { ServedFeeds } from './served-feeds';
import type { MessagesDeps } from './service';

/** How old a cached first page (its views counts) may be; any message change clears it at once. */
const FEED_PAGE_TTL_MS = 5000;

/**
 * The messages feature's one set of dependencies, built once in app.ts so that its routes and any
 * other feature sending a message through service.ts share the same live feed and caches: a
 * message sent from elsewhere then reaches open streams and clears the cached pages as one sent
 * by the admin does. The live feed is listening when this answers; close it (`live.close()`)
 * before the server stops accepting, since its open streams would otherwise hold the close.
 */
export async function createMessages(options: {
  db: Db;
  bus: EventBus;
  stream: Pick<LiveFeedOptions, 'heartbeatMs' | 'recheckMs'>;
  /** An admin idle this long loses the session, open stream or not (ADMIN_IDLE_TIMEOUT). */
  adminIdleMs: number;
  notifier: Notifier;
  log: FastifyBaseLogger;
}): Promise<MessagesDeps> {
  const { db, bus, log, notifier } = options;
  registerMessageAudience(notifier, db);
  const pages = new FeedPages(FEED_PAGE_TTL_MS);
  // An open stream's re-check is not the caller's activity: it neither keeps an idle admin signed in nor touches the session.
  const resolve: LiveFeedOptions['resolve'] = (claims) => resolveCaller(db, claims, { adminIdleMs: options.adminIdleMs, touch: false });
  const live = new LiveFeed({ bus, resolve, log, ...options.stream, onChange: () => pages.clear() });
  await live.start();
  return { db, live, log, notifier, pages, served: new ServedFeeds() };
}
