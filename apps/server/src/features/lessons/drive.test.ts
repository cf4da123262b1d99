import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileTicketAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { startFakeDrive } from '../../../test/fake-google-drive';
import { useTestApp } from '../../../test/test-app';
import { testVideo } from '../../../test/videos';
import { adminHeaders, createClass, fileTicket, giveAccess, uploadFile } from '../class-material/test-helpers';
import { markedSegmentName } from './marked-segments';
import * as repo from './repo';
import { TRANSCODE_TEST_TIMEOUT_MS, waitForMarks } from './test-helpers';

// With the Google Drive store, a lesson's outputs are written to their own Drive folder (outside the
// classes' root) through the store interface, and segments are read from Drive once, then from the
// local cache. Against the local Drive stand-in (test/fake-google-drive.ts), as the store's own test.

const folder = mkdtempSync(path.join(tmpdir(), 'academy-drive-lessons-'));
const drive = await startFakeDrive(folder);
const lessonsFolder = drive.add({ name: 'Lesson streams', mimeType: 'application/vnd.google-apps.folder', parents: ['sharedDrive'] });

describe('lessons on the Google Drive store', () => {
  const t = useTestApp({
    FILE_STORE: 'google-drive',
    GOOGLE_DRIVE_KEY_FILE: drive.keyFile,
    GOOGLE_DRIVE_ROOT_FOLDER_ID: drive.rootId,
    GOOGLE_DRIVE_LESSONS_FOLDER_ID: lessonsFolder.id,
    GOOGLE_DRIVE_API_URL: drive.url,
    TRANSCODE_CONCURRENCY: '1',
  });
  afterAll(async () => {
    await drive.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('keeps the ladder in its Drive folder and serves a segment from Drive once, then from the cache', async () => {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    const video = await uploadFile(t.app, admin, classFolder.id, 'lecture.mp4', testVideo({ seconds: 8, width: 320, height: 240 }));
    // Both ladders made: the segment the student's codeword picks no longer changes while the test reads it.
    await waitForMarks(t.app, admin, classFolder.id, video.id);
    const underLessons = [...drive.files.values()].filter((file) => file.parents.includes(lessonsFolder.id));
    expect(underLessons).toHaveLength(1);
    expect([...drive.files.values()].some((file) => file.name === 'master.m3u8' && !file.trashed)).toBe(true);

    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, classFolder.name);
    const ticket = (await fileTicket(t.app, student.headers, video.id)).json<FileTicketAnswer>().data;
    const master = (await t.app.inject({ url: ticket.hls ?? '' })).body;
    const playlist = (await t.app.inject({ url: master.split('\n').find((line) => line.startsWith('/api/')) ?? '' })).body;
    const segment = playlist.split('\n').find((line) => line.startsWith('/api/')) ?? '';
    const [, rendition, number] = /\/(\d+p)\/(\d+\.ts)\?/.exec(segment) ?? [];
    // The stored segment this student is served: ladder A's or its twin's, by their codeword.
    const lesson = await repo.findByFile(t.database.db, video.id);
    if (!lesson) throw new Error('the lesson row is gone');
    const served = markedSegmentName(lesson, student.student._id, `${rendition}/${number}`);
    const stored = await t.database.db.selectFrom('lesson_outputs').select('store_id').where('name', '=', served).executeTakeFirstOrThrow();
    const mediaReads = () => drive.requests.filter((request) => request.startsWith('GET') && request.endsWith(`/${stored.store_id}`)).length;
    const before = mediaReads();
    const first = await t.app.inject({ url: segment });
    const afterFirst = mediaReads();
    const second = await t.app.inject({ url: segment });
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(afterFirst - before).toBe(1);
    expect(mediaReads()).toBe(afterFirst);
    expect(readdirSync(t.config.lessons.cacheDir).length).toBeGreaterThan(0);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/folders/item/${video.id}`, headers: admin })).statusCode).toBe(200);
    expect(underLessons[0]?.trashed ?? drive.files.get(underLessons[0]?.id ?? '')?.trashed).toBe(true);
    expect((await t.app.inject({ url: segment })).statusCode).toBe(403);
  }, TRANSCODE_TEST_TIMEOUT_MS);
});
