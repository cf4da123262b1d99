import { describe, expect, it } from 'vitest';
import type {
  DriveListingAnswer,
  FileProgressAnswer,
  LessonViewersAnswer,
  ReportBatchAnswer,
  RetentionAnswer,
  WatchedLessonsAnswer,
} from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { testVideo } from '../../../test/videos';
import { adminHeaders, createClass, folderContent, giveAccess, PDF_BYTES, rootFiles, uploadFile, type Headers } from '../class-material/test-helpers';

// Watching: progress saved and resumed, batches applied once, the 90 % rule, the tutor's viewers
// (never-opened students included), privacy, and a revoked grant leaving "Continue watching".

describe('watching and progress', () => {
  const t = useTestApp();
  let n = 0;

  async function lessonSetup() {
    const admin = await adminHeaders(t.app);
    const cls = await createClass(t.app, admin);
    // 60 s, probed on upload: the server knows its length (transcoding is off in tests). Two frames a
    // second: only the length matters here, and the video is made on the test's own time.
    const video = await uploadFile(t.app, admin, cls.id, 'Lesson 1.mp4', testVideo({ seconds: 60, width: 160, height: 90, audio: false, fps: 2 }));
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, cls.name);
    return { admin, cls, video, student };
  }

  function send(headers: Headers, reports: unknown[], batchId = `batch-${(n += 1)}-${crypto.randomUUID()}`) {
    return t.app.inject({ method: 'POST', url: '/api/watching/reports', headers, payload: { batchId, reports } });
  }

  const report = (fileId: string, position: number, played: [number, number][], at = Date.now()) => ({ fileId, positionSeconds: position, played, at });

  async function progress(headers: Headers, fileId: string) {
    const response = await t.app.inject({ url: `/api/watching/progress/${encodeURIComponent(fileId)}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FileProgressAnswer>().data;
  }

  it('saves progress and answers it for resume, on any device of the student', async () => {
    const { video, student } = await lessonSetup();
    expect(await progress(student.headers, video.id)).toBeNull();
    const saved = await send(student.headers, [report(video.id, 15, [[0, 15]]), report(video.id, 20, [[15, 20]])]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ReportBatchAnswer>().data.applied).toBe(true);
    expect(await progress(student.headers, video.id)).toMatchObject({ positionSeconds: 20, durationSeconds: 60, watchedPercent: 33, watched: false });

    // An older report (a phone that was offline) never moves the position back.
    await send(student.headers, [report(video.id, 5, [], Date.now() - 60_000)]);
    expect((await progress(student.headers, video.id))?.positionSeconds).toBe(20);
  });

  it('applies a batch once even when it is sent again', async () => {
    const { video, student } = await lessonSetup();
    const batch = [report(video.id, 30, [[0, 30]])];
    const first = await send(student.headers, batch, 'same-batch-0001');
    const again = await send(student.headers, batch, 'same-batch-0001');
    const both = await Promise.all([send(student.headers, batch, 'same-batch-0002'), send(student.headers, batch, 'same-batch-0002')]);
    expect(first.json<ReportBatchAnswer>().data.applied).toBe(true);
    expect(again.json<ReportBatchAnswer>().data.applied).toBe(false);
    expect(both.map((r) => r.json<ReportBatchAnswer>().data.applied).sort()).toEqual([false, true]);
    const row = await t.database.db.selectFrom('watch_progress').selectAll().where('file_id', '=', video.id).executeTakeFirstOrThrow();
    expect(row.played_seconds).toBe(60);
    expect(row.reports).toBe(2);
  });

  it('counts a lesson watched past 90 % of it played, not by skipping to the end', async () => {
    const { video, student } = await lessonSetup();
    await send(student.headers, [report(video.id, 59, [[50, 59]])]);
    expect(await progress(student.headers, video.id)).toMatchObject({ watched: false });
    await send(student.headers, [report(video.id, 45, [[0, 45]])]);
    const after = await progress(student.headers, video.id);
    expect(after?.watchedPercent).toBeGreaterThanOrEqual(90);
    expect(after?.watched).toBe(true);
  });

  it('refuses bad reports with the field named', async () => {
    const { video, student } = await lessonSetup();
    const cases: [unknown, string][] = [
      [{ batchId: 'x', reports: [report(video.id, 1, [])] }, 'batchId'],
      [{ batchId: 'batch-bad-0001', reports: [] }, 'reports'],
      [{ batchId: 'batch-bad-0002', reports: [report(video.id, -1, [])] }, 'reports.0.positionSeconds'],
      [{ batchId: 'batch-bad-0003', reports: [report(video.id, 1, [[10, 5]])] }, 'reports.0.played.0'],
      [{ batchId: 'batch-bad-0004', reports: [report(video.id, 1, [[0, 500]])] }, 'reports.0.played'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/watching/reports', headers: student.headers, payload: payload as object });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ errors: { field: string }[] }>().errors.map((e) => e.field)).toContain(field);
    }
    expect((await send(student.headers, [report('no-such-file', 1, [])])).statusCode).toBe(404);
  });

  it('lists every student who may open a lesson for the tutor, never-opened ones with 0 and null', async () => {
    const { admin, cls, video, student } = await lessonSetup();
    const idle = await signedInStudent(t.app);
    await giveAccess(t.app, admin, idle.body.email, cls.name);
    await send(student.headers, [report(video.id, 30, [[0, 30]])]);

    const viewers = await t.app.inject({ url: `/api/lessons/${encodeURIComponent(video.id)}/viewers`, headers: admin });
    expect(viewers.statusCode, viewers.body).toBe(200);
    const rows = viewers.json<LessonViewersAnswer>().data;
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.studentId === student.student.studentId)).toMatchObject({ watchedPercent: 50, name: student.body.name });
    expect(rows.find((row) => row.studentId === idle.student.studentId)).toEqual({
      studentId: idle.student.studentId,
      name: idle.body.name,
      regNo: idle.student.regNo,
      batch: idle.body.batch,
      watchedPercent: 0,
      lastWatchedAt: null,
    });

    const retention = await t.app.inject({ url: `/api/lessons/${encodeURIComponent(video.id)}/retention`, headers: admin });
    expect(retention.json<RetentionAnswer>().data).toEqual({ durationSeconds: 60, viewers: 1, points: [{ minute: 0, percent: 100 }, { minute: 1, percent: 0 }] });

    const lessons = await t.app.inject({ url: `/api/watching/students/${student.student.studentId}/lessons`, headers: admin });
    expect(lessons.json<WatchedLessonsAnswer>().data).toMatchObject([{ fileId: video.id, name: 'Lesson 1.mp4', watchedPercent: 50 }]);
  });

  it("a student cannot read another's progress or the viewers list", async () => {
    const { video, student } = await lessonSetup();
    const other = await signedInStudent(t.app);
    expect((await t.app.inject({ url: `/api/watching/students/${student.student.studentId}/lessons`, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/watching/students/${student.student.studentId}/lessons`, headers: student.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/lessons/${encodeURIComponent(video.id)}/viewers`, headers: student.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/lessons/${encodeURIComponent(video.id)}/retention`, headers: student.headers })).statusCode).toBe(403);
    // Without the class, the file is as unknown as a guessed id.
    expect((await t.app.inject({ url: `/api/watching/progress/${encodeURIComponent(video.id)}`, headers: other.headers })).statusCode).toBe(404);
    expect((await send(other.headers, [report(video.id, 10, [[0, 10]])])).statusCode).toBe(404);
  });

  it('shows half-watched lessons in Continue watching until the grant is revoked; listings carry progress and New', async () => {
    const { admin, cls, video, student } = await lessonSetup();
    const notes = await uploadFile(t.app, admin, cls.id, 'Notes.pdf', PDF_BYTES);
    const fresh = await uploadFile(t.app, admin, cls.id, 'Lesson 2.mp4', testVideo({ seconds: 60, width: 160, height: 90, audio: false, fps: 2 }));
    await t.app.inject({ method: 'POST', url: '/api/watching/visit', headers: student.headers });
    await send(student.headers, [report(video.id, 20, [[0, 20]]), report(notes.id, 0, [])]);

    const row = await t.app.inject({ url: '/api/watching/continue', headers: student.headers });
    expect(row.json<WatchedLessonsAnswer>().data).toMatchObject([{ fileId: video.id, positionSeconds: 20, watchedPercent: 33 }]);

    const listing = (await folderContent(t.app, student.headers, cls.id)).json<DriveListingAnswer>().files;
    expect(listing.find((item) => item.id === video.id)).toMatchObject({ watch: { watchedPercent: 33, positionSeconds: 20 } });
    expect(listing.find((item) => item.id === video.id)?.isNew).toBeUndefined();
    expect(listing.find((item) => item.id === notes.id)).toMatchObject({ watch: { watchedPercent: 100 } });
    expect(listing.find((item) => item.id === fresh.id)).toMatchObject({ isNew: true });
    const classes = (await rootFiles(t.app, student.headers, student.body.email)).json<DriveListingAnswer>().files;
    expect(classes.find((item) => item.id === cls.id)?.newCount).toBe(1);
    // The admin sees no one's marks.
    const adminListing = (await folderContent(t.app, admin, cls.id)).json<DriveListingAnswer>().files;
    expect(adminListing.some((item) => item.watch || item.isNew)).toBe(false);

    const grants = await t.app.inject({ url: `/api/folders/access/student/${student.student.studentId}`, headers: admin });
    const grantId = grants.json<{ data: { id: string }[] }>().data[0]?.id ?? '';
    expect((await t.app.inject({ method: 'DELETE', url: `/api/folders/access/${grantId}`, headers: admin })).statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/watching/continue', headers: student.headers });
    expect(after.json<WatchedLessonsAnswer>().data).toEqual([]);
  });

  it('keeps progress when the lesson or its folder is renamed (the disk store ids are paths)', async () => {
    const { admin, cls, video, student } = await lessonSetup();
    await send(student.headers, [report(video.id, 25, [[0, 25]])]);
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/folders/item/${encodeURIComponent(video.id)}`, headers: admin, payload: { name: 'Lesson 1 (edited).mp4' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const newId = renamed.json<{ data: { id: string } }>().data.id;
    expect(await progress(student.headers, newId)).toMatchObject({ positionSeconds: 25 });
    const classRenamed = await t.app.inject({ method: 'PUT', url: `/api/folders/item/${encodeURIComponent(cls.id)}`, headers: admin, payload: { name: `${cls.name} 2026` } });
    expect(classRenamed.statusCode, classRenamed.body).toBe(200);
    const listing = (await rootFiles(t.app, student.headers, student.body.email)).json<DriveListingAnswer>().files;
    const moved = listing.find((item) => item.name === `${cls.name} 2026`);
    const files = (await folderContent(t.app, student.headers, moved?.id ?? '')).json<DriveListingAnswer>().files;
    expect(files.find((item) => item.name === 'Lesson 1 (edited).mp4')?.watch?.positionSeconds).toBe(25);
  });
});
