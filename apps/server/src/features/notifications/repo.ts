import { randomBytes } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { NotificationsTable } from '../../db/schema';

export type NotificationRow = Selectable<NotificationsTable>;

/** A recipient's bell item: its row joined to its notification's words. */
export interface BellRow {
  id: string;
  account_id: string;
  kind: string;
  params_json: string;
  link: string;
  created_at: string;
  read_at: string | null;
  opened_at: string | null;
}

/** Recipient ids appear in addresses (`/#/n/{id}`): 16 random bytes, not guessable from another's. */
function recipientId(): string {
  return randomBytes(16).toString('base64url');
}

/** Stores a new notification; false when its kind and subject exist already (left as they are). */
export async function insertNotification(db: Db, row: Insertable<NotificationsTable>): Promise<boolean> {
  const added = await db
    .insertInto('notifications')
    .values(row)
    .onConflict((conflict) => conflict.columns(['kind', 'subject_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return added !== undefined;
}

export function findNotification(db: Db, id: string): Promise<NotificationRow | undefined> {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findBySubject(db: Db, kind: string, subjectKey: string): Promise<NotificationRow | undefined> {
  return db.selectFrom('notifications').selectAll().where('kind', '=', kind).where('subject_key', '=', subjectKey).executeTakeFirst();
}

export async function updateNotification(db: Db, id: string, changes: Partial<Omit<NotificationRow, 'id'>>): Promise<void> {
  await db.updateTable('notifications').set(changes).where('id', '=', id).execute();
}

/** Moves a notification on from `from` (a run that finds it elsewhere changes nothing); answers whether it moved. */
export async function moveState(db: Db, id: string, from: string[], changes: Partial<Omit<NotificationRow, 'id'>>): Promise<boolean> {
  const result = await db.updateTable('notifications').set(changes).where('id', '=', id).where('state', 'in', from).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deliveries not made yet of a withdrawn notification are never made. */
export async function dropPendingDeliveries(db: Db, notificationId: string, at: string): Promise<void> {
  await db
    .updateTable('notification_deliveries')
    .set({ state: 'dropped', updated_at: at })
    .where('state', 'in', ['queued', 'held', 'retry'])
    .where('recipient_id', 'in', (eb) => eb.selectFrom('notification_recipients').select('id').where('notification_id', '=', notificationId))
    .execute();
}

/** Of `ids`, the active accounts a kind of this audience may reach: students, or admins for the admins' kinds. */
export async function reachableAccounts(db: Db, ids: string[], forAdmins: boolean): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', 'in', ids)
    .where('account_state', '=', 'active')
    .where('deleted_at', 'is', null)
    .where('account_type', forAdmins ? '=' : '<>', 'admin')
    .execute();
  return rows.map((row) => row.id);
}

/** Adds the recipients not there yet (a re-run adds nobody twice); answers those it added. */
export async function addRecipients(db: Db, notificationId: string, createdAt: string, accountIds: string[]): Promise<{ id: string; account_id: string }[]> {
  if (accountIds.length === 0) return [];
  return db
    .insertInto('notification_recipients')
    .values(accountIds.map((accountId) => ({ id: recipientId(), notification_id: notificationId, account_id: accountId, created_at: createdAt })))
    .onConflict((conflict) => conflict.columns(['notification_id', 'account_id']).doNothing())
    .returning(['id', 'account_id'])
    .execute();
}

export async function countRecipients(db: Db, notificationId: string): Promise<number> {
  const row = await db
    .selectFrom('notification_recipients')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('notification_id', '=', notificationId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The bell items of one notification for these accounts (those it reached). */
export function itemsOf(db: Db, notificationId: string, accountIds: string[]): Promise<BellRow[]> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return bellRows(db).where('r.notification_id', '=', notificationId).where('r.account_id', 'in', accountIds).execute();
}

function bellRows(db: Db) {
  return db
    .selectFrom('notification_recipients as r')
    .innerJoin('notifications as n', 'n.id', 'r.notification_id')
    .select(['r.id', 'r.account_id', 'n.kind', 'n.params_json', 'n.link', 'r.created_at', 'r.read_at', 'r.opened_at'])
    .where('n.state', '<>', 'withdrawn');
}

/** The account's bell, newest first; `before` continues after the last item of the previous page. */
export function listBell(db: Db, accountId: string, options: { before: { createdAt: string; id: string } | null; unreadOnly: boolean; limit: number }): Promise<BellRow[]> {
  let query = bellRows(db).where('r.account_id', '=', accountId);
  if (options.unreadOnly) query = query.where('r.read_at', 'is', null);
  const { before } = options;
  if (before) {
    query = query.where((eb) =>
      eb.or([eb('r.created_at', '<', before.createdAt), eb.and([eb('r.created_at', '=', before.createdAt), eb('r.id', '<', before.id)])]),
    );
  }
  return query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(options.limit).execute();
}

/** One bell item of the account, or undefined (another's, withdrawn, or none). */
export function findBellItem(db: Db, accountId: string, recipientId: string): Promise<BellRow | undefined> {
  return bellRows(db).where('r.id', '=', recipientId).where('r.account_id', '=', accountId).executeTakeFirst();
}

/** Unread items per account, for those given (accounts with none are left out). */
export async function unreadCounts(db: Db, accountIds: string[]): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('notification_recipients as r')
    .innerJoin('notifications as n', 'n.id', 'r.notification_id')
    .select(['r.account_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('r.account_id', 'in', accountIds)
    .where('r.read_at', 'is', null)
    .where('n.state', '<>', 'withdrawn')
    .groupBy('r.account_id')
    .execute();
  return new Map(rows.map((row) => [row.account_id, Number(row.count)]));
}

/** An open: the first one is recorded (when and how) and marks the item read; a later one changes nothing. */
export async function recordOpen(db: Db, recipientId: string, via: string, at: string): Promise<void> {
  await db
    .updateTable('notification_recipients')
    .set((eb) => ({
      opened_at: eb.fn.coalesce('opened_at', eb.val(at)),
      opened_via: eb.fn.coalesce('opened_via', eb.val(via)),
      read_at: eb.fn.coalesce('read_at', eb.val(at)),
    }))
    .where('id', '=', recipientId)
    .execute();
}

/** Marks the account's unread items read: those named (others' ids change nothing), or all; answers the ids it changed. */
export async function markRead(db: Db, accountId: string, ids: string[] | 'all', at: string): Promise<string[]> {
  let query = db.updateTable('notification_recipients').set({ read_at: at }).where('account_id', '=', accountId).where('read_at', 'is', null);
  if (ids !== 'all') {
    if (ids.length === 0) return [];
    query = query.where('id', 'in', ids);
  }
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

/** Marks read the account's items of these subjects of a kind; answers the ids it changed. */
export async function markSubjectsRead(db: Db, accountId: string, kind: string, subjectKeys: string[], at: string): Promise<string[]> {
  if (subjectKeys.length === 0) return [];
  const rows = await db
    .updateTable('notification_recipients')
    .set({ read_at: at })
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null)
    .where('notification_id', 'in', (eb) => eb.selectFrom('notifications').select('id').where('kind', '=', kind).where('subject_key', 'in', subjectKeys))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The recipients of a notification among these accounts: whose open bells a withdrawal changes. */
export function recipientsAmong(db: Db, notificationId: string, accountIds: string[]): Promise<{ id: string; account_id: string }[]> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('notification_recipients')
    .select(['id', 'account_id'])
    .where('notification_id', '=', notificationId)
    .where('account_id', 'in', accountIds)
    .execute();
}
