// Bank slips (fees.md 'Bank transfer'): a student uploads a proof of transfer for months not yet
// paid, free or pending; an admin approves it (a payment, through `recordPayment`) or rejects it
// with a reason the student sees. Copies (the same reference at the same bank, the same file) are
// flagged for the admin, never refused. Decisions are final and taken under the slip's row lock.
import {
  FEE_LIMITS,
  FEES_TEXT,
  monthAlreadyPaidMessage,
  monthFreeMessage,
  payherePendingMessage,
  slipDecidedMessage,
  slipFieldsSchema,
  slipWaitingMessage,
  type Slip,
  type SlipDecisionAnswer,
  type SlipsPageAnswer,
  type SlipsQuery,
} from '@academy/contract';
import type { Db } from '../../db/database';
import { AppError, errors } from '../../lib/errors';
import type { SessionAccount } from '../../plugins/auth';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { readerOf } from '../class-material/tree';
import { feeClassOf } from './fee-class';
import type { FeesContext } from './context';
import { feeEvents } from './events';
import { referenceKey } from './money';
import { findPaymentBy, lockLedger, paidAndFreeMonths } from './payments-repo';
import { findPlan, pendingMonths, planRules } from './repo';
import { recordPayment } from './payment-service';
import { paymentView } from './payment-views';
import { raiseAlert } from './raise-alert';
import { sriLankaDay } from './rules';
import { prepareSlipFile, SlipFiles, type SlipFileType } from './slip-files';
import * as repo from './slip-repo';
import type { SlipUpload } from './slip-upload';
import { slipFlags, slipMonths, slipView, slipViews } from './slip-views';

const slipNotFound = () => errors.notFound(FEES_TEXT.slipNotFound);

/** The multipart's text fields, checked by the contract's schema: 400 naming each field that is wrong. */
function parseFields(fields: Record<string, string>) {
  const parsed = slipFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? 'body');
    return { field, message: `${field} ${issue.message}` };
  });
  throw new AppError(400, problems[0]?.message ?? FEES_TEXT.slipFileRequired, problems);
}

/** The transfer's day: not after today, not more than 12 months back (Sri Lanka days). */
function checkPaidOn(paidOn: string, now: number): void {
  const today = sriLankaDay(now);
  if (paidOn > today) throw errors.field('paidOn', `paidOn ${FEES_TEXT.dayInFuture}`);
  const earliest = `${Number(today.slice(0, 4)) - FEE_LIMITS.slipPaidOnMonthsBack / 12}${today.slice(4)}`;
  if (paidOn < earliest) throw errors.field('paidOn', `paidOn ${FEES_TEXT.dayTooOld}`);
}

/**
 * 409 unless every month can take a slip: not paid, not free, no slip already waiting, no PayHere
 * payment pending (fees.md: no double payment by accident). An exception does not stop a slip: it
 * opens a month without paying for it.
 */
async function assertPayable(db: Db, classId: string, accountId: string, months: readonly string[]): Promise<void> {
  const { paid, free } = await paidAndFreeMonths(db, classId, accountId, months);
  const paidMonths = months.filter((month) => paid.has(month));
  if (paidMonths.length > 0) throw errors.conflict('months', monthAlreadyPaidMessage(paidMonths));
  const freeMonths = months.filter((month) => free.has(month));
  if (freeMonths.length > 0) throw errors.conflict('months', monthFreeMessage(freeMonths));
  const pending = await pendingMonths(db, classId, accountId);
  const waitingMonths = months.filter((month) => pending.get(month) === 'slip');
  if (waitingMonths.length > 0) throw errors.conflict('months', slipWaitingMessage(waitingMonths));
  const processing = months.find((month) => pending.get(month) === 'order');
  if (processing) throw errors.conflict('months', payherePendingMessage(processing));
}

/**
 * A copy worth the admins' Needs attention list: another student's slip or payment with the same
 * reference or file, or one that is paid or waiting. A student's own rejected slip sent again is
 * flagged in the queue only: re-uploading after a rejection is what they were asked to do.
 */
function alarming(flags: Slip['flags'], accountId: string, states: Map<string, string>): boolean {
  return flags.some((flag) => flag.student.id !== accountId || flag.paymentId !== undefined || states.get(flag.slipId ?? '') !== 'rejected');
}

