import type { FastifyBaseLogger } from 'fastify';
import type { NotificationKind, SecurityAlertKind } from '@academy/contract';
import type { Db } from '../../db/database';
import type { Notifier } from '../../notify/notifier';
import { MAX_EXPLICIT_RECIPIENTS } from '../notifications/notifier';
import { activeAdminIds, claimKind, insertAlert } from './repo';
import type { CountedEvent, SecurityAlertRules } from './rules';
import type { WindowCounts } from './window-counts';

// Counts the events of rules.ts per subject in a sliding window and raises an alert when one
// subject's count reaches its kind's threshold: a row the admins list, and `security.alert` to
// every active admin (bell, push, mail). At most one alert of a kind per window, across every
// instance sharing the database (repo.ts claimKind); a crossing is logged all the same, so the
// log says which subjects crossed while an alert of their kind was already out.

export const SECURITY_ALERT_NOTIFICATION = 'security.alert' satisfies NotificationKind;
/** The admins' screen the alert opens. */
export const SECURITY_ALERTS_PATH = '/security';

export interface SecurityMonitor {
  /** Counts one event; never throws (a failure is logged): an alert must not fail the request it counts. */
  count(event: CountedEvent): Promise<void>;
  /** Settles once every count begun so far is done (tests, and a clean shutdown). */
  idle(): Promise<void>;
}

export interface MonitorDeps {
  db: Db;
  notifier: Notifier | null;
  counts: WindowCounts;
  rules: SecurityAlertRules;
  clock: () => number;
  log: FastifyBaseLogger;
}

export function createSecurityMonitor(deps: MonitorDeps): SecurityMonitor {
  const { rules, log } = deps;
  // Per kind, when this instance next asks the database for a claim: once a window at most, so a
  // flood over a threshold costs the database nothing after its first event.
  const nextClaim = new Map<SecurityAlertKind, number>();
  // Per kind, this instance's claim under way: a crossing that comes meanwhile waits for it, so the
  // alert carries the count that first crossed, not whichever claim the database answered first.
  const claiming = new Map<SecurityAlertKind, Promise<void>>();

  async function crossed(event: CountedEvent, count: number, now: number): Promise<void> {
    const threshold = rules.thresholds[event.kind];
    if (count === threshold) log.warn({ securityCount: event.kind, subject: event.subject, count, threshold, windowMs: rules.windowMs }, 'security threshold crossed');
    while (claiming.has(event.kind)) await claiming.get(event.kind);
    if (now < (nextClaim.get(event.kind) ?? 0)) return;
    const attempt = claimAndRaise(event, count, now);
    claiming.set(event.kind, attempt);
    try {
      await attempt;
    } finally {
      claiming.delete(event.kind);
    }
  }

  async function claimAndRaise(event: CountedEvent, count: number, now: number): Promise<void> {
    const claim = await claimKind(deps.db, event.kind, now, rules.windowMs);
    nextClaim.set(event.kind, claim.claimed ? now + rules.windowMs : claim.until);
    if (claim.claimed) await raise(event, count, now);
  }

  async function raise(event: CountedEvent, count: number, now: number): Promise<void> {
    const id = crypto.randomUUID();
    const threshold = rules.thresholds[event.kind];
    await deps.db.transaction().execute(async (tx) => {
      await insertAlert(tx, { id, kind: event.kind, subject: event.subject, count, threshold, window_ms: rules.windowMs, raised_at: new Date(now).toISOString() });
      const admins = await activeAdminIds(tx);
      if (!deps.notifier || admins.length === 0) return;
      await deps.notifier.raise(tx, {
        kind: SECURITY_ALERT_NOTIFICATION,
        subjectKey: `security-alert:${id}`,
        params: {
          count: String(count),
          threshold: String(threshold),
          minutes: String(Math.round(rules.windowMs / 60_000)),
        },
        link: SECURITY_ALERTS_PATH,
        to: { accounts: admins.slice(0, MAX_EXPLICIT_RECIPIENTS) },
      });
    });
    log.warn({ securityAlert: event.kind, subject: event.subject, count, threshold, windowMs: rules.windowMs, alertId: id }, 'security alert raised');
  }

  async function count(event: CountedEvent): Promise<void> {
    const threshold = rules.thresholds[event.kind];
    if (threshold <= 0) return;
    try {
      const now = deps.clock();
      const counted = await deps.counts.add(`${event.kind}|${event.subject}`, now, threshold + 1);
      if (counted >= threshold) await crossed(event, counted, now);
    } catch (error) {
      log.error({ err: error, securityCount: event.kind }, 'security alert counting failed');
    }
  }

  const inFlight = new Set<Promise<void>>();
  return {
    count(event) {
      const counting = count(event).finally(() => inFlight.delete(counting));
      inFlight.add(counting);
      return counting;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
