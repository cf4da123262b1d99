import { randomUUID } from 'node:crypto';
import type { NotificationChannel, PreferenceOverrides } from '@academy/contract';
import type { Db } from '../../db/database';
import type { ChannelState } from './channels';
import { readOverrides } from './preferences-overrides';

// The SQL of the sending pipeline: what a fan-out page needs to know of its accounts, the delivery
// rows it writes, and the send job's claim, outcomes and the recipients' channel states.

export interface AccountFacts {
  email: string;
  whatsappNo: string;
  overrides: PreferenceOverrides;
  language: string | null;
  subscriptionIds: string[];
}

/** Each account's address, number, preferences and devices: three IN queries for a page. */
export async function accountFacts(db: Db, accountIds: string[]): Promise<Map<string, AccountFacts>> {
  const facts = new Map<string, AccountFacts>();
  if (accountIds.length === 0) return facts;
  const accounts = await db.selectFrom('accounts').select(['id', 'email', 'whatsapp_no']).where('id', 'in', accountIds).execute();
  for (const account of accounts) facts.set(account.id, { email: account.email, whatsappNo: account.whatsapp_no, overrides: {}, language: null, subscriptionIds: [] });
  const preferences = await db.selectFrom('notification_preferences').select(['account_id', 'overrides_json', 'language']).where('account_id', 'in', accountIds).execute();
  for (const row of preferences) {
    const fact = facts.get(row.account_id);
    if (!fact) continue;
    fact.language = row.language;
    fact.overrides = readOverrides(row.overrides_json);
  }
  const subscriptions = await db.selectFrom('push_subscriptions').select(['id', 'account_id']).where('account_id', 'in', accountIds).orderBy('id').execute();
  for (const row of subscriptions) facts.get(row.account_id)?.subscriptionIds.push(row.id);
  return facts;
}

export interface NewDelivery {
  recipientId: string;
  channel: NotificationChannel;
  subscriptionId: string;
  batch: string;
  state: 'queued' | 'held';
  nextAttemptAt: string;
}

export async function insertDeliveries(db: Db, deliveries: NewDelivery[], at: string): Promise<void> {
  if (deliveries.length === 0) return;
  await db
    .insertInto('notification_deliveries')
    .values(
      deliveries.map((d) => ({
        id: randomUUID(),
        recipient_id: d.recipientId,
        channel: d.channel,
        subscription_id: d.subscriptionId,
        batch: d.batch,
        state: d.state,
        next_attempt_at: d.nextAttemptAt,
        updated_at: at,
      })),
    )
    .onConflict((conflict) => conflict.columns(['recipient_id', 'channel', 'subscription_id']).doNothing())
    .execute();
}

export type ChannelStates = Record<NotificationChannel, ChannelState | string>;

