import { describe, expect, it } from 'vitest';
import { SERVER_TEXT } from '@academy/contract';
import { registerStudent, signedInStudent, signIn } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { deleteApproved } from '../approvals/test-helpers';
import { ensureAdmin } from './service';

const update = (id: string) => `/api/students/student/update/${id}`;

describe('PUT students/student/update/{id}', () => {
  const t = useTestApp();

  const row = (id: string) => t.database.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function adminHeaders() {
    const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    return { authorization: `Bearer ${admin.token}` };
  }

  it("changes a student's own contact fields and answers message as an array", async () => {
    const me = await signedInStudent(t.app);
    const payload = {
      name: 'Sanduni Wijesinghe',
      whatsAppNo: '0701112223',
      additionalNo: '',
      district: 'Galle',
      scl: 'Southlands College',
      address: '4 Lighthouse Street, Galle Fort',
    };
    const response = await t.app.inject({ method: 'PUT', url: update(me.student._id), headers: me.headers, payload });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, message: [SERVER_TEXT.profileUpdated], data: payload });
    expect(await row(me.student._id)).toMatchObject({ name: payload.name, whatsapp_no: '0701112223', additional_no: '', district: 'Galle' });
  });

  it('leaves absent fields as they are', async () => {
    const me = await signedInStudent(t.app);
    await t.app.inject({ method: 'PUT', url: update(me.student._id), headers: me.headers, payload: { scl: 'Ananda College' } });
    expect(await row(me.student._id)).toMatchObject({ scl: 'Ananda College', additional_no: me.body.additionalNo, name: me.body.name });
  });

  it.each([
    [{ batch: '2027' }, ['batch']],
    [{ classType: 'Paper' }, ['classType']],
    [{ email: 'new.address@example.lk' }, ['email']],
    [{ accountState: 'de-active' }, ['accountState']],
    [{ historyType: 'Europe' }, ['historyType']],
    [{ batch: '2025', email: 'x.y@example.lk', name: 'Sneaky' }, ['email', 'batch']],
  ])('refuses a student who sends %o with 403 naming the fields, and writes nothing', async (payload, fields) => {
    const me = await signedInStudent(t.app, { batch: '2026', classType: 'Theory' });
    const before = await row(me.student._id);
    const response = await t.app.inject({ method: 'PUT', url: update(me.student._id), headers: me.headers, payload });
    expect(response.statusCode).toBe(403);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toEqual(fields);
    expect(await row(me.student._id)).toEqual(before);
  });

  it('refuses accountType from anyone, the admin included', async () => {
    const me = await signedInStudent(t.app);
    for (const headers of [me.headers, await adminHeaders()]) {
      const response = await t.app.inject({ method: 'PUT', url: update(me.student._id), headers, payload: { accountType: 'admin' } });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(SERVER_TEXT.accountTypeFixed);
    }
    expect((await row(me.student._id)).account_type).toBe('student');
  });

  it('accepts the whole record sent back by a student when the protected fields are unchanged', async () => {
    const me = await signedInStudent(t.app);
    const payload = { ...me.student, name: 'Renamed Student' };
    const response = await t.app.inject({ method: 'PUT', url: update(me.student._id), headers: me.headers, payload });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('Renamed Student');
  });

  it('lets an admin change batch, class type, e-mail and history type; regNo keeps its number', async () => {
    const me = await signedInStudent(t.app, { batch: '2026', classType: 'Theory' });
    const payload = { batch: '2027', classType: 'Theory&Revision', email: `moved.${crypto.randomUUID().slice(0, 6)}@example.lk`, historyType: 'Europe' };
    const response = await t.app.inject({ method: 'PUT', url: update(me.student._id), headers: await adminHeaders(), payload: { ...payload, password: TEST_ADMIN.password } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ ...payload, indianHistory: false, europeHistory: true, regNo: me.student.regNo });
    // The new e-mail signs in; the student's session goes on (nothing security-relevant changed).
    await signIn(t.app, payload.email, me.body.password);
  });

  it("asks the admin's own password before an e-mail change: missing 400 naming it, wrong 400 and counted, nothing changed either way", async () => {
    const me = await signedInStudent(t.app);
    const headers = await adminHeaders();
    const before = await row(me.student._id);
    const email = `moved.${crypto.randomUUID().slice(0, 6)}@example.lk`;
    const missing = await t.app.inject({ method: 'PUT', url: update(me.student._id), headers, payload: { email, name: 'Not Saved' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'password', message: 'password is required' }]);
    const wrong = await t.app.inject({ method: 'PUT', url: update(me.student._id), headers, payload: { email, password: 'not-the-admin-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: SERVER_TEXT.wrongCurrentPassword, errors: [{ field: 'password', message: SERVER_TEXT.wrongCurrentPassword }] });
    expect(await row(me.student._id)).toEqual(before);
    const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const failures = await t.database.db.selectFrom('sign_in_failures').select('id').where('subject', '=', `password:${admin.studentId}`).execute();
    expect(failures).toHaveLength(1);
    // The student's session goes on, and their own edits need no password.
    const own = await t.app.inject({ method: 'PUT', url: update(me.student._id), headers: me.headers, payload: { name: 'Still Mine' } });
    expect(own.statusCode).toBe(200);
  });

  it("refuses an admin who changes another admin's e-mail with 403, and lets an admin change their own", async () => {
    const k = crypto.randomUUID().slice(0, 8);
    const staff = { email: `staff.${k}@academy.test`, password: 'staff-password-1', name: 'Staff Member' };
    await ensureAdmin(t.database.db, staff, { resetPassword: false });
    const staffLogin = await signIn(t.app, staff.email, staff.password);
    const staffHeaders = { authorization: `Bearer ${staffLogin.token}` };
    const tutor = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);

    const taken = await t.app.inject({ method: 'PUT', url: update(tutor.studentId), headers: staffHeaders, payload: { email: `taken.${k}@example.lk` } });
    expect(taken.statusCode).toBe(403);
    expect(taken.json()).toMatchObject({ errors: [{ field: 'email', message: SERVER_TEXT.otherAdminEmail }] });
    expect((await row(tutor.studentId)).email).toBe(TEST_ADMIN.email);
    // Another admin's name is still theirs to correct.
    const renamed = await t.app.inject({ method: 'PUT', url: update(tutor.studentId), headers: staffHeaders, payload: { name: 'The Tutor' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await t.app.inject({ method: 'PUT', url: update(tutor.studentId), headers: staffHeaders, payload: { name: tutor.name } });

    const own = await t.app.inject({ method: 'PUT', url: update(staffLogin.studentId), headers: staffHeaders, payload: { email: `staff.moved.${k}@academy.test`, password: staff.password } });
    expect(own.statusCode, own.body).toBe(200);
    expect((await row(staffLogin.studentId)).email).toBe(`staff.moved.${k}@academy.test`);
  });

  it("ends the student's sessions when an admin suspends through update", async () => {
    const me = await signedInStudent(t.app);
    const response = await t.app.inject({ method: 'PUT', url: update(me.student._id), headers: await adminHeaders(), payload: { accountState: 'de-active', password: TEST_ADMIN.password } });
    expect(response.json().data.accountState).toBe('de-active');
    expect((await t.app.inject({ url: `/api/students/student/getbyid/${me.student._id}`, headers: me.headers })).statusCode).toBe(401);
  });

  it("refuses an admin who gives a student another live account's e-mail (any case) with 409", async () => {
    const me = await signedInStudent(t.app);
    const other = await registerStudent(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: update(me.student._id),
      headers: await adminHeaders(),
      payload: { email: other.body.email.toUpperCase(), password: TEST_ADMIN.password },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 409, message: SERVER_TEXT.emailTaken });
    expect((await row(me.student._id)).email).toBe(me.body.email);
  });

  it.each([
    [{ name: '  ' }, 'name'],
    [{ whatsAppNo: '12345' }, 'whatsAppNo'],
    [{ additionalNo: '07712abcde' }, 'additionalNo'],
    [{ district: 'Atlantis' }, 'district'],
    [{ address: 'x'.repeat(501) }, 'address'],
    [{ name: 7 }, 'name'],
  ])('refuses %o with 400 naming the field, message as an array', async (payload, field) => {
    const me = await signedInStudent(t.app);
    const before = await row(me.student._id);
    const response = await t.app.inject({ method: 'PUT', url: update(me.student._id), headers: me.headers, payload });
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    expect(Array.isArray(answer.message)).toBe(true);
    expect(await row(me.student._id)).toEqual(before);
  });

  it('answers 404 to an admin for an unknown or deleted student', async () => {
    const headers = await adminHeaders();
    const gone = await registerStudent(t.app);
    await deleteApproved(t.app, t.database.db, { method: 'DELETE', url: `/api/students/student/deletestudent/${gone.student._id}`, headers, payload: { password: TEST_ADMIN.password } });
    for (const id of ['missing', gone.student._id]) {
      expect((await t.app.inject({ method: 'PUT', url: update(id), headers, payload: { name: 'X' } })).statusCode).toBe(404);
    }
  });
});
