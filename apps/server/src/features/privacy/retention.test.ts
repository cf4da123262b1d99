import { describe, expect, it } from 'vitest';
import { registerStudent } from '../../../test/factories';
import { TEST_ADMIN, testConfig, useTestApp } from '../../../test/test-app';
import { ERASED_NAME } from './erase';
import { daysAgo, plantAuditEntry, plantSession, plantWatching, sweepAt } from './test-helpers';

// Retention (docs/data-inventory.md 'Retention'), at the default periods: sessions 90 days after
// they ended or ran out, audit entries after 730 days, a deleted student's watch history after 30
// days, and the deleted student after 365 days.
const t = useTestApp();

async function adminId(): Promise<string> {
  return (await t.database.db.selectFrom('accounts').select('id').where('email_key', '=', TEST_ADMIN.email).executeTakeFirstOrThrow()).id;
}

/** A registered student, deleted by an admin `days` ago (as the soft delete writes it). */
async function deletedStudent(days: number, name: string): Promise<string> {
  const { student } = await registerStudent(t.app, { name });
  await t.database.db.updateTable('accounts').set({ deleted_at: daysAgo(days) }).where('id', '=', student._id).execute();
  return student._id;
}

describe('the retention sweep', () => {
  it('removes sessions ended or run out more than 90 days ago, and keeps recent and open ones', async () => {
    const db = t.database.db;
    const { student } = await registerStudent(t.app);
    const id = student._id;
    const oldEnded = await plantSession(db, id, { createdAt: daysAgo(120), expiresAt: daysAgo(90), endedAt: daysAgo(100) });
    const oldExpired = await plantSession(db, id, { createdAt: daysAgo(130), expiresAt: daysAgo(100), endedAt: null });
    const recentEnded = await plantSession(db, id, { createdAt: daysAgo(20), expiresAt: daysAgo(-10), endedAt: daysAgo(10) });
    const open = await plantSession(db, id, { createdAt: daysAgo(1), expiresAt: daysAgo(-29), endedAt: null });

    await sweepAt(t, Date.now());
    const left = (await db.selectFrom('sessions').select('id').where('account_id', '=', id).execute()).map((row) => row.id);
    expect(left.sort()).toEqual([recentEnded, open].sort());
    expect(left).not.toContain(oldEnded);
    expect(left).not.toContain(oldExpired);
  });

  it('removes audit entries older than two years with their search words, and keeps younger ones whole', async () => {
    const db = t.database.db;
    const actor = await adminId();
    const oldTarget = crypto.randomUUID();
    const keptTarget = crypto.randomUUID();
    const old = await plantAuditEntry(db, actor, daysAgo(800), oldTarget, 'Oldname Perera');
    const kept = await plantAuditEntry(db, actor, daysAgo(700), keptTarget, 'Keptname Silva');

    await sweepAt(t, Date.now());
    const ids = (await db.selectFrom('audit_log').select('id').where('id', 'in', [old, kept]).execute()).map((row) => row.id);
    expect(ids).toEqual([kept]);
    expect(await db.selectFrom('audit_log_terms').select('term').where('target_id', '=', oldTarget).execute()).toEqual([]);
    expect(await db.selectFrom('audit_log_terms').select('term').where('target_id', '=', keptTarget).execute()).toEqual([{ term: 'keptname' }]);
  });

  it("prunes a deleted student's watch history after 30 days, and erases the student after 365", async () => {
    const db = t.database.db;
    const recent = await deletedStudent(5, 'Recent Deleted');
    const month = await deletedStudent(40, 'Month Deleted');
    const year = await deletedStudent(400, 'Year Deleted');
    for (const id of [recent, month, year]) await plantWatching(db, id, `lesson-${id}.mp4`);

    await sweepAt(t, Date.now());
    const watched = async (id: string) => (await db.selectFrom('watch_progress').select('file_id').where('account_id', '=', id).execute()).length;
    expect(await watched(recent)).toBe(1);
    expect(await watched(month)).toBe(0);
    expect(await watched(year)).toBe(0);
    const names = await db.selectFrom('accounts').select(['id', 'name', 'account_state']).where('id', 'in', [recent, month, year]).execute();
    const byId = Object.fromEntries(names.map((row) => [row.id, row]));
    // Still restorable by an admin: named and deleted, not erased.
    expect(byId[recent]).toMatchObject({ name: 'Recent Deleted', account_state: 'active' });
    expect(byId[month]).toMatchObject({ name: 'Month Deleted', account_state: 'active' });
    expect(byId[year]).toMatchObject({ name: ERASED_NAME, account_state: 'erased' });
  });

  it("removes an erased student's grants by e-mail, unless a live account registered the address since", async () => {
    const db = t.database.db;
    const classId = crypto.randomUUID();
    await db.insertInto('classes').values({ id: classId, name: 'Grant Class', name_key: `grant class ${classId}`, folder_id: `folder-${classId}`, created_at: new Date().toISOString() }).execute();
    const grantTo = async (email: string) =>
      db.insertInto('class_grants').values({ id: crypto.randomUUID(), class_id: classId, email_key: email, batch: null, class_type: null, ends_at: null, created_at: new Date().toISOString() }).execute();
    const alone = await registerStudent(t.app);
    const reusedOld = await registerStudent(t.app);
    for (const { body } of [alone, reusedOld]) await grantTo(body.email.toLowerCase());
    await db.updateTable('accounts').set({ deleted_at: daysAgo(400) }).where('id', 'in', [alone.student._id, reusedOld.student._id]).execute();
    await registerStudent(t.app, { email: reusedOld.body.email });

    await sweepAt(t, Date.now());
    const grants = (await db.selectFrom('class_grants').select('email_key').where('class_id', '=', classId).execute()).map((row) => row.email_key);
    expect(grants).toEqual([reusedOld.body.email.toLowerCase()]);
  });

  it('takes its periods from the settings, and refuses an audit period under 30 days', () => {
    const config = testConfig(t.database, { SESSION_RETENTION_DAYS: '7', AUDIT_RETENTION_DAYS: '30', ERASURE_GRACE_DAYS: '3' });
    expect(config.privacy.retention).toEqual({ sessionDays: 7, auditDays: 30, deletedStudentDays: 365, deletedWatchDays: 30 });
    expect(config.privacy.erasureGraceDays).toBe(3);
    expect(() => testConfig(t.database, { AUDIT_RETENTION_DAYS: '29' })).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});
