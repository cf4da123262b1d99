// The accountant's CSV (fees.md 'Export'): one line per payment received and one per refund
// recorded in a range of Sri Lanka days, through the shared CSV writer (UTF-8 with a byte-order
// mark, formula-guarded). Every export is in the audit log: it carries names and bank details.
import { receiptNumberLabel, type ExportQuery } from '@academy/contract';
import { formatCsv } from '../../lib/csv';
import { recordAudit, type AuditActor } from '../audit-log/service';
import type { FeesContext } from './context';
import { centsToAmount } from './money';
import { paymentsBetween, refundsBetween } from './overview-repo';
import { namesOf } from './repo';
import { sriLankaDay } from './rules';

export const EXPORT_COLUMNS = [
  'Receipt No',
  'Date',
  'Student',
  'Reg No',
  'Class',
  'Months',
  'Method',
  'Bank',
  'Reference',
  'Amount (LKR)',
  'Refunded (LKR)',
  'State',
  'Recorded by',
] as const;

/** The instant a Sri Lanka day starts. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000+05:30`).toISOString();

/** The day after a `YYYY-MM-DD`. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** `GET fees/export`: the CSV text, and its file name. */
export async function exportPayments(ctx: Pick<FeesContext, 'db'>, actor: AuditActor, query: ExportQuery): Promise<{ csv: string; fileName: string }> {
  const [payments, refunds] = await Promise.all([
    paymentsBetween(ctx.db, query.from, query.to),
    refundsBetween(ctx.db, dayStart(query.from), dayStart(nextDay(query.to))),
  ]);
  const names = await namesOf(ctx.db, [...payments.map((row) => row.recorded_by), ...refunds.map((row) => row.recorded_by)]);
  const recorder = (id: string | null, method: string) => (id ? (names.get(id) ?? '') : method === 'payhere' ? 'PayHere' : '');
  const lines = [
    ...payments.map((row) => ({
      day: row.received_on,
      cells: [
        receiptNumberLabel(row.receipt_no),
        row.received_on,
        row.student_name,
        row.reg_no ?? '',
        row.class_name,
        row.months.join(' '),
        row.method,
        row.bank ?? '',
        row.reference ?? '',
        centsToAmount(row.amount_cents),
        centsToAmount(Number(row.refunded_cents)),
        row.state,
        recorder(row.recorded_by, row.method),
      ],
    })),
    ...refunds.map((row) => ({
      day: sriLankaDay(Date.parse(row.recorded_at)),
      cells: [
        receiptNumberLabel(row.receipt_no),
        sriLankaDay(Date.parse(row.recorded_at)),
        row.student_name,
        row.reg_no ?? '',
        row.class_name,
        (JSON.parse(row.months_json) as string[]).join(' '),
        `refund (${row.way})`,
        row.bank ?? '',
        row.reference ?? '',
        '',
        centsToAmount(row.amount_cents),
        'refund',
        names.get(row.recorded_by ?? '') ?? '',
      ],
    })),
  ].sort((a, b) => a.day.localeCompare(b.day));
  await recordAudit(ctx.db, actor, {
    action: 'fee.export',
    target: { type: 'export', id: crypto.randomUUID(), label: 'Fees CSV export' },
    summary: `Exported ${payments.length} ${payments.length === 1 ? 'payment' : 'payments'} and ${refunds.length} ${refunds.length === 1 ? 'refund' : 'refunds'} (${query.from} to ${query.to}) as a CSV file`,
    detail: { from: query.from, to: query.to, payments: payments.length, refunds: refunds.length },
  });
  return { csv: formatCsv(EXPORT_COLUMNS, lines.map((line) => line.cells)), fileName: `fees-${query.from}-to-${query.to}.csv` };
}
