// A paper with only a written part (answer-scripts.md 'A paper with a written part'): made with no
// MCQ question, started by the paper's own Start (the attempt gives the deadline), handed in and
// marked as any script; its results and ranks are the written marks alone. A paper with neither
// part cannot be started.
import { describe, expect, it } from 'vitest';
import { ANSWER_SCRIPTS_TEXT, type ErrorAnswer, type MarkingScriptAnswer, type ResultAnswer, type ScriptsAnswer } from '@academy/contract';
import { useTestApp } from '../../../../test/test-app';
import { signInAdmin } from '../../audit-log/test-helpers';
import { closingIn, getResults, RESULTS_TEST_ENV, resultsReady, testClock, waitForResults } from '../results-test-helpers';
import { okData, startPaper, startSitting } from '../sitting-helpers';
import { addStudent, createPaper, getPaper, paperClass, type Headers } from '../test-helpers';
import { handInRequest, marksRequest, pagePhoto, putWritten, uploadPage } from './script-test-helpers';

const MINUTE_MS = 60_000;

describe('a paper with only a written part', () => {
  const clock = testClock();
  const t = useTestApp(RESULTS_TEST_ENV, { clock: clock.now });

  it('is made without MCQ questions, sat by handing in pages, and ranked by its written marks alone', async () => {
    const { admin: classAdmin, folder, classFolder, student } = await paperClass(t.app, { name: 'Nimal Perera' });
    const other = await addStudent(t.app, { admin: classAdmin, classFolder }, { name: 'Kamala Silva' });
    // The marking pages need an admin with two-step sign-in.
    const admin = (await signInAdmin(t.app)).headers;
    const paper = await createPaper(t.app, admin, folder.id, { ...closingIn(120, clock.now()), questions: [] }, clock.now());
    expect((await getPaper(t.app, admin, paper.id)).questionCount).toBe(0);

    // Neither part yet: nothing to sit, and the start says so without making an attempt.
    const empty = await startPaper(t.app, student.headers, paper.id);
    expect(empty.statusCode).toBe(409);
    expect(empty.json<ErrorAnswer>().message).toBe(ANSWER_SCRIPTS_TEXT.nothingToSit);
    expect(await t.database.db.selectFrom('paper_attempts').select('id').where('paper_id', '=', paper.id).execute()).toEqual([]);

    // With a written part the same Start gives the attempt and its deadline; the pages follow.
    expect((await putWritten(t.app, admin, paper.id)).statusCode).toBe(200);
    const base = `/api/papers/${paper.id}`;
    for (const [who, pages] of [
      [student.headers, 2],
      [other.headers, 1],
    ] as const) {
      const sitting = await startSitting(t.app, who, paper.id);
      expect(sitting.order.questions).toEqual([]);
      const uploaded = [];
      for (let n = 0; n < pages; n += 1) uploaded.push(await uploadPage(t.app, who, paper.id, await pagePhoto(800, 1100)));
      const handedIn = await handInRequest(t.app, who, paper.id, { pages: uploaded.map((page) => ({ id: page.id })) });
      expect(handedIn.statusCode, handedIn.body).toBe(200);
    }

    // Marked as any script: Nimal 8 + 12, Kamala 5 + 5.
    const queue = okData<ScriptsAnswer>(await t.app.inject({ url: `${base}/scripts`, headers: admin }));
    expect(queue.counts).toMatchObject({ toDo: 2, notHandedIn: 0 });
    const scriptOf = (studentId: string) => queue.rows.find((row) => row.student.studentId === studentId)?.scriptId ?? '';
    const mark = async (headers: Headers, scriptId: string, marks: readonly number[]) => {
      const script = okData<MarkingScriptAnswer>(await t.app.inject({ url: `${base}/scripts/${scriptId}`, headers }));
      const answer = await marksRequest(t.app, headers, paper.id, scriptId, { marks: script.questions.map((question, index) => ({ questionId: question.questionId, marks: marks[index] ?? 0 })), done: true });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await mark(admin, scriptOf(student.student._id), [8, 12]);
    await mark(admin, scriptOf(other.student._id), [5, 5]);

    // After the close and the upload time, the release ranks the written marks alone.
    clock.passClose(paper.body.closesAt, t.config.papers.graceMs);
    await waitForResults(t.app, admin, paper.id, resultsReady);
    clock.moveTo(clock.now() + 16 * MINUTE_MS);
    const release = await t.app.inject({ method: 'POST', url: `${base}/release`, headers: admin });
    expect(release.statusCode, release.body).toBe(200);
    const results = await getResults(t.app, admin, paper.id);
    expect(results.paper).toMatchObject({ maxMarks: 25, mcqMaxMarks: 0, writtenMaxMarks: 25 });
    expect(results.rows.map((row) => [row.name, row.marks, row.mcqMarks, row.writtenMarks, row.islandRank])).toEqual([
      ['Nimal Perera', 20, 0, 20, 1],
      ['Kamala Silva', 10, 0, 10, 2],
    ]);
    const result = okData<ResultAnswer>(await t.app.inject({ url: `${base}/result`, headers: other.headers }));
    expect(result).toMatchObject({ marks: 10, maxMarks: 25, mcqMarks: 0, writtenMarks: 10, islandRank: 2 });
  });
});
