import { beforeAll, describe, expect, it } from 'vitest';
import type { FileTicketAnswer, TraceAnswer, TraceCreatedAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { useTestApp } from '../../../test/test-app';
import { testVideo } from '../../../test/videos';
import { adminHeaders, createClass, fileTicket, giveAccess, uploadFile, type Headers } from '../class-material/test-helpers';
import { decryptedSegments, playlistAddresses } from '../../../test/hls-copy';
import { TRANSCODE_TEST_TIMEOUT_MS, waitForLesson } from '../lessons/test-helpers';

// Forensic tracing end to end on the server: a lesson is streamed by two students, one student's stream
// is saved as a downloader saves it (every segment fetched with their ticket and decrypted with the
// key their ticket gets), and the tracer, given that copy, names that student; given the original
// upload, which carries no codeword, it names no one. Real ffmpeg, real marks, no shortcuts.

describe('forensics: tracing a leaked copy to the student who streamed it', () => {
  const t = useTestApp({ TRANSCODE_CONCURRENCY: '1' });
  const get = (url: string, ip = '198.51.100.23') => t.app.inject({ method: 'GET', url, remoteAddress: ip });
  // 4.5 minutes: the tracer names someone only from 40 segments (4 minutes) or more. 10 fps: the
  // tracer samples 5 a second whatever the rate, and the two ladders and each reading cost half.
  const source = testVideo({ seconds: 270, width: 320, height: 180, audio: false, fps: 10 });

  let world: Promise<Awaited<ReturnType<typeof makeWorld>>> | undefined;
  async function makeWorld() {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    const video = await uploadFile(t.app, admin, classFolder.id, 'lecture-7.mp4', source);
    const students = [await signedInStudent(t.app), await signedInStudent(t.app)];
    for (const student of students) await giveAccess(t.app, admin, student.body.email, classFolder.name);
    await waitForLesson(t.app, admin, classFolder.id, video.id);
    for (let waited = 0; waited < TRANSCODE_TEST_TIMEOUT_MS; waited += 500) {
      const lesson = await t.database.db.selectFrom('lessons').select('marks').where('file_id', '=', video.id).executeTakeFirst();
      if (lesson?.marks === 'ab') break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const copies = [];
    for (const student of students) copies.push(await downloadedCopy(student.headers, video.id));
    return { admin, video, students, copies };
  }
  const ready = () => (world ??= makeWorld());
  beforeAll(async () => {
    await ready();
  }, TRANSCODE_TEST_TIMEOUT_MS * 2);

  /** What `ffmpeg -i <playlist> -c copy` saves: every segment of the stream, decrypted, one after another. */
  async function downloadedCopy(headers: Headers, fileId: string): Promise<Buffer> {
    const ticket = (await fileTicket(t.app, headers, fileId)).json<FileTicketAnswer>().data;
    const master = (await get(ticket.hls ?? '')).body;
    const rung = playlistAddresses(master)[0] ?? '';
    const playlist = (await get(rung)).body;
    const parts = await decryptedSegments(async (address) => (await get(address)).rawPayload, playlist);
    return Buffer.concat(parts);
  }

  async function trace(headers: Headers, bytes: Buffer, name: string) {
    const form = multipartForm('file', name, 'video/mp2t', bytes);
    const started = await t.app.inject({ method: 'POST', url: '/api/forensics/traces', headers: { ...headers, ...form.headers }, payload: form.payload });
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json<TraceCreatedAnswer>().data;
    const progress: number[] = [];
    for (;;) {
      const answer = await t.app.inject({ method: 'GET', url: `/api/forensics/traces/${id}`, headers });
      expect(answer.statusCode, answer.body).toBe(200);
      const data = answer.json<TraceAnswer>().data;
      progress.push(data.progress);
      if (data.state === 'done' || data.state === 'failed') return { id, data, progress };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('names the student whose stream was saved, with the lesson, the time and address of their play', async () => {
    const { admin, video, students, copies } = await ready();
    for (const [index, student] of students.entries()) {
      const { data, progress } = await trace(admin, copies[index] ?? Buffer.alloc(0), `leak-${index}.ts`);
      expect(data.state).toBe('done');
      expect(data.result?.studentId).toBe(student.student._id);
      expect(data.result?.name).toBe(student.body.name);
      expect(data.result?.lessonId).toBe(video.id);
      expect(data.result?.lessonName).toBe('lecture-7.mp4');
      expect(data.result?.streamedFrom).toBe('198.51.100.23');
      expect(data.result?.confidence).toBeGreaterThan(0.999999);
      expect(data.result?.segmentsRead).toBeGreaterThanOrEqual(40);
      expect(progress.at(-1)).toBe(100);
    }
  }, TRANSCODE_TEST_TIMEOUT_MS);

  it('names no one for a copy without a codeword (the original upload), and says why', async () => {
    const { admin } = await ready();
    const { data } = await trace(admin, source, 'original.mp4');
    expect(data.state).toBe('done');
    expect(data.result).toBeNull();
    expect(data.reason).toBe('unmarked');
  }, TRANSCODE_TEST_TIMEOUT_MS);

  it('writes each trace and what it found to the audit log', async () => {
    const { admin, copies } = await ready();
    const { id } = await trace(admin, copies[0] ?? Buffer.alloc(0), 'leak-audit.ts');
    const entries = await t.database.db.selectFrom('audit_log').select(['action', 'summary']).where('target_id', '=', id).execute();
    expect(entries.map((entry) => entry.action)).toEqual(['file.trace', 'file.trace']);
    expect(entries[1]?.summary).toMatch(/^Trace named /);
  }, TRANSCODE_TEST_TIMEOUT_MS);

  it('refuses students on both calls, and a file that is not a video', async () => {
    const { admin, students } = await ready();
    const student = students[0];
    if (!student) throw new Error('no student');
    const form = multipartForm('file', 'leak.ts', 'video/mp2t', Buffer.from('not a video at all'));
    const asStudent = await t.app.inject({ method: 'POST', url: '/api/forensics/traces', headers: { ...student.headers, ...form.headers }, payload: form.payload });
    expect(asStudent.statusCode).toBe(403);
    const look = await t.app.inject({ method: 'GET', url: `/api/forensics/traces/${crypto.randomUUID()}`, headers: student.headers });
    expect(look.statusCode).toBe(403);
    const notVideo = await t.app.inject({ method: 'POST', url: '/api/forensics/traces', headers: { ...admin, ...form.headers }, payload: form.payload });
    expect(notVideo.statusCode).toBe(415);
  });
});
