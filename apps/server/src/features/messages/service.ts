import {
  MESSAGE_CLASS_TYPES,
  MESSAGE_PAGE_SIZE,
  MESSAGES_TEXT,
  messageCursor,
  parseMessageCursor,
  REGIONS,
  SERVER_TEXT,
  type Message,
  type MessageInput,
  type MessageListAnswer,
  type MessageListQuery,
} from '@academy/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isForeignKeyViolation, type Db } from '../../db/database';
import { errors } from '../../lib/errors';
import { strictlyIncreasingNow } from '../../lib/monotonic-time';
import type { Notifier } from '../../notify/notifier';
import type { SessionAccount } from '../../plugins/auth';
import { changeDetail, recordAudit, type AuditActor } from '../audit-log/service';
import type { FeedPages } from './feed-pages';
import type { LiveFeed } from './live-feed';
import { EDITABLE_FIELDS, messageRecord } from './audit';
import { MESSAGE_NOTIFICATION, messageNotification, messageSubject } from './notification';
import * as repo from './repo';
import type { MessageRow } from './repo';
import type { ServedFeeds } from './served-feeds';
import { audienceOf, type Audience } from './targeting';

export interface MessagesDeps {
  db: Db;
  live: LiveFeed;
  log: FastifyBaseLogger;
  notifier: Notifier;
  pages: FeedPages;
  served: ServedFeeds;
}

/** The stored JSON list, kept to the words of the fixed list whatever the row holds. */
function listOf<T extends string>(json: string, allowed: readonly T[]): T[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? allowed.filter((value) => parsed.includes(value)) : [];
}

export function toMessage(row: MessageRow): Message {
  return {
    _id: row.id,
    message: row.message,
    link: row.link,
    batch: row.batch,
    region: listOf(row.regions, REGIONS),
    classType: listOf(row.class_types, MESSAGE_CLASS_TYPES),
    views: Number(row.views),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function storedFields(input: MessageInput, now: string): repo.MessageChanges {
  return {
    message: input.message,
    link: input.link,
    batch: input.batch,
    regions: JSON.stringify(input.region),
    class_types: JSON.stringify(input.classType),
    updated_at: now,
  };
}

export async function sendMessage({ db, live, notifier }: MessagesDeps, actor: AuditActor, input: MessageInput): Promise<Message> {
  const now = strictlyIncreasingNow();
  const message = await db.transaction().execute(async (tx) => {
    const row = await repo.insertMessage(tx, { id: crypto.randomUUID(), author_id: actor.id, created_at: now, ...storedFields(input, now) });
    const sent = toMessage(row);
    const detail = { message: sent.message, link: sent.link, batch: sent.batch, region: sent.region, classType: sent.classType };
    await recordAudit(tx, actor, messageRecord('message.send', 'Sent', sent, detail));
    await notifier.raise(tx, messageNotification(sent, actor.id));
    return sent;
  });
  await live.publish({ type: 'created', message, authorId: actor.id });
  return message;
}

export async function updateMessage({ db, live, notifier }: MessagesDeps, actor: AuditActor, id: string, input: MessageInput): Promise<Message> {
  const { message, authorId } = await db.transaction().execute(async (tx) => {
    const before = await repo.findMessage(tx, id);
    const row = before && (await repo.updateMessage(tx, id, storedFields(input, new Date().toISOString())));
    if (!before || !row) throw errors.notFound(MESSAGES_TEXT.notFound);
    const after = toMessage(row);
    await recordAudit(tx, actor, messageRecord('message.edit', 'Edited', after, changeDetail(EDITABLE_FIELDS, toMessage(before), after)));
    await notifier.raise(tx, { ...messageNotification(after, row.author_id), replace: true });
    return { message: after, authorId: row.author_id };
  });
  await live.publish({ type: 'updated', message, authorId });
  return message;
}

export async function deleteMessage({ db, live, notifier }: MessagesDeps, actor: AuditActor, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const row = await repo.findMessage(tx, id);
    if (!row || !(await repo.deleteMessage(tx, id))) throw errors.notFound(MESSAGES_TEXT.notFound);
    const gone = toMessage(row);
    await recordAudit(tx, actor, messageRecord('message.delete', 'Deleted', gone, { message: gone.message, sentAt: gone.createdAt }));
    await notifier.withdraw(tx, MESSAGE_NOTIFICATION, messageSubject(id));
  });
  await live.publish({ type: 'deleted', id });
}

