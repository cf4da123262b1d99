import { describe, expect, it } from 'vitest';
import { FEES_TEXT, SERVER_TEXT, type MyFees, type StudentFees } from '@academy/contract';
import { useTestApp } from '../../../test/test-app';
import { adminHeaders, createClass } from '../class-material/test-helpers';
import { cashBody, postPayment } from './payment-test-helpers';
import { classWithPlanFor, slipFields, uploadSlipOk } from './slip-test-helpers';
import { feeClock, feePlan, monthFolder } from './test-helpers';

// A student's fees page and an admin's view of it: every month of the class year with its state,
// whether it opens now, whether it is overdue, what it costs them, its due day, grace end, folder
// and receipt; payments and slips; free cards and exceptions for the admin.

const clock = feeClock('2026-11-12T06:00:00.000Z'); // 12 November: past November's due day, in its grace
const t = useTestApp({}, { feesClock: clock.now });

describe("a student's fees", () => {
  it('lists the months of each class year they may open, with states, amounts, dues, folders and receipts', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin, { months: ['2026-10', '2026-11', '2026-12'] });
    const november = await monthFolder(t.app, admin, classFolder.id, '2026-11');
    const paid = await postPayment(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-10'], { receivedOn: '2026-10-08' }));
    expect(paid.statusCode, paid.body).toBe(200);
    const card = await t.app.inject({ method: 'POST', url: '/api/fees/free-cards', headers: admin, payload: { studentId: student.student._id, folderId: classFolder.id, kind: 'half', fromMonth: '2026-12', reason: 'Sibling' } });
    expect(card.statusCode, card.body).toBe(200);
    const slip = await uploadSlipOk(t.app, student.headers, slipFields(classFolder.id, ['2026-12'], { amountCents: '125000', paidOn: '2026-11-11' }));
    // A class with a plan the student has no access to stays out of their page, even with money in it.
    const elsewhere = await createClass(t.app, admin);
    await feePlan(t.app, admin, elsewhere.id);
    expect((await postPayment(t.app, admin, cashBody(student.student._id, elsewhere.id, ['2026-11'], { receivedOn: '2026-11-12' }))).statusCode).toBe(200);

    const response = await t.app.inject({ url: '/api/fees/mine', headers: student.headers });
    expect(response.statusCode, response.body).toBe(200);
    const fees = response.json<{ data: MyFees }>().data;
    expect(fees.onlinePayment).toBe(false);
    expect(fees.classes.map((item) => item.classFolderId)).toEqual([classFolder.id]);
    const [ofClass] = fees.classes;
    expect(ofClass).toMatchObject({ className: classFolder.name, monthlyFee: 2500, dueDay: 10, graceDays: 5, freeCard: { kind: 'half', fromMonth: '2026-12', untilMonth: null } });
    const receiptNo = paid.json<{ data: { receiptNo: number } }>().data.receiptNo;
    expect(ofClass?.months).toEqual([
      expect.objectContaining({ month: '2026-10', state: 'paid', access: 'open', overdue: false, amountCents: 250000, monthFolderId: null, receiptNo }),
      {
        month: '2026-11',
        state: 'unpaid',
        access: 'grace',
        overdue: true,
        amountCents: 250000,
        dueOn: '2026-11-09T18:30:00.000Z',
        graceEndsOn: '2026-11-15T18:29:59.999Z',
        monthFolderId: november.id,
      },
      expect.objectContaining({ month: '2026-12', state: 'pending', pending: 'slip', access: 'locked', overdue: false, amountCents: 125000 }),
    ]);
    expect(fees.payments.map((payment) => [payment.receiptNo, payment.className])).toEqual(
      expect.arrayContaining([[receiptNo, classFolder.name]]),
    );
    expect(fees.slips.map((item) => [item.id, item.state, item.dueCents])).toEqual([[slip.id, 'pending', 125000]]);

    // After the grace end November locks; it was never paid.
    clock.set('2026-11-15T18:30:00.000Z');
    const later = (await t.app.inject({ url: '/api/fees/mine', headers: student.headers })).json<{ data: MyFees }>().data;
    expect(later.classes[0]?.months[1]?.access).toBe('locked');
    clock.set('2026-11-12T06:00:00.000Z');

    // The admin's view: the same months, the class the student only has money in, the card and an exception with who gave them.
    const exception = await t.app.inject({ method: 'POST', url: '/api/fees/exceptions', headers: admin, payload: { studentId: student.student._id, folderId: classFolder.id, month: '2026-11', reason: 'Pays next week' } });
    expect(exception.statusCode, exception.body).toBe(200);
    const asAdmin = await t.app.inject({ url: `/api/fees/students/${student.student._id}`, headers: admin });
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    const view = asAdmin.json<{ data: StudentFees }>().data;
    expect(view.student).toMatchObject({ id: student.student._id, name: student.student.name, email: student.body.email });
    expect(view.classes.map((item) => item.classFolderId).sort()).toEqual([classFolder.id, elsewhere.id].sort());
    expect(view.classes.find((item) => item.classFolderId === classFolder.id)?.months[1]).toMatchObject({ state: 'exception', access: 'open' });
    expect(view.freeCards.map((item) => [item.kind, item.fromMonth, item.reason])).toEqual([['half', '2026-12', 'Sibling']]);
    expect(view.exceptions.map((item) => [item.month, item.reason, Boolean(item.createdBy?.name)])).toEqual([['2026-11', 'Pays next week', true]]);
    expect(view.payments).toHaveLength(2);
  });

  it('is for students only; an unknown student is 404; another student sees nothing of it', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    await uploadSlipOk(t.app, student.headers, slipFields(classFolder.id, ['2026-11'], { paidOn: '2026-11-11' }));
    const asAdmin = await t.app.inject({ url: '/api/fees/mine', headers: admin });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json<{ message: string }>().message).toBe(FEES_TEXT.onlyStudentsPay);
    const unknown = await t.app.inject({ url: `/api/fees/students/${crypto.randomUUID()}`, headers: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe(SERVER_TEXT.studentNotFound);
    const { student: other } = await classWithPlanFor(t.app, admin);
    const theirs = (await t.app.inject({ url: '/api/fees/mine', headers: other.headers })).json<{ data: MyFees }>().data;
    expect(theirs.slips).toEqual([]);
    expect(theirs.classes.map((item) => item.classFolderId)).not.toContain(classFolder.id);
    expect((await t.app.inject({ url: `/api/fees/students/${student.student._id}`, headers: other.headers })).statusCode).toBe(403);
  });
});
