// Saving answers (papers.md 'Saving answers: never lost, never counted twice'): the highest seq of
// a question wins, so saves may arrive twice, late or out of order, from one device or two.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAPERS_TEXT, timeUpMessage, type ErrorAnswer, type PaperRefusal, type QuestionBody, type Save } from '@academy/contract';
import { JobQueue } from '../../jobs/queue';
import { useTestApp } from '../../../test/test-app';
import { AttemptWriter } from './attempt-writer';
import { PaperCache } from './paper-cache';
import { choose, newDeviceKey, saveAnswers, sendSaves, startSitting, type Sitting } from './sitting-helpers';
import { addStudent, createPaper, paperClass, type PaperClass } from './test-helpers';

const MINUTE_MS = 60_000;

describe('saving answers', () => {
  let now = Date.now();
  const t = useTestApp({}, { clock: () => now });

  async function sat(made?: PaperClass, questions?: QuestionBody[]) {
    const paperClassMade = made ?? (await paperClass(t.app));
    const paper = await createPaper(t.app, paperClassMade.admin, paperClassMade.folder.id, questions ? { questions, timeLimitMinutes: 10 } : { timeLimitMinutes: 10 }, now);
    const sitting = await startSitting(t.app, paperClassMade.student.headers, paper.id);
    return { ...paperClassMade, paper, sitting, headers: paperClassMade.student.headers };
  }

  const stored = (attemptId: string) =>
    t.database.db.selectFrom('paper_answers').select(['question_id', 'option_id', 'seq', 'device']).where('attempt_id', '=', attemptId).orderBy('question_id').execute();

  it('a save sent twice is stored once and answered as ignored', async () => {
    now = Date.now();
    const { paper, sitting, headers } = await sat();
    const body = { device: 1, saves: [choose(sitting, 0, 2, 1)] };
    expect(await saveAnswers(t.app, headers, paper.id, body)).toMatchObject({ applied: [1], ignored: [], current: [] });
    const again = await saveAnswers(t.app, headers, paper.id, body);
    expect(again).toMatchObject({ applied: [], ignored: [1], current: [{ questionId: sitting.questions[0]?.id, optionId: sitting.questions[0]?.options[2]?.id, seq: 1 }] });
    expect(again.deadline).toBe(sitting.deadline);
    expect(again.acceptedUntil).toBe(sitting.acceptedUntil);
    expect(again.serverNow).toBe(new Date(now).toISOString());
    expect(await stored(sitting.attemptId)).toHaveLength(1);
  });

  it('an older seq after a newer one changes nothing and current names the newer', async () => {
    now = Date.now();
    const { paper, sitting, headers } = await sat();
    const newer = choose(sitting, 1, 0, 5);
    expect((await saveAnswers(t.app, headers, paper.id, { device: 1, saves: [newer] })).applied).toEqual([5]);
    const older = await saveAnswers(t.app, headers, paper.id, { device: 1, saves: [choose(sitting, 1, 2, 3), choose(sitting, 0, 1, 4)] });
    expect(older.applied).toEqual([4]);
    expect(older.ignored).toEqual([3]);
    expect(older.current).toEqual([{ questionId: newer.questionId, optionId: newer.optionId, seq: 5 }]);
    // Within one request the later save of a question wins too; a clearing is a save like any other.
    const both = await saveAnswers(t.app, headers, paper.id, { device: 1, saves: [choose(sitting, 2, null, 7), choose(sitting, 2, 1, 6)] });
    expect(both).toMatchObject({ applied: [7], ignored: [6] });
    const rows = await stored(sitting.attemptId);
    expect(rows.find((row) => row.question_id === newer.questionId)).toMatchObject({ option_id: newer.optionId, seq: 5 });
    expect(rows.find((row) => row.question_id === sitting.questions[2]?.id)).toMatchObject({ option_id: null, seq: 7 });
  });

  it('of two devices that used the same seq for a question, the higher device wins', async () => {
    now = Date.now();
    const { paper, sitting, headers } = await sat();
    const laptop = await startSitting(t.app, headers, paper.id, newDeviceKey());
    expect(laptop.device).toBe(2);
    expect((await saveAnswers(t.app, headers, paper.id, { device: 2, saves: [choose(sitting, 0, 2, 4)] })).applied).toEqual([4]);
    const phone = await saveAnswers(t.app, headers, paper.id, { device: 1, saves: [choose(sitting, 0, 0, 4)] });
    expect(phone).toMatchObject({ applied: [], ignored: [4], current: [{ questionId: sitting.questions[0]?.id, optionId: sitting.questions[0]?.options[2]?.id, seq: 4 }] });
    expect(await stored(sitting.attemptId)).toEqual([{ question_id: sitting.questions[0]?.id, option_id: sitting.questions[0]?.options[2]?.id, seq: 4, device: 2 }]);
  });

  it('a repeat arriving after the attempt closed is acknowledged, a new save refused with current', async () => {
    now = Date.now();
    const { paper, sitting, headers } = await sat();
    const first = { device: 1, saves: [choose(sitting, 0, 1, 1), choose(sitting, 1, 1, 2)] };
    await saveAnswers(t.app, headers, paper.id, first);
    now = Date.parse(sitting.acceptedUntil) + 1;
    // The first request again, its answer lost on the way: acknowledged as held.
    const repeat = await saveAnswers(t.app, headers, paper.id, first);
    expect(repeat).toMatchObject({ applied: [], ignored: [1, 2] });
    // An older save overtaken by what is held counts as held too.
    expect((await saveAnswers(t.app, headers, paper.id, { device: 1, saves: [choose(sitting, 1, 2, 1)] })).ignored).toEqual([1]);

    const refused = await sendSaves(t.app, headers, paper.id, { device: 1, saves: [choose(sitting, 0, 1, 1), choose(sitting, 1, 0, 3)] });
    expect(refused.statusCode, refused.body).toBe(409);
    const refusal = refused.json<PaperRefusal>();
    expect(refusal.message).toBe(timeUpMessage(sitting.acceptedUntil));
    expect(refusal.current).toEqual([
      { questionId: sitting.questions[0]?.id, optionId: sitting.questions[0]?.options[1]?.id, seq: 1 },
      { questionId: sitting.questions[1]?.id, optionId: sitting.questions[1]?.options[1]?.id, seq: 2 },
    ]);
    expect((await stored(sitting.attemptId)).map((row) => row.seq).sort()).toEqual([1, 2]);
  });

  it('refuses a questionId of another paper and an optionId of another question with 400 naming the save', async () => {
    now = Date.now();
    const made = await paperClass(t.app);
    const { paper, sitting, headers } = await sat(made);
    const other = await sat({ ...made, student: await addStudent(t.app, made) });
    const response = await sendSaves(t.app, headers, paper.id, {
      device: 1,
      saves: [
        choose(sitting, 0, 0, 1),
        { seq: 2, questionId: other.sitting.questions[0]?.id ?? '', optionId: other.sitting.questions[0]?.options[0]?.id ?? null },
        { seq: 3, questionId: sitting.questions[1]?.id ?? '', optionId: sitting.questions[2]?.options[0]?.id ?? null },
      ],
    });
    expect(response.statusCode, response.body).toBe(400);
    const refusal = response.json<ErrorAnswer>();
    expect(refusal.errors).toEqual([
      { field: 'saves.1.questionId', message: `saves.1.questionId ${PAPERS_TEXT.notQuestionOfPaper}` },
      { field: 'saves.2.optionId', message: `saves.2.optionId ${PAPERS_TEXT.notOptionOfQuestion}` },
    ]);
    // Nothing of the request is stored, its good save neither.
    expect(await stored(sitting.attemptId)).toEqual([]);

    const badSeq = await sendSaves(t.app, headers, paper.id, { device: 1, saves: [{ ...choose(sitting, 0, 0, 1), seq: 0 }] });
    expect(badSeq.statusCode, badSeq.body).toBe(400);
    expect(badSeq.json<ErrorAnswer>().errors).toEqual([{ field: 'saves.0.seq', message: `saves.0.seq ${PAPERS_TEXT.seqFromOne}` }]);
  });

  it('records page-away and offline periods once, however often a request carries them', async () => {
    now = Date.now();
    const { paper, sitting, headers } = await sat();
    const from = new Date(now).toISOString();
    const events = [
      { id: 'away-0001', kind: 'away' as const, from, to: new Date(now + 30_000).toISOString() },
      { id: 'offline-0001', kind: 'offline' as const, from, to: new Date(now + 90_000).toISOString() },
      // A device clock gone wild: clamped to the attempt's length (ten minutes).
      { id: 'away-0002', kind: 'away' as const, from, to: new Date(now + 600 * MINUTE_MS).toISOString() },
    ];
    const body = { device: 1, saves: [], events };
    await saveAnswers(t.app, headers, paper.id, body);
    await saveAnswers(t.app, headers, paper.id, body);
    const attempt = await t.database.db.selectFrom('paper_attempts').selectAll().where('id', '=', sitting.attemptId).executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({ away_count: 2, away_seconds: 30 + 600, offline_count: 1, offline_seconds: 90 });
    const rows = await t.database.db.selectFrom('paper_attempt_events').select(['event_id', 'seconds']).where('attempt_id', '=', sitting.attemptId).orderBy('event_id').execute();
    expect(rows).toEqual([
      { event_id: 'away-0001', seconds: 30 },
      { event_id: 'away-0002', seconds: 600 },
      { event_id: 'offline-0001', seconds: 90 },
    ]);
  });

  it('saves arriving at once from a hall of students are each acknowledged and stored', async () => {
    now = Date.now();
    const made = await paperClass(t.app);
    const paper = await createPaper(t.app, made.admin, made.folder.id, { timeLimitMinutes: 10 }, now);
    const students = [made.student, ...(await Promise.all(Array.from({ length: 7 }, () => addStudent(t.app, made))))];
    const sittings = await Promise.all(students.map((student) => startSitting(t.app, student.headers, paper.id)));
    // Every student sends three requests at once, one question each: many groups of the writer at the same moment.
    const answers = await Promise.all(
      sittings.flatMap((sitting, i) =>
        [0, 1, 2].map((question) => saveAnswers(t.app, students[i]?.headers ?? {}, paper.id, { device: 1, saves: [choose(sitting, question, (i + question) % 3, question + 1)] })),
      ),
    );
    expect(answers.every((answer) => answer.applied.length === 1)).toBe(true);
    for (const [i, sitting] of sittings.entries()) {
      const rows = await stored(sitting.attemptId);
      expect(rows).toHaveLength(3);
      for (const question of [0, 1, 2]) {
        const shown = sitting.questions[question];
        expect(rows.find((row) => row.question_id === shown?.id)?.option_id).toBe(shown?.options[(i + question) % 3]?.id);
      }
    }
  });

  it('a write that fails does not fail the saves that were grouped with it', async () => {
    now = Date.now();
    const { paper, sitting } = await sat();
    // A writer of its own on the same database, so the test decides what is grouped together.
    const writer = new AttemptWriter({
      db: t.database.db,
      clock: () => now,
      graceMs: 60_000,
      queue: new JobQueue(t.database.db),
      wakeAt: () => undefined,
      cache: new PaperCache(),
      log: t.app.log,
    });
    const save = (seq: number, question: number) => writer.save({ paperId: paper.id, attemptId: sitting.attemptId, device: 1, saves: [choose(sitting, question, 0, seq)], events: [] });
    const start = { paperId: paper.id, deviceKeyHash: 'a'.repeat(64), label: 'Test', ip: '127.0.0.1', order: { questions: [], options: [] }, district: 'Colombo', batch: '2026', school: '' };
    // The first operation runs alone; the three after it wait for the next group, together.
    const first = save(1, 0);
    const [grouped, broken, after] = await Promise.allSettled([
      save(2, 1),
      // An account that does not exist: its attempt breaks a foreign key and the group's transaction fails.
      writer.start({ ...start, accountId: crypto.randomUUID() }),
      save(3, 2),
    ]);
    expect((await first).applied).toEqual([1]);
    expect(grouped).toMatchObject({ status: 'fulfilled', value: { applied: [2] } });
    expect(after).toMatchObject({ status: 'fulfilled', value: { applied: [3] } });
    expect(broken.status).toBe('rejected');
    expect((await stored(sitting.attemptId)).map((row) => row.seq).sort()).toEqual([1, 2, 3]);
    await writer.idle();
  });

  it('any duplication and reordering of a sequence of saves stores the highest seq per question', { timeout: 120_000 }, async () => {
    now = Date.now();
    const made = await paperClass(t.app);
    const questions: QuestionBody[] = Array.from({ length: 4 }, (_, i) => ({ text: `Q${i}`, options: ['one', 'two', 'three'], correct: 0 }));
    // Each save: a question (0–3) and an option (0–2, or 3 for clearing it).
    const saveArbitrary = fc.record({ question: fc.integer({ min: 0, max: 3 }), option: fc.integer({ min: 0, max: 3 }) });
    const scenario = fc
      .array(saveArbitrary, { minLength: 1, maxLength: 12 })
      .chain((choices) =>
        fc.record({
          choices: fc.constant(choices),
          // Which saves are sent again (one to three copies), in what order, how many to a request.
          copies: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: choices.length, maxLength: choices.length }),
          order: fc.array(fc.nat(), { minLength: choices.length * 3, maxLength: choices.length * 3 }),
          chunk: fc.integer({ min: 1, max: 5 }),
        }),
      );
    await fc.assert(
      fc.asyncProperty(scenario, async ({ choices, copies, order, chunk }) => {
        const student = await addStudent(t.app, made);
        const paper = await createPaper(t.app, made.admin, made.folder.id, { questions }, now);
        const sitting: Sitting = await startSitting(t.app, student.headers, paper.id);
        const saves: Save[] = choices.map(({ question, option }, i) => choose(sitting, question, option === 3 ? null : option, i + 1));
        const sent = saves.flatMap((save, i) => Array.from({ length: copies[i] ?? 1 }, () => save));
        const shuffled = sent.map((save, i) => ({ save, rank: order[i] ?? 0 })).sort((a, b) => a.rank - b.rank).map((entry) => entry.save);
        // A request may not name one seq twice: copies go out in separate requests, several at once.
        const requests: Save[][] = [];
        for (const save of shuffled) {
          const open = requests.find((request) => request.length < chunk && !request.some((other) => other.seq === save.seq));
          if (open) open.push(save);
          else requests.push([save]);
        }
        await Promise.all(requests.map((request) => saveAnswers(t.app, student.headers, paper.id, { device: 1, saves: request })));
        const expected = new Map<string, Save>();
        for (const save of saves) expected.set(save.questionId, save);
        const rows = await stored(sitting.attemptId);
        expect(rows.map((row) => ({ questionId: row.question_id, optionId: row.option_id, seq: row.seq })).sort((a, b) => a.seq - b.seq)).toEqual(
          [...expected.values()].sort((a, b) => a.seq - b.seq),
        );
      }),
      { numRuns: 15 },
    );
  });
});
