// Papers on two instances sharing PostgreSQL and Redis: saves of one attempt may reach either, the
// close job runs once though both look for work, and a start on one moves the job the other runs.
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { QuestionBody, Save } from '@academy/contract';
import { twoInstancesUnavailable, useTwoInstances } from '../../../test/two-instances';
import { PAPER_CLOSE_JOB } from './paper-jobs';
import { competitionRanks } from './ranking';
import { closingIn, savesFor, testClock, type Choice } from './results-test-helpers';
import { shuffled } from './shuffle';
import { newDeviceKey, saveAnswers, startSitting } from './sitting-helpers';
import { addStudent, createPaper, getPaper, paperClass } from './test-helpers';

const reason = await twoInstancesUnavailable();
const SETTINGS = { PAPER_GRACE_SECONDS: '1', PAPER_SWEEP_SECONDS: '1' };
const JOB_WAIT_MS = 30_000;

function questions(count: number): QuestionBody[] {
  return Array.from({ length: count }, (_, index) => ({
    text: `Question ${index + 1}`,
    options: ['Vijaya', 'Pandukabhaya', 'Devanampiya Tissa', 'Dutugemunu'].map((king) => `${king} ${index + 1}`),
    correct: index % 4,
  }));
}

describe.skipIf(reason)(`papers on two instances${reason ? ` (skipped: ${reason})` : ''}`, () => {
  // One clock for both instances, standing still while the students sit and moved past the close
  // by the test: twelve students' starts and saves on a busy machine once outran a real 4 s close.
  const clock = testClock();
  const pair = useTwoInstances(SETTINGS, {}, { clock: clock.now });
  const either = (): FastifyInstance => (randomInt(2) === 0 ? pair.first : pair.second);

  it('saves of one attempt through both instances keep the highest seq per question', async () => {
    const { admin, folder, student } = await paperClass(pair.first);
    const paper = await createPaper(pair.first, admin, folder.id, { questions: questions(6) }, clock.now());
    const deviceKey = newDeviceKey();
    const first = await startSitting(pair.first, student.headers, paper.id, deviceKey);
    const second = await startSitting(pair.second, student.headers, paper.id);
    expect(second.attemptId).toBe(first.attemptId);

    // Each device counts its own seqs, so the two sometimes use the same seq for a question: the higher device wins.
    const saves: (Save & { device: number })[] = [];
    for (const device of [first.device, second.device]) {
      for (let seq = 1; seq <= 60; seq += 1) {
        const question = first.questions[randomInt(first.questions.length)];
        if (!question) throw new Error('the sitting has no questions');
        saves.push({ device, seq, questionId: question.id, optionId: randomInt(8) === 0 ? null : (question.options[randomInt(question.options.length)]?.id ?? null) });
      }
    }
    const expected = new Map<string, Save & { device: number }>();
    for (const save of saves) {
      const held = expected.get(save.questionId);
      if (!held || save.seq > held.seq || (save.seq === held.seq && save.device > held.device)) expected.set(save.questionId, save);
    }

    // Every save once, a third of them again, in any order, a few at a time through either instance.
    const sends = shuffled([...saves, ...saves.filter(() => randomInt(3) === 0)]);
    for (let start = 0; start < sends.length; start += 6) {
      await Promise.all(
        sends
          .slice(start, start + 6)
          .map(({ device, ...save }) => saveAnswers(either(), student.headers, paper.id, { device, saves: [save] })),
      );
    }

    const resumed = await startSitting(pair.second, student.headers, paper.id, deviceKey);
    const held = new Map(resumed.answers.map((answer) => [answer.questionId, { optionId: answer.optionId, seq: answer.seq }]));
    expect(held).toEqual(new Map([...expected].map(([questionId, save]) => [questionId, { optionId: save.optionId, seq: save.seq }])));
  });

  it('the close job closes every attempt once and ranks once', async () => {
    const made = await paperClass(pair.first);
    const students = [made.student];
    for (let index = 1; index < 12; index += 1) students.push(await addStudent(pair.first, made));
    const paper = await createPaper(pair.first, made.admin, made.folder.id, closingIn(60, clock.now()));
    const stored = await getPaper(pair.first, made.admin, paper.id);
    const picks: Choice[] = ['right', 'wrong', 'none'];
    const expectedMarks = new Map<string, number>();
    for (const [index, student] of students.entries()) {
      // A different mix for each student, some sharing marks; nobody hands in.
      const choices = [picks[index % 3], picks[Math.floor(index / 3) % 3], picks[(index + 1) % 2]] as Choice[];
      const instance = index % 2 === 0 ? pair.first : pair.second;
      const sitting = await startSitting(instance, student.headers, paper.id);
      const saves = savesFor(stored, choices);
      if (saves.length > 0) await saveAnswers(instance, student.headers, paper.id, { device: sitting.device, saves });
      const marks = (stored.questions ?? []).reduce((sum, question, place) => sum + (choices[place] === 'right' ? question.marks : 0), 0);
      expectedMarks.set(sitting.attemptId, marks);
    }
    clock.passClose(paper.body.closesAt, Number(SETTINGS.PAPER_GRACE_SECONDS) * 1000);

    const attemptsOf = () =>
      pair.database.db
        .selectFrom('paper_attempts')
        .select(['id', 'handed_in_at', 'handed_in_by', 'marks', 'island_rank', 'updated_at'])
        .where('paper_id', '=', paper.id)
        .orderBy('id')
        .execute();
    const readyAt = await vi.waitFor(
      async () => {
        const row = await pair.database.db.selectFrom('papers').select('results_ready_at').where('id', '=', paper.id).executeTakeFirstOrThrow();
        if (row.results_ready_at === null) throw new Error('results not ready yet');
        return row.results_ready_at;
      },
      { timeout: JOB_WAIT_MS, interval: 100 },
    );
    const attempts = await attemptsOf();
    expect(attempts).toHaveLength(12);
    const ranks = competitionRanks([...expectedMarks].map(([id, marks]) => ({ id, marks })));
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ handed_in_by: 'time', marks: expectedMarks.get(attempt.id), island_rank: ranks.get(attempt.id) });
      expect(Date.parse(attempt.handed_in_at ?? '')).toBeGreaterThanOrEqual(Date.parse(paper.body.closesAt));
    }

    // Both instances go on sweeping every second: nothing is closed, ranked or made ready again.
    const settled = Date.now() + 3000;
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(settled), { timeout: 10_000, interval: 250 });
    expect(await attemptsOf()).toEqual(attempts);
    const paperNow = await pair.database.db.selectFrom('papers').select('results_ready_at').where('id', '=', paper.id).executeTakeFirstOrThrow();
    expect(paperNow.results_ready_at).toBe(readyAt);
    const job = await pair.database.db.selectFrom('jobs').select(['state', 'attempts']).where('kind', '=', PAPER_CLOSE_JOB).where('job_key', '=', paper.id).executeTakeFirstOrThrow();
    expect(job).toEqual({ state: 'done', attempts: 1 });
  });
});

