import { describe, expect, it } from 'vitest';
import { SERVER_TEXT, STUDENT_CSV_COLUMNS, type Student } from '@academy/contract';
import { registerStudent, signIn } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { deleteApproved } from '../approvals/test-helpers';
import { parseCsv } from '../../lib/csv';

const LIST = '/api/students/student/getallstudents';
const EXPORT = '/api/students/student/export';

describe('GET students/student/getallstudents and export', () => {
  const t = useTestApp();

  async function adminHeaders() {
    const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    return { authorization: `Bearer ${admin.token}` };
  }

  async function list(query: Record<string, string | number>) {
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const response = await t.app.inject({ url: `${LIST}?${search}`, headers: await adminHeaders() });
    return response;
  }

  async function exportCsv(body: Record<string, string>) {
    return t.app.inject({ method: 'POST', url: EXPORT, headers: await adminHeaders(), payload: body });
  }

  /** Students whose names share a fresh tag, so each test sees only its own. */
  async function cohort(specs: { name: string; batch?: '2025' | '2026' | '2027'; classType?: 'Theory' | 'Revision' | 'Paper' }[]) {
    const tag = crypto.randomUUID().slice(0, 8);
    const made: Student[] = [];
    for (const spec of specs) {
      made.push((await registerStudent(t.app, { ...spec, name: `${spec.name} ${tag}` })).student);
    }
    return { tag, made };
  }

  it('lists live students only, sorted by batch as strings then name, with the page and total', async () => {
    const { tag, made } = await cohort([
      { name: 'Zara', batch: '2025' },
      { name: 'Amal', batch: '2027' },
      { name: 'Bimal', batch: '2025' },
      { name: 'Chathu', batch: '2026' },
    ]);
    const headers = await adminHeaders();
    await deleteApproved(t.app, t.database.db, { method: 'DELETE', url: `/api/students/student/deletestudent/${made[3]?._id}`, headers, payload: { password: TEST_ADMIN.password } });
    const response = await list({ search: tag });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.code).toBe(200);
    expect(answer.data.map((s: Student) => s.name.split(' ')[0])).toEqual(['Bimal', 'Zara', 'Amal']);
    expect(answer.paging).toEqual({ page: 1, pageSize: 25, total: 3 });
    expect(answer.data.every((s: Student) => s.accountType !== 'admin')).toBe(true);
    expect(JSON.stringify(answer)).not.toMatch(/password|token_version/i);
  });

  it('never lists an admin, even when the search matches one', async () => {
    const answer = (await list({ search: TEST_ADMIN.email })).json();
    expect(answer.paging.total).toBe(0);
  });

  it('pages through the matching rows without gaps or repeats', async () => {
    const { tag } = await cohort(Array.from({ length: 7 }, (_, i) => ({ name: `Pupil${i}` })));
    const pages = [];
    for (const page of [1, 2, 3]) pages.push((await list({ search: tag, page, pageSize: 3 })).json());
    expect(pages.map((p) => p.data.length)).toEqual([3, 3, 1]);
    expect(pages.every((p) => p.paging.total === 7)).toBe(true);
    const names = pages.flatMap((p) => p.data.map((s: Student) => s.name));
    expect(new Set(names).size).toBe(7);
    expect((await list({ search: tag, page: 9, pageSize: 3 })).json().data).toEqual([]);
  });

  it('searches name, e-mail and regNo in any letter case, and phone numbers by their digits', async () => {
    const { tag, made } = await cohort([{ name: 'Nadeesha' }]);
    const [student] = made;
    if (!student) throw new Error('no student');
    const other = await registerStudent(t.app, { whatsAppNo: '0719988776', name: `Phone owner ${tag}` });
    const found = async (search: string) => (await list({ search })).json().data.map((s: Student) => s._id);
    expect(await found(`NADEESHA ${tag.toUpperCase()}`)).toEqual([student._id]);
    expect(await found(student.email.toUpperCase())).toEqual([student._id]);
    expect(await found(student.regNo.toLowerCase())).toContain(student._id);
    expect(await found('071 998 8776')).toEqual([other.student._id]);
    // LIKE wildcards typed by the admin match themselves, not everything.
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
  });

  it('finds a student by the name, e-mail and phone an admin just gave them, not by the old ones', async () => {
    const { tag, made } = await cohort([{ name: 'Old Name' }]);
    const id = made[0]?._id ?? '';
    const fresh = crypto.randomUUID().slice(0, 8);
    const headers = await adminHeaders();
    const payload = { name: `Hasini ${fresh}`, email: `hasini.${fresh}@example.lk`, whatsAppNo: '0765554443' };
    const edit = { ...payload, password: TEST_ADMIN.password };
    expect((await t.app.inject({ method: 'PUT', url: `/api/students/student/update/${id}`, headers, payload: edit })).statusCode).toBe(200);
    const found = async (search: string) => (await list({ search })).json().data.map((s: Student) => s._id);
    expect(await found(`hasini ${fresh}`)).toEqual([id]);
    expect(await found(`HASINI.${fresh}@EXAMPLE.LK`)).toEqual([id]);
    expect(await found('076 555 4443')).toEqual([id]);
    expect(await found(`Old Name ${tag}`)).toEqual([]);
  });

  it('filters by batch, class type and state together', async () => {
    const { tag, made } = await cohort([
      { name: 'A', batch: '2026', classType: 'Paper' },
      { name: 'B', batch: '2026', classType: 'Paper' },
      { name: 'C', batch: '2026', classType: 'Theory' },
      { name: 'D', batch: '2027', classType: 'Paper' },
    ]);
    const headers = await adminHeaders();
    await t.app.inject({
      method: 'PUT',
      url: `/api/students/student/state/update/${made[1]?._id}`,
      headers,
      payload: { state: 'de-active', password: TEST_ADMIN.password },
    });
    const names = async (query: Record<string, string>) =>
      (await list({ search: tag, ...query })).json().data.map((s: Student) => s.name.split(' ')[0]);
    expect(await names({ batch: '2026', classType: 'Paper' })).toEqual(['A', 'B']);
    expect(await names({ batch: '2026', classType: 'Paper', state: 'de-active' })).toEqual(['B']);
    expect(await names({ state: 'active' })).toEqual(['A', 'C', 'D']);
  });

  it.each([
    [{ state: 'suspended' }, 'state'],
    [{ batch: '1999' }, 'batch'],
    [{ classType: 'Evening' }, 'classType'],
    [{ page: 0 }, 'page'],
    [{ pageSize: 500 }, 'pageSize'],
    [{ page: 'two' }, 'page'],
    [{ search: 'x'.repeat(101) }, 'search'],
  ])('refuses the query %o with 400 naming %s', async (query, field) => {
    const response = await list(query as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('exports the filtered list as CSV in list order, with the formula guard', async () => {
    const { tag } = await cohort([
      { name: 'Kamal', batch: '2027' },
      { name: '=HYPERLINK("x")', batch: '2025' },
      { name: 'Lalith', batch: '2026', classType: 'Revision' },
    ]);
    const response = await exportCsv({ search: tag, classType: 'Theory', password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="students-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...STUDENT_CSV_COLUMNS]);
    expect(rows.map((r) => r[1])).toEqual([`'=HYPERLINK("x") ${tag}`, `Kamal ${tag}`]);
    expect(rows.every((r) => r.length === STUDENT_CSV_COLUMNS.length)).toBe(true);
    expect(response.body).not.toMatch(/argon2/);
  });

  it("refuses an export without the admin's password (400 naming it) or with a wrong one (400, counted), and records no export", async () => {
    const exports = () => t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'student.export').execute();
    const before = (await exports()).length;
    const missing = await exportCsv({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'password', message: 'password is required' }]);
    const wrong = await exportCsv({ password: 'not-the-admin-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: SERVER_TEXT.wrongCurrentPassword, errors: [{ field: 'password' }] });
    expect(wrong.body).not.toContain('regNo');
    const admin = await t.database.db.selectFrom('accounts').select('id').where('email_key', '=', TEST_ADMIN.email.toLowerCase()).executeTakeFirstOrThrow();
    const failures = await t.database.db.selectFrom('sign_in_failures').selectAll().where('subject', '=', `password:${admin.id}`).execute();
    expect(failures).toHaveLength(1);
    expect(await exports()).toHaveLength(before);
  });

  it('no longer answers the export by GET, so the password never rides in an address', async () => {
    const response = await t.app.inject({ url: EXPORT, headers: await adminHeaders() });
    expect(response.statusCode).toBe(404);
  });
});
