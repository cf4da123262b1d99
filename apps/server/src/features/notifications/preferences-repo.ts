import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { NotificationPreferencesTable } from '../../db/schema';

// An account's notification preferences row (its language and the switches that differ from the
// kinds' defaults) and the contact facts the preferences card shows.

export type PreferencesRow = Selectable<NotificationPreferencesTable>;

export function findPreferences(db: Db, accountId: string): Promise<PreferencesRow | undefined> {
  return db.selectFrom('notification_preferences').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Writes the account's whole row, creating it the first time. */
export async function savePreferences(db: Db, row: PreferencesRow): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values(row)
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet({ overrides_json: row.overrides_json, language: row.language, updated_at: row.updated_at }))
    .execute();
}

/** The account's first row, with the language it chose; an account that has one keeps it as it is. */
export async function createPreferencesIfAbsent(db: Db, accountId: string, language: string, at: string): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values({ account_id: accountId, overrides_json: '{}', language, updated_at: at })
    .onConflict((conflict) => conflict.column('account_id').doNothing())
    .execute();
}

/** The number SMS would go to (the account's WhatsApp number); undefined for no such account. */
export async function findMobile(db: Db, accountId: string): Promise<string | undefined> {
  const row = await db.selectFrom('accounts').select('whatsapp_no').where('id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirst();
  return row?.whatsapp_no;
}

export async function accountExists(db: Db, accountId: string): Promise<boolean> {
  return (await db.selectFrom('accounts').select('id').where('id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirst()) !== undefined;
}
