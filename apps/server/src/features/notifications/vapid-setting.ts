import type { Db } from '../../db/database';
import { vapidKeyId, vapidKeyMismatch, type VapidKeys } from '../../notify/push/vapid-keys';

// Every instance must sign with the same VAPID pair, as they share JWT_SECRET: the first start
// records its key id in the settings table, and an instance whose key differs refuses to start
// (a mismatch would fail silently, every push answered 403).

const SETTING_KEY = 'notify.vapid-key-id';

export async function checkSharedVapidKey(db: Db, keys: VapidKeys, at: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key: SETTING_KEY, value: JSON.stringify(vapidKeyId(keys.publicKey)), updated_at: at })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', SETTING_KEY).executeTakeFirstOrThrow();
  const problem = vapidKeyMismatch(JSON.parse(row.value) as string, keys);
  if (problem) throw new Error(problem);
}
