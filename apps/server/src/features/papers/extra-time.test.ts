// Extra time (papers.md 'Admin actions'): minutes for one student, set before or during the
// attempt; a sitting student's deadline moves at once, never past the close.
import { describe, expect, it } from 'vitest';
import { PAPERS_TEXT, SERVER_TEXT, type ExtraTimeAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { entriesWrittenBy, noEntryBy, signInAdmin } from '../audit-log/test-helpers';
import { handInOk, saveAnswers, startSitting } from './sitting-helpers';
import { addStudent, createPaper, paperClass, type Headers } from './test-helpers';

const MINUTE_MS = 60_000;

describe('extra time', () => {
  const t = useTestApp();

  const extraTime = (admin: Headers, paperId: string, studentId: string, minutes: unknown) =>
    t.app.inject({ method: 'PUT', url: `/api/papers/${encodeURIComponent(paperId)}/students/${encodeURIComponent(studentId)}/extra-time`, headers: admin, payload: { minutes } });

  async function extraTimeOk(admin: Headers, paperId: string, studentId: string, minutes: number): Promise<ExtraTimeAnswer['data']> {
    const response = await extraTime(admin, paperId, studentId, minutes);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ExtraTimeAnswer>().data;
  }

  /** The paper's close job: when it runs next. */
  async function closeJobRunAfter(paperId: string): Promise<string | undefined> {
    const row = await t.database.db.selectFrom('jobs').select('run_after').where('kind', '=', 'paper.close').where('job_key', '=', paperId).executeTakeFirst();
    return row?.run_after;
  }

  it("extra time moves a sitting student's deadline at once, never past the close", async () => {
    const now = Date.now();
    // An hour to sit, closing 100 minutes from now: 40 minutes of room.
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, { timeLimitMinutes: 60, closesAt: new Date(now + 100 * MINUTE_MS).toISOString() }, now);
    const sitting = await startSitting(t.app, student.headers, paper.id);
    const started = Date.parse(sitting.startedAt);
    expect(Date.parse(sitting.deadline)).toBe(started + 60 * MINUTE_MS);

    expect(await extraTimeOk(admin, paper.id, student.student._id, 30)).toEqual({ extraMinutes: 30, deadline: new Date(started + 90 * MINUTE_MS).toISOString() });
    // The very next answer the phone gets carries it.
    const answered = await saveAnswers(t.app, student.headers, paper.id, { device: sitting.device, saves: [] });
    expect(answered.deadline).toBe(new Date(started + 90 * MINUTE_MS).toISOString());

    expect(await extraTimeOk(admin, paper.id, student.student._id, 600)).toEqual({ extraMinutes: 600, deadline: paper.body.closesAt });
    expect((await startSitting(t.app, student.headers, paper.id)).deadline).toBe(paper.body.closesAt);

    const row = await t.database.db.selectFrom('paper_attempts').select(['extra_minutes', 'deadline_at']).where('paper_id', '=', paper.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ extra_minutes: 600, deadline_at: paper.body.closesAt });
  });

  it("less extra time brings the paper's close job forward to the student's new deadline", async () => {
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, { timeLimitMinutes: 60, closesAt: new Date(Date.now() + 200 * MINUTE_MS).toISOString() });
    await extraTimeOk(admin, paper.id, student.student._id, 60);
    const sitting = await startSitting(t.app, student.headers, paper.id);
    const started = Date.parse(sitting.startedAt);
    const grace = t.config.papers.graceMs;
    // The jobs table runs on the real clock: a run comes a few milliseconds after the instant it was asked for.
    const runsAround = async (at: number) => {
      const runAfter = Date.parse((await closeJobRunAfter(paper.id)) ?? '');
      expect(runAfter).toBeGreaterThanOrEqual(at);
      expect(runAfter).toBeLessThan(at + 10_000);
    };
    await runsAround(started + 120 * MINUTE_MS + grace);

    const shorter = await extraTimeOk(admin, paper.id, student.student._id, 0);
    expect(shorter.deadline).toBe(new Date(started + 60 * MINUTE_MS).toISOString());
    await runsAround(started + 60 * MINUTE_MS + grace);
  });

  it('extra time set before the start is applied at the start', async () => {
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, { timeLimitMinutes: 30 });
    expect(await extraTimeOk(admin, paper.id, student.student._id, 45)).toEqual({ extraMinutes: 45, deadline: null });
    expect(await extraTimeOk(admin, paper.id, student.student._id, 20)).toEqual({ extraMinutes: 20, deadline: null });

    const sitting = await startSitting(t.app, student.headers, paper.id);
    expect(sitting.extraMinutes).toBe(20);
    expect(Date.parse(sitting.deadline)).toBe(Date.parse(sitting.startedAt) + 50 * MINUTE_MS);
  });

  it('is refused once the student has handed in, and for a student who may not open the class', async () => {
    const made = await paperClass(t.app);
    const { admin, folder, student } = made;
    const paper = await createPaper(t.app, admin, folder.id);
    const sitting = await startSitting(t.app, student.headers, paper.id);
    await handInOk(t.app, student.headers, paper.id, { device: sitting.device });
    const handedIn = await extraTime(admin, paper.id, student.student._id, 10);
    expect(handedIn.statusCode, handedIn.body).toBe(409);
    expect(handedIn.json()).toMatchObject({ code: 409, message: PAPERS_TEXT.studentHandedIn, data: null });

    const stranger = await signedInStudent(t.app);
    const notFound = await extraTime(admin, paper.id, stranger.student._id, 10);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toMatchObject({ message: SERVER_TEXT.studentNotFound });
    const outOfRange = await extraTime(admin, paper.id, (await addStudent(t.app, made)).student._id, 601);
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json()).toMatchObject({ errors: [{ field: 'minutes' }] });
    const stored = await t.database.db.selectFrom('paper_accommodations').select('account_id').where('paper_id', '=', paper.id).execute();
    expect(stored).toEqual([]);
  });

  it('extra time is audited with before and after', async () => {
    const admin = await signInAdmin(t.app);
    const { folder, student } = await paperClass(t.app, { name: 'Kasun Perera' });
    const paper = await createPaper(t.app, admin.headers, folder.id, { timeLimitMinutes: 60 });
    await extraTimeOk(admin.headers, paper.id, student.student._id, 10);
    const sitting = await startSitting(t.app, student.headers, paper.id);
    const started = Date.parse(sitting.startedAt);

    const written = await entriesWrittenBy(t.app, admin.headers, () => extraTimeOk(admin.headers, paper.id, student.student._id, 25));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      action: 'paper.extra-time',
      target: { type: 'paper', id: paper.id, label: paper.body.title },
      summary: `Gave Kasun Perera 25 minutes of extra time on ${paper.body.title}`,
      detail: {
        studentId: student.student._id,
        name: 'Kasun Perera',
        before: { extraMinutes: 10, deadline: new Date(started + 70 * MINUTE_MS).toISOString() },
        after: { extraMinutes: 25, deadline: new Date(started + 85 * MINUTE_MS).toISOString() },
      },
    });
    await handInOk(t.app, student.headers, paper.id, { device: sitting.device });
    await noEntryBy(t.app, admin, () => extraTime(admin.headers, paper.id, student.student._id, 30));
  });
});
