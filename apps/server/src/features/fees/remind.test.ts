import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ClassMonth, RemindAnswer } from '@academy/contract';
import type { ReceivedMail } from '../../../test/smtp-receiver';
import { adminHeaders, type Headers } from '../class-material/test-helpers';
import { cashBody, postPayment, usePaymentsApp } from './payment-test-helpers';
import { anotherStudent, classWithPlanFor } from './slip-test-helpers';
import { feeClock } from './test-helpers';

// Reminders through the real mailer to a real SMTP receiver: one mail per unpaid student, none to
// a payer, and at most one per student, class and month in 24 hours by the fees clock.

const clock = feeClock('2026-11-20T06:00:00.000Z');
const t = usePaymentsApp({}, { feesClock: clock.now });

async function remind(admin: Headers, payload: object): Promise<RemindAnswer['data']> {
  const response: LightMyRequestResponse = await t.app.inject({ method: 'POST', url: '/api/fees/remind', headers: admin, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RemindAnswer>().data;
}

const reminderTo = (email: string) => (mail: ReceivedMail) => mail.to.includes(email.toLowerCase()) && mail.subject.includes('class fee reminder');
const remindersTo = (email: string) => t.smtp.mails.filter(reminderTo(email));

/** Waits until `email` has received `count` reminders. */
async function expectReminders(email: string, count: number): Promise<void> {
  await expect.poll(() => remindersTo(email).length, { timeout: 10_000 }).toBe(count);
}

describe('reminders', () => {
  it('mails each unpaid student once, and again only after 24 hours', async () => {
    const admin = await adminHeaders(t.app);
    clock.set('2026-11-20T06:00:00.000Z');
    const { classFolder, student: first } = await classWithPlanFor(t.app, admin);
    const second = await anotherStudent(t.app, admin, classFolder);
    const payer = await anotherStudent(t.app, admin, classFolder);
    const paid = await postPayment(t.app, admin, cashBody(payer.student._id, classFolder.id, ['2026-11']));
    expect(paid.statusCode, paid.body).toBe(200);
    const body = { folderId: classFolder.id, month: '2026-11' };

    expect(await remind(admin, body)).toEqual({ sent: 2, skipped: 0 });
    await expectReminders(first.body.email, 1);
    await expectReminders(second.body.email, 1);
    const mail = remindersTo(first.body.email)[0];
    expect(mail?.text).toContain('November 2026');
    expect(mail?.text).toContain('2,500.00');
    expect(mail?.subject).not.toMatch(/2,500|2500/);

    expect(await remind(admin, body)).toEqual({ sent: 0, skipped: 2 });
    clock.advance(24 * 3_600_000 - 60_000);
    expect(await remind(admin, body)).toEqual({ sent: 0, skipped: 2 });
    clock.advance(60_000);
    expect(await remind(admin, body)).toEqual({ sent: 2, skipped: 0 });
    await expectReminders(first.body.email, 2);
    await expectReminders(second.body.email, 2);
    // Named students: one reminded just now, one who has paid.
    expect(await remind(admin, { ...body, studentIds: [first.student._id, payer.student._id] })).toEqual({ sent: 0, skipped: 2 });
    expect(remindersTo(payer.body.email)).toEqual([]);

    const month = await t.app.inject({ url: `/api/fees/classes/${encodeURIComponent(classFolder.id)}/months/2026-11`, headers: admin });
    const students = month.json<{ data: ClassMonth }>().data.students;
    expect(students.find((student) => student.studentId === first.student._id)?.remindedAt).toBe(new Date(clock.now()).toISOString());
    expect(students.find((student) => student.studentId === payer.student._id)?.remindedAt).toBeUndefined();
    const audits = await t.database.db.selectFrom('audit_log').select('summary').where('action', '=', 'fee.remind').where('summary', 'like', `%${classFolder.name}`).execute();
    expect(audits.map((audit) => audit.summary)).toEqual([
      `Reminded 2 students of 2026-11 in ${classFolder.name}`,
      `Reminded 0 students of 2026-11 in ${classFolder.name}`,
      `Reminded 0 students of 2026-11 in ${classFolder.name}`,
      `Reminded 2 students of 2026-11 in ${classFolder.name}`,
      `Reminded 0 students of 2026-11 in ${classFolder.name}`,
    ]);
  });

  it('sends one reminder when two admins press Remind at once', async () => {
    const admin = await adminHeaders(t.app);
    clock.set('2026-12-02T06:00:00.000Z');
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const body = { folderId: classFolder.id, month: '2026-12' };
    const answers = await Promise.all([remind(admin, body), remind(admin, body)]);
    expect(answers.reduce((sum, answer) => sum + answer.sent, 0)).toBe(1);
    await expectReminders(student.body.email, 1);
  });

  it('refuses a month outside the plan and a student caller', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const outside = await t.app.inject({ method: 'POST', url: '/api/fees/remind', headers: admin, payload: { folderId: classFolder.id, month: '2027-03' } });
    expect(outside.statusCode, outside.body).toBe(400);
    const asStudent = await t.app.inject({ method: 'POST', url: '/api/fees/remind', headers: student.headers, payload: { folderId: classFolder.id, month: '2026-11' } });
    expect(asStudent.statusCode).toBe(403);
  });
});
