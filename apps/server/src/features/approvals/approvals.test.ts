import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '@academy/contract';
import { registerStudent } from '../../../test/factories';
import { TEST_ADMIN, useTestApp, type TestApp } from '../../../test/test-app';
import { adminHeaders, createClass, createSubfolder } from '../class-material/test-helpers';
import { entriesWrittenBy, signInAdmin } from '../audit-log/test-helpers';
import { SECOND_ADMIN, secondAdminHeaders } from './test-helpers';

// Deleting a student or a class waits for a second admin (docs/security.md 'Two admins for a
// deletion'): approved, it runs; declined or expired, nothing is deleted; the requester cannot
// approve their own, unless they are the only active admin and the cooling-off has passed.

const HOUR = 3_600_000;
const removeStudent = (id: string) => `/api/students/student/deletestudent/${id}`;
const studentById = (id: string) => `/api/students/student/getbyid/${id}`;
const approve = (id: string) => `/api/approvals/${id}/approve`;
const decline = (id: string) => `/api/approvals/${id}/decline`;

function clock() {
  const state = { now: Date.parse('2026-11-28T08:00:00Z') };
  return { state, read: () => state.now };
}

async function askToDelete(t: TestApp, headers: Record<string, string>, studentId: string): Promise<ApprovalRequest> {
  const response = await t.app.inject({ method: 'DELETE', url: removeStudent(studentId), headers, payload: { password: TEST_ADMIN.password } });
  expect(response.statusCode, response.body).toBe(202);
  return (response.json() as { data: ApprovalRequest }).data;
}

async function notificationTo(t: TestApp, approvalId: string): Promise<string[]> {
  const row = await t.database.db.selectFrom('notifications').select('audience_json').where('kind', '=', 'approval.requested').where('subject_key', '=', `approval:${approvalId}`).executeTakeFirst();
  return row ? ((JSON.parse(row.audience_json) as { accounts?: string[] }).accounts ?? []) : [];
}

