import type { Selectable } from 'kysely';
import type { ApprovalAction } from '@academy/contract';
import type { Db } from '../../db/database';
import type { ApprovalRequestsTable } from './tables';

export type RequestRow = Selectable<ApprovalRequestsTable>;

export async function insertRequest(db: Db, row: RequestRow): Promise<void> {
  await db.insertInto('approval_requests').values(row).execute();
}

export function findRequest(db: Db, id: string): Promise<RequestRow | undefined> {
  return db.selectFrom('approval_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The pending, unexpired request for this action on this target, if any. */
export function findOpenRequest(db: Db, action: ApprovalAction, targetId: string, nowIso: string): Promise<RequestRow | undefined> {
  return db
    .selectFrom('approval_requests')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .where('state', '=', 'pending')
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
}

/** Every pending request not expired yet, oldest first. */
export function listOpenRequests(db: Db, nowIso: string): Promise<RequestRow[]> {
  return db.selectFrom('approval_requests').selectAll().where('state', '=', 'pending').where('expires_at', '>', nowIso).orderBy('requested_at').orderBy('id').limit(500).execute();
}

/**
 * Moves a pending, unexpired request to `state`: false when another admin decided it first or it
 * expired meanwhile, so two admins deciding at once decide it once.
 */
export async function decide(db: Db, id: string, change: { state: string; decided_by: string; decided_at: string }): Promise<boolean> {
  const result = await db
    .updateTable('approval_requests')
    .set(change)
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('expires_at', '>', change.decided_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Back to pending: the deletion an approval started failed, so the request may be decided again. */
export async function reopen(db: Db, id: string): Promise<void> {
  await db.updateTable('approval_requests').set({ state: 'pending', decided_by: null, decided_at: null }).where('id', '=', id).execute();
}

/** The accounts' names by id (the requester and the decider, as they are named now). */
export async function namesOf(db: Db, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('accounts').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The active admins other than `accountId`. */
export async function otherActiveAdmins(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('account_type', '=', 'admin')
    .where('account_state', '=', 'active')
    .where('deleted_at', 'is', null)
    .where('id', '<>', accountId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
