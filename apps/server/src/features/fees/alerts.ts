// The admins' Needs attention list (fees.md 'The admins' fees screen'): chargebacks, amounts that did
// not match, months paid twice and copied slips, as raise-alert.ts wrote them, each marked handled
// with a note (audited).
import { FEES_TEXT, type AlertKind, type AlertsQuery, type FeeAlert } from '@academy/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { FeeAlertsTable } from '../../db/schema';
import { isPostgres } from '../../db/statements';
import { errors } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../audit-log/service';
import type { FeesContext } from './context';
import { namesOf } from './repo';
import { studentsOf } from './slip-repo';

type AlertRow = Selectable<FeeAlertsTable>;

const KIND_LABELS: Record<AlertKind, string> = { chargeback: 'Chargeback', 'amount-mismatch': 'Amount did not match', 'paid-twice': 'Paid twice', 'duplicate-slip': 'Copied slip' };

async function alertViews(db: Db, rows: readonly AlertRow[]): Promise<FeeAlert[]> {
  const [students, names] = await Promise.all([studentsOf(db, rows.flatMap((row) => row.account_id ?? [])), namesOf(db, rows.map((row) => row.resolved_by))]);
  return rows.map((row) => {
    const student = row.account_id ? students.get(row.account_id) : undefined;
    return {
      id: row.id,
      kind: row.kind as AlertKind,
      orderId: row.order_id,
      paymentId: row.payment_id,
      slipId: row.slip_id,
      student: student ? { id: student.id, name: student.name, regNo: student.regNo } : null,
      detail: JSON.parse(row.detail_json) as Record<string, unknown>,
      createdAt: row.created_at,
      resolvedAt: row.resolved_at,
      resolvedBy: row.resolved_by ? { id: row.resolved_by, name: names.get(row.resolved_by) ?? '' } : null,
      note: row.note,
    };
  });
}

/** `GET fees/alerts`: open ones first (newest first), then handled ones; `open` keeps one side only. */
export async function listAlerts(ctx: Pick<FeesContext, 'db'>, query: AlertsQuery): Promise<FeeAlert[]> {
  let select = ctx.db.selectFrom('fee_alerts').selectAll();
  if (query.open === 'true') select = select.where('resolved_at', 'is', null);
  if (query.open === 'false') select = select.where('resolved_at', 'is not', null);
  const rows = await select.orderBy('created_at', 'desc').orderBy('id').limit(500).execute();
  const open = rows.filter((row) => row.resolved_at === null);
  return alertViews(ctx.db, [...open, ...rows.filter((row) => row.resolved_at !== null)]);
}

/** `POST fees/alerts/:alertId/resolve`: marked handled, with the note; handled again changes nothing. */
export async function resolveAlert(ctx: Pick<FeesContext, 'db' | 'clock'>, actor: AuditActor, alertId: string, note: string): Promise<FeeAlert> {
  const row = await ctx.db.transaction().execute(async (tx) => {
    const query = tx.selectFrom('fee_alerts').selectAll().where('id', '=', alertId);
    const found = await (isPostgres(tx) ? query.forUpdate() : query).executeTakeFirst();
    if (!found) throw errors.notFound(FEES_TEXT.alertNotFound);
    if (found.resolved_at) return found;
    const change = { resolved_at: new Date(ctx.clock()).toISOString(), resolved_by: actor.id, note: note || null };
    await tx.updateTable('fee_alerts').set(change).where('id', '=', alertId).execute();
    const label = KIND_LABELS[found.kind as AlertKind] ?? found.kind;
    await recordAudit(tx, actor, {
      action: 'fee.alert-resolve',
      target: found.slip_id
        ? { type: 'slip', id: found.slip_id, label: `Alert: ${label}` }
        : { type: 'payment', id: found.payment_id ?? found.order_id ?? found.id, label: `Alert: ${label}`, keywords: [found.order_id] },
      summary: `Marked a fee alert handled: ${label}`,
      detail: { kind: found.kind, note },
    });
    return { ...found, ...change };
  });
  const [view] = await alertViews(ctx.db, [row]);
  if (!view) throw new Error(`alert ${alertId} could not be read back`);
  return view;
}
