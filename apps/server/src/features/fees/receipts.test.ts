import { describe, expect, it } from 'vitest';
import { insertAccounts } from '../../../test/factories';
import { JobQueue } from '../../jobs/queue';
import { adminHeaders, createClass, giveAccess } from '../class-material/test-helpers';
import type { FeesContext } from './context';
import { cashBody, checkedOutOrders, postPayment, usePaymentsApp } from './payment-test-helpers';
import { recordPayment } from './payment-service';
import { classIdOf, feeClock, feePlan } from './test-helpers';

// Receipt numbers (fees.md 'Receipts'): one sequence, taken inside each payment's transaction, so
// they are unique and without gaps under hundreds of payments at once, on both engines, and a
// payment rolled back gives its number back. The pool runs at its full size, so a wrong lock order
// would deadlock here.

const clock = feeClock('2026-11-28T06:00:00.000Z');
// No mail worker: 200 receipts would only be mail; the jobs they queue are counted instead.
const t = usePaymentsApp({ FEES_JOB_CONCURRENCY: '0' }, { feesClock: clock.now });

async function receiptNumbers(): Promise<number[]> {
  const rows = await t.database.db.selectFrom('fee_payments').select('receipt_no').orderBy('receipt_no').execute();
  return rows.map((row) => Number(row.receipt_no));
}

async function counter(): Promise<number> {
  return Number((await t.database.db.selectFrom('fee_counters').select('value').where('name', '=', 'receipt').executeTakeFirstOrThrow()).value);
}

/** Slips waiting for review, written straight into the table (their upload is slips.test.ts's subject). */
async function pendingSlips(classId: string, className: string, accountIds: string[], month: string): Promise<string[]> {
  const at = new Date().toISOString();
  const rows = accountIds.map((accountId, index) => ({
    id: crypto.randomUUID(),
    account_id: accountId,
    class_id: classId,
    class_name: className,
    months_json: JSON.stringify([month]),
    bank: 'Bank of Ceylon',
    reference: `R${index}`,
    reference_key: `BANK OF CEYLON:R${index}`,
    amount_cents: 250_000,
    paid_on: '2026-11-20',
    file_type: 'image/webp',
    file_bytes: 100,
    file_sha256: crypto.randomUUID(),
    state: 'pending',
    reason: null,
    decided_by: null,
    decided_at: null,
    payment_id: null,
    created_at: at,
  }));
  await t.database.db.insertInto('fee_slips').values(rows).execute();
  return rows.map((row) => row.id);
}

describe('receipt numbers', () => {
  it('are exactly the next 200 under 100 PayHere notifications, 50 cash payments and 50 slip approvals at once', async () => {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    await feePlan(t.app, admin, classFolder.id);
    const classId = await classIdOf(t.database.db, classFolder.id);
    const students = await insertAccounts(t.database.db, Array.from({ length: 100 }, () => ({})));
    const orders = await checkedOutOrders(t.database.db, t.payhere, { classId, className: classFolder.name, month: '2026-11' }, students);
    const slips = await pendingSlips(classId, classFolder.name, students.slice(50), '2026-12');
    const start = await counter();

    // Each student's November notification races their December cash payment or slip approval: two
    // payments on one ledger from two sides.
    const answers = await Promise.all([
      ...orders.map(async (orderId) => (await t.payhere.pay(orderId)).answer),
      ...students.slice(0, 50).map(async (studentId) => (await postPayment(t.app, admin, cashBody(studentId, classFolder.id, ['2026-12']))).statusCode),
      ...slips.map(async (slipId) => (await t.app.inject({ method: 'POST', url: `/api/fees/slips/${slipId}/approve`, headers: admin })).statusCode),
    ]);
    expect(answers.filter((status) => status !== 200)).toEqual([]);

    const numbers = await receiptNumbers();
    const ours = numbers.filter((number) => number > start);
    expect(ours).toEqual(Array.from({ length: 200 }, (_, index) => start + index + 1));
    expect(await counter()).toBe(start + 200);
    const jobs = await t.database.db.selectFrom('jobs').select('job_key').where('kind', '=', 'fees.mail').where('job_key', 'like', 'receipt:%').execute();
    expect(jobs.length).toBeGreaterThanOrEqual(200);
  }, 120_000);

  it('a payment rolled back after taking its number gives it back: the next payment gets it', async () => {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    await feePlan(t.app, admin, classFolder.id);
    const [studentId = ''] = await insertAccounts(t.database.db, [{}]);
    await giveAccess(t.app, admin, `${studentId}@audience.example.lk`, classFolder.name);
    const classId = await classIdOf(t.database.db, classFolder.id);
    const before = await counter();
    // recordPayment needs of its context only the clock and the queue for this path.
    const ctx = { clock: clock.now, queue: new JobQueue(t.database.db) } as unknown as FeesContext;
    await expect(
      t.database.db.transaction().execute(async (tx) => {
        const { payment } = await recordPayment(ctx, tx, { method: 'cash', accountId: studentId, classId, months: ['2026-11'] });
        expect(payment.receipt_no).toBe(before + 1);
        throw new Error('the caller failed after the payment');
      }),
    ).rejects.toThrow('the caller failed after the payment');
    expect(await counter()).toBe(before);
    expect(await t.database.db.selectFrom('fee_payments').select('id').where('account_id', '=', studentId).execute()).toEqual([]);

    const refused = await postPayment(t.app, admin, cashBody(studentId, classFolder.id, ['2027-05']));
    expect(refused.statusCode).toBe(400);
    const next = await postPayment(t.app, admin, cashBody(studentId, classFolder.id, ['2026-11']));
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().data.receiptNo).toBe(before + 1);
  });
});
