// Reopening a handed-in attempt (papers.md 'Admin actions'): the same attempt, its answers and its
// order, open again for the minutes asked from now (past the close if need be); its next hand-in
// marks it again and the ranks are computed again. Refused while it is open and after release.
import { describe, expect, it, vi } from 'vitest';
import { PAPERS_TEXT, SERVER_TEXT, type ReopenAnswer } from '@academy/contract';
import { useTestApp } from '../../../test/test-app';
import { entriesWrittenBy, noEntryBy, signInAdmin } from '../audit-log/test-helpers';
import { closingIn, getResults, JOB_WAIT_MS, RESULTS_TEST_ENV, resultsReady, savesFor, sit, testClock, waitForResults } from './results-test-helpers';
import { handInOk, startSitting } from './sitting-helpers';
import { addStudent, createPaper, getPaper, paperClass, type Headers } from './test-helpers';

const MINUTE_MS = 60_000;

describe('reopening an attempt', () => {
  const clock = testClock();
  const t = useTestApp(RESULTS_TEST_ENV, { clock: clock.now });

  const reopen = (admin: Headers, paperId: string, studentId: string, minutes: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/papers/${encodeURIComponent(paperId)}/students/${encodeURIComponent(studentId)}/reopen`, headers: admin, payload: { minutes } });

  it('reopening keeps the answers and the order, gives the minutes asked from now, and marks again at the next hand-in', async () => {
    const made = await paperClass(t.app, { name: 'Amaya Perera' });
    const { admin, folder, student } = made;
    const other = await addStudent(t.app, made, { name: 'Bimal Silva' });
    const paper = await createPaper(t.app, admin, folder.id, { ...closingIn(60, clock.now()), shuffleQuestions: true, shuffleOptions: true });
    // Out of 4 (the second question is worth 2): Amaya 1 then, Bimal 3.
    const first = await sit(t.app, admin, student.headers, paper.id, ['right', 'none', 'none']);
    await sit(t.app, admin, other.headers, paper.id, ['right', 'right', 'none']);
    clock.passClose(paper.body.closesAt, t.config.papers.graceMs);
    const ready = await waitForResults(t.app, admin, paper.id, resultsReady);
    expect(ready.rows.map((row) => [row.name, row.marks, row.islandRank])).toEqual([
      ['Bimal Silva', 3, 1],
      ['Amaya Perera', 1, 2],
    ]);

    const before = clock.now();
    const reopenedAt = Date.now();
    const response = await reopen(admin, paper.id, student.student._id, 30);
    const after = clock.now();
    expect(response.statusCode, response.body).toBe(200);
    const { deadline } = response.json<ReopenAnswer>().data;
    // From now, past the close.
    expect(Date.parse(deadline)).toBeGreaterThanOrEqual(before + 30 * MINUTE_MS);
    expect(Date.parse(deadline)).toBeLessThanOrEqual(after + 30 * MINUTE_MS);
    const reopened = await getResults(t.app, admin, paper.id);
    expect(reopened.paper.resultsReadyAt).toBeNull();
    expect(reopened.rows.find((row) => row.studentId === student.student._id)).toMatchObject({ marks: null, islandRank: null, handedInAt: null, reopened: true });
    // The close job comes back for the reopened attempt: it is closed by time if nobody hands it in.
    // Its row is on the real clock: it runs further from the reopening than the deadline is from the papers' now.
    // The sweep may be running the close meanwhile (the paper is closed and its results unready), which
    // queues the job again at the deadline: the test waits for the row to be back in that state.
    await vi.waitFor(
      async () => {
        const job = await t.database.db.selectFrom('jobs').select(['state', 'run_after']).where('kind', '=', 'paper.close').where('job_key', '=', paper.id).executeTakeFirstOrThrow();
        expect(job.state).toBe('queued');
        expect(Date.parse(job.run_after) - reopenedAt).toBeGreaterThan(Date.parse(deadline) - clock.now());
      },
      { timeout: JOB_WAIT_MS, interval: 50 },
    );

    // The same attempt on the student's phone: the same order, the answer given before, the new deadline.
    const resumed = await startSitting(t.app, student.headers, paper.id);
    expect(resumed.attemptId).toBe(first.attemptId);
    expect(resumed.deadline).toBe(deadline);
    expect(resumed.questions).toEqual(first.questions);
    const held = savesFor(await getPaper(t.app, admin, paper.id), ['right', 'none', 'none']);
    expect(resumed.answers.map((answer) => [answer.questionId, answer.optionId])).toEqual(held.map((save) => [save.questionId, save.optionId]));

    // The second question now, right: 3 marks, tied with Bimal.
    const [, secondQuestion] = savesFor(await getPaper(t.app, admin, paper.id), ['right', 'right', 'none']);
    await handInOk(t.app, student.headers, paper.id, { device: resumed.device, saves: [{ ...(secondQuestion ?? { questionId: '', optionId: null }), seq: resumed.lastSeq + 1 }] });
    const again = await waitForResults(t.app, admin, paper.id, resultsReady);
    expect(again.rows.map((row) => [row.name, row.marks, row.islandRank, row.reopened])).toEqual([
      ['Amaya Perera', 3, 1, true],
      ['Bimal Silva', 3, 1, false],
    ]);
  });

  it('is refused while the attempt is open and after release, and for a student who has not started', async () => {
    const made = await paperClass(t.app);
    const { admin, folder, student } = made;
    const waiting = await addStudent(t.app, made);
    const paper = await createPaper(t.app, admin, folder.id, closingIn(60, clock.now()));
    await sit(t.app, admin, student.headers, paper.id, ['right', 'right', 'right'], { handIn: false });

    const open = await reopen(admin, paper.id, student.student._id, 10);
    expect(open.statusCode, open.body).toBe(409);
    expect(open.json()).toMatchObject({ code: 409, message: PAPERS_TEXT.attemptStillOpen, data: null });
    const notStarted = await reopen(admin, paper.id, waiting.student._id, 10);
    expect(notStarted.statusCode).toBe(404);
    expect(notStarted.json()).toMatchObject({ message: PAPERS_TEXT.studentNotStarted });
    const nobody = await reopen(admin, paper.id, crypto.randomUUID(), 10);
    expect(nobody.json()).toMatchObject({ code: 404, message: SERVER_TEXT.studentNotFound });
    const tooLong = await reopen(admin, paper.id, student.student._id, 601);
    expect(tooLong.statusCode).toBe(400);

    clock.passClose(paper.body.closesAt, t.config.papers.graceMs);
    await waitForResults(t.app, admin, paper.id, resultsReady);
    const release = await t.app.inject({ method: 'POST', url: `/api/papers/${paper.id}/release`, headers: admin });
    expect(release.statusCode, release.body).toBe(200);
    const out = await reopen(admin, paper.id, student.student._id, 10);
    expect(out.statusCode, out.body).toBe(409);
    expect(out.json()).toMatchObject({ message: PAPERS_TEXT.resultsOutNoReopen });
    const row = (await getResults(t.app, admin, paper.id)).rows[0];
    expect(row).toMatchObject({ marks: 4, reopened: false, islandRank: 1 });
  });

  it('is audited', async () => {
    const admin = await signInAdmin(t.app);
    const { folder, student } = await paperClass(t.app, { name: 'Kasun Perera' });
    const paper = await createPaper(t.app, admin.headers, folder.id, {}, clock.now());
    await noEntryBy(t.app, admin, () => reopen(admin.headers, paper.id, student.student._id, 15));
    const sitting = await sit(t.app, admin.headers, student.headers, paper.id, ['right', 'wrong', 'none']);
    const handedIn = (await getResults(t.app, admin.headers, paper.id)).rows[0];

    let deadline = '';
    const written = await entriesWrittenBy(t.app, admin.headers, async () => {
      const response = await reopen(admin.headers, paper.id, student.student._id, 15);
      expect(response.statusCode, response.body).toBe(200);
      deadline = response.json<ReopenAnswer>().data.deadline;
    });
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      action: 'paper.reopen',
      target: { type: 'paper', id: paper.id, label: paper.body.title },
      summary: `Reopened the attempt of Kasun Perera on ${paper.body.title} for 15 minutes`,
      detail: {
        studentId: student.student._id,
        minutes: 15,
        deadline,
        before: { handedInAt: handedIn?.handedInAt, handedInBy: 'student', marks: 1, deadline: sitting.deadline },
      },
    });
  });
});