/** Writes each recipient's channel states, one UPDATE per distinct combination. */
export async function setRecipientStates(db: Db, states: Map<string, ChannelStates>): Promise<void> {
  const groups = new Map<string, { states: ChannelStates; ids: string[] }>();
  for (const [id, channelStates] of states) {
    const key = JSON.stringify(channelStates);
    const group = groups.get(key) ?? { states: channelStates, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  for (const { states: s, ids } of groups.values()) {
    await db.updateTable('notification_recipients').set({ push_state: s.push, email_state: s.email, sms_state: s.sms }).where('id', 'in', ids).execute();
  }
}

/** Takes the batch's deliveries due now (and those a lapsed lease left), for this run alone. */
export async function claimDue(db: Db, batch: string, now: string, leaseUntil: string): Promise<string[]> {
  const rows = await db
    .updateTable('notification_deliveries')
    .set((eb) => ({ state: 'sending', lease_until: leaseUntil, attempts: eb('attempts', '+', 1), updated_at: now }))
    .where('batch', '=', batch)
    .where((eb) =>
      eb.or([
        eb.and([eb('state', 'in', ['queued', 'retry', 'held']), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', now)]),
      ]),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export interface ClaimedDelivery {
  id: string;
  channel: string;
  subscription_id: string;
  attempts: number;
  recipient_id: string;
  account_id: string;
  opened_at: string | null;
  notification_id: string;
  kind: string;
  subject_key: string;
  params_json: string;
  notification_state: string;
  expires_at: string | null;
  account_state: string;
  deleted_at: string | null;
  name: string;
  email: string;
  whatsapp_no: string;
  language: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  subscription_language: string | null;
}

export function loadClaimed(db: Db, ids: string[]): Promise<ClaimedDelivery[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('notification_deliveries as d')
    .innerJoin('notification_recipients as r', 'r.id', 'd.recipient_id')
    .innerJoin('notifications as n', 'n.id', 'r.notification_id')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .leftJoin('notification_preferences as p', 'p.account_id', 'r.account_id')
    .leftJoin('push_subscriptions as s', (join) => join.onRef('s.id', '=', 'd.subscription_id').onRef('s.account_id', '=', 'r.account_id'))
    .select([
      'd.id',
      'd.channel',
      'd.subscription_id',
      'd.attempts',
      'd.recipient_id',
      'r.account_id',
      'r.opened_at',
      'r.notification_id',
      'n.kind',
      'n.subject_key',
      'n.params_json',
      'n.state as notification_state',
      'n.expires_at',
      'a.account_state',
      'a.deleted_at',
      'a.name',
      'a.email',
      'a.whatsapp_no',
      'p.language',
      's.endpoint',
      's.p256dh',
      's.auth',
      's.language as subscription_language',
    ])
    .where('d.id', 'in', ids)
    .execute();
}

export interface Outcome {
  state: 'sent' | 'retry' | 'failed' | 'gone' | 'dropped' | 'capped';
  status: number | null;
  error: string | null;
  nextAttemptAt?: string;
}

/** How many delivery rows one UPDATE names. */
const SLICE = 100;

/**
 * The deliveries' outcomes, one UPDATE per distinct outcome and slice of 100; only rows this run
 * still holds (a withdrawal may have dropped one meanwhile).
 */
export async function recordOutcomes(db: Db, outcomes: Map<string, Outcome>, at: string): Promise<void> {
  const groups = new Map<string, { outcome: Outcome; ids: string[] }>();
  for (const [id, outcome] of outcomes) {
    const key = JSON.stringify(outcome);
    const group = groups.get(key) ?? { outcome, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  for (const { outcome, ids } of groups.values()) {
    for (let start = 0; start < ids.length; start += SLICE) {
      await db
        .updateTable('notification_deliveries')
        .set({
          state: outcome.state,
          last_status: outcome.status,
          last_error: outcome.error,
          lease_until: null,
          updated_at: at,
          ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
        })
        .where('id', 'in', ids.slice(start, start + SLICE))
        .where('state', '=', 'sending')
        .execute();
    }
  }
}

/** Devices that answered: their failures reset and their last success noted. */
export async function subscriptionsReached(db: Db, ids: string[], at: string): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('push_subscriptions').set({ failures: 0, last_success_at: at }).where('id', 'in', ids).execute();
}

export async function deleteSubscriptions(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
}

/** Counts a refusal in a row; answers how many in a row now. */
export async function subscriptionRefused(db: Db, id: string): Promise<number> {
  const row = await db
    .updateTable('push_subscriptions')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', id)
    .returning('failures')
    .executeTakeFirst();
  return row?.failures ?? 0;
}

/** How far a channel got for each recipient, from all its deliveries (for push, the best of its devices). */
const STATE_RANK = ['sent', 'sending', 'queued', 'retry', 'held', 'failed', 'gone', 'capped', 'dropped'];
const RECIPIENT_STATE: Record<string, string> = { sending: 'queued', retry: 'queued' };

export async function refreshRecipientStates(db: Db, recipientIds: string[], channel: NotificationChannel): Promise<void> {
  if (recipientIds.length === 0) return;
  const rows = await db
    .selectFrom('notification_deliveries')
    .select(['recipient_id', 'state'])
    .where('recipient_id', 'in', recipientIds)
    .where('channel', '=', channel)
    .execute();
  const best = new Map<string, string>();
  for (const row of rows) {
    const current = best.get(row.recipient_id);
    if (current === undefined || STATE_RANK.indexOf(row.state) < STATE_RANK.indexOf(current)) best.set(row.recipient_id, row.state);
  }
  const column = `${channel}_state` as const;
  const byState = new Map<string, string[]>();
  for (const [id, state] of best) {
    const shown = RECIPIENT_STATE[state] ?? state;
    byState.set(shown, [...(byState.get(shown) ?? []), id]);
  }
  for (const [state, ids] of byState) await db.updateTable('notification_recipients').set({ [column]: state }).where('id', 'in', ids).execute();
}

/** The earliest moment a delivery of the batch waits for, or null when none waits. */
export async function nextWaiting(db: Db, batch: string): Promise<string | null> {
  const row = await db
    .selectFrom('notification_deliveries')
    .select((eb) => eb.fn.min<string | null>(eb.fn.coalesce('lease_until', 'next_attempt_at')).as('next'))
    .where('batch', '=', batch)
    .where('state', 'in', ['queued', 'retry', 'held', 'sending'])
    .executeTakeFirst();
  return row?.next ?? null;
}
