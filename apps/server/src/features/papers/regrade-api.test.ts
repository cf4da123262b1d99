// Regrade through the API (papers.md 'Admin actions'): the preview shows who would move; the
// regrade applies exactly that preview, stores what it showed, and is refused if anything changed
// since. The plan itself is regrade.test.ts's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAPERS_TEXT, type QuestionBody, type RegradeAnswer, type RegradeChange } from '@academy/contract';
import { useTestApp } from '../../../test/test-app';
import { closingIn, getResults, RESULTS_TEST_ENV, resultsReady, sit, testClock, waitForResults, type Choice } from './results-test-helpers';
import { handInOk, startSitting } from './sitting-helpers';
import { addStudent, createPaper, getPaper, paperClass, type Headers } from './test-helpers';

type Regrade = RegradeAnswer['data'];

const OPTIONS = ['Anuradhapura', 'Polonnaruwa', 'Kandy', 'Kotte'];

describe('regrade', () => {
  const clock = testClock();
  const t = useTestApp(RESULTS_TEST_ENV, { clock: clock.now });

  const regradeUrl = (paperId: string, preview: boolean) => `/api/papers/${encodeURIComponent(paperId)}/regrade${preview ? '/preview' : ''}`;
  const preview = (admin: Headers, paperId: string, changes: RegradeChange[]) =>
    t.app.inject({ method: 'POST', url: regradeUrl(paperId, true), headers: admin, payload: { changes } });
  const regrade = (admin: Headers, paperId: string, changes: RegradeChange[], basis: string) =>
    t.app.inject({ method: 'POST', url: regradeUrl(paperId, false), headers: admin, payload: { changes, basis } });

  async function previewOk(admin: Headers, paperId: string, changes: RegradeChange[]): Promise<Regrade> {
    const response = await preview(admin, paperId, changes);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RegradeAnswer>().data;
  }

  it('the regrade answers and stores exactly what its preview showed', async () => {
    // Random keys and marks for five questions, and random answers for seven students, drawn once.
    const [setup] = fc.sample(
      fc.record({
        questions: fc.array(fc.record({ correct: fc.integer({ min: 0, max: 3 }), marks: fc.integer({ min: 1, max: 3 }) }), { minLength: 5, maxLength: 5 }),
        choices: fc.array(fc.array(fc.constantFrom<Choice>('right', 'wrong', 'none'), { minLength: 5, maxLength: 5 }), { minLength: 7, maxLength: 7 }),
      }),
      { numRuns: 1, seed: 20261212 },
    );
    if (!setup) throw new Error('no setup drawn');
    const made = await paperClass(t.app, { district: 'Kandy', batch: '2026' });
    const { admin, folder } = made;
    const students = [made.student];
    for (let i = 1; i < setup.choices.length; i += 1) students.push(await addStudent(t.app, made, { district: i % 2 ? 'Colombo' : 'Kandy', batch: i % 3 ? '2026' : '2027' }));
    const questions: QuestionBody[] = setup.questions.map((question, index) => ({ text: `Question ${index + 1}: which city?`, options: OPTIONS, ...question }));
    const paper = await createPaper(t.app, admin, folder.id, { ...closingIn(60, clock.now()), questions });
    for (const [index, student] of students.entries()) await sit(t.app, admin, student.headers, paper.id, setup.choices[index] ?? []);
    clock.passClose(paper.body.closesAt, t.config.papers.graceMs);
    await waitForResults(t.app, admin, paper.id, resultsReady);
    const questionIds = ((await getPaper(t.app, admin, paper.id)).questions ?? []).map((question) => question.id);

    const change = fc
      .record(
        { question: fc.integer({ min: 0, max: 4 }), correct: fc.integer({ min: 0, max: 3 }), marks: fc.integer({ min: 1, max: 5 }), dropped: fc.boolean() },
        { requiredKeys: ['question'] },
      )
      .filter((drawn) => drawn.correct !== undefined || drawn.marks !== undefined || drawn.dropped !== undefined);
    const changesOf = fc.uniqueArray(change, { minLength: 1, maxLength: 3, selector: (drawn) => drawn.question }).map((drawn) =>
      drawn.map(({ question, ...fields }): RegradeChange => ({ questionId: questionIds[question] ?? '', ...fields })),
    );

    await fc.assert(
      fc.asyncProperty(changesOf, async (changes) => {
        const before = await getResults(t.app, admin, paper.id);
        const shown = await previewOk(admin, paper.id, changes);
        const applied = await regrade(admin, paper.id, changes, shown.basis);
        expect(applied.statusCode, applied.body).toBe(200);
        expect(applied.json<RegradeAnswer>().data).toEqual(shown);

        const after = await getResults(t.app, admin, paper.id);
        expect(after.paper).toMatchObject({ maxMarks: shown.maxMarksAfter, resultsReadyAt: before.paper.resultsReadyAt });
        expect(before.paper.maxMarks).toBe(shown.maxMarksBefore);
        expect(shown.moves.length + shown.unchanged).toBe(after.rows.length);
        for (const row of after.rows) {
          const was = before.rows.find((old) => old.studentId === row.studentId);
          const move = shown.moves.find((moved) => moved.studentId === row.studentId);
          if (move) {
            expect([was?.marks, was?.islandRank]).toEqual([move.marksBefore, move.islandRankBefore]);
            expect([row.marks, row.islandRank]).toEqual([move.marksAfter, move.islandRankAfter]);
          } else {
            expect([row.marks, row.islandRank]).toEqual([was?.marks, was?.islandRank]);
          }
        }
        const keyed = (await getPaper(t.app, admin, paper.id)).questions ?? [];
        for (const asked of changes) {
          const question = keyed.find((stored) => stored.id === asked.questionId);
          if (asked.correct !== undefined) expect(question?.correct).toBe(asked.correct);
          if (asked.marks !== undefined) expect(question?.marks).toBe(asked.marks);
          if (asked.dropped !== undefined) expect(question?.dropped).toBe(asked.dropped);
        }
        // Applied once: the same preview applied again is stale.
        const again = await regrade(admin, paper.id, changes, shown.basis);
        expect(again.statusCode, again.body).toBe(409);
      }),
      { numRuns: 12 },
    );
    // Twelve regrades of seven students' results, each checked through five calls: the suite's
    // 20 s per test was outrun on a loaded two-core machine, so this limit only stops a hang.
  }, 90_000);

  it('a hand-in between preview and regrade makes the regrade 409', async () => {
    const made = await paperClass(t.app);
    const { admin, folder } = made;
    const late = await addStudent(t.app, made);
    const paper = await createPaper(t.app, admin, folder.id, {}, clock.now());
    await sit(t.app, admin, made.student.headers, paper.id, ['right', 'right', 'wrong']);
    const sitting = await sit(t.app, admin, late.headers, paper.id, ['wrong', 'right', 'right'], { handIn: false });
    const [first] = (await getPaper(t.app, admin, paper.id)).questions ?? [];
    const changes = [{ questionId: first?.id ?? '', correct: 2 }];

    const shown = await previewOk(admin, paper.id, changes);
    expect(shown).toMatchObject({ maxMarksBefore: 4, maxMarksAfter: 4, unchanged: 0 });
    // Results are not ready: no ranks are stored, and a student moves only when their marks do.
    expect(shown.moves).toEqual([{ studentId: made.student.student._id, name: made.student.body.name, regNo: made.student.student.regNo, marksBefore: 3, marksAfter: 2, islandRankBefore: null, islandRankAfter: null }]);
    await handInOk(t.app, late.headers, paper.id, { device: sitting.device });

    const refused = await regrade(admin, paper.id, changes, shown.basis);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 409, message: PAPERS_TEXT.regradeStale, data: null });
    expect((await getPaper(t.app, admin, paper.id)).questions?.[0]?.correct).toBe(0);
    expect((await getResults(t.app, admin, paper.id)).rows.map((row) => row.marks)).toEqual([3, 3]);

    // Previewed again, it applies.
    const again = await previewOk(admin, paper.id, changes);
    expect(again.basis).not.toBe(shown.basis);
    const applied = await regrade(admin, paper.id, changes, again.basis);
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await getResults(t.app, admin, paper.id)).rows.map((row) => row.marks).sort()).toEqual([2, 3]);
  });

  it('a hand-in after a regrade is marked with the new key', async () => {
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, {}, clock.now());
    const sitting = await startSitting(t.app, student.headers, paper.id);
    const [first, second] = (await getPaper(t.app, admin, paper.id)).questions ?? [];
    const changes: RegradeChange[] = [
      { questionId: first?.id ?? '', correct: 3 },
      { questionId: second?.id ?? '', dropped: true },
    ];
    const shown = await previewOk(admin, paper.id, changes);
    expect(shown).toMatchObject({ maxMarksBefore: 4, maxMarksAfter: 2, moves: [], unchanged: 0 });
    expect((await regrade(admin, paper.id, changes, shown.basis)).statusCode).toBe(200);

    // The new key of the first question, and the dropped second one chosen right: 1 of 2.
    const saves = [
      { seq: 1, questionId: first?.id ?? '', optionId: first?.options[3]?.id ?? '' },
      { seq: 2, questionId: second?.id ?? '', optionId: second?.options[second.correct]?.id ?? '' },
    ];
    await handInOk(t.app, student.headers, paper.id, { device: sitting.device, saves });
    expect((await getResults(t.app, admin, paper.id)).rows[0]).toMatchObject({ marks: 1, percentage: 50 });
  });

  it('refuses a change naming no question of the paper, or no option of its question, and changes nothing', async () => {
    const { admin, folder } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, {}, clock.now());
    const other = await createPaper(t.app, admin, folder.id, {}, clock.now());
    const [question] = (await getPaper(t.app, admin, paper.id)).questions ?? [];
    const [foreign] = (await getPaper(t.app, admin, other.id)).questions ?? [];

    const response = await preview(admin, paper.id, [
      { questionId: foreign?.id ?? '', marks: 2 },
      { questionId: question?.id ?? '', correct: 4 },
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      errors: [
        { field: 'changes.0.questionId', message: `changes.0.questionId ${PAPERS_TEXT.notQuestionOfPaper}` },
        { field: 'changes.1.correct', message: `changes.1.correct ${PAPERS_TEXT.correctInOptions}` },
      ],
    });
    const basis = (await previewOk(admin, paper.id, [{ questionId: question?.id ?? '', marks: 3 }])).basis;
    const refused = await regrade(admin, paper.id, [{ questionId: question?.id ?? '', correct: 9 }], basis);
    expect(refused.statusCode).toBe(400);
    expect((await getPaper(t.app, admin, paper.id)).questions?.[0]).toMatchObject({ correct: 0, marks: 1 });
    expect((await preview(admin, crypto.randomUUID(), [{ questionId: question?.id ?? '', marks: 3 }])).statusCode).toBe(404);
  });
});
