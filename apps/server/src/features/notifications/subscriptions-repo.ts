import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { PushSubscriptionsTable } from '../../db/schema';

// Browsers' push subscriptions, one row per endpoint: subscribing again refreshes the row, and an
// endpoint subscribed by another account moves to that account as a new device of theirs.

/** Stores or refreshes the endpoint's row for `row.account_id`; answers its id. */
export async function upsertSubscription(db: Db, row: Insertable<PushSubscriptionsTable>): Promise<string> {
  const sameDevice = sql`push_subscriptions.account_id = excluded.account_id`;
  const sameKeys = sql`${sameDevice} and push_subscriptions.p256dh = excluded.p256dh and push_subscriptions.vapid_key_id = excluded.vapid_key_id`;
  const saved = await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('endpoint').doUpdateSet((eb) => ({
        account_id: eb.ref('excluded.account_id'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        vapid_key_id: eb.ref('excluded.vapid_key_id'),
        language: eb.ref('excluded.language'),
        device: eb.ref('excluded.device'),
        expiration_time: eb.ref('excluded.expiration_time'),
        last_seen_at: eb.ref('excluded.last_seen_at'),
        // A moved endpoint is a new device of its new account: nothing of the old one's history stays.
        created_at: sql<string>`case when ${sameDevice} then push_subscriptions.created_at else excluded.created_at end`,
        last_success_at: sql<string | null>`case when ${sameDevice} then push_subscriptions.last_success_at else null end`,
        // Refusals counted against other keys say nothing about these.
        failures: sql<number>`case when ${sameKeys} then push_subscriptions.failures else 0 end`,
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

/** Keeps `keepId` and the account's most recently seen others up to `max` devices in all; deletes the rest. */
export async function keepNewestDevices(db: Db, accountId: string, keepId: string, max: number): Promise<void> {
  const newest = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '<>', keepId)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(max - 1)
    .execute();
  await db
    .deleteFrom('push_subscriptions')
    .where('account_id', '=', accountId)
    .where('id', 'not in', [keepId, ...newest.map((row) => row.id)])
    .execute();
}

/** Deletes the account's subscription of `endpoint`; another account's, or none, is left alone. */
export async function deleteSubscription(db: Db, accountId: string, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('account_id', '=', accountId).where('endpoint', '=', endpoint).execute();
}
