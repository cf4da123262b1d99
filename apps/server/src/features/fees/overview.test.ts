import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type ClassMonth, type FeesOverview, type Payment, type Revenue } from '@academy/contract';
import { adminHeaders, type Headers } from '../class-material/test-helpers';
import { cashBody, payThroughStandIn, postPayment, usePaymentsApp } from './payment-test-helpers';
import { anotherStudent, classWithPlanFor, slipFields, uploadSlipOk } from './slip-test-helpers';
import { feeClock } from './test-helpers';

// The admins' overview, class month and revenue against a class whose students stand every way a
// month can stand: paid in cash, paid online and charged back, a full and a half card, an
// exception, a slip under review, nothing at all.

const clock = feeClock('2026-11-20T06:00:00.000Z');
const t = usePaymentsApp({}, { feesClock: clock.now });

async function ok<T>(pending: Promise<LightMyRequestResponse>): Promise<T> {
  const response = await pending;
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: T }>().data;
}

async function world(admin: Headers) {
  const { classFolder, student: paidCash } = await classWithPlanFor(t.app, admin, { months: ['2026-10', '2026-11', '2026-12'] });
  const next = () => anotherStudent(t.app, admin, classFolder);
  const [full, half, excused, pending, unpaid, reversed] = [await next(), await next(), await next(), await next(), await next(), await next()];
  const october = await ok<Payment>(postPayment(t.app, admin, cashBody(paidCash.student._id, classFolder.id, ['2026-10'], { receivedOn: '2026-10-15' })));
  await ok<Payment>(postPayment(t.app, admin, cashBody(paidCash.student._id, classFolder.id, ['2026-11'])));
  for (const [student, kind] of [
    [full, 'full'],
    [half, 'half'],
  ] as const) {
    await ok(t.app.inject({ method: 'POST', url: '/api/fees/free-cards', headers: admin, payload: { studentId: student.student._id, folderId: classFolder.id, kind, fromMonth: '2026-11', reason: 'Sibling discount' } }));
  }
  await ok(t.app.inject({ method: 'POST', url: '/api/fees/exceptions', headers: admin, payload: { studentId: excused.student._id, folderId: classFolder.id, month: '2026-11', reason: 'Pays next week' } }));
  await uploadSlipOk(t.app, pending.headers, slipFields(classFolder.id, ['2026-11']));
  const { order } = await payThroughStandIn(t, reversed.headers, classFolder.id, '2026-11');
  return { classFolder, october, students: { paidCash, full, half, excused, pending, unpaid, reversed }, order };
}

describe('the fees screen', () => {
  it('counts each month by state, with money paid and still due; revenue takes refunds and chargebacks off in their month', async () => {
    const admin = await adminHeaders(t.app);
    clock.set('2026-11-20T06:00:00.000Z');
    const { classFolder, october, students, order } = await world(admin);

    // December: the October cash payment is refunded, and PayHere reports a chargeback of November's online payment.
    clock.set('2026-12-05T06:00:00.000Z');
    await ok(t.app.inject({ method: 'POST', url: `/api/fees/payments/${october.id}/refund`, headers: admin, payload: { months: ['2026-10'], way: 'cash', reason: 'Left the class' } }));
    const chargeback = await t.payhere.chargeback(order.orderId);
    expect(chargeback.answer).toBe(200);

    const grid = await ok<FeesOverview>(t.app.inject({ url: '/api/fees/overview', headers: admin }));
    const row = grid.classes.find((item) => item.classFolderId === classFolder.id);
    expect(row?.months.map((month) => month.month)).toEqual(['2026-10', '2026-11', '2026-12']);
    expect(row?.months[1]).toEqual({
      month: '2026-11',
      students: 7,
      paid: 1,
      pending: 1,
      free: 1,
      half: 1,
      exception: 1,
      unpaid: 3,
      paidCents: 250000,
      // The half card's 1,250.00, two full fees unpaid (one charged back), and the slip under review.
      dueCents: 125000 + 250000 + 250000 + 250000,
    });

    const month = await ok<ClassMonth>(t.app.inject({ url: `/api/fees/classes/${encodeURIComponent(classFolder.id)}/months/2026-11`, headers: admin }));
    expect(month.counts).toEqual(row?.months[1]);
    const byId = new Map(month.students.map((student) => [student.studentId, student]));
    expect(byId.get(students.paidCash.student._id)).toMatchObject({ state: 'paid', method: 'cash', amountCents: 250000 });
    expect(byId.get(students.paidCash.student._id)?.receiptNo).toBeGreaterThan(0);
    expect(byId.get(students.full.student._id)).toMatchObject({ state: 'free', amountCents: 0 });
    expect(byId.get(students.half.student._id)).toMatchObject({ state: 'unpaid', half: true, amountCents: 125000 });
    expect(byId.get(students.excused.student._id)?.state).toBe('exception');
    expect(byId.get(students.pending.student._id)?.state).toBe('pending');
    expect(byId.get(students.reversed.student._id)?.state).toBe('unpaid');
    const unpaidOnly = await ok<ClassMonth>(t.app.inject({ url: `/api/fees/classes/${encodeURIComponent(classFolder.id)}/months/2026-11?state=unpaid`, headers: admin }));
    expect(unpaidOnly.students.map((student) => student.studentId).sort()).toEqual(
      [students.half, students.unpaid, students.reversed].map((student) => student.student._id).sort(),
    );
    expect(unpaidOnly.counts).toEqual(month.counts);

    const money = await ok<Revenue>(t.app.inject({ url: '/api/fees/revenue?from=2026-09&to=2026-12', headers: admin }));
    const cell = (at: string) => money.months.find((item) => item.month === at)?.classes.find((item) => item.classFolderId === classFolder.id);
    expect(money.months.map((item) => item.month)).toEqual(['2026-09', '2026-10', '2026-11', '2026-12']);
    expect(cell('2026-09')).toBeUndefined();
    expect(cell('2026-10')).toMatchObject({ receivedCents: 250000, refundedCents: 0 });
    expect(cell('2026-11')).toMatchObject({ receivedCents: 500000, refundedCents: 0 });
    expect(cell('2026-12')).toMatchObject({ receivedCents: 0, refundedCents: 500000 });
  });

  it('refuses a month outside the plan, a revenue range over 24 months, and students', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const outside = await t.app.inject({ url: `/api/fees/classes/${encodeURIComponent(classFolder.id)}/months/2027-05`, headers: admin });
    expect(outside.statusCode, outside.body).toBe(400);
    expect((await t.app.inject({ url: '/api/fees/revenue?from=2024-01&to=2026-12', headers: admin })).statusCode).toBe(400);
    for (const url of ['/api/fees/overview', '/api/fees/revenue?from=2026-01&to=2026-12', `/api/fees/classes/${encodeURIComponent(classFolder.id)}/months/2026-11`]) {
      expect((await t.app.inject({ url, headers: student.headers })).statusCode, url).toBe(403);
    }
  });
});
