// Handing in (papers.md 'Hand in'): the last saves and the hand-in are one step, the attempt is
// marked at once from the key, and a hand-in sent again answers the first one.
import { describe, expect, it } from 'vitest';
import { handedInMessage, type PaperRefusal } from '@academy/contract';
import { JobQueue } from '../../jobs/queue';
import { useTestApp } from '../../../test/test-app';
import { AttemptWriter, closeDueAttempts } from './attempt-writer';
import { PaperCache } from './paper-cache';
import { choose, handIn, handInOk, newDeviceKey, saveAnswers, sendSaves, startSitting, type Sitting } from './sitting-helpers';
import { addStudent, createPaper, paperClass, sampleQuestions } from './test-helpers';

const MINUTE_MS = 60_000;

/** A save choosing, for the paper's own question `index`, its key (`right`) or another option. */
function answer(sitting: Sitting, index: number, right: boolean, seq: number) {
  const question = sampleQuestions()[index];
  if (!question) throw new Error(`no sample question ${index}`);
  const shown = sitting.questions.findIndex((candidate) => candidate.text === question.text);
  const wanted = question.options[right ? question.correct : (question.correct + 1) % question.options.length];
  const option = sitting.questions[shown]?.options.findIndex((candidate) => candidate.text === wanted) ?? -1;
  return choose(sitting, shown, option, seq);
}

describe('handing in', () => {
  let now = Date.now();
  const t = useTestApp({}, { clock: () => now });
  const attemptRow = (attemptId: string) => t.database.db.selectFrom('paper_attempts').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow();

  async function sat(overrides = {}) {
    now = Date.now();
    const made = await paperClass(t.app);
    const paper = await createPaper(t.app, made.admin, made.folder.id, overrides, now);
    const sitting = await startSitting(t.app, made.student.headers, paper.id);
    return { paper, sitting, headers: made.student.headers };
  }

  it('takes the saves it carries, marks at once from the key, and answers no marks', async () => {
    const { paper, sitting, headers } = await sat();
    await saveAnswers(t.app, headers, paper.id, { device: 1, saves: [answer(sitting, 0, true, 1)] });
    now += 7 * MINUTE_MS;
    const response = await handIn(t.app, headers, paper.id, { device: 1, saves: [answer(sitting, 1, true, 2), answer(sitting, 2, false, 3)] });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json<{ data: Record<string, unknown> }>().data;
    expect(data).toEqual({ handedInAt: new Date(now).toISOString(), handedInBy: 'student', answered: 3, questionCount: 3 });

    // The first question is worth 1 and the second 2; the third was answered wrong.
    const attempt = await attemptRow(sitting.attemptId);
    expect(attempt).toMatchObject({ handed_in_by: 'student', marks: 3, correct: 2, answered: 3, time_taken_seconds: 7 * 60 });
    const stored = await t.database.db.selectFrom('paper_answers').select('seq').where('attempt_id', '=', sitting.attemptId).orderBy('seq').execute();
    expect(stored.map((row) => row.seq)).toEqual([1, 2, 3]);
  });

  it('a second hand-in (the same body again) answers the first one\'s time and changes nothing', async () => {
    const { paper, sitting, headers } = await sat();
    const body = { device: 1, saves: [answer(sitting, 0, true, 1)] };
    const first = await handInOk(t.app, headers, paper.id, body);
    const before = await attemptRow(sitting.attemptId);
    now += 2 * MINUTE_MS;
    expect(await handInOk(t.app, headers, paper.id, body)).toEqual(first);
    expect(await attemptRow(sitting.attemptId)).toEqual(before);
    // A save sent again after the hand-in is acknowledged too.
    expect(await saveAnswers(t.app, headers, paper.id, body)).toMatchObject({ applied: [], ignored: [1] });
  });

  it('a hand-in from the second device of a handed-in attempt too', async () => {
    const { paper, sitting, headers } = await sat();
    const laptop = await startSitting(t.app, headers, paper.id, newDeviceKey());
    await saveAnswers(t.app, headers, paper.id, { device: laptop.device, saves: [answer(sitting, 1, true, 1)] });
    const first = await handInOk(t.app, headers, paper.id, { device: 1 });
    now += MINUTE_MS;
    expect(await handInOk(t.app, headers, paper.id, { device: laptop.device, saves: [answer(sitting, 1, true, 1)] })).toEqual(first);
    expect(first).toMatchObject({ handedInBy: 'student', answered: 1 });
  });

  it('one bringing a new save is 409 and stores nothing', async () => {
    const { paper, sitting, headers } = await sat();
    const held = answer(sitting, 0, false, 1);
    const first = await handInOk(t.app, headers, paper.id, { device: 1, saves: [held] });
    const before = await attemptRow(sitting.attemptId);

    for (const response of [
      await handIn(t.app, headers, paper.id, { device: 1, saves: [held, answer(sitting, 0, true, 2)] }),
      await sendSaves(t.app, headers, paper.id, { device: 1, saves: [answer(sitting, 1, true, 3)] }),
    ]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json<PaperRefusal>()).toMatchObject({ code: 409, data: null, message: handedInMessage(first.handedInAt), handedInAt: first.handedInAt });
    }
    const refused = await handIn(t.app, headers, paper.id, { device: 1, saves: [answer(sitting, 0, true, 2)] });
    expect(refused.json<PaperRefusal>().current).toEqual([{ questionId: held.questionId, optionId: held.optionId, seq: 1 }]);
    expect(await attemptRow(sitting.attemptId)).toEqual(before);
    const stored = await t.database.db.selectFrom('paper_answers').select('seq').where('attempt_id', '=', sitting.attemptId).execute();
    expect(stored).toEqual([{ seq: 1 }]);
  });

  it('a hand-in inside the grace is the student\'s, and after the close it queues the close job for now', async () => {
    now = Date.now();
    const closesAt = new Date(now + 30 * MINUTE_MS).toISOString();
    const { paper, sitting, headers } = await sat({ closesAt });
    now = Date.parse(closesAt) + 30_000;
    const handedIn = await handInOk(t.app, headers, paper.id, { device: 1, saves: [answer(sitting, 2, true, 1)] });
    expect(handedIn).toMatchObject({ handedInBy: 'student', handedInAt: new Date(now).toISOString(), answered: 1 });
    const attempt = await attemptRow(sitting.attemptId);
    // Time taken stops at the deadline: the grace covers the network, not the student.
    expect(attempt).toMatchObject({ late_saves: 1, time_taken_seconds: 30 * 60 });
    const job = await t.database.db.selectFrom('jobs').select('run_after').where('kind', '=', 'paper.close').where('job_key', '=', paper.id).executeTakeFirstOrThrow();
    expect(Date.parse(job.run_after)).toBeLessThanOrEqual(Date.now());
  });
});

