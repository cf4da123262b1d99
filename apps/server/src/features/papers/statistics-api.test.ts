// The admin's Statistics tab through the API (papers.md 'Statistics'): figures over the handed-in
// attempts of students who sat, deleted accounts left out, provisional until results are ready,
// options labelled A–F in the paper's own order. The figures themselves are statistics.test.ts's.
import { describe, expect, it } from 'vitest';
import { PAPERS_TEXT, type PaperStatistics, type StatisticsAnswer } from '@academy/contract';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { deleteApproved } from '../approvals/test-helpers';
import { closingIn, RESULTS_TEST_ENV, resultsReady, sit, testClock, waitForResults } from './results-test-helpers';
import { addStudent, createPaper, paperClass, sampleQuestions, type Headers } from './test-helpers';

describe("a paper's statistics", () => {
  const clock = testClock();
  const t = useTestApp(RESULTS_TEST_ENV, { clock: clock.now });

  async function statistics(admin: Headers, paperId: string) {
    return t.app.inject({ method: 'GET', url: `/api/papers/${encodeURIComponent(paperId)}/statistics`, headers: admin });
  }

  async function statisticsOk(admin: Headers, paperId: string): Promise<PaperStatistics> {
    const response = await statistics(admin, paperId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StatisticsAnswer>().data;
  }

  it("is provisional while the paper runs, counts only handed-in attempts of live accounts, and labels options A–F in the paper's order", async () => {
    const made = await paperClass(t.app);
    const { admin, folder } = made;
    const [second, third, fourth, sitting, gone] = [
      await addStudent(t.app, made),
      await addStudent(t.app, made),
      await addStudent(t.app, made),
      await addStudent(t.app, made),
      await addStudent(t.app, made),
    ];
    const paper = await createPaper(t.app, admin, folder.id, { ...closingIn(60, clock.now()), shuffleQuestions: true, shuffleOptions: true });

    // Marks out of 4 (the second question is worth 2): 4, 1, 3, 0.
    await sit(t.app, admin, made.student.headers, paper.id, ['right', 'right', 'right']);
    await sit(t.app, admin, second.headers, paper.id, ['right', 'wrong', 'none']);
    await sit(t.app, admin, third.headers, paper.id, ['wrong', 'right', 'right']);
    await sit(t.app, admin, fourth.headers, paper.id, ['none', 'none', 'none']);
    // Still sitting: not counted yet; it is handed in by time at the close, and then it is.
    await sit(t.app, admin, sitting.headers, paper.id, ['wrong', 'wrong', 'wrong'], { handIn: false });
    // Handed in, then deleted: left out, as from the ranks.
    await sit(t.app, admin, gone.headers, paper.id, ['right', 'right', 'right']);
    const deleted = await deleteApproved(t.app, t.database.db, { method: 'DELETE', url: `/api/students/student/deletestudent/${gone.student._id}`, headers: admin, payload: { password: TEST_ADMIN.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const running = await statisticsOk(admin, paper.id);
    expect(running).toMatchObject({ sat: 4, provisional: true, maxMarks: 4, mean: 2, median: 2, highest: 4, lowest: 0, groupSize: 1 });
    expect(running.histogram).toEqual([0, 1, 2, 3, 4].map((mark) => ({ from: mark, to: mark, count: mark === 2 ? 0 : 1 })));

    const questions = sampleQuestions();
    expect(running.questions.map((question) => question.text)).toEqual(questions.map((question) => question.text));
    const [first, middle, last] = running.questions;
    expect(first?.options.map((option) => [option.label, option.text, option.isKey])).toEqual([
      ['A', 'Mahaweli', true],
      ['B', 'Kelani', false],
      ['C', 'Kalu', false],
      ['D', 'Walawe', false],
    ]);
    // A wrong pick is the first option that is not the key (results-test-helpers): B here.
    expect(first).toMatchObject({ number: 1, marks: 1, dropped: false, keyOptionId: first?.options[0]?.id, facility: 50, unansweredShare: 25, fewStudents: true, flags: [] });
    expect(first?.options.map((option) => [option.count, option.share])).toEqual([
      [2, 50],
      [1, 25],
      [0, 0],
      [0, 0],
    ]);
    expect(middle?.options.map((option) => [option.label, option.isKey, option.count])).toEqual([
      ['A', false, 1],
      ['B', true, 2],
      ['C', false, 0],
    ]);
    expect(last).toMatchObject({ number: 3, facility: 50, unansweredShare: 50 });

    clock.passClose(paper.body.closesAt, t.config.papers.graceMs);
    const ready = await waitForResults(t.app, admin, paper.id, resultsReady);
    expect(ready.paper.sat).toBe(5);
    const final = await statisticsOk(admin, paper.id);
    expect(final).toMatchObject({ sat: 5, provisional: false, mean: 1.6, median: 1, highest: 4, lowest: 0 });
    expect(final.questions[0]?.options.map((option) => option.count)).toEqual([2, 2, 0, 0]);
  });

  it('answers 404 "Paper not found" for an unknown paper', async () => {
    const { admin } = await paperClass(t.app);
    const response = await statistics(admin, crypto.randomUUID());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 404, message: PAPERS_TEXT.paperNotFound, data: null });
  });
});
