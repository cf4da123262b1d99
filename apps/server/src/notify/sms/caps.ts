import { sql } from 'kysely';
import type { Db } from '../../db/database';

// The academy's SMS budget (SMS_MONTHLY_CAP parts a month) and each student's (SMS_DAILY_PER_STUDENT
// messages a day), reserved before a send with one atomic upsert each, so two instances sending at
// once can never spend past a cap; a send that fails gives its reservation back (notifications.md 'SMS').

export interface SmsCaps {
  monthlyParts: number;
  dailyPerStudent: number;
}

export type SmsReservation = { ok: true; release: () => Promise<void> } | { ok: false; cap: 'month' | 'day' };

const SRI_LANKA_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** `2026-11-04` in Sri Lanka time: the month and the day are the academy's, not UTC's. */
function sriLankaDate(at: number): string {
  return new Date(at + SRI_LANKA_OFFSET_MS).toISOString().slice(0, 10);
}

export function monthKey(at: number): string {
  return `month:${sriLankaDate(at).slice(0, 7)}`;
}

export function dayKey(at: number, accountId: string): string {
  return `day:${sriLankaDate(at)}:${accountId}`;
}

/** Adds `amount` to the count of `key` when the sum stays within `cap`; answers whether it did. */
async function reserve(db: Db, key: string, amount: number, cap: number, at: string): Promise<boolean> {
  if (amount > cap) return false;
  const row = await db
    .insertInto('sms_counts')
    .values({ key, count: amount, updated_at: at })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({ count: sql<number>`sms_counts.count + ${amount}`, updated_at: at })
        .where(sql<number>`sms_counts.count + ${amount}`, '<=', cap),
    )
    .returning('count')
    .executeTakeFirst();
  return row !== undefined;
}

async function giveBack(db: Db, key: string, amount: number): Promise<void> {
  await db
    .updateTable('sms_counts')
    .set({ count: sql<number>`count - ${amount}` })
    .where('key', '=', key)
    .where('count', '>=', amount)
    .execute();
}

/** Reserves `parts` of the month and one message of the student's day, or neither. */
export async function reserveSms(db: Db, caps: SmsCaps, accountId: string, parts: number, now: number): Promise<SmsReservation> {
  const at = new Date(now).toISOString();
  const month = monthKey(now);
  const day = dayKey(now, accountId);
  if (!(await reserve(db, month, parts, caps.monthlyParts, at))) return { ok: false, cap: 'month' };
  if (!(await reserve(db, day, 1, caps.dailyPerStudent, at))) {
    await giveBack(db, month, parts);
    return { ok: false, cap: 'day' };
  }
  return {
    ok: true,
    release: async () => {
      await giveBack(db, month, parts);
      await giveBack(db, day, 1);
    },
  };
}

