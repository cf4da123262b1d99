import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION, registerBodySchema, type ErasureState, type PrivacyExport } from '@academy/contract';
import { buildRegistration, signedInStudent } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { until } from '../../../test/until';
import { JobQueue } from '../../jobs/queue';
import { JobWorker } from '../../jobs/worker';
import { listDeletedStudents, restoreStudent } from '../students/admin-service';
import { registerStudent } from '../students/service';
import { PRIVACY_SWEEP_JOB, sweepJob, SWEEP_EVERY_MS } from './create-privacy';
import { ERASED_NAME, erasedEmail } from './erase';
import { askErasure, DAY_MS, plantAuditEntry, plantPayment, plantWatching, sweepAt } from './test-helpers';

const t = useTestApp();
const REGISTER = '/api/students/student/register';

describe('consent at registration', () => {
  it('refuses a registration without the consent, or with it false, with 400 naming consent', async () => {
    for (const consent of [undefined, false]) {
      const response = await t.app.inject({ method: 'POST', url: REGISTER, payload: buildRegistration({ consent }) });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors).toEqual([expect.objectContaining({ field: 'consent' })]);
    }
  });

  it('records when the student consented, and to which notice', async () => {
    const before = new Date().toISOString();
    const { student } = await signedInStudent(t.app);
    const row = await t.database.db.selectFrom('privacy_consents').selectAll().where('account_id', '=', student._id).executeTakeFirstOrThrow();
    expect(row.notice_version).toBe(PRIVACY_NOTICE_VERSION);
    expect(row.consented_at >= before).toBe(true);
  });

  it("lets an admin's Add Student through without the student's consent, and records none", async () => {
    const db = t.database.db;
    const adminId = (await db.selectFrom('accounts').select('id').where('email_key', '=', TEST_ADMIN.email).executeTakeFirstOrThrow()).id;
    const added = await registerStudent(db, registerBodySchema.parse(buildRegistration({ consent: undefined })), { id: adminId, ip: '198.51.100.1' });
    expect(await db.selectFrom('privacy_consents').select('account_id').where('account_id', '=', added._id).executeTakeFirst()).toBeUndefined();
  });
});

