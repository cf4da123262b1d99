import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { SecurityAlertKind } from '@academy/contract';
import type { SecurityAlertsTable } from './tables';

export type AlertRow = Selectable<SecurityAlertsTable>;

const NEVER = new Date(0).toISOString();

/**
 * Claims `kind` for one window from `now`: true when no alert of the kind was raised in the window
 * before; else the instant the last one's window ends. One conditional update decides, so two
 * instances crossing a threshold at once raise one alert between them.
 */
export async function claimKind(db: Db, kind: SecurityAlertKind, now: number, windowMs: number): Promise<{ claimed: true } | { claimed: false; until: number }> {
  await db.insertInto('security_alert_claims').values({ kind, last_raised_at: NEVER }).onConflict((oc) => oc.column('kind').doNothing()).execute();
  const at = new Date(now).toISOString();
  const result = await db
    .updateTable('security_alert_claims')
    .set({ last_raised_at: at })
    .where('kind', '=', kind)
    .where('last_raised_at', '<=', new Date(now - windowMs).toISOString())
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return { claimed: true };
  const row = await db.selectFrom('security_alert_claims').select('last_raised_at').where('kind', '=', kind).executeTakeFirst();
  return { claimed: false, until: Date.parse(row?.last_raised_at ?? at) + windowMs };
}

/** Every active admin's id: who an alert goes to. */
export async function activeAdminIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('accounts').select('id').where('account_type', '=', 'admin').where('account_state', '=', 'active').where('deleted_at', 'is', null).orderBy('id').execute();
  return rows.map((row) => row.id);
}

export async function insertAlert(db: Db, row: AlertRow): Promise<void> {
  await db.insertInto('security_alerts').values(row).execute();
}

/** The newest alerts first, at most `limit`. */
export function listAlerts(db: Db, limit: number): Promise<AlertRow[]> {
  return db.selectFrom('security_alerts').selectAll().orderBy('raised_at', 'desc').orderBy('id').limit(limit).execute();
}
