import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClassAccessAnswer, DriveListingAnswer, Grant, GrantListAnswer } from '@academy/contract';
import { buildRegistration, registerStudent, signedInStudent, signIn } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { adminHeaders, createClass, giveAccess, rootFiles, type Headers } from './test-helpers';

// Classes and who may open them: spec section 7 'create/folder', 'folder-names' and
// 'give-additional-access', plus revoking, batch grants, end dates and grants that wait for an e-mail.

describe('classes and access', () => {
  const t = useTestApp();

  const post = (url: string, headers: Headers, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers, payload });
  const classNames = async (headers: Headers, email: string) =>
    (await rootFiles(t.app, headers, email)).json<DriveListingAnswer>().files.map((f) => f.name);

  it('creates a class; a name used in any letter case is 409; bad names are 400; only admins may', async () => {
    const admin = await adminHeaders(t.app);
    const created = await post('/api/folders/create/folder', admin, { folderName: '  A L History 2026 ' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ code: 200, message: ['Folder created'], data: { name: 'A L History 2026' } });

    const again = await post('/api/folders/create/folder', admin, { folderName: 'a l HISTORY 2026' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 409, errors: [{ field: 'folderName' }] });

    for (const folderName of ['', '   ', '../up', 'a/b', '.hidden', 'x'.repeat(121), 'tab\there']) {
      const response = await post('/api/folders/create/folder', admin, { folderName });
      expect(response.statusCode, JSON.stringify(folderName)).toBe(400);
      expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('folderName');
    }
    const student = await signedInStudent(t.app);
    expect((await post('/api/folders/create/folder', student.headers, { folderName: 'Mine' })).statusCode).toBe(403);
    expect((await post('/api/folders/create/folder', {}, { folderName: 'Mine' })).statusCode).toBe(401);

    const names = await t.app.inject({ method: 'GET', url: '/api/folders/folder-names', headers: student.headers });
    expect(names.json<{ data: string[] }>().data).toContain('A L History 2026');
    expect(names.json<{ data: string[] }>().data).not.toContain('Mine');
  });

  it('a folder made straight in the store becomes a class', async () => {
    const admin = await adminHeaders(t.app);
    if (t.config.files.store.kind !== 'disk') throw new Error('the test app uses the disk store');
    mkdirSync(path.join(t.config.files.store.dir, 'Copied In'));
    const names = await t.app.inject({ method: 'GET', url: '/api/folders/folder-names', headers: admin });
    expect(names.json<{ data: string[] }>().data).toContain('Copied In');
    await giveAccess(t.app, admin, 'copied@example.lk', 'copied in');
  });

  it('give-additional-access checks its fields and names what is wrong', async () => {
    const admin = await adminHeaders(t.app);
    const cls = await createClass(t.app, admin);
    const url = '/api/students/student/give-additional-access';
    const cases: [Record<string, unknown>, number, string][] = [
      [{ email: 'not-an-email', className: cls.name }, 400, 'email'],
      [{ email: 'a@example.lk' }, 400, 'className'],
      [{ email: 'a@example.lk', className: 'No Such Class' }, 404, 'className'],
      [{ email: 'a@example.lk', className: cls.name, endsOn: '31/12/2026' }, 400, 'endsOn'],
      [{ email: 'a@example.lk', className: cls.name, endsOn: '2001-01-01' }, 400, 'endsOn'],
    ];
    for (const [payload, status, field] of cases) {
      const response = await post(url, admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe(field);
    }
    const student = await signedInStudent(t.app);
    expect((await post(url, student.headers, { email: student.body.email, className: cls.name })).statusCode).toBe(403);
    expect(await classNames(student.headers, student.body.email)).toEqual([]);
  });

  it('a grant to an e-mail with no account waits for it to register', async () => {
    const admin = await adminHeaders(t.app);
    const cls = await createClass(t.app, admin);
    const registration = buildRegistration();
    const grant = await giveAccess(t.app, admin, registration.email.toUpperCase(), cls.name);
    expect(grant).toMatchObject({ email: registration.email.toLowerCase(), className: cls.name, endsOn: null, lapsed: false });
    expect(await classNames(admin, registration.email)).toEqual([cls.name]);

    await registerStudent(t.app, registration);
    const login = await signIn(t.app, registration.email, registration.password);
    expect(await classNames({ authorization: `Bearer ${login.token}` }, registration.email)).toEqual([cls.name]);
  });

  it('a batch grant reaches every student of the batch and class type, Theory&Revision students by either half', async () => {
    const admin = await adminHeaders(t.app);
    const cls = await createClass(t.app, admin);
    const theory = await signedInStudent(t.app, { batch: '2027', classType: 'Theory' });
    const both = await signedInStudent(t.app, { batch: '2027', classType: 'Theory&Revision' });
    const paper = await signedInStudent(t.app, { batch: '2027', classType: 'Paper' });
    const otherBatch = await signedInStudent(t.app, { batch: '2025', classType: 'Theory' });

    const response = await post('/api/folders/access/batch', admin, { className: cls.name, batch: '2027', classType: 'Theory', endsOn: '2999-01-31' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: Grant }>().data).toMatchObject({ batch: '2027', classType: 'Theory', email: null, endsOn: '2999-01-31' });

    expect(await classNames(theory.headers, theory.body.email)).toEqual([cls.name]);
    expect(await classNames(both.headers, both.body.email)).toEqual([cls.name]);
    expect(await classNames(paper.headers, paper.body.email)).toEqual([]);
    expect(await classNames(otherBatch.headers, otherBatch.body.email)).toEqual([]);

    const access = await t.app.inject({ method: 'GET', url: `/api/folders/access/class/${encodeURIComponent(cls.id)}`, headers: admin });
    expect(access.statusCode).toBe(200);
    const data = access.json<ClassAccessAnswer>().data;
    expect(data.className).toBe(cls.name);
    expect(data.students.map((s) => s.email).sort()).toEqual([theory.body.email, both.body.email].sort());

    const bad = await post('/api/folders/access/batch', admin, { className: cls.name, batch: '1999', classType: 'Theory' });
    expect(bad.statusCode).toBe(400);
  });

  it("lists a student's grants and revokes one; giving again moves the end date", async () => {
    const admin = await adminHeaders(t.app);
    const one = await createClass(t.app, admin);
    const two = await createClass(t.app, admin);
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, one.name, '2999-06-30');
    await giveAccess(t.app, admin, student.body.email, one.name);
    await giveAccess(t.app, admin, student.body.email, two.name);

    const url = `/api/folders/access/student/${student.student._id}`;
    const grants = (await t.app.inject({ method: 'GET', url, headers: admin })).json<GrantListAnswer>().data;
    expect(grants.map((g) => [g.className, g.endsOn])).toEqual(
      [[one.name, null], [two.name, null]].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const first = grants.find((g) => g.className === one.name);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/folders/access/${first?.id}`, headers: admin });
    expect(revoked.statusCode).toBe(200);
    expect(await classNames(student.headers, student.body.email)).toEqual([two.name]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/folders/access/${first?.id}`, headers: admin })).statusCode).toBe(404);

    expect((await t.app.inject({ method: 'GET', url, headers: student.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/folders/access/student/no-such-id', headers: admin })).statusCode).toBe(404);
  });
});
