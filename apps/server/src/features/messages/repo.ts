import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { Database, MessagesTable } from '../../db/schema';
import { profileClassTypesOf, type Audience, type Targets } from './targeting';

export type MessageRow = Selectable<MessagesTable>;
export type NewMessage = Omit<MessageRow, 'views'>;
export type MessageChanges = Pick<MessageRow, 'message' | 'link' | 'batch' | 'regions' | 'class_types' | 'updated_at'>;

type Builder = ExpressionBuilder<Database, 'messages'>;

/**
 * targeting.ts's `reaches` in SQL. Targets are JSON lists of distinct fixed words, so '"Indian"'
 * found in the text means the list holds Indian ('[]' holds nothing: everyone).
 */
function reachesAudience(eb: Builder, audience: Audience): Expression<SqlBool> {
  if (audience.everyone) return eb.lit(true);
  const holds = (column: 'regions' | 'class_types', word: string) => eb(column, 'like', `%"${word}"%`);
  return eb.and([
    eb('batch', 'in', ['', audience.batch]),
    eb.or([eb('regions', '=', '[]'), ...(audience.region ? [holds('regions', audience.region)] : [])]),
    eb.or([eb('class_types', '=', '[]'), ...audience.classTypes.map((type) => holds('class_types', type))]),
  ]);
}

/**
 * The active students a message reaches (targeting.ts's `reaches`, read from the student's side),
 * a page of account ids in id order after `after`: the announcement's notification audience.
 */
export async function studentsReached(db: Db, targets: Targets, after: string | null, limit: number): Promise<string[]> {
  let query = db
    .selectFrom('accounts')
    .select('id')
    .where('account_type', '<>', 'admin')
    .where('account_state', '=', 'active')
    .where('deleted_at', 'is', null);
  if (targets.batch !== '') query = query.where('batch', '=', targets.batch);
  if (targets.region.length > 0) query = query.where('history_type', 'in', targets.region);
  if (targets.classType.length > 0) query = query.where('class_type', 'in', profileClassTypesOf(targets.classType));
  if (after !== null) query = query.where('id', '>', after);
  const rows = await query.orderBy('id').limit(limit).execute();
  return rows.map((row) => row.id);
}

/** Newest first; `before` continues after the last message of the previous page. */
export function listMessages(
  db: Db,
  audience: Audience,
  before: { createdAt: string; id: string } | null,
  limit: number,
): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where((eb) => {
      const parts = [reachesAudience(eb, audience)];
      if (before) {
        parts.push(
          eb.or([
            eb('created_at', '<', before.createdAt),
            eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
          ]),
        );
      }
      return eb.and(parts);
    })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countMessages(db: Db, audience: Audience): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where((eb) => reachesAudience(eb, audience))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Messages for the audience newer than `since` (all of them when null), not written by the reader. */
export async function countUnread(db: Db, audience: Audience, readerId: string, since: string | null): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where((eb) =>
      eb.and([
        reachesAudience(eb, audience),
        eb.or([eb('author_id', 'is', null), eb('author_id', '<>', readerId)]),
        ...(since ? [eb('created_at', '>', since)] : []),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertMessage(db: Db, message: NewMessage): Promise<MessageRow> {
  return db.insertInto('messages').values(message).returningAll().executeTakeFirstOrThrow();
}

export function updateMessage(db: Db, id: string, changes: MessageChanges): Promise<MessageRow | undefined> {
  return db.updateTable('messages').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteMessage(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('messages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function readMarker(db: Db, accountId: string): Promise<string | null> {
  const row = await db.selectFrom('message_reads').select('read_up_to').where('account_id', '=', accountId).executeTakeFirst();
  return row?.read_up_to ?? null;
}

/** Moves the marker forward only, so a feed served late never makes read messages unread. */
export async function advanceReadMarker(db: Db, accountId: string, upTo: string): Promise<void> {
  await db
    .insertInto('message_reads')
    .values({ account_id: accountId, read_up_to: upTo })
    .onConflict((oc) =>
      oc
        .column('account_id')
        .doUpdateSet({ read_up_to: upTo })
        .where('message_reads.read_up_to', '<', upTo),
    )
    .execute();
}

/** Of `ids`, those the account has no view of yet: a read, so a feed opened again writes nothing. */
export async function unviewed(db: Db, accountId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const seen = await db
    .selectFrom('message_views')
    .select('message_id')
    .where('account_id', '=', accountId)
    .where('message_id', 'in', ids)
    .execute();
  const seenIds = new Set(seen.map((row) => row.message_id));
  return ids.filter((id) => !seenIds.has(id));
}

/**
 * Adds the account's views and the counters in one transaction, and answers the ids it counted. A
 * view already there (the same feed served twice at once) is skipped by the key, not counted again.
 */
export async function recordViews(db: Db, accountId: string, ids: string[], at: string): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    const added = await tx
      .insertInto('message_views')
      .values(ids.map((id) => ({ message_id: id, account_id: accountId, viewed_at: at })))
      .onConflict((oc) => oc.doNothing())
      .returning('message_id')
      .execute();
    const addedIds = added.map((row) => row.message_id);
    // One counter at a time, in id order: students opening their feeds at once lock the same
    // message rows, and one UPDATE ... IN (...) locks them in whatever order its plan reads them,
    // which deadlocked on PostgreSQL under 200 connections (bench:load). The same order everywhere
    // cannot deadlock.
    for (const id of [...addedIds].sort()) {
      await tx
        .updateTable('messages')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('id', '=', id)
        .execute();
    }
    return addedIds;
  });
}