/** `POST fees/slips`: the student's slip, stored with its file; its months show "Bank slip under review". */
export async function uploadSlip(ctx: FeesContext, account: SessionAccount, upload: SlipUpload): Promise<Slip> {
  if (account.isAdmin) throw errors.forbidden(FEES_TEXT.onlyStudentsPay);
  const fields = parseFields(upload.fields);
  const now = ctx.clock();
  checkPaidOn(fields.paidOn, now);
  const classRow = await feeClassOf(ctx, await readerOf(ctx.db, account.id), fields.folderId);
  const planRow = await findPlan(ctx.db, classRow.id);
  const plan = planRow ? planRules(planRow) : null;
  if (!plan || fields.months.some((month) => !plan.months.includes(month))) throw errors.field('months', `months ${FEES_TEXT.monthNotInPlan}`);
  await assertPayable(ctx.db, classRow.id, account.id, fields.months);

  const file = await prepareSlipFile(upload.bytes);
  const files = new SlipFiles(ctx.slipsDir);
  const id = crypto.randomUUID();
  const at = new Date(now).toISOString();
  const row: repo.SlipRow = {
    id,
    account_id: account.id,
    class_id: classRow.id,
    class_name: classRow.name,
    months_json: JSON.stringify(fields.months),
    bank: fields.bank,
    reference: fields.reference,
    reference_key: referenceKey(fields.bank, fields.reference),
    amount_cents: fields.amountCents,
    paid_on: fields.paidOn,
    file_type: file.type,
    file_bytes: file.bytes.length,
    file_sha256: file.sha256,
    state: 'pending',
    reason: null,
    decided_by: null,
    decided_at: null,
    payment_id: null,
    created_at: at,
  };
  // The file first: a slip row never points at a file that is not there.
  await files.save(id, file);
  try {
    await ctx.db.transaction().execute(async (tx) => {
      // The student's ledger lock, as payments take it: two uploads for one month cannot both pass the check.
      await lockLedger(tx, classRow.id, account.id, at);
      await assertPayable(tx, classRow.id, account.id, fields.months);
      await repo.insertSlip(tx, row);
      const flags = (await slipFlags(tx, [row])).get(id) ?? [];
      const others = await Promise.all(flags.flatMap((flag) => (flag.slipId ? [repo.findSlip(tx, flag.slipId)] : [])));
      const states = new Map(others.flatMap((other) => (other ? [[other.id, other.state] as const] : [])));
      if (alarming(flags, account.id, states)) {
        const detail = { flags: flags.map((flag) => ({ kind: flag.kind, slipId: flag.slipId ?? null, paymentId: flag.paymentId ?? null, student: flag.student.name })) };
        await raiseAlert(tx, { kind: 'duplicate-slip', slipId: id, accountId: account.id, detail }, at);
      }
    });
  } catch (error) {
    await files.remove(id, file.type);
    throw error;
  }
  return slipView(ctx.db, row, { admin: false });
}

/** `GET fees/slips`: the review queue (pending oldest first, then the decided ones), with flags and what is due. */
export async function slipsPage(ctx: FeesContext, adminId: string, query: SlipsQuery): Promise<Omit<SlipsPageAnswer, 'code' | 'message'>> {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? 20);
  const classId = query.folderId ? (await feeClassOf(ctx, await readerOf(ctx.db, adminId), query.folderId)).id : undefined;
  const { rows, total } = await repo.listSlips(ctx.db, { state: query.state, classId, search: query.search || undefined }, page, pageSize);
  return {
    data: await slipViews(ctx.db, rows, { admin: true }),
    paging: { page, pageSize, total },
  };
}

/** `GET fees/slips/:slipId/file`: the stored file, to its student and to admins; another student gets 404. */
export async function slipFile(ctx: FeesContext, account: SessionAccount, slipId: string): Promise<{ type: SlipFileType; bytes: Buffer }> {
  const row = await repo.findSlip(ctx.db, slipId);
  if (!row || (!account.isAdmin && row.account_id !== account.id)) throw slipNotFound();
  const type = row.file_type as SlipFileType;
  const bytes = await new SlipFiles(ctx.slipsDir).read(row.id, type);
  if (!bytes) throw slipNotFound();
  return { type, bytes };
}

