import { describe, expect, it } from 'vitest';
import type { DriveListingAnswer, LessonRetryAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { testVideo } from '../../../test/videos';
import { adminHeaders, createClass, folderContent, uploadFile } from '../class-material/test-helpers';
import { processLessonNow } from './process-lesson-now';
import { TRANSCODE_TEST_TIMEOUT_MS } from './test-helpers';

// The admin's Retry: a lesson whose processing failed shows the reason, is queued again by Retry
// (whose answer is the new state), and becomes ready once processed. No worker runs in this app,
// so each state is seen as it is, not raced by a transcode.

describe('lessons: retry of a failed lesson', () => {
  const t = useTestApp();

  it('shows the failure, answers the new state to the retry, and gets ready after it', async () => {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    const video = await uploadFile(t.app, admin, classFolder.id, 'lecture.mp4', testVideo({ seconds: 2, width: 320, height: 240 }));
    const seen = async () => (await folderContent(t.app, admin, classFolder.id)).json<DriveListingAnswer>().files.find((item) => item.id === video.id);
    const retry = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/lessons/${video.id}/retry`, headers });

    await processLessonNow(t, video.id, { brokenFfmpeg: true });
    const failed = await seen();
    expect(failed?.processing?.state).toBe('failed');
    expect(failed?.processing?.error).toMatch(/not a playable video/);

    expect((await retry((await signedInStudent(t.app)).headers)).statusCode).toBe(403);
    const answer = await retry(admin);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<LessonRetryAnswer>().data).toEqual({ state: 'queued', progress: 0 });
    expect((await seen())?.processing).toEqual({ state: 'queued', progress: 0 });
    // Queued is not failed: a second Retry has nothing to do.
    expect((await retry(admin)).statusCode).toBe(409);

    await processLessonNow(t, video.id);
    expect((await seen())?.processing).toEqual({ state: 'ready', progress: 100, marks: expect.stringMatching(/^(adding|ready)$/) });
  }, TRANSCODE_TEST_TIMEOUT_MS);
});
