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
import type { SessionAccount } from '../../plugins/auth';
import type { LiveFeed } from './live-feed';
import * as repo from './repo';
import type { MessageRow } from './repo';
import { audienceOf } from './targeting';

export interface MessagesDeps {
  db: Db;
  live: LiveFeed;
  log: FastifyBaseLogger;
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

export async function sendMessage({ db, live }: MessagesDeps, author: SessionAccount, input: MessageInput): Promise<Message> {
  const now = new Date().toISOString();
  const row = await repo.insertMessage(db, { id: crypto.randomUUID(), author_id: author.id, created_at: now, ...storedFields(input, now) });
  const message = toMessage(row);
  await live.publish({ type: 'created', message, authorId: author.id });
  return message;
}

export async function updateMessage({ db, live }: MessagesDeps, id: string, input: MessageInput): Promise<Message> {
  const row = await repo.updateMessage(db, id, storedFields(input, new Date().toISOString()));
  if (!row) throw errors.notFound(MESSAGES_TEXT.notFound);
  const message = toMessage(row);
  await live.publish({ type: 'updated', message, authorId: row.author_id });
  return message;
}

export async function deleteMessage({ db, live }: MessagesDeps, id: string): Promise<void> {
  if (!(await repo.deleteMessage(db, id))) throw errors.notFound(MESSAGES_TEXT.notFound);
  await live.publish({ type: 'deleted', id });
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
  // One more than a page tells whether an older page exists without counting it.
  const [rows, total] = await Promise.all([
    repo.listMessages(deps.db, audience, before, MESSAGE_PAGE_SIZE + 1),
    repo.countMessages(deps.db, audience),
  ]);
  const page = rows.slice(0, MESSAGE_PAGE_SIZE).map(toMessage);
  await noteServed(deps, account, page);
  const last = page.at(-1);
  return {
    code: 200,
    message: SERVER_TEXT.ok,
    data: page,
    paging: { total, before: rows.length > MESSAGE_PAGE_SIZE && last ? messageCursor(last) : null },
  };
}

async function noteServed({ db, log }: MessagesDeps, account: SessionAccount, page: Message[]): Promise<void> {
  const newest = page[0];
  if (!newest) return;
  const now = new Date().toISOString();
  const [marker, fresh] = await Promise.all([
    repo.readMarker(db, account.id),
    account.isAdmin ? [] : repo.unviewed(db, account.id, page.map((message) => message._id)),
  ]);
  if (marker === null || marker < newest.createdAt) await repo.advanceReadMarker(db, account.id, newest.createdAt);
  if (fresh.length === 0) return;
  try {
    const added = await repo.recordViews(db, account.id, fresh, now);
    for (const message of page) if (added.includes(message._id)) message.views += 1;
  } catch (error) {
    // A message deleted while its feed was being served: its view has nowhere to go, and the
    // feed itself is still right. Anything else is a real failure.
    if (!isForeignKeyViolation(error)) throw error;
    log.info({ err: error }, 'a message was deleted while its views were recorded');
  }
}

export async function unreadCount(db: Db, account: SessionAccount): Promise<number> {
  const marker = await repo.readMarker(db, account.id);
  return repo.countUnread(db, audienceOf(account), account.id, marker);
}
