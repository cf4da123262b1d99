// POST papers: a paper in a class folder, with every field rule of papers.md 'The calls', times
// kept as instants whatever offset they were written with, a body up to 4 MB, the close job
// queued at the close, and an audit entry written with the paper.
import { describe, expect, it } from 'vitest';
import { PAPER_BODY_LIMIT, PAPERS_TEXT, SERVER_TEXT, type ErrorAnswer, type PaperCreatedAnswer, type QuestionBody } from '@academy/contract';
import { useTestApp } from '../../../test/test-app';
import { oneEntryBy, signInAdmin } from '../audit-log/test-helpers';
import { PDF_BYTES, uploadFile } from '../class-material/test-helpers';
import { createPaper, createPaperRequest, getPaper, paperBody, paperClass } from './test-helpers';

const MINUTE_MS = 60_000;

describe('POST papers', () => {
  // The papers' clock, so 'in the future' is judged at a moment the test chooses.
  let now = Date.now();
  const t = useTestApp({}, { clock: () => now });

  const papersCount = async () => Number((await t.database.db.selectFrom('papers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('sets a paper in a folder and reads it back to an admin with its questions, keys and marks', async () => {
    now = Date.now();
    const { admin, folder, classFolder } = await paperClass(t.app);
    const { id, body } = await createPaper(t.app, admin, folder.id, { shuffleOptions: false, review: 'keys', batch: '2026', meritTop: 5 });
    const paper = await getPaper(t.app, admin, id);
    expect(paper).toMatchObject({
      id,
      folderId: folder.id,
      className: classFolder.name,
      title: body.title,
      instructions: body.instructions,
      opensAt: body.opensAt,
      closesAt: body.closesAt,
      timeLimitMinutes: 60,
      questionCount: 3,
      maxMarks: 4,
      shuffleQuestions: true,
      shuffleOptions: false,
      review: 'keys',
      releaseAt: null,
      releasedAt: null,
      batch: '2026',
      meritTop: 5,
      state: 'open',
      counts: { sitting: 0, handedIn: 0, sat: 0 },
      resultsReadyAt: null,
      meritPostedAt: null,
    });
    expect(paper.serverNow).toBe(new Date(now).toISOString());
    expect(paper.questions?.map((question) => ({ text: question.text, options: question.options.map((option) => option.text), correct: question.correct, marks: question.marks }))).toEqual([
      { text: 'Which river is the longest in Sri Lanka?', options: ['Mahaweli', 'Kelani', 'Kalu', 'Walawe'], correct: 0, marks: 1 },
      { text: 'අනුරාධපුර රාජධානිය ආරම්භ කළේ කවුද?', options: ['විජය', 'පණ්ඩුකාභය', 'දේවානම්පියතිස්ස'], correct: 1, marks: 2 },
      { text: 'In which year did Ceylon gain independence?', options: ['1947', '1948', '1956', '1972'], correct: 1, marks: 1 },
    ]);
    // Option ids are random: nothing in them says where the key is.
    const optionIds = paper.questions?.flatMap((question) => question.options.map((option) => option.id)) ?? [];
    expect(new Set(optionIds).size).toBe(11);
    expect(optionIds.every((optionId) => /^[0-9a-f-]{36}$/.test(optionId))).toBe(true);
  });

  it('gives the defaults of papers.md to settings the body leaves out', async () => {
    now = Date.now();
    const { admin, folder } = await paperClass(t.app);
    const { id } = await createPaper(t.app, admin, folder.id);
    expect(await getPaper(t.app, admin, id)).toMatchObject({ shuffleQuestions: true, shuffleOptions: true, review: 'explanations', releaseAt: null, batch: '', meritTop: 10 });
  });

  it('keeps times written in Sri Lanka time as the instant, and a paper whose opening has passed is open at once', async () => {
    now = Date.parse('2026-12-12T14:00:00Z'); // 7:30 PM in Sri Lanka
    const { admin, folder } = await paperClass(t.app);
    const { id } = await createPaper(
      t.app,
      admin,
      folder.id,
      { opensAt: '2026-12-12T19:00:00+05:30', closesAt: '2026-12-12T22:00:00+05:30', releaseAt: '2026-12-13T08:00:00+05:30' },
      now,
    );
    expect(await getPaper(t.app, admin, id)).toMatchObject({
      opensAt: '2026-12-12T13:30:00.000Z',
      closesAt: '2026-12-12T16:30:00.000Z',
      releaseAt: '2026-12-13T02:30:00.000Z',
      state: 'open',
    });
    now = Date.parse('2026-12-12T13:00:00Z');
    expect((await getPaper(t.app, admin, id)).state).toBe('scheduled');
  });

  it('shows a student who may open the class the state, settings and their own standing, and no question', async () => {
    now = Date.now();
    const { admin, folder, student } = await paperClass(t.app);
    const { id, body } = await createPaper(t.app, admin, folder.id);
    const paper = await getPaper(t.app, student.headers, id);
    expect(paper).toMatchObject({ id, title: body.title, questionCount: 3, maxMarks: 4, state: 'open' });
    expect(paper.mine).toEqual({ state: 'not-started', startedAt: null, deadline: null, handedInAt: null, handedInBy: null, extraMinutes: 0 });
    for (const key of ['questions', 'counts', 'resultsReadyAt', 'meritPostedAt']) expect(paper).not.toHaveProperty(key);
    const text = JSON.stringify(paper);
    for (const secret of ['Mahaweli', 'පණ්ඩුකාභය', 'correct', '335 km']) expect(text).not.toContain(secret);
  });

  it('refuses correct outside the options, naming questions.N.correct, and stores nothing', async () => {
    now = Date.now();
    const { admin, folder } = await paperClass(t.app);
    const before = await papersCount();
    const questions: QuestionBody[] = [
      { text: 'Fine', options: ['a', 'b'], correct: 1 },
      { text: 'Out of range', options: ['a', 'b', 'c'], correct: 3 },
    ];
    const response = await t.app.inject(createPaperRequest(admin, folder.id, paperBody({ questions })));
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorAnswer>().errors).toEqual([
      { field: 'questions.1.correct', message: `questions.1.correct ${PAPERS_TEXT.correctInOptions}` },
    ]);
    expect(await papersCount()).toBe(before);
  });

  it('refuses each field outside its rule with a sentence naming it', async () => {
    now = Date.now();
    const { admin, folder } = await paperClass(t.app);
    const before = await papersCount();
    const open = new Date(now + 60 * MINUTE_MS).toISOString();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '  ' }, 'title', 'title is required'],
      [{ title: 'x'.repeat(121) }, 'title', 'title must be at most 120 characters'],
      [{ timeLimitMinutes: 0 }, 'timeLimitMinutes', 'timeLimitMinutes must be a whole number of minutes from 1 to 600'],
      [{ timeLimitMinutes: 601 }, 'timeLimitMinutes', 'timeLimitMinutes must be a whole number of minutes from 1 to 600'],
      [{ opensAt: '2026-12-12T20:00:00' }, 'opensAt', `opensAt ${PAPERS_TEXT.timeWithOffset}`],
      [{ opensAt: open, closesAt: new Date(now + 60 * MINUTE_MS + 59_000).toISOString() }, 'closesAt', `closesAt ${PAPERS_TEXT.closeAfterOpen}`],
      [{ releaseAt: new Date(now + 60 * MINUTE_MS).toISOString() }, 'releaseAt', `releaseAt ${PAPERS_TEXT.releaseAfterClose}`],
      // No question at all is a written-only paper (answer-scripts.md): taken, so not a case here.
      [{ questions: 'none' }, 'questions', 'questions must be a list'],
      [{ questions: [{ text: 'Same', options: ['Kandy', ' kandy '], correct: 0 }] }, 'questions.0.options', `questions.0.options ${PAPERS_TEXT.optionsDistinct}`],
      [{ questions: [{ text: 'One', options: ['a'], correct: 0 }] }, 'questions.0.options', 'questions.0.options must have at least 2 options'],
      [{ questions: [{ text: 'Marks', options: ['a', 'b'], correct: 0, marks: 101 }] }, 'questions.0.marks', 'questions.0.marks must be a whole number from 1 to 100'],
      [{ batch: '1999' }, 'batch', 'batch must be one of'],
      [{ review: 'everything' }, 'review', 'review must be one of'],
    ];
    for (const [override, field, sentence] of cases) {
      const response = await t.app.inject(createPaperRequest(admin, folder.id, { ...paperBody(), ...override } as never));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      const refusal = response.json<ErrorAnswer>();
      expect(refusal.errors?.map((error) => error.field), JSON.stringify(override)).toEqual([field]);
      expect(refusal.errors?.[0]?.message).toContain(sentence);
    }
    expect(await papersCount()).toBe(before);
  });

  it('refuses a close that is not in the future by the server clock, and a picture no upload stored', async () => {
    now = Date.now();
    const { admin, folder } = await paperClass(t.app);
    const before = await papersCount();
    const past = await t.app.inject(
      createPaperRequest(admin, folder.id, paperBody({ opensAt: new Date(now - 120 * MINUTE_MS).toISOString(), closesAt: new Date(now).toISOString() })),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json<ErrorAnswer>()).toMatchObject({ message: `closesAt ${PAPERS_TEXT.closeInFuture}`, errors: [{ field: 'closesAt' }] });
    const pictured = await t.app.inject(
      createPaperRequest(admin, folder.id, paperBody({ questions: [{ text: 'Look', image: 'a'.repeat(64), options: ['a', 'b'], correct: 0 }] })),
    );
    expect(pictured.statusCode).toBe(400);
    expect(pictured.json<ErrorAnswer>()).toMatchObject({ message: `questions.0.image ${PAPERS_TEXT.notUploadedImage}`, errors: [{ field: 'questions.0.image' }] });
    expect(await papersCount()).toBe(before);
  });

  it('answers 404 "Folder not found" for a folder that is no folder of a class: unknown, a file, outside the tree', async () => {
    now = Date.now();
    const { admin, folder } = await paperClass(t.app);
    const pdf = await uploadFile(t.app, admin, folder.id, 'notes.pdf', PDF_BYTES);
    const before = await papersCount();
    for (const folderId of [`${folder.id}-missing`, pdf.id, '..', crypto.randomUUID()]) {
      const response = await t.app.inject(createPaperRequest(admin, folderId, paperBody()));
      expect(response.statusCode, folderId).toBe(404);
      expect(response.json<ErrorAnswer>().message).toBe('Folder not found');
    }
    expect(await papersCount()).toBe(before);
  });

  it('takes a 150-question Sinhala paper with explanations, and refuses a body over 4 MB with 413, storing nothing', async () => {
    now = Date.now();
    const { admin, folder } = await paperClass(t.app);
    const sinhala = (length: number, seed: number) => Array.from({ length }, (_, i) => String.fromCharCode(0x0d9a + ((i + seed) % 40))).join('');
    const questions: QuestionBody[] = Array.from({ length: 150 }, (_, n) => ({
      text: sinhala(1500, n),
      options: Array.from({ length: 6 }, (_, o) => `${o} ${sinhala(290, n + o)}`),
      correct: n % 6,
      explanation: sinhala(1500, n + 7),
    }));
    const body = { folderId: folder.id, ...paperBody({ questions }) };
    const bytes = Buffer.byteLength(JSON.stringify(body));
    expect(bytes).toBeGreaterThan(2 * 1024 * 1024);
    expect(bytes).toBeLessThan(PAPER_BODY_LIMIT);
    const taken = await t.app.inject({ method: 'POST', url: '/api/papers', headers: admin, payload: body });
    expect(taken.statusCode, taken.body.slice(0, 300)).toBe(200);
    expect((await getPaper(t.app, admin, taken.json<PaperCreatedAnswer>().data.id)).questionCount).toBe(150);

    const before = await papersCount();
    const padded = JSON.stringify({ ...body, padding: 'x'.repeat(PAPER_BODY_LIMIT - bytes) });
    expect(Buffer.byteLength(padded)).toBeGreaterThan(PAPER_BODY_LIMIT);
    const refused = await t.app.inject({ method: 'POST', url: '/api/papers', headers: { ...admin, 'content-type': 'application/json' }, payload: padded });
    expect(refused.statusCode).toBe(413);
    expect(refused.json<ErrorAnswer>().message).toBe(SERVER_TEXT.bodyTooLarge);
    expect(await papersCount()).toBe(before);
  });

  it('queues the close job at the close', async () => {
    now = Date.now();
    const { admin, folder } = await paperClass(t.app);
    const { id, body } = await createPaper(t.app, admin, folder.id);
    const job = await t.database.db.selectFrom('jobs').selectAll().where('kind', '=', 'paper.close').where('job_key', '=', id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'queued', run_after: body.closesAt });
    expect(JSON.parse(job.payload)).toEqual({ paperId: id });
  });

  it('writes one audit entry with the paper, naming its class and folder', async () => {
    now = Date.now();
    const adminSession = await signInAdmin(t.app);
    const { folder, classFolder } = await paperClass(t.app);
    let made = '';
    const entry = await oneEntryBy(t.app, adminSession, async () => {
      made = (await createPaper(t.app, adminSession.headers, folder.id, { title: 'Unit test 3' })).id;
    });
    expect(entry).toMatchObject({
      action: 'paper.create',
      target: { type: 'paper', id: made, label: 'Unit test 3' },
      summary: 'Created paper Unit test 3 in Papers',
      detail: { className: classFolder.name, folder: 'Papers', timeLimitMinutes: 60, questionCount: 3 },
    });
  });
});