describe('the close by time', () => {
  let now = Date.now();
  // No paper jobs on this instance: the test runs the close itself, as the close job would.
  const t = useTestApp({ PAPER_JOB_CONCURRENCY: '0' }, { clock: () => now });

  it('hands in by time, and marks, every attempt past its deadline + grace, and says what stays open', async () => {
    now = Date.now();
    const made = await paperClass(t.app);
    const paper = await createPaper(t.app, made.admin, made.folder.id, { timeLimitMinutes: 10 }, now);
    const early = await startSitting(t.app, made.student.headers, paper.id);
    await saveAnswers(t.app, made.student.headers, paper.id, { device: 1, saves: [answer(early, 1, true, 1), answer(early, 0, false, 2)] });
    now += 5 * MINUTE_MS;
    const laterStudent = await addStudent(t.app, made);
    const later = await startSitting(t.app, laterStudent.headers, paper.id);
    const writer = new AttemptWriter({ db: t.database.db, clock: () => now, graceMs: 60_000, queue: new JobQueue(t.database.db), wakeAt: () => undefined, cache: new PaperCache(), log: t.app.log });
    const ctx = { db: t.database.db, graceMs: 60_000, writer };

    // At the first deadline + grace itself the attempt still takes saves: nothing is closed yet.
    now = Date.parse(early.acceptedUntil);
    expect(await closeDueAttempts(ctx, paper.id, now)).toEqual({ closed: 0, open: 2, nextDueAt: Date.parse(early.acceptedUntil) });
    now += 1;
    expect(await closeDueAttempts(ctx, paper.id, now)).toEqual({ closed: 1, open: 1, nextDueAt: Date.parse(later.acceptedUntil) });
    const closed = await t.database.db.selectFrom('paper_attempts').selectAll().where('id', '=', early.attemptId).executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ handed_in_by: 'time', handed_in_at: early.acceptedUntil, marks: 2, correct: 1, answered: 2, time_taken_seconds: 10 * 60 });
    // Run again (a repeated job), it changes nothing.
    expect(await closeDueAttempts(ctx, paper.id, now)).toEqual({ closed: 0, open: 1, nextDueAt: Date.parse(later.acceptedUntil) });
    expect(await t.database.db.selectFrom('paper_attempts').selectAll().where('id', '=', early.attemptId).executeTakeFirstOrThrow()).toEqual(closed);

    now = Date.parse(later.acceptedUntil) + 1;
    expect(await closeDueAttempts(ctx, paper.id, now)).toEqual({ closed: 1, open: 0, nextDueAt: null });
    // The student's own call says the same: handed in by time.
    expect(await handInOk(t.app, laterStudent.headers, paper.id, { device: 1 })).toMatchObject({ handedInBy: 'time', handedInAt: later.acceptedUntil, answered: 0 });
    await writer.idle();
  });
});
