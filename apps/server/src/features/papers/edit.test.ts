// PUT and DELETE papers/{id}: a paper is edited freely until its first start; after it, only the
// wording, a later close and the settings papers.md lists may change, and it can no longer be
// deleted. Each change is audited, and the close job follows the close.
import { describe, expect, it } from 'vitest';
import { PAPERS_TEXT, type ErrorAnswer, type PaperAnswer, type UpdatePaperBody } from '@academy/contract';
import { useTestApp } from '../../../test/test-app';
import { oneEntryBy, signInAdmin } from '../audit-log/test-helpers';
import { startSitting } from './sitting-helpers';
import { bodyOf, createPaper, getPaper, paperClass, type Headers } from './test-helpers';

const MINUTE_MS = 60_000;
const GRACE_MS = 60_000;

describe('PUT and DELETE papers/{id}', () => {
  let now = Date.now();
  const t = useTestApp({}, { clock: () => now });

  const put = (headers: Headers, paperId: string, body: UpdatePaperBody) => t.app.inject({ method: 'PUT', url: `/api/papers/${paperId}`, headers, payload: body });
  const remove = (headers: Headers, paperId: string) => t.app.inject({ method: 'DELETE', url: `/api/papers/${paperId}`, headers });
  const rows = (table: 'papers' | 'paper_questions' | 'paper_options', paperId: string) =>
    t.database.db.selectFrom(table).selectAll().where(table === 'papers' ? 'id' : 'paper_id', '=', paperId).execute();
  const closeJob = (paperId: string) => t.database.db.selectFrom('jobs').selectAll().where('kind', '=', 'paper.close').where('job_key', '=', paperId).executeTakeFirst();

  /** A paper one student has started. */
  async function startedPaper(overrides: Partial<UpdatePaperBody> = {}) {
    const made = await paperClass(t.app);
    const { id } = await createPaper(t.app, made.admin, made.folder.id, overrides, now);
    const sitting = await startSitting(t.app, made.student.headers, id);
    return { ...made, id, sitting, paper: await getPaper(t.app, made.admin, id) };
  }

  it('changes everything before the first start, questions included, and answers the paper as an admin reads it', async () => {
    now = Date.now();
    const { admin, folder } = await paperClass(t.app);
    const { id } = await createPaper(t.app, admin, folder.id, {}, now);
    const edited: UpdatePaperBody = {
      ...bodyOf(await getPaper(t.app, admin, id)),
      title: 'Renamed paper',
      opensAt: new Date(now + 30 * MINUTE_MS).toISOString(),
      closesAt: new Date(now + 300 * MINUTE_MS).toISOString(),
      timeLimitMinutes: 90,
      shuffleQuestions: false,
      questions: [
        { text: 'Only one now', options: ['yes', 'no', 'maybe'], correct: 2, marks: 5 },
        { text: 'And another', options: ['a', 'b'], correct: 0 },
      ],
    };
    const response = await put(admin, id, edited);
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<PaperAnswer>().data;
    expect(answered).toMatchObject({ title: 'Renamed paper', timeLimitMinutes: 90, shuffleQuestions: false, questionCount: 2, maxMarks: 6, state: 'scheduled' });
    expect(answered.questions?.map((question) => [question.text, question.correct, question.marks])).toEqual([
      ['Only one now', 2, 5],
      ['And another', 0, 1],
    ]);
    expect(await getPaper(t.app, admin, id)).toEqual(answered);
    expect(await rows('paper_options', id)).toHaveLength(5);
    expect((await closeJob(id))?.run_after).toBe(edited.closesAt);
  });

  it('after the first start takes new wording, pictures left as they were, and the free settings, keeping every id', async () => {
    now = Date.now();
    const { admin, id, paper } = await startedPaper();
    const body = bodyOf(paper);
    const reworded: UpdatePaperBody = {
      ...body,
      title: 'Typo fixed',
      instructions: 'Read twice.',
      review: 'responses',
      batch: '2027',
      meritTop: 3,
      releaseAt: new Date(now + 600 * MINUTE_MS).toISOString(),
      questions: body.questions.map((question, index) =>
        index === 1 ? { ...question, text: `${question.text} (fixed)`, options: question.options.map((option) => `${option}.`), explanation: 'Clearer.' } : question,
      ),
    };
    const response = await put(admin, id, reworded);
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<PaperAnswer>().data;
    expect(after).toMatchObject({ title: 'Typo fixed', instructions: 'Read twice.', review: 'responses', batch: '2027', meritTop: 3, releaseAt: reworded.releaseAt });
    expect(after.questions?.map((question) => question.id)).toEqual(paper.questions?.map((question) => question.id));
    expect(after.questions?.flatMap((question) => question.options.map((option) => option.id))).toEqual(paper.questions?.flatMap((question) => question.options.map((option) => option.id)));
    expect(after.questions?.[1]).toMatchObject({ text: `${paper.questions?.[1]?.text} (fixed)`, explanation: 'Clearer.', correct: 1 });
    expect(after.questions?.[1]?.options.map((option) => option.text)).toEqual(paper.questions?.[1]?.options.map((option) => `${option.text}.`));
  });

  it('after the first start refuses the opening, the limit, shuffling, the questions, keys and marks with 409 naming them, changing nothing', async () => {
    now = Date.now();
    const { admin, id, paper } = await startedPaper();
    const body = bodyOf(paper);
    const stored = await rows('paper_questions', id);
    const cases: [UpdatePaperBody, string[]][] = [
      [{ ...body, opensAt: new Date(now - 5 * MINUTE_MS).toISOString(), timeLimitMinutes: 30 }, ['opensAt', 'timeLimitMinutes']],
      [{ ...body, shuffleQuestions: false, shuffleOptions: false }, ['shuffleQuestions', 'shuffleOptions']],
      [{ ...body, questions: body.questions.slice(1) }, ['questions']],
      [{ ...body, questions: body.questions.map((question, index) => (index === 0 ? { ...question, options: [...question.options, 'Nilwala'] } : question)) }, ['questions.0.options']],
      [{ ...body, questions: body.questions.map((question, index) => (index === 2 ? { ...question, correct: 0, marks: 3 } : question)) }, ['questions.2.correct', 'questions.2.marks']],
    ];
    for (const [edited, fields] of cases) {
      const response = await put(admin, id, { ...edited, title: 'Should not stick' });
      expect(response.statusCode, response.body).toBe(409);
      const refusal = response.json<ErrorAnswer>();
      expect(refusal.message).toBe(PAPERS_TEXT.startedFrozen);
      expect(refusal.errors?.map((error) => error.field)).toEqual(fields);
    }
    expect((await getPaper(t.app, admin, id)).title).toBe(paper.title);
    expect(await rows('paper_questions', id)).toEqual(stored);
  });

  it('after the first start moves the close only later; a later close gives a sitting student their time and moves the close job', async () => {
    now = Date.now();
    // The close comes before the limit runs out: the student's deadline is the close.
    const { admin, student, id, paper, sitting } = await startedPaper({ closesAt: new Date(now + 30 * MINUTE_MS).toISOString(), timeLimitMinutes: 60 });
    expect(sitting.deadline).toBe(paper.closesAt);
    const body = bodyOf(paper);

    const earlier = await put(admin, id, { ...body, closesAt: new Date(now + 20 * MINUTE_MS).toISOString() });
    expect(earlier.statusCode).toBe(409);
    expect(earlier.json<ErrorAnswer>().message).toBe(PAPERS_TEXT.closeOnlyLater);
    expect((await getPaper(t.app, admin, id)).closesAt).toBe(paper.closesAt);

    const later = new Date(now + 120 * MINUTE_MS).toISOString();
    const moved = await put(admin, id, { ...body, closesAt: later });
    expect(moved.statusCode, moved.body).toBe(200);
    const deadline = new Date(Date.parse(sitting.startedAt) + 60 * MINUTE_MS).toISOString();
    expect((await getPaper(t.app, student.headers, id)).mine).toMatchObject({ state: 'sitting', deadline });
    // The job runs at the close, or earlier when an open attempt runs out before it.
    expect((await closeJob(id))?.run_after).toBe(new Date(Math.min(Date.parse(later), Date.parse(deadline) + GRACE_MS)).toISOString());
  });

  it('refuses a close moved into the past, and takes other changes to a paper that has closed', async () => {
    now = Date.now();
    const { admin, folder } = await paperClass(t.app);
    const { id } = await createPaper(t.app, admin, folder.id, { opensAt: new Date(now - 120 * MINUTE_MS).toISOString(), closesAt: new Date(now + 10 * MINUTE_MS).toISOString() }, now);
    const body = bodyOf(await getPaper(t.app, admin, id));
    now += 30 * MINUTE_MS;
    const past = await put(admin, id, { ...body, closesAt: new Date(now - MINUTE_MS).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json<ErrorAnswer>()).toMatchObject({ message: `closesAt ${PAPERS_TEXT.closeInFuture}`, errors: [{ field: 'closesAt' }] });
    const retitled = await put(admin, id, { ...body, title: 'Closed, renamed' });
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(retitled.json<PaperAnswer>().data.title).toBe('Closed, renamed');
  });

  it('answers 404 "Paper not found" for an unknown paper', async () => {
    now = Date.now();
    const { admin, folder } = await paperClass(t.app);
    const { body } = await createPaper(t.app, admin, folder.id, {}, now);
    const { folderId: _, ...update } = body;
    for (const response of [await put(admin, crypto.randomUUID(), update as UpdatePaperBody), await remove(admin, crypto.randomUUID())]) {
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorAnswer>().message).toBe(PAPERS_TEXT.paperNotFound);
    }
  });

  it('audits an edit with the settings before and after and the questions it changed', async () => {
    now = Date.now();
    const adminSession = await signInAdmin(t.app);
    const { folder } = await paperClass(t.app);
    const { id } = await createPaper(t.app, adminSession.headers, folder.id, { title: 'Before' }, now);
    const body = bodyOf(await getPaper(t.app, adminSession.headers, id));
    const entry = await oneEntryBy(t.app, adminSession, async () => {
      const response = await put(adminSession.headers, id, {
        ...body,
        title: 'After',
        timeLimitMinutes: 45,
        questions: body.questions.map((question, index) => (index === 2 ? { ...question, text: 'Changed' } : question)),
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(entry).toMatchObject({
      action: 'paper.edit',
      target: { type: 'paper', id, label: 'After' },
      detail: { before: { title: 'Before', timeLimitMinutes: 60 }, after: { title: 'After', timeLimitMinutes: 45 }, questionsChanged: [3] },
    });
    expect(Object.keys(entry.detail.before as object).sort()).toEqual(['timeLimitMinutes', 'title']);
  });

  it('deletes a paper nobody started, with its questions and close job, audited; keeps one that was started', async () => {
    now = Date.now();
    const adminSession = await signInAdmin(t.app);
    const { folder } = await paperClass(t.app);
    const { id } = await createPaper(t.app, adminSession.headers, folder.id, { title: 'Going' }, now);
    const entry = await oneEntryBy(t.app, adminSession, async () => {
      const response = await remove(adminSession.headers, id);
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(entry).toMatchObject({ action: 'paper.delete', target: { type: 'paper', id, label: 'Going' } });
    expect([...(await rows('papers', id)), ...(await rows('paper_questions', id)), ...(await rows('paper_options', id))]).toEqual([]);
    expect(await closeJob(id)).toBeUndefined();
    expect((await t.app.inject({ url: `/api/papers/${id}`, headers: adminSession.headers })).statusCode).toBe(404);

    const started = await startedPaper();
    const kept = await remove(started.admin, started.id);
    expect(kept.statusCode).toBe(409);
    expect(kept.json<ErrorAnswer>().message).toBe(PAPERS_TEXT.startedKept);
    expect(await rows('papers', started.id)).toHaveLength(1);
  });
});
