import { sql, type RawBuilder } from 'kysely';
import { NOTIFICATION_CHANNELS, NOTIFICATION_OPEN_VIA, type NotificationKind } from '@academy/contract';
import type { Db } from '../../db/database';

// The admin's counts, worked out from the recipient rows when asked (each row holds every
// channel's outcome for its student): one grouped query, no counter rows to fight over.

/** The outcomes the admin's counts name, per channel (the contract's channelCountsSchema). */
export const COUNTED_STATES = ['sent', 'held', 'failed', 'off', 'gone', 'capped'] as const;

/** Fanned out or fanning out: scheduled ones have reached nobody yet, withdrawn ones left every bell. */
const LISTED_STATES = ['fanning-out', 'sent'];

export interface SentRow {
  id: string;
  kind: string;
  subject_key: string;
  params_json: string;
  created_at: string;
}

/** A page of notifications, newest first, older than the cursor's. */
export function listSent(db: Db, options: { before: { createdAt: string; id: string } | null; kind: NotificationKind | undefined; limit: number }): Promise<SentRow[]> {
  const { before, kind } = options;
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'subject_key', 'params_json', 'created_at'])
    .where('state', 'in', LISTED_STATES)
    .$if(kind !== undefined, (query) => query.where('kind', '=', kind ?? ''))
    .$if(before !== null, (query) =>
      query.where((eb) => eb.or([eb('created_at', '<', before?.createdAt ?? ''), eb.and([eb('created_at', '=', before?.createdAt ?? ''), eb('id', '<', before?.id ?? '')])])),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .execute();
}

/** The listed notifications of a kind about the subjects named. */
export function findBySubjects(db: Db, kind: NotificationKind, subjectKeys: string[]): Promise<SentRow[]> {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'subject_key', 'params_json', 'created_at'])
    .where('kind', '=', kind)
    .where('subject_key', 'in', subjectKeys)
    .where('state', 'in', LISTED_STATES)
    .execute();
}

/** Every count's name (`recipients`, `opened`, `push_sent`, `via_bell`, …) and how the grouped query works it out. */
const COUNT_COLUMNS: [string, RawBuilder<unknown>][] = [
  ['recipients', sql`count(*)`],
  ['opened', sql`count(opened_at)`],
  ...NOTIFICATION_CHANNELS.flatMap((channel) =>
    COUNTED_STATES.map((state): [string, RawBuilder<unknown>] => [`${channel}_${state}`, sql`sum(case when ${sql.ref(`${channel}_state`)} = ${sql.lit(state)} then 1 else 0 end)`]),
  ),
  ...NOTIFICATION_OPEN_VIA.map((via): [string, RawBuilder<unknown>] => [`via_${via}`, sql`sum(case when opened_via = ${sql.lit(via)} then 1 else 0 end)`]),
];

/** Per notification, each count by its name; a notification nobody received has no entry. */
export async function countRecipients(db: Db, notificationIds: string[]): Promise<Map<string, Record<string, number>>> {
  if (notificationIds.length === 0) return new Map();
  const rows = (await db
    .selectFrom('notification_recipients')
    .select('notification_id')
    .select(COUNT_COLUMNS.map(([name, expression]) => expression.as(name)))
    .where('notification_id', 'in', notificationIds)
    .groupBy('notification_id')
    .execute()) as unknown as ({ notification_id: string } & Record<string, unknown>)[];
  // PostgreSQL answers count and sum as bigint text; SQLite as numbers.
  return new Map(rows.map((row) => [row.notification_id, Object.fromEntries(COUNT_COLUMNS.map(([name]) => [name, Number(row[name] ?? 0)]))]));
}

export async function smsCount(db: Db, key: string): Promise<number> {
  const row = await db.selectFrom('sms_counts').select('count').where('key', '=', key).executeTakeFirst();
  return Number(row?.count ?? 0);
}