describe.skipIf(reason)(`papers on two instances, one running no jobs${reason ? ` (skipped: ${reason})` : ''}`, () => {
  const pair = useTwoInstances(SETTINGS, { PAPER_JOB_CONCURRENCY: '0' });
  const closeJob = (paperId: string) =>
    pair.database.db.selectFrom('jobs').select(['state', 'run_after']).where('kind', '=', PAPER_CLOSE_JOB).where('job_key', '=', paperId).executeTakeFirstOrThrow();

  it('a start on one instance moves the close job the other runs', async () => {
    const { admin, folder, student } = await paperClass(pair.first);
    // The shortest limit there is: the student's deadline comes nine minutes before the close.
    const paper = await createPaper(pair.first, admin, folder.id, { ...closingIn(600), timeLimitMinutes: 1 });
    expect(await closeJob(paper.id)).toEqual({ state: 'queued', run_after: paper.body.closesAt });

    const sitting = await startSitting(pair.first, student.headers, paper.id);
    const acceptedUntil = sitting.acceptedUntil;
    expect(Date.parse(acceptedUntil)).toBe(Date.parse(sitting.deadline) + 1000);
    // Moved nine minutes earlier, to the deadline + grace (give or take the start's own moment).
    const moved = await closeJob(paper.id);
    expect(moved.state).toBe('queued');
    expect(Math.abs(Date.parse(moved.run_after) - Date.parse(acceptedUntil))).toBeLessThan(1000);

    // Only the second instance runs paper jobs: it closes the attempt just after its deadline + grace.
    const attempt = await vi.waitFor(
      async () => {
        const row = await pair.database.db.selectFrom('paper_attempts').select(['handed_in_at', 'handed_in_by']).where('id', '=', sitting.attemptId).executeTakeFirstOrThrow();
        if (row.handed_in_at === null) throw new Error('the attempt is still open');
        return row;
      },
      { timeout: 90_000, interval: 250 },
    );
    expect(attempt).toEqual({ handed_in_at: acceptedUntil, handed_in_by: 'time' });
    // Then it waits for the close, as the paper's results do.
    await vi.waitFor(
      async () => {
        const job = await closeJob(paper.id);
        expect(job.state).toBe('queued');
        expect(Math.abs(Date.parse(job.run_after) - Date.parse(paper.body.closesAt))).toBeLessThan(1000);
      },
      { timeout: 5000, interval: 100 },
    );
  }, 120_000);
});
