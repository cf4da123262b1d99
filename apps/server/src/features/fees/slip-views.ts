// Slips as the contract answers them (`slipSchema`): the student, what the months cost them by the
// plan as it is, who decided, the receipt, and, for admins, the copies a slip is flagged for. Read
// for a whole page at once.
import type { Slip, SlipFlag, SlipState, SlipStoredType } from '@academy/contract';
import type { Db } from '../../db/database';
import { classFolders } from './payments-repo';
import { cardRules, cardsOf, findPlan, namesOf, planRules } from './repo';
import { cardForMonth, monthAmountCents, type CardRules, type PlanRules } from './rules';
import { paymentsSharing, receiptNumbers, slipsSharing, studentsOf, type SlipRow } from './slip-repo';

export function slipMonths(row: Pick<SlipRow, 'months_json'>): string[] {
  return JSON.parse(row.months_json) as string[];
}

/** The flags of one slip among what shares its reference or its file (itself, and its own payment, left out). */
function flagsOf(
  row: SlipRow,
  slips: Awaited<ReturnType<typeof slipsSharing>>,
  payments: Awaited<ReturnType<typeof paymentsSharing>>,
  student: (accountId: string | null, fallback?: { name: string; regNo: string }) => SlipFlag['student'],
): SlipFlag[] {
  const flags: SlipFlag[] = [];
  for (const other of slips) {
    if (other.id === row.id) continue;
    if (other.reference_key === row.reference_key) flags.push({ kind: 'reference', slipId: other.id, student: student(other.account_id) });
    if (other.file_sha256 === row.file_sha256) flags.push({ kind: 'file', slipId: other.id, student: student(other.account_id) });
  }
  for (const payment of payments) {
    if (payment.slip_id === row.id || payment.reference_key !== row.reference_key) continue;
    flags.push({ kind: 'reference', paymentId: payment.id, student: student(payment.account_id, { name: payment.student_name, regNo: payment.reg_no ?? '' }) });
  }
  return flags;
}

/** The copies each slip is flagged for, by slip id. */
export async function slipFlags(db: Db, rows: readonly SlipRow[]): Promise<Map<string, SlipFlag[]>> {
  const keys = [...new Set(rows.map((row) => row.reference_key))];
  const [slips, payments] = await Promise.all([slipsSharing(db, keys, [...new Set(rows.map((row) => row.file_sha256))]), paymentsSharing(db, keys)]);
  const students = await studentsOf(db, [...slips.map((slip) => slip.account_id), ...payments.flatMap((payment) => payment.account_id ?? [])]);
  const student = (accountId: string | null, fallback?: { name: string; regNo: string }) => {
    const found = accountId ? students.get(accountId) : undefined;
    return { id: accountId ?? '', name: found?.name ?? fallback?.name ?? '', regNo: found?.regNo ?? fallback?.regNo ?? '' };
  };
  return new Map(rows.map((row) => [row.id, flagsOf(row, slips, payments, student)]));
}

/** What the months of a slip cost its student by the plan as it is now (fee, half or nothing per month). */
export function dueCentsOf(months: readonly string[], plan: PlanRules | null, cards: readonly CardRules[]): number {
  if (!plan) return 0;
  return months.filter((month) => plan.months.includes(month)).reduce((sum, month) => sum + monthAmountCents(plan, cardForMonth(cards, plan, month)), 0);
}

/** The slips as answers, in the order given; `flags` only for admins (a student's own slips carry none). */
export async function slipViews(db: Db, rows: readonly SlipRow[], options: { admin: boolean }): Promise<Slip[]> {
  if (rows.length === 0) return [];
  const [students, folders, deciders, receipts, flags] = await Promise.all([
    studentsOf(db, rows.map((row) => row.account_id)),
    classFolders(db, rows.map((row) => row.class_id)),
    namesOf(db, rows.flatMap((row) => row.decided_by ?? [])),
    receiptNumbers(db, rows.flatMap((row) => row.payment_id ?? [])),
    options.admin ? slipFlags(db, rows) : Promise.resolve(new Map<string, SlipFlag[]>()),
  ]);
  // One read per class and per student in it, however many of their slips the page holds.
  const plans = new Map<string, Promise<PlanRules | null>>();
  const cards = new Map<string, Promise<CardRules[]>>();
  const planOf = (classId: string) => {
    const known = plans.get(classId) ?? findPlan(db, classId).then((row) => (row ? planRules(row) : null));
    plans.set(classId, known);
    return known;
  };
  const cardsOfStudent = (classId: string, accountId: string) => {
    const key = `${classId}:${accountId}`;
    const known = cards.get(key) ?? cardsOf(db, classId, accountId).then((rows) => rows.map(cardRules));
    cards.set(key, known);
    return known;
  };
  const dues = await Promise.all(
    rows.map(async (row) => dueCentsOf(slipMonths(row), await planOf(row.class_id), await cardsOfStudent(row.class_id, row.account_id))),
  );
  return rows.map((row, index) => {
    const student = students.get(row.account_id);
    return {
      id: row.id,
      student: { id: row.account_id, name: student?.name ?? '', regNo: student?.regNo ?? '', batch: student?.batch },
      classFolderId: folders.get(row.class_id) ?? '',
      className: row.class_name,
      months: slipMonths(row),
      bank: row.bank,
      reference: row.reference,
      amountCents: row.amount_cents,
      dueCents: dues[index] ?? 0,
      paidOn: row.paid_on,
      fileType: row.file_type as SlipStoredType,
      fileBytes: row.file_bytes,
      state: row.state as SlipState,
      reason: row.reason,
      decidedBy: row.decided_by ? { id: row.decided_by, name: deciders.get(row.decided_by) ?? '' } : null,
      decidedAt: row.decided_at,
      paymentId: row.payment_id,
      receiptNo: row.payment_id ? (receipts.get(row.payment_id) ?? null) : null,
      flags: flags.get(row.id) ?? [],
      createdAt: row.created_at,
    };
  });
}

export async function slipView(db: Db, row: SlipRow, options: { admin: boolean }): Promise<Slip> {
  const [view] = await slipViews(db, [row], options);
  if (!view) throw new Error(`slip ${row.id} could not be read back`);
  return view;
}
