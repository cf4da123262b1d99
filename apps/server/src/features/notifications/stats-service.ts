import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_OPEN_VIA,
  NOTIFICATION_PAGE_SIZE,
  notificationCursor,
  parseNotificationCursor,
  type ChannelCounts,
  type NotificationKind,
  type NotificationStats,
  type NotificationStatsQuery,
  type SentNotification,
  type SentNotificationsQuery,
} from '@academy/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { monthKey } from '../../notify/sms/caps';
import type { Counts, StatsCache } from './stats-cache';
import * as repo from './stats-repo';

// What admins see (notifications.md): every notification with its counts per channel and its
// opens, the counts of the Social Media Manager's sent announcements, and the month's SMS use.

export interface StatsDeps {
  db: Db;
  clock: () => number;
  config: Pick<Config, 'notify'>;
  cache: StatsCache;
}

function countsOf(named: Record<string, number> | undefined): Counts {
  const count = (name: string) => named?.[name] ?? 0;
  const channel = (name: string): ChannelCounts => ({
    sent: count(`${name}_sent`),
    held: count(`${name}_held`),
    failed: count(`${name}_failed`),
    off: count(`${name}_off`),
    gone: count(`${name}_gone`),
    capped: count(`${name}_capped`),
  });
  const [push, email, sms] = NOTIFICATION_CHANNELS.map(channel);
  return {
    recipients: count('recipients'),
    push: push as ChannelCounts,
    email: email as ChannelCounts,
    sms: sms as ChannelCounts,
    opened: count('opened'),
    openedVia: Object.fromEntries(NOTIFICATION_OPEN_VIA.map((via) => [via, count(`via_${via}`)])) as Counts['openedVia'],
  };
}

/** The counts of each notification, through the per-instance cache (a notification nobody received counts zeros). */
function countsFor(deps: StatsDeps, ids: string[]): Promise<Map<string, Counts>> {
  return deps.cache.get(ids, async (missing) => {
    const counted = await repo.countRecipients(deps.db, missing);
    return new Map(missing.map((id) => [id, countsOf(counted.get(id))]));
  });
}

const paramsOf = (json: string) => JSON.parse(json) as Record<string, string>;

/** A page of every notification, newest first, with its counts. */
export async function listSent(deps: StatsDeps, query: SentNotificationsQuery): Promise<{ items: SentNotification[]; before: string | null }> {
  const before = query.before ? parseNotificationCursor(query.before) : null;
  const rows = await repo.listSent(deps.db, { before, kind: query.kind, limit: NOTIFICATION_PAGE_SIZE + 1 });
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  const counts = await countsFor(deps, page.map((row) => row.id));
  const items = page.map((row) => ({
    id: row.id,
    kind: row.kind as NotificationKind,
    params: paramsOf(row.params_json),
    createdAt: row.created_at,
    ...(counts.get(row.id) ?? countsOf(undefined)),
  }));
  const last = items.at(-1);
  return { items, before: rows.length > NOTIFICATION_PAGE_SIZE && last ? notificationCursor(last) : null };
}

/** The counts of one kind's notifications about the subjects named, in the order named; a subject with none is left out. */
export async function subjectStats(deps: StatsDeps, query: NotificationStatsQuery): Promise<NotificationStats[]> {
  const keys = [...new Set(query.subjects.split(','))];
  const rows = await repo.findBySubjects(deps.db, query.kind, keys);
  const counts = await countsFor(deps, rows.map((row) => row.id));
  const bySubject = new Map(rows.map((row) => [row.subject_key, row.id]));
  return keys.flatMap((subjectKey) => {
    const id = bySubject.get(subjectKey);
    return id === undefined ? [] : [{ subjectKey, ...(counts.get(id) ?? countsOf(undefined)) }];
  });
}

/** The academy's SMS parts this month (Sri Lanka time) against its cap; zeros when SMS is off. */
export async function smsUsage(deps: StatsDeps) {
  const { sms } = deps.config.notify;
  const key = monthKey(deps.clock());
  return {
    provider: sms?.provider ?? null,
    kinds: sms?.kinds ?? [],
    month: key.slice('month:'.length),
    used: await repo.smsCount(deps.db, key),
    cap: sms?.monthlyCap ?? 0,
  };
}
