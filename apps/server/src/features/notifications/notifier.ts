import { randomUUID } from 'node:crypto';
import { isPortalPath, KIND_RULES, NOTIFICATION_PARAM_MAX_LENGTH } from '@academy/contract';
import type { Db } from '../../db/database';
import type { NotificationEvent, Notifier } from '../../notify/notifier';
import { FANOUT_JOB, WITHDRAWN_JOB, type NotificationJobPayload, type NotificationsContext } from './context';
import * as repo from './repo';

/** Explicit recipients one event may name; more go through a registered audience. */
export const MAX_EXPLICIT_RECIPIENTS = 500;
/**
 * A job queued inside the caller's transaction is not visible until it commits, which this code
 * cannot see: the worker looks a moment later (and its poll catches a longer transaction).
 */
const AFTER_COMMIT_MS = 50;
const DAY_MS = 86_400_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** A feature's mistake, not a user's: a bad event is refused loudly rather than stored. */
function checkEvent(event: NotificationEvent): void {
  if (!(event.kind in KIND_RULES)) throw new Error(`${event.kind} is not a notification kind`);
  if (!isPortalPath(event.link)) throw new Error(`a notification's link must be a path of the portal, not ${event.link}`);
  if ('accounts' in event.to && event.to.accounts.length > MAX_EXPLICIT_RECIPIENTS) {
    throw new Error(`a notification names at most ${MAX_EXPLICIT_RECIPIENTS} accounts; register an audience for more`);
  }
}

function storedParams(params: Record<string, string>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(params).map(([name, value]) => [name, value.slice(0, NOTIFICATION_PARAM_MAX_LENGTH)])));
}

function expiryOf(event: NotificationEvent, notBefore: string): string | null {
  if (event.expiresAt) return event.expiresAt;
  const days = KIND_RULES[event.kind].lifetimeDays;
  return days === null ? null : iso(Date.parse(notBefore) + days * DAY_MS);
}

/** The centre's side of the interface features call (notify/notifier.ts). */
export function createNotifier(ctx: NotificationsContext): Notifier {
  async function queueJob(tx: Db, kind: string, notificationId: string, runAt: number, ifAbsent: boolean): Promise<void> {
    const payload: NotificationJobPayload = { notificationId };
    await ctx.queue.enqueue(kind, notificationId, payload, { executor: tx, runAt, ifAbsent, now: ctx.clock() });
    ctx.wakeAt(Math.max(runAt, Date.now() + AFTER_COMMIT_MS));
  }

  return {
    async raise(tx, event) {
      checkEvent(event);
      const now = ctx.clock();
      const notBefore = event.notBefore ?? iso(now);
      const values = {
        params_json: storedParams(event.params),
        link: event.link,
        audience_json: JSON.stringify(event.to),
        not_before: notBefore,
        expires_at: expiryOf(event, notBefore),
      };
      const id = randomUUID();
      const row = { id, kind: event.kind, subject_key: event.subjectKey, actor_id: event.actorId ?? null, state: 'scheduled', created_at: iso(now), ...values };
      if (await repo.insertNotification(tx, row)) {
        await queueJob(tx, FANOUT_JOB, id, Date.parse(notBefore), true);
        return;
      }
      if (!event.replace) return;
      const existing = await repo.findBySubject(tx, event.kind, event.subjectKey);
      if (!existing || existing.state === 'withdrawn') return;
      if (existing.state === 'scheduled' && (await repo.moveState(tx, existing.id, ['scheduled'], values))) {
        await queueJob(tx, FANOUT_JOB, existing.id, Date.parse(notBefore), false);
        return;
      }
      // Out already: the bell shows the new words; who it reached stays as it was.
      await repo.updateNotification(tx, existing.id, { params_json: values.params_json, link: values.link });
    },

    async withdraw(tx, kind, subjectKey) {
      const existing = await repo.findBySubject(tx, kind, subjectKey);
      if (!existing) return;
      const at = iso(ctx.clock());
      if (!(await repo.moveState(tx, existing.id, ['scheduled', 'fanning-out', 'sent'], { state: 'withdrawn', withdrawn_at: at }))) return;
      await repo.dropPendingDeliveries(tx, existing.id, at);
      await queueJob(tx, WITHDRAWN_JOB, existing.id, ctx.clock(), false);
    },

    async markRead(accountId, kind, subjectKeys) {
      const ids = await repo.markSubjectsRead(ctx.db, accountId, kind, subjectKeys, iso(ctx.clock()));
      if (ids.length > 0) await ctx.live.publish({ type: 'read', accountId, ids });
    },

    audience(kind, resolve) {
      ctx.audiences.set(kind, resolve);
    },
  };
}