describe('with two admins', () => {
  const time = clock();
  const t = useTestApp({ APPROVAL_TTL: '3d', APPROVAL_COOLING_OFF: '24h' }, { securityClock: time.read });

  it('a deletion waits for the second admin, who approves it; the requester cannot approve their own', async () => {
    const admin = await signInAdmin(t.app);
    const second = await secondAdminHeaders(t.app, t.database.db);
    const { student } = await registerStudent(t.app);

    let pending!: ApprovalRequest;
    const requested = await entriesWrittenBy(t.app, admin.headers, async () => {
      pending = await askToDelete(t, admin.headers, student._id);
    });
    expect(pending).toMatchObject({ action: 'student.delete', target: { id: student._id, label: student.name }, state: 'pending', requestedBy: { id: admin.login.studentId } });
    expect(requested.map((entry) => entry.action)).toEqual(['approval.request']);
    expect((await t.app.inject({ url: studentById(student._id), headers: admin.headers })).statusCode).toBe(200);
    const secondId = (await t.database.db.selectFrom('accounts').select('id').where('email', '=', SECOND_ADMIN.email).executeTakeFirstOrThrow()).id;
    expect(await notificationTo(t, pending.id)).toEqual([secondId]);

    // Deleting again shows the same request; the other admin sees it listed.
    expect((await askToDelete(t, admin.headers, student._id)).id).toBe(pending.id);
    const listed = await t.app.inject({ url: '/api/approvals', headers: second });
    expect((listed.json() as { data: ApprovalRequest[] }).data.map((request) => request.id)).toContain(pending.id);

    const own = await t.app.inject({ method: 'POST', url: approve(pending.id), headers: admin.headers, payload: { password: TEST_ADMIN.password } });
    expect(own.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: approve(pending.id), headers: second, payload: { password: 'not-the-password' } })).statusCode).toBe(400);

    const decided = await entriesWrittenBy(t.app, admin.headers, async () => {
      const approved = await t.app.inject({ method: 'POST', url: approve(pending.id), headers: second, payload: { password: SECOND_ADMIN.password } });
      expect(approved.statusCode, approved.body).toBe(200);
      expect((approved.json() as { data: ApprovalRequest }).data).toMatchObject({ state: 'approved', decidedBy: { id: secondId } });
    });
    expect(decided.map((entry) => entry.action).sort()).toEqual(['approval.approve', 'student.delete']);
    expect((await t.app.inject({ url: studentById(student._id), headers: admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: approve(pending.id), headers: second, payload: { password: SECOND_ADMIN.password } })).statusCode).toBe(409);
  });

  it('a declined, withdrawn or expired request deletes nothing', async () => {
    const admin = await signInAdmin(t.app);
    const second = await secondAdminHeaders(t.app, t.database.db);
    const { student } = await registerStudent(t.app);

    const declined = await askToDelete(t, admin.headers, student._id);
    const answer = await t.app.inject({ method: 'POST', url: decline(declined.id), headers: second });
    expect((answer.json() as { data: ApprovalRequest }).data.state).toBe('declined');
    expect((await t.app.inject({ method: 'POST', url: approve(declined.id), headers: second, payload: { password: SECOND_ADMIN.password } })).statusCode).toBe(409);

    const withdrawn = await askToDelete(t, admin.headers, student._id);
    expect(withdrawn.id).not.toBe(declined.id);
    expect(((await t.app.inject({ method: 'POST', url: decline(withdrawn.id), headers: admin.headers })).json() as { data: ApprovalRequest }).data.state).toBe('cancelled');

    const expiring = await askToDelete(t, admin.headers, student._id);
    time.state.now += 3 * 24 * HOUR;
    const late = await t.app.inject({ method: 'POST', url: approve(expiring.id), headers: second, payload: { password: SECOND_ADMIN.password } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: 'This request has expired; delete again to make a new one' });
    expect(((await t.app.inject({ url: '/api/approvals', headers: second })).json() as { data: ApprovalRequest[] }).data.map((request) => request.id)).not.toContain(expiring.id);
    expect((await t.app.inject({ url: studentById(student._id), headers: admin.headers })).statusCode).toBe(200);
    expect((await askToDelete(t, admin.headers, student._id)).id).not.toBe(expiring.id);
  });

  it('deleting a class waits for approval; a folder inside it goes at once', async () => {
    const admin = await adminHeaders(t.app);
    const second = await secondAdminHeaders(t.app, t.database.db);
    const classFolder = await createClass(t.app, admin);
    const sub = await createSubfolder(t.app, admin, classFolder.id, 'Week 1');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/folders/item/${encodeURIComponent(sub.id)}`, headers: admin })).statusCode).toBe(200);

    const asked = await t.app.inject({ method: 'DELETE', url: `/api/folders/item/${encodeURIComponent(classFolder.id)}`, headers: admin });
    expect(asked.statusCode, asked.body).toBe(202);
    const pending = (asked.json() as { data: ApprovalRequest }).data;
    expect(pending).toMatchObject({ action: 'class.delete', target: { id: classFolder.id, label: classFolder.name } });
    const classExists = async () => (await t.database.db.selectFrom('classes').select('id').where('name', '=', classFolder.name).execute()).length;
    expect(await classExists()).toBe(1);

    const approved = await t.app.inject({ method: 'POST', url: approve(pending.id), headers: second, payload: { password: SECOND_ADMIN.password } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await classExists()).toBe(0);
  });
});

describe('with one active admin', () => {
  const time = clock();
  const t = useTestApp({ APPROVAL_TTL: '7d', APPROVAL_COOLING_OFF: '24h' }, { securityClock: time.read });

  it('the only admin is told of their own request and may carry it out alone after the cooling-off', async () => {
    const admin = await signInAdmin(t.app);
    const { student } = await registerStudent(t.app);
    const pending = await askToDelete(t, admin.headers, student._id);
    expect(await notificationTo(t, pending.id)).toEqual([admin.login.studentId]);

    const early = await t.app.inject({ method: 'POST', url: approve(pending.id), headers: admin.headers, payload: { password: TEST_ADMIN.password } });
    expect(early.statusCode).toBe(409);
    expect((await t.app.inject({ url: studentById(student._id), headers: admin.headers })).statusCode).toBe(200);

    time.state.now += 24 * HOUR + 1;
    const alone = await t.app.inject({ method: 'POST', url: approve(pending.id), headers: admin.headers, payload: { password: TEST_ADMIN.password } });
    expect(alone.statusCode, alone.body).toBe(200);
    expect((await t.app.inject({ url: studentById(student._id), headers: admin.headers })).statusCode).toBe(404);
  });
});
