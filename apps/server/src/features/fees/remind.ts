// Reminders (fees.md 'Reminders and events'): an admin reminds the unpaid students of one class and
// month, all of them or the ones ticked. At most one reminder per student, class and month in 24
// hours: the `fee_reminders` row is written only when the last one is older, in one statement, so
// two admins pressing Remind at once send one mail. Each mail is a durable job queued with its row.
import { FEES_TEXT, type RemindBody } from '@academy/contract';
import { errors } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { classTarget } from '../class-material/audit';
import { readerOf } from '../class-material/tree';
import type { FeesContext } from './context';
import { feeEvents } from './events';
import { feeClassOf } from './fee-class';
import { rosterOf } from './overview-service';
import { findPlan, planRules } from './repo';
import { sriLankaDay } from './rules';
import { monthsOfStudent } from './standing';
import { classFacts } from './standing-repo';

/** A student is reminded of a month at most once in this long. */
export const REMIND_EVERY_MS = 24 * 60 * 60 * 1000;

/** `POST fees/remind`: how many were reminded, and how many were left out (reminded within 24 hours, or not unpaid). */
export async function remind(ctx: FeesContext, actor: AuditActor, body: RemindBody): Promise<{ sent: number; skipped: number }> {
  const classRow = await feeClassOf(ctx, await readerOf(ctx.db, actor.id), body.folderId);
  const planRow = await findPlan(ctx.db, classRow.id);
  if (!planRow) throw errors.conflict('folderId', FEES_TEXT.setPlanFirst);
  const plan = planRules(planRow);
  if (!plan.months.includes(body.month)) throw errors.field('month', `month ${FEES_TEXT.monthNotInPlan}`);
  const now = ctx.clock();
  const facts = await classFacts(ctx.db, classRow.id);
  const roster = await rosterOf(ctx, classRow.folder_id, facts);
  const unpaid = roster
    .filter((student) => monthsOfStudent(plan, facts, student.studentId, now).find((month) => month.month === body.month)?.state === 'unpaid')
    .map((student) => student.studentId);
  const chosen = body.studentIds ? [...new Set(body.studentIds)] : unpaid;
  const targets = chosen.filter((id) => unpaid.includes(id));
  const sentAt = new Date(now).toISOString();
  const cutoff = new Date(now - REMIND_EVERY_MS).toISOString();
  const sent = await ctx.db.transaction().execute(async (tx) => {
    let count = 0;
    for (const accountId of targets) {
      const written = await tx
        .insertInto('fee_reminders')
        .values({ class_id: classRow.id, account_id: accountId, month: body.month, sent_at: sentAt })
        .onConflict((conflict) =>
          conflict.columns(['class_id', 'account_id', 'month']).doUpdateSet({ sent_at: sentAt }).where('fee_reminders.sent_at', '<=', cutoff),
        )
        .returning('account_id')
        .executeTakeFirst();
      if (!written) continue;
      await feeEvents(ctx).reminded(tx, { classId: classRow.id, month: body.month, accountId, day: sriLankaDay(now) });
      count += 1;
    }
    await recordAudit(tx, actor, {
      action: 'fee.remind',
      target: classTarget(classRow),
      summary: `Reminded ${count} ${count === 1 ? 'student' : 'students'} of ${body.month} in ${classRow.name}`,
      detail: { month: body.month, sent: count, skipped: chosen.length - count, chosen: body.studentIds ? chosen.length : null },
    });
    return count;
  });
  if (sent > 0) ctx.worker.wake();
  return { sent, skipped: chosen.length - sent };
}
