import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { WATCHING_PATHS, type DriveListingAnswer, type FileProgressAnswer, type ReportBatchBody } from '@academy/contract';
import { testVideo } from '../../apps/server/test/videos';
import { signInByApi } from './accounts';
import { emptyClassGivenToStudent } from './drive';
import { e2eDataDir } from './server-env';

/** The watching specs' lessons: 60 s of 320x180 H.264 without sound (so a page may play it without a click), made by the ffmpeg npm installed. */
export function sixtySecondLesson(): Buffer {
  return testVideo({ seconds: 60, width: 320, height: 180, audio: false });
}

/**
 * A class of its own (`Watching <tag>`) holding a 60-second lesson named `lessonName`, given to a
 * new student. The lesson is copied straight into the class folder (as an academy copies files
 * in), so it has no streamed version and any player plays the MP4 itself.
 */
export async function lessonGivenToStudent(request: APIRequestContext, lessonName: string) {
  const made = await emptyClassGivenToStudent(request, 'Watching');
  writeFileSync(path.join(e2eDataDir(), 'class-files', made.className, lessonName), sixtySecondLesson());
  const listing = await request.get(`/api/folders/folderContent/${encodeURIComponent(made.classId)}`, { headers: made.headers });
  expect(listing.status(), await listing.text()).toBe(200);
  const lessonId = ((await listing.json()) as DriveListingAnswer).files.find((item) => item.name === lessonName)?.id ?? '';
  expect(lessonId, `${lessonName} in ${made.className}`).not.toBe('');
  return { ...made, lessonId };
}

/**
 * Records, as the player reports it (POST /api/watching/reports), that the student played the
 * lesson from its start to `seconds` and stopped there: where they resume, and the share of its
 * `durationSeconds` they watched.
 */
export async function reportWatched(
  request: APIRequestContext,
  student: { email: string; password: string },
  lesson: { fileId: string; seconds: number; durationSeconds: number },
): Promise<void> {
  const { token } = await signInByApi(request, student.email, student.password);
  const body: ReportBatchBody = {
    batchId: randomUUID(),
    reports: [{ fileId: lesson.fileId, positionSeconds: lesson.seconds, durationSeconds: lesson.durationSeconds, played: [[0, lesson.seconds]], at: Date.now() }],
  };
  const answer = await request.post(`/api/${WATCHING_PATHS.reports}`, { headers: { authorization: `Bearer ${token}` }, data: body });
  expect(answer.status(), await answer.text()).toBe(200);
  expect(((await answer.json()) as { data: { applied: boolean } }).data.applied).toBe(true);
}

/**
 * Where the server would offer the student signed in on `page` to resume the file, in seconds;
 * null before any report. Asked with the page's own session: a student's newest sign-ins end
 * their oldest sessions.
 */
export async function savedPosition(request: APIRequestContext, page: Page, fileId: string): Promise<number | null> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await request.get(`/api/${WATCHING_PATHS.progress.replace(':fileId', encodeURIComponent(fileId))}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as FileProgressAnswer).data?.positionSeconds ?? null;
}