/** "…by Nimal on 3 Dec.": who decided, by the name they have now, and the Sri Lanka day. */
async function decidedRefusal(db: Db, row: repo.SlipRow): Promise<AppError> {
  const decider = row.decided_by ? await db.selectFrom('accounts').select('name').where('id', '=', row.decided_by).executeTakeFirst() : undefined;
  const on = row.decided_at ? sriLankaDay(Date.parse(row.decided_at)) : '';
  return errors.conflict('slipId', slipDecidedMessage(row.state === 'approved' ? 'approved' : 'rejected', decider?.name ?? 'an administrator', on));
}

function slipTarget(row: repo.SlipRow, studentName: string) {
  return { type: 'slip' as const, id: row.id, label: `Bank slip ${row.reference}`, keywords: [studentName, row.class_name, row.bank, row.reference] };
}

async function studentName(db: Db, accountId: string): Promise<string> {
  return (await db.selectFrom('accounts').select('name').where('id', '=', accountId).executeTakeFirst())?.name ?? '';
}

/**
 * `POST fees/slips/:slipId/approve`: records the payment (method bank, the server's amount for the
 * months, the day the student says they transferred as the day received) and opens the months.
 * Approving again answers the same payment; a rejected slip is 409 naming who rejected it and when.
 */
export async function approveSlip(ctx: FeesContext, actor: AuditActor, slipId: string): Promise<SlipDecisionAnswer['data']> {
  const { slip, payment } = await ctx.db.transaction().execute(async (tx) => {
    const row = await repo.lockSlip(tx, slipId);
    if (!row) throw slipNotFound();
    if (row.state === 'rejected') throw await decidedRefusal(tx, row);
    const existing = row.state === 'approved' && row.payment_id ? await findPaymentBy(tx, 'id', row.payment_id) : undefined;
    if (existing) return { slip: row, payment: existing };
    const months = slipMonths(row);
    const recorded = await recordPayment(ctx, tx, {
      method: 'bank',
      accountId: row.account_id,
      classId: row.class_id,
      months,
      receivedOn: row.paid_on,
      bank: row.bank,
      reference: row.reference,
      referenceKey: row.reference_key,
      slipId: row.id,
      actor,
    });
    const decided = { state: 'approved' as const, reason: null, decided_by: actor.id, decided_at: new Date(ctx.clock()).toISOString(), payment_id: recorded.payment.id };
    await repo.decideSlip(tx, row.id, decided);
    await recordAudit(tx, actor, {
      action: 'fee.slip-approve',
      target: slipTarget(row, recorded.payment.student_name),
      summary: `Approved a bank slip for ${months.join(', ')} of ${row.class_name} from ${recorded.payment.student_name}`,
      detail: { months, amountCents: recorded.payment.amount_cents, typedCents: row.amount_cents, receiptNo: recorded.payment.receipt_no },
    });
    return { slip: { ...row, ...decided }, payment: recorded.payment };
  });
  ctx.worker.wake();
  return { slip: await slipView(ctx.db, slip, { admin: true }), payment: await paymentView(ctx.db, payment) };
}

/**
 * `POST fees/slips/:slipId/reject`: the reason the student sees, and a mail telling them. Rejecting
 * again changes nothing; an approved slip is 409 naming who approved it and when.
 */
export async function rejectSlip(ctx: FeesContext, actor: AuditActor, slipId: string, reason: string): Promise<Slip> {
  const slip = await ctx.db.transaction().execute(async (tx) => {
    const row = await repo.lockSlip(tx, slipId);
    if (!row) throw slipNotFound();
    if (row.state === 'approved') throw await decidedRefusal(tx, row);
    if (row.state === 'rejected') return row;
    const decided = { state: 'rejected' as const, reason, decided_by: actor.id, decided_at: new Date(ctx.clock()).toISOString(), payment_id: null };
    await repo.decideSlip(tx, row.id, decided);
    const name = await studentName(tx, row.account_id);
    await recordAudit(tx, actor, {
      action: 'fee.slip-reject',
      target: slipTarget(row, name),
      summary: `Rejected a bank slip for ${slipMonths(row).join(', ')} of ${row.class_name} from ${name}`,
      detail: { months: slipMonths(row), reason },
    });
    await feeEvents(ctx).slipRejected(tx, { id: row.id });
    return { ...row, ...decided };
  });
  ctx.worker.wake();
  return slipView(ctx.db, slip, { admin: true });
}
