import { describe, expect, it } from 'vitest';
import type { DriveListingAnswer, FeeException, FeeRefusal, FreeCard } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { oneEntryBy, signInAdmin } from '../audit-log/test-helpers';
import { createClass, folderContent, giveAccess, type Headers } from '../class-material/test-helpers';
import { classIdOf, feeClock, feePlan, monthFolder } from './test-helpers';

// Free cards and exceptions (fees.md 'Words'): a full card opens its months, a half card halves
// what the month costs, ending a card keeps the months it covered; an exception opens one month
// until it is ended. Each is audited on the student, with its openings in the same transaction.

describe('free cards and exceptions', () => {
  const clock = feeClock('2026-11-05T06:00:00Z');
  const t = useTestApp({}, { feesClock: clock.now });

  async function classWithStudent() {
    const admin = await signInAdmin(t.app);
    const classFolder = await createClass(t.app, admin.headers);
    await feePlan(t.app, admin.headers, classFolder.id, { months: ['2026-11', '2026-12', '2027-01'] });
    const months = {
      november: await monthFolder(t.app, admin.headers, classFolder.id, '2026-11', 'November'),
      december: await monthFolder(t.app, admin.headers, classFolder.id, '2026-12', 'December'),
      january: await monthFolder(t.app, admin.headers, classFolder.id, '2027-01', 'January'),
    };
    const student = await signedInStudent(t.app, { name: 'Nadeesha Fernando' });
    await giveAccess(t.app, admin.headers, student.body.email, classFolder.name);
    return { admin, classFolder, months, student, studentId: student.student._id };
  }

  const post = (headers: Headers, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers, payload });
  const openings = async (accountId: string, source: string) =>
    (await t.database.db.selectFrom('fee_openings').select('month').where('account_id', '=', accountId).where('source', '=', source).orderBy('month').execute()).map((row) => row.month);
  const feeOf = async (headers: Headers, classFolderId: string, folderId: string) =>
    (await folderContent(t.app, headers, classFolderId)).json<DriveListingAnswer>().files.find((item) => item.id === folderId)?.fee;

  it('a full card opens its months at once, audited on the student; ending it keeps the months it covered', async () => {
    const { admin, classFolder, months, student, studentId } = await classWithStudent();
    expect((await folderContent(t.app, student.headers, months.december.id)).statusCode).toBe(403);

    let card: FreeCard | undefined;
    const given = await oneEntryBy(t.app, admin, async () => {
      const response = await post(admin.headers, '/api/fees/free-cards', { studentId, folderId: classFolder.id, kind: 'full', fromMonth: '2026-12', reason: 'Scholarship' });
      expect(response.statusCode, response.body).toBe(200);
      card = response.json<{ data: FreeCard }>().data;
    });
    expect(card).toMatchObject({ studentId, classFolderId: classFolder.id, kind: 'full', fromMonth: '2026-12', untilMonth: null, reason: 'Scholarship', endedAt: null });
    expect(given).toMatchObject({ action: 'fee.free-card', target: { type: 'student', id: studentId, label: 'Nadeesha Fernando' }, detail: { kind: 'full', reason: 'Scholarship' } });
    expect(await openings(studentId, 'free-card')).toEqual(['2026-12', '2027-01']);
    expect((await folderContent(t.app, student.headers, months.december.id)).statusCode).toBe(200);
    expect(await feeOf(student.headers, classFolder.id, months.january.id)).toMatchObject({ state: 'open', amountCents: 0 });
    expect((await folderContent(t.app, student.headers, months.november.id)).statusCode).toBe(403);

    // A month added to the plan opens to the card's holder too.
    await feePlan(t.app, admin.headers, classFolder.id, { months: ['2026-11', '2026-12', '2027-01', '2027-02'] });
    expect(await openings(studentId, 'free-card')).toEqual(['2026-12', '2027-01', '2027-02']);

    // Ended in December: December stays covered, January and February close.
    clock.set('2026-12-20T06:00:00Z');
    const ended = await oneEntryBy(t.app, admin, async () => {
      const response = await post(admin.headers, `/api/fees/free-cards/${card?.id}/end`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: FreeCard }>().data).toMatchObject({ untilMonth: '2026-12', endedAt: '2026-12-20T06:00:00.000Z', endedBy: { name: expect.any(String) } });
    });
    expect(ended).toMatchObject({ action: 'fee.free-card-end', target: { type: 'student', id: studentId } });
    expect(await openings(studentId, 'free-card')).toEqual(['2026-12']);
    expect((await folderContent(t.app, student.headers, months.december.id)).statusCode).toBe(200);
    clock.set('2027-01-20T06:00:00Z');
    expect((await folderContent(t.app, student.headers, months.january.id)).statusCode).toBe(403);
    expect((await post(admin.headers, `/api/fees/free-cards/${card?.id}/end`)).statusCode).toBe(409);
    clock.set('2026-11-05T06:00:00Z');
  });

  it('a half card halves what the month costs, in the listing and in the refusal, and opens nothing', async () => {
    const { admin, classFolder, months, student, studentId } = await classWithStudent();
    const response = await post(admin.headers, '/api/fees/free-cards', {
      studentId,
      folderId: classFolder.id,
      kind: 'half',
      fromMonth: '2026-11',
      untilMonth: '2026-12',
      reason: 'Sibling discount',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await openings(studentId, 'free-card')).toEqual([]);
    expect(await feeOf(student.headers, classFolder.id, months.november.id)).toMatchObject({ month: '2026-11', state: 'locked', amountCents: 125_000 });
    expect(await feeOf(student.headers, classFolder.id, months.january.id)).toMatchObject({ amountCents: 250_000 });
    const refused = await folderContent(t.app, student.headers, months.december.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<FeeRefusal>().feeLocked).toMatchObject({ month: '2026-12', amountCents: 125_000 });
  });

  it('refuses a card over another, months outside the plan, an unknown student, a class without fees', async () => {
    const { admin, classFolder, studentId } = await classWithStudent();
    const card = { studentId, folderId: classFolder.id, kind: 'full', fromMonth: '2026-11', untilMonth: '2026-11', reason: 'Hardship' };
    expect((await post(admin.headers, '/api/fees/free-cards', card)).statusCode).toBe(200);
    const overlap = await post(admin.headers, '/api/fees/free-cards', { ...card, kind: 'half', untilMonth: null });
    expect(overlap.statusCode).toBe(409);
    expect((await post(admin.headers, '/api/fees/free-cards', { ...card, fromMonth: '2026-12', untilMonth: '2026-12' })).statusCode).toBe(200);
    expect((await post(admin.headers, '/api/fees/free-cards', { ...card, fromMonth: '2027-05', untilMonth: null })).statusCode).toBe(400);
    expect((await post(admin.headers, '/api/fees/free-cards', { ...card, fromMonth: '2027-01', untilMonth: '2026-12' })).statusCode).toBe(400);
    expect((await post(admin.headers, '/api/fees/free-cards', { ...card, studentId: crypto.randomUUID() })).statusCode).toBe(404);
    expect((await post(admin.headers, '/api/fees/free-cards', { ...card, amount: 0 })).statusCode).toBe(400);
    const bare = await createClass(t.app, admin.headers);
    const noPlan = await post(admin.headers, '/api/fees/free-cards', { ...card, folderId: bare.id });
    expect(noPlan.statusCode).toBe(409);
    expect(noPlan.json<{ message: string }>().message).toBe("Set this class's fees first.");
    expect((await post(admin.headers, `/api/fees/free-cards/${crypto.randomUUID()}/end`)).statusCode).toBe(404);
  });

  it('an exception opens one month until it is ended, each audited; the same month twice is 409', async () => {
    const { admin, classFolder, months, student, studentId } = await classWithStudent();
    let exception: FeeException | undefined;
    const given = await oneEntryBy(t.app, admin, async () => {
      const response = await post(admin.headers, '/api/fees/exceptions', { studentId, folderId: classFolder.id, month: '2026-11', reason: 'Pays next week' });
      expect(response.statusCode, response.body).toBe(200);
      exception = response.json<{ data: FeeException }>().data;
    });
    expect(exception).toMatchObject({ studentId, classFolderId: classFolder.id, month: '2026-11', reason: 'Pays next week' });
    expect(given).toMatchObject({ action: 'fee.exception', target: { type: 'student', id: studentId }, detail: { month: '2026-11', reason: 'Pays next week' } });
    expect((await folderContent(t.app, student.headers, months.november.id)).statusCode).toBe(200);
    const again = await post(admin.headers, '/api/fees/exceptions', { studentId, folderId: classFolder.id, month: '2026-11', reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect((await post(admin.headers, '/api/fees/exceptions', { studentId, folderId: classFolder.id, month: '2027-04', reason: 'x' })).statusCode).toBe(400);
    expect((await post(admin.headers, '/api/fees/exceptions', { studentId, folderId: classFolder.id, month: '2026-12', reason: '' })).statusCode).toBe(400);

    const ended = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/fees/exceptions/${exception?.id}`, headers: admin.headers });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(ended).toMatchObject({ action: 'fee.exception-end', target: { type: 'student', id: studentId }, detail: { month: '2026-11' } });
    expect(await openings(studentId, 'exception')).toEqual([]);
    expect((await folderContent(t.app, student.headers, months.november.id)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/fees/exceptions/${exception?.id}`, headers: admin.headers })).statusCode).toBe(404);
    // Nothing of the exception is left under the class.
    const classId = await classIdOf(t.database.db, classFolder.id);
    expect(await t.database.db.selectFrom('fee_exceptions').selectAll().where('class_id', '=', classId).execute()).toEqual([]);
  });

  it('only an admin gives or ends cards and exceptions', async () => {
    const { classFolder, student, studentId } = await classWithStudent();
    const card = { studentId, folderId: classFolder.id, kind: 'full', fromMonth: '2026-11', reason: 'Mine' };
    expect((await post(student.headers, '/api/fees/free-cards', card)).statusCode).toBe(403);
    expect((await post(student.headers, '/api/fees/exceptions', { studentId, folderId: classFolder.id, month: '2026-11', reason: 'Mine' })).statusCode).toBe(403);
    expect((await post(student.headers, `/api/fees/free-cards/${crypto.randomUUID()}/end`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/fees/exceptions/${crypto.randomUUID()}`, headers: student.headers })).statusCode).toBe(403);
  });
});
