// A student's released result (papers.md 'Releasing results, and what students may review'): marks,
// ranks and how many sat, and the review at the paper's level in the student's own order; before
// release nothing of it reaches anyone but admins.
import { describe, expect, it } from 'vitest';
import { PAPERS_TEXT, REVIEW_LEVELS, type PaperRefusal, type PaperResult, type ResultAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { closingIn, released, RESULTS_TEST_ENV, sit, testClock, waitForResults } from './results-test-helpers';
import { addStudent, createPaper, getPaper, paperClass, sampleQuestions, type Headers } from './test-helpers';

describe("a student's result", () => {
  const clock = testClock();
  const t = useTestApp(RESULTS_TEST_ENV, { clock: clock.now });

  const result = (headers: Headers, paperId: string) => t.app.inject({ method: 'GET', url: `/api/papers/${paperId}/result`, headers });
  const resultOf = async (headers: Headers, paperId: string): Promise<PaperResult> => {
    const response = await result(headers, paperId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ResultAnswer>().data;
  };
  /** A paper released by itself at its close, so nobody waits past it. */
  const releasedAtClose = () => {
    const times = closingIn(60, clock.now());
    return { ...times, releaseAt: times.closesAt };
  };

  it('before release: 409 with releaseAt and no mark; an admin 403; no access 404; after it, one who never sat 404', async () => {
    const made = await paperClass(t.app);
    const { admin, folder, student } = made;
    const absentee = await addStudent(t.app, made);
    const outsider = await signedInStudent(t.app);
    const times = closingIn(60, clock.now());
    const releaseAt = new Date(Date.parse(times.closesAt) + 1000).toISOString();
    const paper = await createPaper(t.app, admin, folder.id, { ...times, releaseAt });
    await sit(t.app, admin, student.headers, paper.id, ['right', 'right', 'wrong']);

    for (const headers of [student.headers, absentee.headers]) {
      const early = await result(headers, paper.id);
      expect(early.statusCode).toBe(409);
      expect(early.json<PaperRefusal>()).toEqual({ code: 409, message: PAPERS_TEXT.resultsNotOut, data: null, releaseAt });
    }
    const asAdmin = await result(admin, paper.id);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json<PaperRefusal>().message).toBe(PAPERS_TEXT.onlyStudentsSit);
    for (const [headers, paperId] of [
      [outsider.headers, paper.id],
      [student.headers, crypto.randomUUID()],
    ] as const) {
      const hidden = await result(headers, paperId);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json<PaperRefusal>().message).toBe(PAPERS_TEXT.paperNotFound);
    }

    clock.passClose(times.closesAt, t.config.papers.graceMs);
    clock.moveTo(Date.parse(releaseAt));
    await waitForResults(t.app, admin, paper.id, released);
    const notSat = await result(absentee.headers, paper.id);
    expect(notSat.statusCode).toBe(404);
    expect(notSat.json<PaperRefusal>().message).toBe(PAPERS_TEXT.didNotSit);
    expect((await result(outsider.headers, paper.id)).statusCode).toBe(404);
    expect(await resultOf(student.headers, paper.id)).toMatchObject({ marks: 3, maxMarks: 4, percentage: 75 });
  });

  it('gives marks, a percentage to one decimal, and island, district and batch ranks out of how many sat in each', async () => {
    const made = await paperClass(t.app, { district: 'Kandy', batch: '2026' });
    const { admin, folder, student } = made;
    const top = await addStudent(t.app, made, { district: 'Kandy', batch: '2025' });
    const level = await addStudent(t.app, made, { district: 'Colombo', batch: '2026' });
    const questions = sampleQuestions().map((question) => ({ ...question, marks: 1 }));
    const paper = await createPaper(t.app, admin, folder.id, { ...releasedAtClose(), questions });
    await sit(t.app, admin, top.headers, paper.id, ['right', 'right', 'right']);
    const sitting = await sit(t.app, admin, student.headers, paper.id, ['right', 'wrong', 'right']);
    await sit(t.app, admin, level.headers, paper.id, ['none', 'right', 'right']);
    clock.passClose(paper.body.closesAt, t.config.papers.graceMs);
    await waitForResults(t.app, admin, paper.id, released);

    const mine = await resultOf(student.headers, paper.id);
    expect(mine).toMatchObject({
      marks: 2,
      maxMarks: 3,
      percentage: 66.7,
      // One did better on the island and in Kandy; in batch 2026 the other has the same marks.
      islandRank: 2,
      sat: 3,
      district: 'Kandy',
      districtRank: 2,
      satInDistrict: 2,
      batch: '2026',
      batchRank: 1,
      satInBatch: 2,
    });
    expect(Date.parse(mine.handedInAt)).toBeGreaterThanOrEqual(Date.parse(sitting.startedAt));
    expect(mine.timeTakenSeconds).toBeGreaterThanOrEqual(0);
    expect(await resultOf(level.headers, paper.id)).toMatchObject({ islandRank: 2, districtRank: 1, satInDistrict: 1, batchRank: 1 });
    expect(await resultOf(top.headers, paper.id)).toMatchObject({ marks: 3, percentage: 100, islandRank: 1, batchRank: 1, satInBatch: 1 });
  });

  it("reviews what the paper's level allows, in the student's own order: nothing, the answers, the keys, the explanations", async () => {
    const { admin, folder, student } = await paperClass(t.app);
    const times = releasedAtClose();
    const papers = [];
    for (const review of REVIEW_LEVELS) papers.push({ review, ...(await createPaper(t.app, admin, folder.id, { ...times, review })) });
    const sittings = [];
    for (const paper of papers) sittings.push(await sit(t.app, admin, student.headers, paper.id, ['right', 'wrong', 'none']));
    clock.passClose(times.closesAt, t.config.papers.graceMs);
    for (const paper of papers) await waitForResults(t.app, admin, paper.id, released);

    for (const [index, paper] of papers.entries()) {
      const mine = await resultOf(student.headers, paper.id);
      expect(mine.marks).toBe(1);
      if (paper.review === 'marks') {
        expect(mine.review).toBeNull();
        continue;
      }
      const sitting = sittings[index];
      const stored = await getPaper(t.app, admin, paper.id);
      const inPaper = new Map((stored.questions ?? []).map((question, position) => [question.id, { ...question, position }]));
      expect(mine.review?.level).toBe(paper.review);
      // The student's own order of questions, and of each question's options.
      expect(mine.review?.questions.map((question) => question.id)).toEqual(sitting?.questions.map((question) => question.id));
      mine.review?.questions.forEach((question, place) => {
        const shown = sitting?.questions[place];
        const own = inPaper.get(question.id);
        if (!own || !shown) throw new Error(`question ${question.id} is not the paper's`);
        const keyId = own.options[own.correct]?.id;
        expect(question).toMatchObject({ number: place + 1, text: own.text, image: null, marks: own.marks, dropped: false });
        expect(question.options.map((option) => option.id)).toEqual(shown.options.map((option) => option.id));
        // The paper's first question was answered right, its second wrong, its third not at all.
        const chosen = question.options.filter((option) => option.chosen);
        if (own.position === 0) expect(chosen.map((option) => option.id)).toEqual([keyId]);
        if (own.position === 1) expect(chosen).toHaveLength(1);
        if (own.position === 1) expect(chosen[0]?.id).not.toBe(keyId);
        if (own.position === 2) expect(chosen).toEqual([]);
        expect(question.awarded).toBe(own.position === 0 ? own.marks : 0);
        if (paper.review === 'responses') for (const option of question.options) expect(option).not.toHaveProperty('key');
        else expect(question.options.filter((option) => option.key).map((option) => option.id)).toEqual([keyId]);
        if (paper.review === 'explanations') expect(question.explanation).toBe(own.explanation);
        else expect(question).not.toHaveProperty('explanation');
      });
    }
  });
});
