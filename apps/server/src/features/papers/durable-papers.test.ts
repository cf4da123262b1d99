// Papers survive their server (papers.md 'Saving answers', 'What happens at the deadline'): an
// acknowledged save is on disk before its answer, so a server killed with SIGKILL the next moment
// still has it; and the close job is a row of the jobs table, so an attempt left open when its
// server died is handed in by time and marked by the next one. Real server processes, on the real
// clock, with a short grace.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startedSitting, type AnswersAnswer, type DriveItem, type PaperAnswer, type PaperCreatedAnswer, type QuestionBody, type QuestionsAnswer, type ResultsAnswer, type Save, type StartAnswer } from '@academy/contract';
import { createDatabase } from '../../db/database';
import { buildRegistration } from '../../../test/factories';
import { processDatabase, type ProcessDatabase } from '../../../test/process-database';
import { START_SECONDS, startServerProcess, type ServerProcess } from '../../../test/server-process';
import { signInOverHttp } from '../../../test/second-factor';
import { TEST_ADMIN } from '../../../test/test-app';
import { PAPER_CLOSE_JOB } from './paper-jobs';
import { closingIn } from './results-test-helpers';
import { newDeviceKey, type Sitting } from './sitting-helpers';
import { until } from '../../../test/until';

const GRACE_SECONDS = 2;
const TEST_TIMEOUT_MS = (2 * START_SECONDS + 90) * 1000;

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T>(server: ServerProcess, method: string, url: string, token: string | null, body?: unknown): Promise<Answer<T>> {
  const answer = await fetch(`${server.url}/api/${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as T };
}

/** A call that must succeed: its answer's body. */
async function ok<T>(server: ServerProcess, method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const answer = await call<T>(server, method, url, token, body);
  if (answer.status !== 200) throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}


/** Starts as the sitting screen does: the start, then the questions it orders. */
async function startByFetch(server: ServerProcess, token: string, paperId: string): Promise<Sitting> {
  const start = (await ok<StartAnswer>(server, 'POST', `papers/${paperId}/start`, token, { deviceKey: newDeviceKey() })).data;
  return startedSitting(start, (await ok<QuestionsAnswer>(server, 'GET', `papers/${paperId}/questions`, token)).data.questions);
}

async function signIn(server: ServerProcess, email: string, password: string): Promise<string> {
  return (await signInOverHttp(server.url, email, password)).token;
}

/** A class, with a folder to set papers in, that every Theory student of batch 2026 may open. */
async function classForBatch(server: ServerProcess, admin: string): Promise<DriveItem> {
  const folderName = `Durable ${crypto.randomUUID().slice(0, 6)}`;
  const classFolder = (await ok<{ data: DriveItem }>(server, 'POST', 'folders/create/folder', admin, { folderName })).data;
  await ok(server, 'POST', 'folders/access/batch', admin, { className: folderName, batch: '2026', classType: 'Theory' });
  return (await ok<{ data: DriveItem }>(server, 'POST', `folders/folder/${encodeURIComponent(classFolder.id)}/folders`, admin, { name: 'Papers' })).data;
}

/** Registered and signed in, in batch 2026, Theory: its token. */
async function newStudent(server: ServerProcess): Promise<string> {
  const registration = buildRegistration({ batch: '2026', classType: 'Theory' });
  await ok(server, 'POST', 'students/student/register', null, registration);
  return signIn(server, registration.email, registration.password);
}

function questions(count: number): QuestionBody[] {
  return Array.from({ length: count }, (_, index) => ({
    text: `Question ${index + 1}`,
    options: ['Anuradhapura', 'Polonnaruwa', 'Kandy', 'Kotte'].map((place) => `${place} ${index + 1}`),
    correct: index % 4,
  }));
}

async function withServerData(run: (env: Record<string, string>, database: ProcessDatabase) => Promise<void>): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-papers-'));
  const database = await processDatabase(dataDir);
  const env = {
    ...database.env,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    PAPER_GRACE_SECONDS: String(GRACE_SECONDS),
    PAPER_SWEEP_SECONDS: '1',
  };
  try {
    await run(env, database);
  } finally {
    await database.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function stop(server: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}

describe('papers: durable across a killed server', () => {
  it('an attempt left open when the server was killed is handed in by time and marked after the restart', async () => {
    await withServerData(async (env, database) => {
      let server = await startServerProcess(env);
      try {
        const admin = await signIn(server, TEST_ADMIN.email, TEST_ADMIN.password);
        const folder = await classForBatch(server, admin);
        const student = await newStudent(server);
        const times = closingIn(8);
        const created = await ok<PaperCreatedAnswer>(server, 'POST', 'papers', admin, {
          folderId: folder.id,
          title: 'Left open',
          ...times,
          timeLimitMinutes: 60,
          questions: questions(3),
        });
        const paperId = created.data.id;
        const paper = (await ok<PaperAnswer>(server, 'GET', `papers/${paperId}`, admin)).data;
        const sitting = (await ok<StartAnswer>(server, 'POST', `papers/${paperId}/start`, student, { deviceKey: newDeviceKey() })).data;
        const [first, second] = paper.questions ?? [];
        if (!first || !second) throw new Error('the paper has no questions');
        const saves: Save[] = [
          { seq: 1, questionId: first.id, optionId: first.options[first.correct]?.id ?? null },
          { seq: 2, questionId: second.id, optionId: second.options[(second.correct + 1) % 4]?.id ?? null },
        ];
        await ok(server, 'POST', `papers/${paperId}/answers`, student, { device: sitting.device, saves });
        expect(Date.now(), 'the attempt must still be open when the server is killed').toBeLessThan(Date.parse(times.closesAt));
        await stop(server, 'SIGKILL');

        server = await startServerProcess(env);
        const results = await until(
          'the attempt to be handed in by time and the results ready',
          async () => {
            const answer = (await ok<ResultsAnswer>(server, 'GET', `papers/${paperId}/results`, admin)).data;
            return answer.paper.resultsReadyAt !== null ? answer : null;
          },
          60_000,
        );
        expect(results.paper.sat).toBe(1);
        expect(results.rows[0]).toMatchObject({ marks: 1, percentage: 33.3, islandRank: 1, handedInBy: 'time' });
        expect(Date.parse(results.rows[0]?.handedInAt ?? '')).toBeGreaterThanOrEqual(Date.parse(times.closesAt));

        const db = createDatabase(database.target);
        try {
          const job = await db.selectFrom('jobs').select('state').where('kind', '=', PAPER_CLOSE_JOB).where('job_key', '=', paperId).executeTakeFirstOrThrow();
          expect(job.state).toBe('done');
          const attempt = await db.selectFrom('paper_attempts').select(['correct', 'answered']).where('paper_id', '=', paperId).executeTakeFirstOrThrow();
          expect(attempt).toEqual({ correct: 1, answered: 2 });
        } finally {
          await db.destroy();
        }
        await stop(server, 'SIGTERM');
      } finally {
        await stop(server, 'SIGKILL');
      }
    });
  }, TEST_TIMEOUT_MS);

  it('every save acknowledged before SIGKILL is stored after the restart', async () => {
    const STUDENTS = 20;
    const QUESTIONS = 10;
    await withServerData(async (env, database) => {
      let server = await startServerProcess(env);
      try {
        const admin = await signIn(server, TEST_ADMIN.email, TEST_ADMIN.password);
        const folder = await classForBatch(server, admin);
        const tokens = await Promise.all(Array.from({ length: STUDENTS }, () => newStudent(server)));
        const created = await ok<PaperCreatedAnswer>(server, 'POST', 'papers', admin, {
          folderId: folder.id,
          title: 'Saving at full speed',
          ...closingIn(3600),
          timeLimitMinutes: 600,
          questions: questions(QUESTIONS),
        });
        const paperId = created.data.id;
        const sittings = await Promise.all(tokens.map((token) => startByFetch(server, token, paperId)));

        /** Every save the server acknowledged (applied, or ignored as already held or overtaken): attempt, question, seq. */
        const acknowledged: { attemptId: string; questionId: string; seq: number }[] = [];
        let killed = false;
        const saveAtFullSpeed = async (token: string, sitting: Sitting) => {
          let seq = sitting.lastSeq;
          // One request at a time, as the browser's queue sends them, until the server is gone.
          while (!killed) {
            const saves = Array.from({ length: randomInt(1, 4) }, (): Save => {
              seq += 1;
              const question = sitting.questions[randomInt(sitting.questions.length)];
              if (!question) throw new Error('the sitting has no questions');
              const option = randomInt(10) === 0 ? null : (question.options[randomInt(question.options.length)]?.id ?? null);
              return { seq, questionId: question.id, optionId: option };
            });
            const answer = await call<AnswersAnswer>(server, 'POST', `papers/${paperId}/answers`, token, { device: sitting.device, saves }).catch(() => null);
            if (!answer) return;
            expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            const taken = new Set([...answer.body.data.applied, ...answer.body.data.ignored]);
            for (const save of saves) if (taken.has(save.seq)) acknowledged.push({ attemptId: sitting.attemptId, questionId: save.questionId, seq: save.seq });
          }
        };
        const sending = Promise.all(sittings.map((sitting, index) => saveAtFullSpeed(tokens[index] ?? '', sitting)));
        // Killed at a random moment once saves are flowing.
        await until('saves to flow', async () => acknowledged.length >= 5 * STUDENTS, 60_000);
        await new Promise((resolve) => setTimeout(resolve, randomInt(500)));
        server.child.kill('SIGKILL');
        killed = true;
        await server.exited;
        await sending;
        expect(acknowledged.length).toBeGreaterThanOrEqual(5 * STUDENTS);

        server = await startServerProcess(env);
        const db = createDatabase(database.target);
        try {
          const stored = await db
            .selectFrom('paper_answers')
            .innerJoin('paper_attempts', 'paper_attempts.id', 'paper_answers.attempt_id')
            .select(['paper_answers.attempt_id', 'paper_answers.question_id', 'paper_answers.seq'])
            .where('paper_attempts.paper_id', '=', paperId)
            .execute();
          const held = new Map(stored.map((row) => [`${row.attempt_id}/${row.question_id}`, row.seq]));
          // Each is stored, or overtaken by a save with a higher seq that the server holds instead.
          const lost = acknowledged.filter((save) => (held.get(`${save.attemptId}/${save.questionId}`) ?? 0) < save.seq);
          expect(lost).toEqual([]);
        } finally {
          await db.destroy();
        }
        // The restarted server resumes each attempt from what it holds.
        const highest = Math.max(...acknowledged.filter((save) => save.attemptId === sittings[0]?.attemptId).map((save) => save.seq));
        const resumed = (await ok<StartAnswer>(server, 'POST', `papers/${paperId}/start`, tokens[0] ?? '', { deviceKey: newDeviceKey() })).data;
        expect(resumed.lastSeq).toBeGreaterThanOrEqual(highest);
        await stop(server, 'SIGTERM');
      } finally {
        await stop(server, 'SIGKILL');
      }
    });
  }, TEST_TIMEOUT_MS);
});

