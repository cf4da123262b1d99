import { describe, expect, it } from 'vitest';
import type { ImportAnswer, Student } from '@academy/contract';
import { buildRegistration, registerStudent, signedInStudent } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { approveAsSecondAdmin, SECOND_ADMIN } from '../approvals/test-helpers';
import { entriesWrittenBy, expectNoSecrets, noEntryBy, oneEntryBy, signInAdmin, type Headers } from './test-helpers';

// The students feature's admin actions each leave exactly one entry, written with the change;
// a refused request leaves none, and a student's own doings are not admin actions.

const url = {
  state: (id: string) => `/api/students/student/state/update/${id}`,
  remove: (id: string) => `/api/students/student/deletestudent/${id}`,
  restore: (id: string) => `/api/students/student/restore/${id}`,
  update: (id: string) => `/api/students/student/update/${id}`,
  picture: (id: string) => `/api/students/student/profile-image/${id}`,
  register: '/api/students/student/register',
  importCsv: '/api/students/student/import',
  exportCsv: '/api/students/student/export',
};

/** An 8x8 PNG: small, and real enough for the server's content check. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGPgis/HihiGlgQAAMM2AYuCUHgAAAAASUVORK5CYII=',
  'base64',
);

describe('audit entries of the student actions', () => {
  const t = useTestApp();

  async function put(path: string, headers: Headers, payload: unknown) {
    return t.app.inject({ method: 'PUT', url: path, headers, payload: payload as Record<string, unknown> });
  }

  function studentTarget(student: Student) {
    return { type: 'student', id: student._id, label: student.name };
  }

  it('suspend and reactivate: one entry each, with the state before and after', async () => {
    const admin = await signInAdmin(t.app);
    const { student } = await registerStudent(t.app);
    const suspended = await oneEntryBy(t.app, admin, async () => {
      expect((await put(url.state(student._id), admin.headers, { state: 'de-active', password: TEST_ADMIN.password })).statusCode).toBe(200);
    });
    expect(suspended).toMatchObject({
      action: 'student.suspend',
      target: studentTarget(student),
      summary: `Suspended ${student.name}`,
      detail: { before: 'active', after: 'de-active' },
    });
    const reactivated = await oneEntryBy(t.app, admin, async () => {
      expect((await put(url.state(student._id), admin.headers, { state: 'active' })).statusCode).toBe(200);
    });
    expect(reactivated).toMatchObject({ action: 'student.reactivate', target: studentTarget(student), detail: { before: 'de-active', after: 'active' } });
  });

  it('delete and restore: one entry each', async () => {
    const admin = await signInAdmin(t.app);
    const { student } = await registerStudent(t.app);
    // The admin's Delete asks a second admin (one entry), whose approval deletes (two entries, theirs).
    let approvalId = '';
    const requested = await oneEntryBy(t.app, admin, async () => {
      const asked = await t.app.inject({ method: 'DELETE', url: url.remove(student._id), headers: admin.headers, payload: { password: TEST_ADMIN.password } });
      expect(asked.statusCode).toBe(202);
      approvalId = asked.json<{ data: { id: string } }>().data.id;
    });
    expect(requested).toMatchObject({ action: 'approval.request', target: studentTarget(student), summary: `Asked a second admin to approve deleting the student ${student.name}` });
    const decided = await entriesWrittenBy(t.app, admin.headers, async () => {
      expect((await approveAsSecondAdmin(t.app, t.database.db, approvalId)).statusCode).toBe(200);
    });
    // The second admin's sign-in is an entry of its own.
    expect(decided.map((entry) => entry.action).sort()).toEqual(['admin.sign-in', 'approval.approve', 'student.delete']);
    const deleted = decided.find((entry) => entry.action === 'student.delete');
    expect(deleted).toMatchObject({ target: studentTarget(student), summary: `Deleted ${student.name}`, detail: { email: student.email, regNo: student.regNo }, admin: { email: SECOND_ADMIN.email } });
    const restored = await oneEntryBy(t.app, admin, async () => {
      expect((await put(url.restore(student._id), admin.headers, {})).statusCode).toBe(200);
    });
    expect(restored).toMatchObject({ action: 'student.restore', target: studentTarget(student), summary: `Restored ${student.name}` });
  });

  it('an edit records which fields changed, before and after; sending the same values again records nothing', async () => {
    const admin = await signInAdmin(t.app);
    const { student } = await registerStudent(t.app, { batch: '2026', classType: 'Theory' });
    const edit = { ...student, batch: '2027', classType: 'Paper', name: student.name };
    const entry = await oneEntryBy(t.app, admin, async () => {
      expect((await put(url.update(student._id), admin.headers, edit)).statusCode).toBe(200);
    });
    expect(entry).toMatchObject({
      action: 'student.edit',
      target: studentTarget(student),
      summary: `Edited ${student.name}: batch, classType`,
      detail: { changed: ['batch', 'classType'], before: { batch: '2026', classType: 'Theory' }, after: { batch: '2027', classType: 'Paper' } },
    });
    await noEntryBy(t.app, admin, async () => {
      expect((await put(url.update(student._id), admin.headers, edit)).statusCode).toBe(200);
    });
  });

  it("an admin's new profile picture for a student is an edit", async () => {
    const admin = await signInAdmin(t.app);
    const { student } = await registerStudent(t.app);
    const form = multipartForm('image', 'me.png', 'image/png', PNG);
    const entry = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'POST', url: url.picture(student._id), payload: form.payload, headers: { ...admin.headers, ...form.headers } });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(entry).toMatchObject({ action: 'student.edit', target: studentTarget(student), detail: { changed: ['profileImg'] } });
  });

  it('Add Student (register with an admin token) is recorded without the password; a self-registration is not', async () => {
    const admin = await signInAdmin(t.app);
    const body = buildRegistration({ password: 'typed-by-the-admin-1' });
    let added: Student | undefined;
    const entry = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'POST', url: url.register, headers: admin.headers, payload: body });
      expect(response.statusCode, response.body).toBe(200);
      added = response.json<{ data: Student }>().data;
    });
    expect(entry).toMatchObject({
      action: 'student.add',
      target: { type: 'student', id: added?._id, label: body.name },
      summary: `Added ${body.name}`,
      detail: { email: body.email, regNo: added?.regNo, batch: body.batch, classType: body.classType },
    });
    expectNoSecrets(entry, [body.password, admin.login.token]);
    await noEntryBy(t.app, admin, () => registerStudent(t.app));
    const student = await signedInStudent(t.app);
    await noEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'POST', url: url.register, headers: student.headers, payload: buildRegistration() });
      expect(response.statusCode).toBe(200);
    });
  });

  it('a CSV import is one entry with its counts, never the temporary passwords', async () => {
    const admin = await signInAdmin(t.app);
    const k = crypto.randomUUID().slice(0, 8);
    const csv = [
      'name,email,whatsAppNo,district,historyType,batch,classType',
      `Amaya Silva,amaya.${k}@example.lk,0771234567,Kandy,Indian,2025,Theory`,
      `Dinuk Jay,dinuk.${k}@example.lk,0712345678,Colombo,Europe,2026,Paper`,
      `Bad Phone,bad.${k}@example.lk,12345,Kandy,Indian,2025,Theory`,
    ].join('\n');
    const form = multipartForm('file', 'students.csv', 'text/csv', Buffer.from(csv));
    let answer: ImportAnswer | undefined;
    const entry = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'POST', url: url.importCsv, payload: form.payload, headers: { ...admin.headers, ...form.headers } });
      expect(response.statusCode, response.body).toBe(200);
      answer = response.json<ImportAnswer>();
    });
    expect(entry).toMatchObject({
      action: 'student.import',
      target: { type: 'import', label: 'CSV import' },
      summary: 'Imported 2 of 3 students from a CSV file',
      detail: { rows: 3, added: 2, refused: 1 },
    });
    const temporary = answer?.data.added.flatMap((row) => row.temporaryPassword ?? []) ?? [];
    expect(temporary).toHaveLength(2);
    expectNoSecrets(entry, temporary);
  });

  it('a CSV export of the students list is one entry with its count and filter, and a refused one none', async () => {
    const admin = await signInAdmin(t.app);
    const k = crypto.randomUUID().slice(0, 8);
    await registerStudent(t.app, { email: `export.one.${k}@example.lk` });
    await registerStudent(t.app, { email: `export.two.${k}@example.lk` });
    const entry = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'POST', url: url.exportCsv, headers: admin.headers, payload: { search: k, password: TEST_ADMIN.password } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body.trim().split('\n')).toHaveLength(3);
    });
    expect(entry).toMatchObject({
      action: 'student.export',
      target: { type: 'export', label: 'CSV export' },
      summary: 'Exported 2 students as a CSV file',
      detail: { rows: 2, filter: { search: k } },
    });
    const me = await signedInStudent(t.app);
    await noEntryBy(t.app, admin, async () => {
      expect((await t.app.inject({ method: 'POST', url: url.exportCsv, headers: me.headers, payload: { password: me.body.password } })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: url.exportCsv, headers: admin.headers, payload: { classType: 'not-a-class-type', password: TEST_ADMIN.password } })).statusCode).toBe(400);
    });
  });

  it('refused actions leave no entry: unknown ids, bad bodies, a student calling, a broken CSV', async () => {
    const admin = await signInAdmin(t.app);
    const me = await signedInStudent(t.app);
    const other = await registerStudent(t.app);
    const attempts = [
      () => put(url.state('no-such-id'), admin.headers, { state: 'de-active', password: TEST_ADMIN.password }),
      () => put(url.state(other.student._id), admin.headers, { state: 'suspended' }),
      () => put(url.state(other.student._id), me.headers, { state: 'de-active', password: TEST_ADMIN.password }),
      () => t.app.inject({ method: 'DELETE', url: url.remove('no-such-id'), headers: admin.headers, payload: { password: TEST_ADMIN.password } }),
      () => t.app.inject({ method: 'DELETE', url: url.remove(other.student._id), headers: me.headers, payload: { password: TEST_ADMIN.password } }),
      () => put(url.restore(other.student._id), admin.headers, {}),
      () => put(url.update(other.student._id), admin.headers, { whatsAppNo: '123' }),
      () => put(url.update(other.student._id), me.headers, { name: 'Not Mine' }),
      () => t.app.inject({ method: 'POST', url: url.importCsv, headers: admin.headers, payload: {} }),
    ];
    for (const attempt of attempts) {
      await noEntryBy(t.app, admin, async () => {
        const response = await attempt();
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      });
    }
  });

  it("a student's edit of their own profile is not an admin action", async () => {
    const admin = await signInAdmin(t.app);
    const me = await signedInStudent(t.app);
    await noEntryBy(t.app, admin, async () => {
      expect((await put(url.update(me.student._id), me.headers, { name: 'A New Name' })).statusCode).toBe(200);
    });
  });
});