describe('export', () => {
  it("holds the caller's own profile, classes, watch history, payments and sessions, and nothing of another student", async () => {
    const db = t.database.db;
    const amaya = await signedInStudent(t.app, { name: 'Amaya Export', scl: 'Musaeus College' });
    const other = await signedInStudent(t.app, { name: 'Nimal Other', scl: 'Ananda College', address: '9 Other Lane' });
    const classId = crypto.randomUUID();
    await db.insertInto('classes').values({ id: classId, name: 'Export Class', name_key: `export class ${classId}`, folder_id: `folder-${classId}`, created_at: new Date().toISOString() }).execute();
    await db.insertInto('class_grants').values({ id: crypto.randomUUID(), class_id: classId, email_key: amaya.body.email.toLowerCase(), batch: null, class_type: null, ends_at: null, created_at: new Date().toISOString() }).execute();
    await plantWatching(db, amaya.student._id, 'amaya-lesson.mp4');
    await plantWatching(db, other.student._id, 'other-lesson.mp4');
    await plantPayment(db, amaya.student._id, 'Amaya Export');
    await plantPayment(db, other.student._id, 'Nimal Other');

    const response = await t.app.inject({ url: '/api/privacy/mine/export', headers: amaya.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json<PrivacyExport>();
    expect(data.profile).toMatchObject({ name: 'Amaya Export', email: amaya.body.email, school: 'Musaeus College', address: amaya.body.address, idNo: amaya.body.studentIdImg });
    expect(data.consent).toMatchObject({ noticeVersion: PRIVACY_NOTICE_VERSION });
    expect(data.classGrants).toEqual([expect.objectContaining({ className: 'Export Class' })]);
    expect(data.watchHistory).toEqual([expect.objectContaining({ fileId: 'amaya-lesson.mp4', positionSeconds: 42 })]);
    expect(data.feePayments).toEqual([expect.objectContaining({ studentName: 'Amaya Export', amountCents: 250_000 })]);
    expect(data.sessions).toHaveLength(1);
    const text = response.body;
    for (const foreign of ['Nimal Other', other.body.email, 'Ananda College', '9 Other Lane', 'other-lesson.mp4']) expect(text).not.toContain(foreign);
    // Secrets are never exported.
    expect(text).not.toContain('argon2');
    expect(text).not.toMatch(/token_?version/i);
  });

  it('refuses a caller who is not signed in', async () => {
    expect((await t.app.inject({ url: '/api/privacy/mine/export' })).statusCode).toBe(401);
  });
});

describe('erasure', () => {
  it('asks the password again, and answers the day the erasure is due', async () => {
    const { headers, body } = await signedInStudent(t.app);
    const wrong = await askErasure(t.app, headers, 'not-my-password-at-all');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([expect.objectContaining({ field: 'password' })]);

    const before = Date.now();
    const asked = await askErasure(t.app, headers, body.password);
    expect(asked.statusCode, asked.body).toBe(200);
    const state = asked.json<{ data: ErasureState }>().data;
    expect(state.graceDays).toBe(14);
    const due = Date.parse(state.eraseAfter ?? '');
    expect(due - before).toBeGreaterThanOrEqual(14 * DAY_MS);
    expect(due - Date.now()).toBeLessThanOrEqual(14 * DAY_MS);
    expect((await askErasure(t.app, headers, body.password)).statusCode).toBe(409);
    const read = await t.app.inject({ url: '/api/privacy/mine/erasure', headers });
    expect(read.json<{ data: ErasureState }>().data.eraseAfter).toBe(state.eraseAfter);
  });

  it('anonymises the account once the grace period has passed, keeping receipts and audit entries as they were', async () => {
    const db = t.database.db;
    const student = await signedInStudent(t.app, { name: 'Dilini Erase', scl: 'Visakha Vidyalaya' });
    const id = student.student._id;
    await plantWatching(db, id, 'dilini-lesson.mp4');
    await plantPayment(db, id, 'Dilini Erase');
    const adminId = (await db.selectFrom('accounts').select('id').where('email_key', '=', TEST_ADMIN.email).executeTakeFirstOrThrow()).id;
    await plantAuditEntry(db, adminId, new Date().toISOString(), id, 'Dilini Erase');
    const auditBefore = await db.selectFrom('audit_log').selectAll().where('target_id', '=', id).execute();
    expect(auditBefore).toHaveLength(1);

    const login = await t.app.inject({ method: 'POST', url: '/api/students/student/login', payload: { email: student.body.email, password: student.body.password } });
    const headers = { authorization: `Bearer ${login.json().token}` };
    expect((await askErasure(t.app, headers, student.body.password)).statusCode).toBe(200);

    await sweepAt(t, Date.now() + 13 * DAY_MS);
    expect((await db.selectFrom('accounts').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('Dilini Erase');

    const counts = await sweepAt(t, Date.now() + 15 * DAY_MS);
    expect(counts.erased).toBeGreaterThanOrEqual(1);
    const row = await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: ERASED_NAME,
      email: erasedEmail(id),
      whatsapp_no: '',
      additional_no: '',
      scl: '',
      address: '',
      student_id_img: '',
      account_state: 'erased',
    });
    expect(row.deleted_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain('Dilini');
    expect(await db.selectFrom('sessions').select('id').where('account_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('watch_progress').select('file_id').where('account_id', '=', id).execute()).toEqual([]);
    // The receipt is the academy's legal copy: it keeps the name it was issued to.
    expect(await db.selectFrom('fee_payments').select('student_name').where('account_id', '=', id).execute()).toEqual([{ student_name: 'Dilini Erase' }]);
    expect(await db.selectFrom('audit_log').selectAll().where('target_id', '=', id).execute()).toEqual(auditBefore);
    expect((await db.selectFrom('erasure_requests').select('erased_at').where('account_id', '=', id).executeTakeFirstOrThrow()).erased_at).not.toBeNull();

    const signIn = await t.app.inject({ method: 'POST', url: '/api/students/student/login', payload: { email: student.body.email, password: student.body.password } });
    expect(signIn.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/privacy/mine/export', headers })).statusCode).toBe(401);
    // An erased student is no deleted student an admin could bring back, nor one the deleted list shows.
    await expect(restoreStudent(db, { id: adminId, ip: '198.51.100.1' }, id)).rejects.toMatchObject({ status: 404 });
    const deleted = await listDeletedStudents(db, { search: '', page: 1, pageSize: 1000 });
    expect(deleted.data.map((item) => item._id)).not.toContain(id);
  });

  it('is cancelled by the student signing in and cancelling: the sweep then leaves the account alone', async () => {
    const db = t.database.db;
    const { headers, body, student } = await signedInStudent(t.app, { name: 'Ruwan Cancel' });
    expect((await askErasure(t.app, headers, body.password)).statusCode).toBe(200);
    const later = await t.app.inject({ method: 'POST', url: '/api/students/student/login', payload: { email: body.email, password: body.password } });
    expect(later.statusCode).toBe(200);
    const cancel = await t.app.inject({ method: 'DELETE', url: '/api/privacy/mine/erasure', headers: { authorization: `Bearer ${later.json().token}` } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<{ data: ErasureState }>().data.eraseAfter).toBeNull();

    await sweepAt(t, Date.now() + 30 * DAY_MS);
    expect((await db.selectFrom('accounts').select(['name', 'deleted_at']).where('id', '=', student._id).executeTakeFirstOrThrow())).toEqual({ name: 'Ruwan Cancel', deleted_at: null });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/privacy/mine/erasure', headers })).statusCode).toBe(404);
  });

  it('is run by a durable job queued at the start, once for every instance', async () => {
    const jobs = await t.database.db.selectFrom('jobs').select(['state', 'job_key']).where('kind', '=', PRIVACY_SWEEP_JOB).execute();
    expect(jobs).toEqual([{ state: 'queued', job_key: 'all' }]);
  });

  it("is carried out by the sweep job when a worker takes it, which then queues its own next run", async () => {
    const db = t.database.db;
    const { headers, body, student } = await signedInStudent(t.app, { name: 'Job Erase' });
    expect((await askErasure(t.app, headers, body.password)).statusCode).toBe(200);
    const ctx = { db, dataDir: t.config.dataDir, rules: t.config.privacy, clock: () => Date.now() + 15 * DAY_MS, log: pino({ level: 'silent' }) };
    const queue = new JobQueue(db);
    const worker = new JobWorker(queue, { [PRIVACY_SWEEP_JOB]: sweepJob(ctx) }, { concurrency: 1, leaseMs: 60_000, pollMs: 60_000, log: ctx.log });
    await queue.enqueue(PRIVACY_SWEEP_JOB, 'all', {});
    worker.start();
    try {
      await until('the sweep job to erase the student', async () => {
        const row = await db.selectFrom('accounts').select('account_state').where('id', '=', student._id).executeTakeFirstOrThrow();
        return row.account_state === 'erased';
      }, 30_000);
      const next = await until('the next sweep to be queued', async () => {
        const job = await db.selectFrom('jobs').select(['state', 'run_after']).where('kind', '=', PRIVACY_SWEEP_JOB).executeTakeFirstOrThrow();
        return job.state === 'queued' && Date.parse(job.run_after) > Date.now() + SWEEP_EVERY_MS / 2 ? job : null;
      }, 30_000);
      expect(Date.parse(next.run_after)).toBeLessThanOrEqual(Date.now() + SWEEP_EVERY_MS);
    } finally {
      await worker.stop();
    }
  });
});
