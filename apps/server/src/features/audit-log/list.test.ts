import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_PATHS, type AuditAdmin } from '@academy/contract';
import { registerStudent, signedInStudent } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { readLimit, writeLimit } from '../sessions/service';
import { setState } from '../students/admin-service';
import { ensureAdmin } from '../students/service';
import * as repo from './repo';
import { recordAudit } from './service';
import { termsOf } from './terms';
import { auditLog, auditLogUrl, signInAdmin } from './test-helpers';

// Reading the log: admins only, newest first, each filter, the paging, and refusals that name the
// field. Entries for the filters are written straight into the table, with the times a test needs.

const SEEDED_BY = 'seeded-admin';

interface Seed {
  at: string;
  action?: string;
  targetId?: string;
  label?: string;
  keywords?: string[];
}

describe('GET audit-log/entries', () => {
  const t = useTestApp();

  /** Writes the entries in one transaction: thousands of commits, each flushed to disk, took PostgreSQL 20 s on a busy machine. */
  async function seed(entries: Seed[]): Promise<string[]> {
    return t.database.db.transaction().execute(async (trx) => {
      const ids: string[] = [];
      for (const entry of entries) {
        const id = crypto.randomUUID();
        const targetId = entry.targetId ?? crypto.randomUUID();
        const label = entry.label ?? 'Seeded student';
        await repo.insertEntry(
          trx,
          {
            id,
            at: entry.at,
            actor_id: SEEDED_BY,
            actor_name: 'Seeded Admin',
            actor_email: 'seeded@academy.test',
            action: entry.action ?? 'student.edit',
            target_type: 'student',
            target_id: targetId,
            target_label: label,
            summary: `Edited ${label}`,
            detail: '{}',
            ip: '10.1.2.3',
          },
          termsOf([targetId, label, ...(entry.keywords ?? [])]),
        );
        ids.push(id);
      }
      return ids;
    });
  }

  /** The ids the log answers for these filters, among the seeded entries only. */
  async function seededIds(query: Record<string, string | number>): Promise<string[]> {
    const admin = await signInAdmin(t.app);
    return (await auditLog(t.app, admin.headers, { adminId: SEEDED_BY, pageSize: 100, ...query })).data.map((entry) => entry.id);
  }

  it('is for admins only: 401 without a session, 403 for a student', async () => {
    const student = await signedInStudent(t.app);
    for (const path of [auditLogUrl(), `/api/${AUDIT_LOG_PATHS.admins}`]) {
      expect((await t.app.inject({ url: path })).statusCode).toBe(401);
      const asStudent = await t.app.inject({ url: path, headers: student.headers });
      expect(asStudent.statusCode).toBe(403);
      expect(asStudent.json().data).toBeNull();
    }
  });

  it('answers newest first, a page at a time, with the total', async () => {
    const base = Date.parse('2025-01-10T08:00:00Z');
    const ids = await seed(Array.from({ length: 23 }, (_, i) => ({ at: new Date(base + i * 60_000).toISOString() })));
    const newestFirst = [...ids].reverse();
    const admin = await signInAdmin(t.app);
    const first = await auditLog(t.app, admin.headers, { adminId: SEEDED_BY, pageSize: 10 });
    expect(first.paging).toEqual({ page: 1, pageSize: 10, total: 23, totalIsExact: true });
    expect(first.data.map((entry) => entry.id)).toEqual(newestFirst.slice(0, 10));
    expect(first.data[0]).toMatchObject({ admin: { id: SEEDED_BY, name: 'Seeded Admin', email: 'seeded@academy.test' }, ip: '10.1.2.3', detail: {} });
    const third = await auditLog(t.app, admin.headers, { adminId: SEEDED_BY, pageSize: 10, page: 3 });
    expect(third.data.map((entry) => entry.id)).toEqual(newestFirst.slice(20));
    expect((await auditLog(t.app, admin.headers, { adminId: SEEDED_BY, pageSize: 10, page: 4 })).data).toEqual([]);
  });

  it('filters by action, by admin and by target id', async () => {
    const target = crypto.randomUUID();
    const [suspended, deleted, other] = await seed([
      { at: '2025-02-01T10:00:00.000Z', action: 'student.suspend', targetId: target },
      { at: '2025-02-01T10:01:00.000Z', action: 'student.delete', targetId: target },
      { at: '2025-02-01T10:02:00.000Z', action: 'student.suspend' },
    ]);
    expect(await seededIds({ action: 'student.suspend', from: '2025-02-01', to: '2025-02-01' })).toEqual([other, suspended]);
    expect(await seededIds({ targetId: target })).toEqual([deleted, suspended]);
    expect(await seededIds({ targetId: target, action: 'student.delete' })).toEqual([deleted]);

    const admin = await signInAdmin(t.app);
    const all = await auditLog(t.app, admin.headers, { pageSize: 100 });
    expect(all.data.every((entry) => entry.admin.id === admin.login.studentId || entry.admin.id === SEEDED_BY)).toBe(true);
    const mine = await auditLog(t.app, admin.headers, { adminId: admin.login.studentId, pageSize: 100 });
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.every((entry) => entry.admin.id === admin.login.studentId && entry.action === 'admin.sign-in')).toBe(true);
  });

  it('searches the words of the target: the start of any word, any letter case, every typed word, e-mails and ids whole', async () => {
    const target = crypto.randomUUID();
    const [kasun, nimali, sinhala] = await seed([
      { at: '2025-03-01T10:00:00.000Z', label: 'Kasun Perera', keywords: ['kasun.p@example.lk', '25T07LI'], targetId: target },
      { at: '2025-03-01T10:01:00.000Z', label: 'Nimali Perera', keywords: ['nimali@example.lk'] },
      { at: '2025-03-01T10:02:00.000Z', label: 'සඳුනි සිල්වා' },
    ]);
    expect(await seededIds({ search: 'perera' })).toEqual([nimali, kasun]);
    expect(await seededIds({ search: 'PER' })).toEqual([nimali, kasun]);
    expect(await seededIds({ search: 'kas per' })).toEqual([kasun]);
    expect(await seededIds({ search: 'kasun.p@example.lk' })).toEqual([kasun]);
    expect(await seededIds({ search: 'nimali@' })).toEqual([nimali]);
    expect(await seededIds({ search: '25t07' })).toEqual([kasun]);
    expect(await seededIds({ search: target })).toEqual([kasun]);
    expect(await seededIds({ search: 'සඳුනි' })).toEqual([sinhala]);
    expect(await seededIds({ search: 'erera' })).toEqual([]);
    expect(await seededIds({ search: "kasun' or 1=1 --" })).toEqual([]);
    expect(await seededIds({ search: '%' })).toHaveLength(await seededIds({}).then((ids) => ids.length));
  });

  it("finds a target by every name it had, and finds thousands of targets as well as a few", async () => {
    const target = crypto.randomUUID();
    const [before, after] = await seed([
      { at: '2025-03-02T10:00:00.000Z', label: 'Hiruni Bandara', targetId: target },
      { at: '2025-03-02T10:01:00.000Z', label: 'Hiruni Herath', targetId: target },
    ]);
    expect(await seededIds({ search: 'bandara' })).toEqual([after, before]);

    // More targets than the search hands over as a list: the query takes the words as a subquery.
    // Their ids start with a letter: a target's id is one of its words, and a random id starting
    // with '1999' (1 in 65,536 each, so 3 % of runs) would rightly be found by 'crowd member 1999'.
    const many = await seed(
      Array.from({ length: 2001 }, (_, i) => ({
        at: new Date(Date.parse('2024-01-01T00:00:00Z') + i * 1000).toISOString(),
        label: `Crowd Member ${i}`,
        targetId: `c${crypto.randomUUID().slice(1)}`,
      })),
    );
    const admin = await signInAdmin(t.app);
    const crowd = await auditLog(t.app, admin.headers, { search: 'crowd', pageSize: 5, page: 2 });
    expect(crowd.data.map((entry) => entry.id)).toEqual([...many].reverse().slice(5, 10));
    // Counted to 1,000 past the page's first entry; exactly once the page is near the end.
    expect(crowd.paging).toMatchObject({ total: 1005, totalIsExact: false });
    const last = await auditLog(t.app, admin.headers, { search: 'crowd', pageSize: 5, page: 400 });
    expect(last.paging).toMatchObject({ total: 2001, totalIsExact: true });
    expect(last.data.map((entry) => entry.id)).toEqual([...many].reverse().slice(1995, 2000));
    expect((await auditLog(t.app, admin.headers, { search: 'crowd member 1999' })).data.map((entry) => entry.id)).toEqual([many[1999]]);
  });

  it('counts days in Sri Lanka time, both ends included', async () => {
    // 18:30 UTC is midnight in Sri Lanka (+05:30).
    const [lastOfFirst, firstOfSecond, endOfThird] = await seed([
      { at: '2025-04-01T18:29:59.999Z' },
      { at: '2025-04-01T18:30:00.000Z' },
      { at: '2025-04-03T18:29:59.999Z' },
    ]);
    expect(await seededIds({ from: '2025-04-01', to: '2025-04-01' })).toEqual([lastOfFirst]);
    expect(await seededIds({ from: '2025-04-02', to: '2025-04-03' })).toEqual([endOfThird, firstOfSecond]);
    expect(await seededIds({ from: '2025-04-02' })).toEqual(expect.arrayContaining([endOfThird, firstOfSecond]));
    expect(await seededIds({ from: '2025-04-02' })).not.toContain(lastOfFirst);
    expect(await seededIds({ to: '2025-04-01', from: '2025-03-31' })).toEqual([lastOfFirst]);
  });

  it('keeps a very long target id as its hash, and finds it by the id it was given', async () => {
    const admin = await signInAdmin(t.app);
    const longId = `folder/${'deep/'.repeat(100)}notes.pdf`;
    await recordAudit(t.database.db, { id: admin.login.studentId, ip: '10.9.9.9' }, {
      action: 'file.delete',
      target: { type: 'file', id: longId, label: 'notes.pdf' },
      summary: 'Deleted notes.pdf from History',
    });
    const found = await auditLog(t.app, admin.headers, { targetId: longId });
    expect(found.data.map((entry) => [entry.summary, entry.ip])).toEqual([['Deleted notes.pdf from History', '10.9.9.9']]);
    expect(found.data[0]?.target.id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect((await auditLog(t.app, admin.headers, { targetId: found.data[0]?.target.id ?? '' })).paging.total).toBe(1);
  });

  it.each([
    ['action', { action: 'student.explode' }],
    ['from', { from: '2025-02-30' }],
    ['to', { to: '1 April' }],
    ['to', { from: '2025-04-02', to: '2025-04-01' }],
    ['page', { page: 0 }],
    ['pageSize', { pageSize: 101 }],
    ['search', { search: 'x'.repeat(101) }],
  ])('refuses a bad %s with 400 naming it', async (field, query) => {
    const admin = await signInAdmin(t.app);
    const response = await t.app.inject({ url: auditLogUrl(query), headers: admin.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it("lists the admin accounts for the admin filter, another admin's entries under their name", async () => {
    const staff = { email: 'staff@academy.test', password: 'staff-password-1', name: 'Staff Member' };
    await ensureAdmin(t.database.db, staff, { resetPassword: false });
    await registerStudent(t.app);
    const admin = await signInAdmin(t.app);
    const response = await t.app.inject({ url: `/api/${AUDIT_LOG_PATHS.admins}`, headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const admins = response.json<{ data: AuditAdmin[] }>().data;
    expect(admins.map((a) => a.email).sort()).toEqual([staff.email, TEST_ADMIN.email].sort());

    const staffLogin = await signInAdmin(t.app, staff);
    const theirs = await auditLog(t.app, admin.headers, { adminId: staffLogin.login.studentId });
    expect(theirs.data.map((entry) => [entry.action, entry.admin.name, entry.admin.email])).toEqual([['admin.sign-in', staff.name, staff.email]]);
  });
});

describe('an entry and its change are written together', () => {
  const t = useTestApp();
  const ghost = { id: 'no-such-admin', ip: '10.0.0.9' };

  it('a change whose entry cannot be written is not made', async () => {
    const { student } = await registerStudent(t.app);
    await expect(setState(t.database.db, ghost, student._id, 'de-active')).rejects.toThrow(/audit log/);
    const row = await t.database.db.selectFrom('accounts').select('account_state').where('id', '=', student._id).executeTakeFirstOrThrow();
    expect(row.account_state).toBe('active');

    await expect(writeLimit(t.database.db, ghost, { maxSessions: 7 })).rejects.toThrow(/audit log/);
    expect(await readLimit(t.database.db)).toEqual({ maxSessions: 2 });
    const entries = await t.database.db.selectFrom('audit_log').select('id').where('actor_id', '=', ghost.id).execute();
    expect(entries).toEqual([]);
  });
});
