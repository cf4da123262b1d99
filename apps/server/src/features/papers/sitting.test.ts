// Starting, resuming and the time rules of a sitting (papers.md 'Sitting a paper', 'What happens
// at the deadline'), against a clock the test moves.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  handedInMessage,
  paperClosedMessage,
  paperOpensMessage,
  PAPERS_TEXT,
  timeUpMessage,
  type AnswersAnswer,
  type HandInAnswer,
  type PaperRefusal,
  type QuestionBody,
  type QuestionsAnswer,
} from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { adminHeaders, giveAccess } from '../class-material/test-helpers';
import { choose, getQuestions, handIn, handInOk, newDeviceKey, saveAnswers, sendSaves, startPaper, startSitting } from './sitting-helpers';
import { addStudent, createPaper, paperClass } from './test-helpers';

const MINUTE_MS = 60_000;
const GRACE_MS = 60_000;

/** Eight questions of four options: two students drawing the same order is a chance of about 1 in 10^13. */
function manyQuestions(): QuestionBody[] {
  return Array.from({ length: 8 }, (_, i) => ({ text: `Question ${i + 1}`, options: ['A', 'B', 'C', 'D'].map((letter) => `${letter}${i}`), correct: i % 4 }));
}

describe('sitting a paper', () => {
  let now = Date.now();
  const t = useTestApp({}, { clock: () => now });
  const attemptRow = (attemptId: string) => t.database.db.selectFrom('paper_attempts').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow();

  it('takes a save until the deadline plus the grace, marks one inside the grace late, and refuses one after it with 409 time up', async () => {
    now = Date.now();
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, { timeLimitMinutes: 10 }, now);
    const sitting = await startSitting(t.app, student.headers, paper.id);
    const deadline = Date.parse(sitting.startedAt) + 10 * MINUTE_MS;
    expect(Date.parse(sitting.deadline)).toBe(deadline);
    expect(Date.parse(sitting.acceptedUntil)).toBe(deadline + GRACE_MS);
    const body = (seq: number, question: number) => ({ device: sitting.device, saves: [choose(sitting, question, 1, seq)] });

    now = deadline;
    expect((await saveAnswers(t.app, student.headers, paper.id, body(1, 0))).applied).toEqual([1]);
    now = deadline + GRACE_MS;
    expect((await saveAnswers(t.app, student.headers, paper.id, body(2, 1))).applied).toEqual([2]);
    expect((await attemptRow(sitting.attemptId)).late_saves).toBe(1);

    now = deadline + GRACE_MS + 1;
    const refused = await sendSaves(t.app, student.headers, paper.id, { device: sitting.device, saves: [choose(sitting, 0, 2, 3), choose(sitting, 2, 0, 4)] });
    expect(refused.statusCode, refused.body).toBe(409);
    const refusal = refused.json<PaperRefusal>();
    expect(refusal.message).toBe(timeUpMessage(sitting.acceptedUntil));
    expect(refusal.deadline).toBe(sitting.deadline);
    expect(refusal.acceptedUntil).toBe(sitting.acceptedUntil);
    // What counted for the questions the request named: the first one's save; the third never had one.
    expect(refusal.current).toEqual([{ questionId: sitting.questions[0]?.id, optionId: sitting.questions[0]?.options[1]?.id, seq: 1 }]);
    const stored = await t.database.db.selectFrom('paper_answers').select(['question_id', 'seq']).where('attempt_id', '=', sitting.attemptId).orderBy('seq').execute();
    expect(stored.map((row) => row.seq)).toEqual([1, 2]);
  });

  it('the deadline is the earlier of start + limit and the close', async () => {
    now = Date.now();
    const made = await paperClass(t.app);
    const closesAt = new Date(now + 30 * MINUTE_MS).toISOString();
    const paper = await createPaper(t.app, made.admin, made.folder.id, { timeLimitMinutes: 60, closesAt }, now);
    const sitting = await startSitting(t.app, made.student.headers, paper.id);
    expect(sitting.deadline).toBe(closesAt);
    expect(Date.parse(sitting.acceptedUntil)).toBe(Date.parse(closesAt) + GRACE_MS);

    // Started ten minutes before the close, another student gets those ten minutes.
    now = Date.parse(closesAt) - 10 * MINUTE_MS;
    const late = await addStudent(t.app, made);
    const lateSitting = await startSitting(t.app, late.headers, paper.id);
    expect(lateSitting.deadline).toBe(closesAt);
  });

  it('a student gets the same order on every start, after a reload and on a second device; two students differ', async () => {
    now = Date.now();
    const made = await paperClass(t.app);
    const paper = await createPaper(t.app, made.admin, made.folder.id, { questions: manyQuestions() }, now);
    const orderOf = (sitting: Awaited<ReturnType<typeof startSitting>>) => sitting.questions.map((question) => [question.id, ...question.options.map((option) => option.id)]);

    const phone = newDeviceKey();
    const first = await startSitting(t.app, made.student.headers, paper.id, phone);
    expect(first.device).toBe(1);
    expect(first.questions).toHaveLength(8);
    await saveAnswers(t.app, made.student.headers, paper.id, { device: 1, saves: [choose(first, 0, 0, 1), choose(first, 1, 3, 2)] });

    now += 5 * MINUTE_MS;
    const reload = await startSitting(t.app, made.student.headers, paper.id, phone);
    expect(reload.device).toBe(1);
    expect(reload.attemptId).toBe(first.attemptId);
    expect(reload.startedAt).toBe(first.startedAt);
    expect(reload.deadline).toBe(first.deadline);
    expect(orderOf(reload)).toEqual(orderOf(first));

    const laptop = await startSitting(t.app, made.student.headers, paper.id, newDeviceKey());
    expect(laptop.device).toBe(2);
    expect(laptop.attemptId).toBe(first.attemptId);
    expect(laptop.deadline).toBe(first.deadline);
    expect(orderOf(laptop)).toEqual(orderOf(first));
    expect(laptop.lastSeq).toBe(2);
    expect(laptop.answers).toEqual(
      expect.arrayContaining([
        { questionId: first.questions[0]?.id, optionId: first.questions[0]?.options[0]?.id, seq: 1 },
        { questionId: first.questions[1]?.id, optionId: first.questions[1]?.options[3]?.id, seq: 2 },
      ]),
    );
    const devices = await t.database.db.selectFrom('paper_attempt_devices').selectAll().where('attempt_id', '=', first.attemptId).orderBy('device').execute();
    expect(devices.map((row) => row.device)).toEqual([1, 2]);
    expect(devices.map((row) => row.device_key_hash)).not.toContain(phone);
    expect((await attemptRow(first.attemptId)).devices).toBe(2);

    const other = await addStudent(t.app, made);
    const otherSitting = await startSitting(t.app, other.headers, paper.id);
    expect(otherSitting.attemptId).not.toBe(first.attemptId);
    expect(orderOf(otherSitting)).not.toEqual(orderOf(first));
    expect(new Set(otherSitting.questions.map((question) => question.id))).toEqual(new Set(first.questions.map((question) => question.id)));
  });

  it('records the start: the paper frozen, the groups copied from the account, the close job moved to the deadline', async () => {
    now = Date.now();
    const { admin, folder, student } = await paperClass(t.app, { district: 'Kandy', batch: '2027', scl: 'Trinity College' });
    const paper = await createPaper(t.app, admin, folder.id, { timeLimitMinutes: 10 }, now);
    const before = await t.database.db.selectFrom('papers').select('first_started_at').where('id', '=', paper.id).executeTakeFirstOrThrow();
    expect(before.first_started_at).toBeNull();

    const realStart = Date.now();
    const sitting = await startSitting(t.app, student.headers, paper.id);
    expect(sitting.watermark).toEqual({ name: student.student.name, regNo: student.student.regNo });
    expect(sitting.extraMinutes).toBe(0);
    expect(sitting.lastSeq).toBe(0);
    expect(sitting.answers).toEqual([]);
    const frozen = await t.database.db.selectFrom('papers').select('first_started_at').where('id', '=', paper.id).executeTakeFirstOrThrow();
    expect(frozen.first_started_at).toBe(sitting.startedAt);
    const attempt = await attemptRow(sitting.attemptId);
    expect({ district: attempt.district, batch: attempt.batch, school: attempt.school }).toEqual({ district: 'Kandy', batch: '2027', school: 'Trinity College' });
    // Kept as positions, a few bytes a question, and answered as kept.
    expect(JSON.parse(attempt.order_json)).toEqual(sitting.order);
    expect(attempt.order_json.length).toBeLessThan(100);

    // The close job runs no later than this attempt's deadline + grace, well before the paper's close.
    const job = await t.database.db.selectFrom('jobs').selectAll().where('kind', '=', 'paper.close').where('job_key', '=', paper.id).executeTakeFirstOrThrow();
    expect(Date.parse(job.run_after)).toBeGreaterThanOrEqual(realStart + 11 * MINUTE_MS - 1000);
    expect(Date.parse(job.run_after)).toBeLessThanOrEqual(Date.now() + 11 * MINUTE_MS + 1000);
  });

  it('start before opensAt is 409 with opensAt, and sends no question', async () => {
    now = Date.now();
    const { admin, folder, student } = await paperClass(t.app);
    const opensAt = new Date(now + 30 * MINUTE_MS).toISOString();
    const paper = await createPaper(t.app, admin, folder.id, { opensAt, closesAt: new Date(now + 90 * MINUTE_MS).toISOString() }, now);
    const response = await startPaper(t.app, student.headers, paper.id);
    expect(response.statusCode, response.body).toBe(409);
    const refusal = response.json<PaperRefusal>();
    expect(refusal).toMatchObject({ code: 409, data: null, message: paperOpensMessage(opensAt), opensAt });
    expect(response.body).not.toContain(paper.body.questions[0]?.text ?? 'no question');
    const attempts = await t.database.db.selectFrom('paper_attempts').select('id').where('paper_id', '=', paper.id).execute();
    expect(attempts).toEqual([]);
  });

  it('start after the close by a student who never started is 409 with closesAt', async () => {
    now = Date.now();
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, {}, now);
    now = Date.parse(paper.body.closesAt);
    const response = await startPaper(t.app, student.headers, paper.id);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json<PaperRefusal>()).toMatchObject({ message: paperClosedMessage(paper.body.closesAt), closesAt: paper.body.closesAt });
  });

  it('a hand-in bringing a new save after the grace is 409; one without, or repeating saves already held, answers handed in by time', async () => {
    now = Date.now();
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, { timeLimitMinutes: 5 }, now);
    const sitting = await startSitting(t.app, student.headers, paper.id);
    const held = choose(sitting, 0, 1, 1);
    await saveAnswers(t.app, student.headers, paper.id, { device: 1, saves: [held] });

    now = Date.parse(sitting.acceptedUntil) + 1;
    const fresh = await handIn(t.app, student.headers, paper.id, { device: 1, saves: [held, choose(sitting, 1, 0, 2)] });
    expect(fresh.statusCode, fresh.body).toBe(409);
    expect(fresh.json<PaperRefusal>()).toMatchObject({ message: timeUpMessage(sitting.acceptedUntil), acceptedUntil: sitting.acceptedUntil });
    expect((await attemptRow(sitting.attemptId)).handed_in_at).toBeNull();

    const repeat = await handInOk(t.app, student.headers, paper.id, { device: 1, saves: [held] });
    expect(repeat).toEqual({ handedInAt: sitting.acceptedUntil, handedInBy: 'time', answered: 1, questionCount: 3 });
    const bare = await handInOk(t.app, student.headers, paper.id, { device: 1 });
    expect(bare).toEqual(repeat);
    const attempt = await attemptRow(sitting.attemptId);
    expect(attempt).toMatchObject({ handed_in_by: 'time', handed_in_at: sitting.acceptedUntil, answered: 1, time_taken_seconds: 5 * 60 });
    expect(typeof attempt.marks).toBe('number');

    // Starting again answers the refusal of a closed attempt, not a new attempt.
    const again = await startPaper(t.app, student.headers, paper.id);
    expect(again.statusCode, again.body).toBe(409);
  });

  it('refuses an admin with 403, a student without the class with 404 as for an unknown id, and answers before a start with 404', async () => {
    now = Date.now();
    const made = await paperClass(t.app);
    const paper = await createPaper(t.app, made.admin, made.folder.id, {}, now);
    const admin = await adminHeaders(t.app);
    for (const response of [
      await startPaper(t.app, admin, paper.id),
      await getQuestions(t.app, admin, paper.id),
      await sendSaves(t.app, admin, paper.id, { device: 1, saves: [] }),
      await handIn(t.app, admin, paper.id, { device: 1 }),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json<PaperRefusal>().message).toBe(PAPERS_TEXT.onlyStudentsSit);
    }

    const outsider = await signedInStudent(t.app);
    for (const paperId of [paper.id, crypto.randomUUID()]) {
      for (const response of [
        await startPaper(t.app, outsider.headers, paperId),
        await getQuestions(t.app, outsider.headers, paperId),
        await sendSaves(t.app, outsider.headers, paperId, { device: 1, saves: [] }),
        await handIn(t.app, outsider.headers, paperId, { device: 1 }),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json<PaperRefusal>().message).toBe(PAPERS_TEXT.paperNotFound);
      }
    }

    for (const notStarted of [await sendSaves(t.app, made.student.headers, paper.id, { device: 1, saves: [] }), await getQuestions(t.app, made.student.headers, paper.id)]) {
      expect(notStarted.statusCode, notStarted.body).toBe(404);
      expect(notStarted.json<PaperRefusal>().message).toBe(PAPERS_TEXT.notStarted);
    }
    const handInFirst = await handIn(t.app, made.student.headers, paper.id, { device: 1 });
    expect(handInFirst.statusCode, handInFirst.body).toBe(404);
    expect(handInFirst.json<PaperRefusal>().message).toBe(PAPERS_TEXT.notStarted);
  });

  it('the questions are one answer for every student, in the paper order, compressed once; each start orders them its own way', async () => {
    now = Date.now();
    const made = await paperClass(t.app);
    const paper = await createPaper(t.app, made.admin, made.folder.id, { questions: manyQuestions() }, now);
    const other = await addStudent(t.app, made);
    const first = await startSitting(t.app, made.student.headers, paper.id);
    const second = await startSitting(t.app, other.headers, paper.id);

    const plain = [await getQuestions(t.app, made.student.headers, paper.id), await getQuestions(t.app, other.headers, paper.id)];
    expect(plain.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(plain[1]?.body).toBe(plain[0]?.body);
    const read = plain[0]?.json<QuestionsAnswer>().data.questions ?? [];
    expect(read.map((question) => question.text)).toEqual(paper.body.questions.map((question) => question.text));
    expect(read.map((question) => question.options.map((option) => option.text))).toEqual(paper.body.questions.map((question) => question.options));

    const gzip = await t.app.inject({ method: 'GET', url: `/api/papers/${paper.id}/questions`, headers: { ...other.headers, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain[0]?.body);

    // Each start's order puts the same questions in that student's order.
    for (const sitting of [first, second]) {
      expect(sitting.order.questions.map((position) => read[position]?.id)).toEqual(sitting.questions.map((question) => question.id));
    }
    expect(second.order).not.toEqual(first.order);
  });

  it('refuses a device the attempt never started with 409', async () => {
    now = Date.now();
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, {}, now);
    const sitting = await startSitting(t.app, student.headers, paper.id);
    const response = await sendSaves(t.app, student.headers, paper.id, { device: 2, saves: [choose(sitting, 0, 0, 1)] });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json<PaperRefusal>().message).toBe(PAPERS_TEXT.unknownDevice);
    const stored = await t.database.db.selectFrom('paper_answers').select('seq').where('attempt_id', '=', sitting.attemptId).execute();
    expect(stored).toEqual([]);
  });

  it('revoking the class mid-paper lets the started attempt finish', async () => {
    now = Date.now();
    const { admin, folder, classFolder } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, {}, now);
    const student = await signedInStudent(t.app);
    const grant = await giveAccess(t.app, admin, student.body.email, classFolder.name);
    const sitting = await startSitting(t.app, student.headers, paper.id);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/folders/access/${grant.id}`, headers: admin });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const resumed = await startSitting(t.app, student.headers, paper.id);
    expect(resumed.attemptId).toBe(sitting.attemptId);
    const saved = await sendSaves(t.app, student.headers, paper.id, { device: 1, saves: [choose(sitting, 0, 0, 1)] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AnswersAnswer>().data.applied).toEqual([1]);
    const handedIn = await handIn(t.app, student.headers, paper.id, { device: 1 });
    expect(handedIn.statusCode, handedIn.body).toBe(200);
    expect(handedIn.json<HandInAnswer>().data.handedInBy).toBe('student');
  });

  it('refuses a start on a handed-in attempt with 409 and its hand-in time', async () => {
    now = Date.now();
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await createPaper(t.app, admin, folder.id, {}, now);
    await startSitting(t.app, student.headers, paper.id);
    const handedIn = await handInOk(t.app, student.headers, paper.id, { device: 1 });
    const again = await startPaper(t.app, student.headers, paper.id);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json<PaperRefusal>()).toMatchObject({ message: handedInMessage(handedIn.handedInAt), handedInAt: handedIn.handedInAt });
  });
});
