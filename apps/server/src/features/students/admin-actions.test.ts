import { describe, expect, it } from 'vitest';
import { APPROVALS_TEXT, SERVER_TEXT } from '@academy/contract';
import { registerStudent, signedInStudent, signIn } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { approveAsSecondAdmin, deleteApproved } from '../approvals/test-helpers';

const state = (id: string) => `/api/students/student/state/update/${id}`;
const remove = (id: string) => `/api/students/student/deletestudent/${id}`;
const restore = (id: string) => `/api/students/student/restore/${id}`;
const byId = (id: string) => `/api/students/student/getbyid/${id}`;
const LOGIN = '/api/students/student/login';

describe('suspend, reactivate, delete and restore', () => {
  const t = useTestApp();

  async function admin() {
    const login = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    return { id: login.studentId, headers: { authorization: `Bearer ${login.token}` } };
  }

  it("suspends a student: their open session ends at once and sign-in answers 'de-active'", async () => {
    const me = await signedInStudent(t.app);
    const { headers } = await admin();
    const response = await t.app.inject({ method: 'PUT', url: state(me.student._id), headers, payload: { state: 'de-active', password: TEST_ADMIN.password } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, message: SERVER_TEXT.stateUpdated, data: { _id: me.student._id, accountState: 'de-active' } });
    expect((await t.app.inject({ url: byId(me.student._id), headers: me.headers })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: me.body.email, password: me.body.password } });
    expect(login.statusCode).toBe(403);
    expect(login.json().accountState).toBe('de-active');
  });

  /** The admin's wrong current passwords counted so far (current-password.ts), shared with a password change and ending sessions. */
  async function wrongPasswordsOf(adminId: string): Promise<number> {
    const rows = await t.database.db.selectFrom('sign_in_failures').select('id').where('subject', '=', `password:${adminId}`).execute();
    return rows.length;
  }

  async function accountRow(id: string) {
    return t.database.db.selectFrom('accounts').select(['account_state', 'deleted_at', 'token_version']).where('id', '=', id).executeTakeFirstOrThrow();
  }

  it("asks the admin's own password to suspend: missing 400 naming it, wrong 400 and counted with nothing changed, right suspends", async () => {
    const me = await signedInStudent(t.app);
    const { id: adminId, headers } = await admin();
    const before = await accountRow(me.student._id);
    const counted = await wrongPasswordsOf(adminId);
    const missing = await t.app.inject({ method: 'PUT', url: state(me.student._id), headers, payload: { state: 'de-active' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'password', message: 'password is required' }]);
    const wrong = await t.app.inject({ method: 'PUT', url: state(me.student._id), headers, payload: { state: 'de-active', password: 'not-the-admin-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: SERVER_TEXT.wrongCurrentPassword, errors: [{ field: 'password', message: SERVER_TEXT.wrongCurrentPassword }] });
    expect(await wrongPasswordsOf(adminId)).toBe(counted + 1);
    expect(await accountRow(me.student._id)).toEqual(before);
    expect((await t.app.inject({ url: byId(me.student._id), headers: me.headers })).statusCode).toBe(200);

    const right = await t.app.inject({ method: 'PUT', url: state(me.student._id), headers, payload: { state: 'de-active', password: TEST_ADMIN.password } });
    expect(right.statusCode).toBe(200);
    expect((await accountRow(me.student._id)).account_state).toBe('de-active');
    // Reactivating gives back what the student had: it asks no password.
    const back = await t.app.inject({ method: 'PUT', url: state(me.student._id), headers, payload: { state: 'active' } });
    expect(back.statusCode).toBe(200);
    expect((await accountRow(me.student._id)).account_state).toBe('active');
  });

  it("asks the admin's own password to suspend through update too: missing 400, wrong 400 and counted with nothing changed, right suspends", async () => {
    const me = await signedInStudent(t.app);
    const { id: adminId, headers } = await admin();
    const update = `/api/students/student/update/${me.student._id}`;
    const before = await accountRow(me.student._id);
    const counted = await wrongPasswordsOf(adminId);
    const missing = await t.app.inject({ method: 'PUT', url: update, headers, payload: { accountState: 'de-active' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'password', message: 'password is required' }]);
    const wrong = await t.app.inject({ method: 'PUT', url: update, headers, payload: { accountState: 'de-active', name: 'Not Saved', password: 'not-the-admin-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'password', message: SERVER_TEXT.wrongCurrentPassword }]);
    expect(await wrongPasswordsOf(adminId)).toBe(counted + 1);
    expect(await accountRow(me.student._id)).toEqual(before);
    expect((await t.app.inject({ url: byId(me.student._id), headers: me.headers })).json().data.name).toBe(me.student.name);

    const right = await t.app.inject({ method: 'PUT', url: update, headers, payload: { accountState: 'de-active', password: TEST_ADMIN.password } });
    expect(right.statusCode).toBe(200);
    expect((await accountRow(me.student._id)).account_state).toBe('de-active');
    const back = await t.app.inject({ method: 'PUT', url: update, headers, payload: { accountState: 'active' } });
    expect(back.statusCode).toBe(200);
  });

  it("asks the admin's own password to delete: missing 400 naming it, wrong 400 and counted with nothing changed, right deletes", async () => {
    const me = await signedInStudent(t.app);
    const { id: adminId, headers } = await admin();
    const before = await accountRow(me.student._id);
    const counted = await wrongPasswordsOf(adminId);
    const missing = await t.app.inject({ method: 'DELETE', url: remove(me.student._id), headers, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'password', message: 'password is required' }]);
    // A DELETE with no body at all is refused the same way, naming the body the password goes in.
    const bodiless = await t.app.inject({ method: 'DELETE', url: remove(me.student._id), headers });
    expect(bodiless.statusCode).toBe(400);
    expect(bodiless.json().errors).toEqual([expect.objectContaining({ field: 'body' })]);
    const wrong = await t.app.inject({ method: 'DELETE', url: remove(me.student._id), headers, payload: { password: 'not-the-admin-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: SERVER_TEXT.wrongCurrentPassword, errors: [{ field: 'password', message: SERVER_TEXT.wrongCurrentPassword }] });
    expect(await wrongPasswordsOf(adminId)).toBe(counted + 1);
    expect(await accountRow(me.student._id)).toEqual(before);
    expect((await t.app.inject({ url: byId(me.student._id), headers: me.headers })).statusCode).toBe(200);

    // The right password makes the request; a second admin's approval deletes (features/approvals).
    const right = await deleteApproved(t.app, t.database.db, { method: 'DELETE', url: remove(me.student._id), headers, payload: { password: TEST_ADMIN.password } });
    expect(right.statusCode).toBe(200);
    expect((await accountRow(me.student._id)).deleted_at).toMatch(/^\d{4}-/);
    // Restoring asks no password.
    expect((await t.app.inject({ method: 'PUT', url: restore(me.student._id), headers })).statusCode).toBe(200);
  });

  it('reactivates a suspended student, who signs in again; the old token stays dead', async () => {
    const me = await signedInStudent(t.app);
    const { headers } = await admin();
    await t.app.inject({ method: 'PUT', url: state(me.student._id), headers, payload: { state: 'de-active', password: TEST_ADMIN.password } });
    const back = await t.app.inject({ method: 'PUT', url: state(me.student._id), headers, payload: { state: 'active' } });
    expect(back.json().data.accountState).toBe('active');
    expect((await t.app.inject({ url: byId(me.student._id), headers: me.headers })).statusCode).toBe(401);
    const again = await signIn(t.app, me.body.email, me.body.password);
    const fresh = await t.app.inject({ url: byId(me.student._id), headers: { authorization: `Bearer ${again.token}` } });
    expect(fresh.statusCode).toBe(200);
  });

  it.each([['suspended'], ['ACTIVE'], [''], [true], [null]])('refuses the state %o with 400 and changes nothing', async (value) => {
    const me = await signedInStudent(t.app);
    const { headers } = await admin();
    const response = await t.app.inject({ method: 'PUT', url: state(me.student._id), headers, payload: { state: value } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe('state');
    expect((await t.app.inject({ url: byId(me.student._id), headers: me.headers })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id, a deleted student and an admin account', async () => {
    const { id: adminId, headers } = await admin();
    const gone = await registerStudent(t.app);
    await deleteApproved(t.app, t.database.db, { method: 'DELETE', url: remove(gone.student._id), headers, payload: { password: TEST_ADMIN.password } });
    for (const id of ['no-such-id', gone.student._id, adminId]) {
      const suspend = await t.app.inject({ method: 'PUT', url: state(id), headers, payload: { state: 'de-active', password: TEST_ADMIN.password } });
      expect(suspend.statusCode).toBe(404);
      expect(suspend.json().message).toBe(SERVER_TEXT.studentNotFound);
      expect((await t.app.inject({ method: 'DELETE', url: remove(id), headers, payload: { password: TEST_ADMIN.password } })).statusCode).toBe(404);
    }
    // The admin is still signed in and active: nothing happened to the account.
    expect((await t.app.inject({ url: byId(adminId), headers })).statusCode).toBe(200);
  });

  it('soft-deletes: the session ends, sign-in fails, the e-mail is free, the row stays for restore', async () => {
    const me = await signedInStudent(t.app);
    const { headers } = await admin();
    const asked = await t.app.inject({ method: 'DELETE', url: remove(me.student._id), headers, payload: { password: TEST_ADMIN.password } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ code: 202, message: APPROVALS_TEXT.pending, data: { action: 'student.delete', target: { id: me.student._id }, state: 'pending' } });
    // Still there until a second admin approves.
    expect((await t.app.inject({ url: byId(me.student._id), headers: me.headers })).statusCode).toBe(200);
    const approved = await approveAsSecondAdmin(t.app, t.database.db, asked.json().data.id);
    expect(approved.json()).toMatchObject({ code: 200, message: APPROVALS_TEXT.approved, data: { state: 'approved' } });
    expect((await t.app.inject({ url: byId(me.student._id), headers: me.headers })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: LOGIN, payload: { email: me.body.email, password: me.body.password } });
    expect(login.statusCode).toBe(401);
    const row = await t.database.db.selectFrom('accounts').select(['deleted_at']).where('id', '=', me.student._id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toMatch(/^\d{4}-/);

    const deleted = await t.app.inject({ url: `/api/students/student/deleted?search=${encodeURIComponent(me.body.email)}`, headers });
    expect(deleted.json().data).toEqual([expect.objectContaining({ _id: me.student._id, deletedAt: row.deleted_at })]);
    expect(deleted.json().paging.total).toBe(1);

    const restored = await t.app.inject({ method: 'PUT', url: restore(me.student._id), headers });
    expect(restored.json()).toMatchObject({ code: 200, message: SERVER_TEXT.studentRestored, data: { _id: me.student._id, regNo: me.student.regNo } });
    // The old token stays dead; a fresh sign-in works.
    expect((await t.app.inject({ url: byId(me.student._id), headers: me.headers })).statusCode).toBe(401);
    await signIn(t.app, me.body.email, me.body.password);
    // Restoring twice: it is no longer deleted.
    expect((await t.app.inject({ method: 'PUT', url: restore(me.student._id), headers })).statusCode).toBe(404);
  });

  it('refuses to restore with 409 when the e-mail was registered again meanwhile, and keeps both rows as they are', async () => {
    const first = await registerStudent(t.app);
    const { headers } = await admin();
    await deleteApproved(t.app, t.database.db, { method: 'DELETE', url: remove(first.student._id), headers, payload: { password: TEST_ADMIN.password } });
    const second = await registerStudent(t.app, { email: first.body.email.toUpperCase() });
    const response = await t.app.inject({ method: 'PUT', url: restore(first.student._id), headers });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 409, message: SERVER_TEXT.restoreEmailTaken });
    const rows = await t.database.db
      .selectFrom('accounts')
      .select(['id', 'deleted_at'])
      .where('id', 'in', [first.student._id, second.student._id])
      .execute();
    expect(rows.find((r) => r.id === first.student._id)?.deleted_at).not.toBeNull();
    expect(rows.find((r) => r.id === second.student._id)?.deleted_at).toBeNull();
  });
});
