// The tutor's results (papers.md 'Ranks', 'The calls'): every attempt with its marks, ranks and
// integrity counts, ranked once results are ready, and the students who may open the class and
// never started.
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { deleteApproved } from '../approvals/test-helpers';
import { closingIn, getResults, RESULTS_TEST_ENV, resultsReady, sit, testClock, waitForResults } from './results-test-helpers';
import { handInOk, newDeviceKey, saveAnswers, startSitting } from './sitting-helpers';
import { addStudent, createPaper, paperClass, type Headers } from './test-helpers';

describe("the tutor's results", () => {
  const clock = testClock();
  const t = useTestApp(RESULTS_TEST_ENV, { clock: clock.now });

  async function deleteAccount(admin: Headers, studentId: string) {
    const response = await deleteApproved(t.app, t.database.db, { method: 'DELETE', url: `/api/students/student/deletestudent/${studentId}`, headers: admin, payload: { password: TEST_ADMIN.password } });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('ranks 1, 2, 2, 4 with equal marks sharing a rank; district and batch ranks count their group; a deleted account is left out', async () => {
    const made = await paperClass(t.app, { name: 'Amaya Perera', district: 'Colombo', batch: '2026' });
    const { admin, folder } = made;
    const amaya = made.student;
    const bimal = await addStudent(t.app, made, { name: 'Bimal Silva', district: 'Colombo', batch: '2025' });
    const chathu = await addStudent(t.app, made, { name: 'Chathu Fernando', district: 'Kandy', batch: '2026' });
    const dilan = await addStudent(t.app, made, { name: 'Dilan Jayasuriya', district: 'Colombo', batch: '2026' });
    const erandi = await addStudent(t.app, made, { name: 'Erandi Wickrama', district: 'Kandy', batch: '2026' });
    const gone = await addStudent(t.app, made, { name: 'Gone Student', district: 'Colombo', batch: '2026' });
    const paper = await createPaper(t.app, admin, folder.id, closingIn(60, clock.now()));

    // Marks out of 4 (the second question is worth 2).
    await sit(t.app, admin, amaya.headers, paper.id, ['right', 'right', 'right']);
    await sit(t.app, admin, bimal.headers, paper.id, ['wrong', 'right', 'right']);
    await sit(t.app, admin, chathu.headers, paper.id, ['right', 'right', 'none']);
    await sit(t.app, admin, dilan.headers, paper.id, ['right', 'wrong', 'wrong']);
    await sit(t.app, admin, gone.headers, paper.id, ['right', 'right', 'right']);
    // Started and answered nothing, never handed in: handed in by time at the close, and ranked.
    await sit(t.app, admin, erandi.headers, paper.id, [], { handIn: false });
    await deleteAccount(admin, gone.student._id);

    clock.passClose(paper.body.closesAt, t.config.papers.graceMs);
    const results = await waitForResults(t.app, admin, paper.id, resultsReady);
    expect(results.paper).toMatchObject({ id: paper.id, title: paper.body.title, maxMarks: 4, sat: 5, releasedAt: null });
    const ranks = results.rows.map((row) => [row.name, row.marks, row.percentage, row.islandRank, row.districtRank, row.batchRank, row.handedInBy]);
    expect(ranks).toEqual([
      ['Amaya Perera', 4, 100, 1, 1, 1, 'student'],
      ['Bimal Silva', 3, 75, 2, 2, 1, 'student'],
      ['Chathu Fernando', 3, 75, 2, 1, 2, 'student'],
      ['Dilan Jayasuriya', 1, 25, 4, 3, 3, 'student'],
      ['Erandi Wickrama', 0, 0, 5, 2, 4, 'time'],
    ]);
    const stored = await t.database.db.selectFrom('paper_attempts').select(['account_id', 'island_rank']).where('paper_id', '=', paper.id).execute();
    expect(stored.find((row) => row.account_id === gone.student._id)?.island_rank).toBeNull();
  });

  it("lists every attempt's times and integrity counts, and as absent the students who may open the class and never started", async () => {
    const made = await paperClass(t.app, { name: 'Sitting Student', district: 'Galle', scl: 'Richmond College', batch: '2025' });
    const { admin, folder, student } = made;
    const absent = await addStudent(t.app, made, { name: 'Absent Student', district: 'Matara', scl: 'Rahula College', batch: '2026' });
    const allowed = await addStudent(t.app, made, { name: 'Allowed Extra', district: 'Kandy', scl: 'Trinity College', batch: '2027' });
    const suspended = await addStudent(t.app, made, { name: 'Suspended Student' });
    const suspend = await t.app.inject({
      method: 'PUT',
      url: `/api/students/student/state/update/${suspended.student._id}`,
      headers: admin,
      payload: { state: 'de-active', password: TEST_ADMIN.password },
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const paper = await createPaper(t.app, admin, folder.id, {}, clock.now());
    const extra = await t.app.inject({
      method: 'PUT',
      url: `/api/papers/${paper.id}/students/${allowed.student._id}/extra-time`,
      headers: admin,
      payload: { minutes: 15 },
    });
    expect(extra.statusCode, extra.body).toBe(200);

    const first = await startSitting(t.app, student.headers, paper.id);
    const second = await startSitting(t.app, student.headers, paper.id, newDeviceKey());
    const away = { id: `away-${crypto.randomUUID()}`, kind: 'away' as const, from: new Date(clock.now() - 30_000).toISOString(), to: new Date(clock.now() - 10_000).toISOString() };
    const question = first.questions[0];
    const option = question?.options[0];
    if (!question || !option) throw new Error('the sitting has no question');
    await saveAnswers(t.app, student.headers, paper.id, { device: second.device, saves: [{ seq: 1, questionId: question.id, optionId: option.id }], events: [away] });
    await handInOk(t.app, student.headers, paper.id, { device: first.device });

    const results = await getResults(t.app, admin, paper.id);
    // The paper is still open: marks are there, ranks are not yet.
    expect(results.paper).toMatchObject({ sat: 1, resultsReadyAt: null, releasedAt: null });
    expect(results.rows).toHaveLength(1);
    expect(results.rows[0]).toMatchObject({
      studentId: student.student._id,
      name: 'Sitting Student',
      regNo: student.student.regNo,
      district: 'Galle',
      school: 'Richmond College',
      batch: '2025',
      islandRank: null,
      startedAt: first.startedAt,
      handedInBy: 'student',
      devices: 2,
      awayCount: 1,
      awaySeconds: 20,
      offlineCount: 0,
      lateSaves: 0,
      extraMinutes: 0,
      reopened: false,
    });
    expect(results.rows[0]?.marks).toEqual(expect.any(Number));
    expect(results.absent).toEqual([
      { studentId: absent.student._id, name: 'Absent Student', regNo: absent.student.regNo, district: 'Matara', school: 'Rahula College', batch: '2026', extraMinutes: 0 },
      { studentId: allowed.student._id, name: 'Allowed Extra', regNo: allowed.student.regNo, district: 'Kandy', school: 'Trinity College', batch: '2027', extraMinutes: 15 },
    ]);
  });
});
