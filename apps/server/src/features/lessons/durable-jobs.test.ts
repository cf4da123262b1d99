import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { DriveItem, DriveListingAnswer } from '@academy/contract';
import { createDatabase } from '../../db/database';
import { processDatabase } from '../../../test/process-database';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';
import { signInOverHttp } from '../../../test/second-factor';
import { TEST_ADMIN } from '../../../test/test-app';
import { twoInstancesUnavailable, useTwoInstances } from '../../../test/two-instances';
import { testVideo } from '../../../test/videos';
import { adminHeaders, createClass, uploadFile } from '../class-material/test-helpers';
import { processesNaming } from '../../media/stop-tools';
import { LESSON_JOB } from './context';
import { TRANSCODE_TEST_TIMEOUT_MS, waitForLesson } from './test-helpers';
import { until } from '../../../test/until';

// Processing is a durable job: an instance killed with SIGKILL mid-transcode leaves the job to the
// next start (its lease lapses), and two instances sharing PostgreSQL transcode a lesson once.

async function api<T>(server: ServerProcess, url: string, init: RequestInit = {}): Promise<T> {
  const answer = await fetch(`${server.url}${url}`, init);
  const body = (await answer.json()) as T;
  if (!answer.ok) throw new Error(`${url}: ${answer.status} ${JSON.stringify(body)}`);
  return body;
}

async function lessonState(server: ServerProcess, token: string, folderId: string, videoId: string): Promise<DriveItem | undefined> {
  const listing = await api<DriveListingAnswer>(server, `/api/folders/folderContent/${folderId}`, { headers: { authorization: `Bearer ${token}` } });
  return listing.files.find((item) => item.id === videoId);
}


describe('lessons: durable processing', () => {
  it('finishes a transcode after its server was killed with SIGKILL half-way, and logs no key', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-sigkill-'));
    const database = await processDatabase(dataDir);
    const env = {
      ...database.env,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      TRANSCODE_CONCURRENCY: '1',
      JOB_LEASE_SECONDS: '3',
      LOG_LEVEL: 'info',
    };
    const outputs: string[] = [];
    let server = await startServerProcess(env);
    try {
      const login = await signInOverHttp(server.url, TEST_ADMIN.email, TEST_ADMIN.password);
      const auth = { authorization: `Bearer ${login.token}` };
      const classFolder = await api<{ data: DriveItem }>(server, '/api/folders/create/folder', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ folderName: 'Durable' }),
      });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(testVideo({ seconds: 30, width: 854, height: 480 }))], { type: 'video/mp4' }), 'long.mp4');
      const video = await api<{ data: DriveItem }>(server, `/api/folders/folder/${classFolder.data.id}/files`, { method: 'POST', headers: auth, body: form });
      const folderId = classFolder.data.id;
      const videoId = video.data.id;

      await until('the transcode to be under way', async () => {
        const item = await lessonState(server, login.token, folderId, videoId);
        return item?.processing?.state === 'processing' && item.processing.progress >= 5;
      }, 60_000);
      server.child.kill('SIGKILL');
      await server.exited;
      outputs.push(server.output());

      server = await startServerProcess(env);
      const done = await until('the lesson to be ready after the restart', async () => {
        const item = await lessonState(server, login.token, folderId, videoId);
        return item?.processing?.state === 'ready' ? item : null;
      }, TRANSCODE_TEST_TIMEOUT_MS - 120_000);
      expect(done.processing).toEqual({ state: 'ready', progress: 100, marks: expect.stringMatching(/^(adding|ready)$/) });
      server.child.kill('SIGTERM');
      await server.exited;
      outputs.push(server.output());
      // The killed server's ffmpeg would have gone on to the end of its work: the retry stopped it,
      // and the killed try's scratch folder is gone.
      expect((await processesNaming(dataDir)).map((found) => found.args)).toEqual([]);
      expect(readdirSync(path.join(dataDir, 'lessons-work')).filter((name) => name.endsWith('-1'))).toEqual([]);

      const db = createDatabase(database.target);
      try {
        // The transcode's row: ladder B's job, queued after it, may come first in an unordered select.
        const job = await db.selectFrom('jobs').selectAll().where('kind', '=', LESSON_JOB).executeTakeFirstOrThrow();
        expect(job.state).toBe('done');
        expect(job.attempts).toBe(2);
        const lesson = await db.selectFrom('lessons').select('key_hex').executeTakeFirstOrThrow();
        const key = Buffer.from(lesson.key_hex, 'hex');
        const logs = outputs.join('\n');
        expect(logs).toContain('job started');
        for (const form of [key.toString('hex'), key.toString('base64'), key.toString('base64url')]) expect(logs.toLowerCase()).not.toContain(form.toLowerCase());
      } finally {
        await db.destroy();
      }
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, TRANSCODE_TEST_TIMEOUT_MS);
});

const reason = await twoInstancesUnavailable();

describe.skipIf(reason)(`lessons on two instances${reason ? ` (skipped: ${reason})` : ''}`, () => {
  const pair = useTwoInstances({ TRANSCODE_CONCURRENCY: '1' });

  it('transcodes each lesson once though both instances look for work', async () => {
    const admin = await adminHeaders(pair.first);
    const classFolder = await createClass(pair.first, admin);
    const videos = [];
    for (const name of ['a.mp4', 'b.mp4', 'c.mp4']) {
      videos.push(await uploadFile(pair.first, admin, classFolder.id, name, testVideo({ seconds: 4, width: 320, height: 240 })));
    }
    for (const video of videos) await waitForLesson(pair.second, admin, classFolder.id, video.id);
    // The transcodes (each lesson's second marked ladder follows as a job of its own, still running
    // here). A lesson is ready a moment before its job's row says done: the worker records the end
    // after the work (a busy CI machine caught one still 'running').
    await vi.waitFor(
      async () => {
        const jobs = await pair.database.db.selectFrom('jobs').select(['state', 'attempts', 'lease_owner']).where('kind', '=', LESSON_JOB).execute();
        expect(jobs).toHaveLength(3);
        for (const job of jobs) expect(job).toEqual({ state: 'done', attempts: 1, lease_owner: null });
      },
      { timeout: 30_000, interval: 200 },
    );
  }, TRANSCODE_TEST_TIMEOUT_MS);
});