/**
 * The caller's first page when memory alone can answer it: the page loaded and current, and this
 * account's bell and views of it already written. Null when serveFeed must run. Most feed requests
 * are a student reopening an unchanged feed, and these need no query and no wait (routes.ts).
 */
export function feedAtHand(deps: MessagesDeps, account: SessionAccount, query: MessageListQuery): MessageListAnswer | null {
  if (query.before) return null;
  const answer = deps.pages.atHand(audienceOf(account));
  return answer && alreadyNoted(deps, account, answer.data) ? answer : null;
}

/**
 * A page of the caller's feed: every message for an admin, for a student only those PRODUCT.md's
 * targeting gives them, decided from their profile as the database has it (never from the path).
 * Serving it is what 'opening the feed' means: it moves the caller's bell marker and, for a
 * student, counts a view of each message shown.
 */
export async function serveFeed(deps: MessagesDeps, account: SessionAccount, query: MessageListQuery): Promise<MessageListAnswer> {
  const audience = audienceOf(account);
  const before = query.before ? parseMessageCursor(query.before) : null;
  const answer = before ? await loadPage(deps.db, audience, before) : await deps.pages.get(audience, () => loadPage(deps.db, audience, null));
  const counted = await noteServed(deps, account, answer.data);
  if (counted.length === 0) return answer;
  // The student's own new views show at once; the shared page is left as it is.
  return { ...answer, data: answer.data.map((m) => (counted.includes(m._id) ? { ...m, views: m.views + 1 } : m)) };
}

/** One more row than a page tells whether an older page exists without counting it. */
async function loadPage(db: Db, audience: Audience, before: { createdAt: string; id: string } | null): Promise<MessageListAnswer> {
  const [rows, total] = await Promise.all([
    repo.listMessages(db, audience, before, MESSAGE_PAGE_SIZE + 1),
    repo.countMessages(db, audience),
  ]);
  const page = rows.slice(0, MESSAGE_PAGE_SIZE).map(toMessage);
  const last = page.at(-1);
  return {
    code: 200,
    message: SERVER_TEXT.ok,
    data: page,
    paging: { total, before: rows.length > MESSAGE_PAGE_SIZE && last ? messageCursor(last) : null },
  };
}

/**
 * Moves the bell marker, records a student's views and marks the notifications of the messages
 * shown read (the bell and the feed agree); answers the ids whose views it counted.
 */
async function noteServed({ db, log, notifier, served }: MessagesDeps, account: SessionAccount, page: Message[]): Promise<string[]> {
  const newest = page[0];
  if (!newest || alreadyNoted({ served }, account, page)) return [];
  const ids = page.map((message) => message._id);
  const countsViews = !account.isAdmin;
  const [marker, fresh] = await Promise.all([
    repo.readMarker(db, account.id),
    countsViews ? repo.unviewed(db, account.id, ids) : [],
    countsViews ? notifier.markRead(account.id, MESSAGE_NOTIFICATION, ids.map(messageSubject)) : undefined,
  ]);
  if (marker === null || marker < newest.createdAt) await repo.advanceReadMarker(db, account.id, newest.createdAt);
  let counted: string[] = [];
  try {
    if (fresh.length > 0) counted = await repo.recordViews(db, account.id, fresh, new Date().toISOString());
  } catch (error) {
    // A message deleted while its feed was being served: its view has nowhere to go, and the
    // feed itself is still right. Anything else is a real failure.
    if (!isForeignKeyViolation(error)) throw error;
    log.info({ err: error }, 'a message was deleted while its views were recorded');
    return [];
  }
  served.note(account.id, newest.createdAt, countsViews ? ids : []);
  return counted;
}

/** Whether this instance already wrote the bell marker and views (a student's) for this page. */
function alreadyNoted({ served }: Pick<MessagesDeps, 'served'>, account: SessionAccount, page: Message[]): boolean {
  const newest = page[0];
  if (!newest) return true;
  return served.isDone(account.id, newest.createdAt, page.map((message) => message._id), !account.isAdmin);
}

export async function unreadCount(db: Db, account: SessionAccount): Promise<number> {
  const marker = await repo.readMarker(db, account.id);
  return repo.countUnread(db, audienceOf(account), account.id, marker);
}
