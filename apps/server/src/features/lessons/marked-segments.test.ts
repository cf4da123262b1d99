import { buffer } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileTicketAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { testVideo } from '../../../test/videos';
import { createLessonStore } from '../../storage/create-store';
import { deriveCodeword, variantFor } from '../forensics/codeword';
import { adminHeaders, createClass, fileTicket, giveAccess, uploadFile } from '../class-material/test-helpers';
import { VARIANT_B_FOLDER } from './marked-segments';
import * as repo from './repo';
import { hlsAttribute } from '../../../test/hls-copy';
import { TRANSCODE_TEST_TIMEOUT_MS, waitForMarks } from './test-helpers';

// Forensic marks: a lesson is transcoded twice, marked A and B, and each viewer's segments follow their
// codeword, behind addresses that are the same for everyone. Real upload, real ffmpeg, two students.

describe('lessons: each viewer streams the marked variant their codeword picks', () => {
  const t = useTestApp({ TRANSCODE_CONCURRENCY: '1' });
  const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
  // 26 s: five segments, enough for two codewords to differ somewhere; 10 fps, as the marks do
  // not depend on the frame rate and the two ladders cost less than half of 25 fps's.
  const source = testVideo({ seconds: 26, width: 640, height: 360, fps: 10 });

  let world: Promise<Awaited<ReturnType<typeof makeWorld>>> | undefined;
  async function makeWorld() {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    const video = await uploadFile(t.app, admin, classFolder.id, 'marked.mp4', source);
    const first = await signedInStudent(t.app);
    await giveAccess(t.app, admin, first.body.email, classFolder.name);
    // Ladder B is a job of its own after A: wait for both.
    await waitForMarks(t.app, admin, classFolder.id, video.id);
    const lesson = await repo.findByFile(t.database.db, video.id);
    if (lesson?.marks !== 'ab' || !lesson.mark_secret_hex) throw new Error(`ladder B was never made: ${JSON.stringify(lesson)}`);
    // Over five segments two codewords pick the same variants one time in 32: the second student
    // is one whose picks differ somewhere, so that "two students get different segments" is tested.
    const secret = Buffer.from(lesson.mark_secret_hex, 'hex');
    const picks = (id: string) => [0, 1, 2, 3, 4].map((i) => variantFor(deriveCodeword(secret, id), i)).join('');
    let second = await signedInStudent(t.app);
    while (picks(second.student._id) === picks(first.student._id)) second = await signedInStudent(t.app);
    await giveAccess(t.app, admin, second.body.email, classFolder.name);
    const students = [first, second];
    const tickets = await Promise.all(students.map(async (student) => (await fileTicket(t.app, student.headers, video.id)).json<FileTicketAnswer>().data));
    return { video, students, lesson: { ...lesson, mark_secret_hex: lesson.mark_secret_hex }, tickets };
  }
  const ready = () => (world ??= makeWorld());
  beforeAll(async () => {
    await ready();
  }, TRANSCODE_TEST_TIMEOUT_MS * 2);

  /** A student's 240p playlist and the segment answers it leads to, in order. */
  async function streamAs(ticket: FileTicketAnswer['data']) {
    const master = (await get(ticket.hls ?? '')).body;
    const rung = master.split('\n').find((line) => line.includes('/240p/')) ?? '';
    const playlist = (await get(rung)).body;
    const addresses = playlist.split('\n').filter((line) => line.startsWith('/api/'));
    const segments = [];
    for (const address of addresses) segments.push(await get(address));
    return { master, rung, playlist, addresses, segments };
  }

  async function storedSegment(lessonId: string, name: string): Promise<Buffer> {
    const storeId = await repo.outputId(t.database.db, lessonId, name);
    if (!storeId) throw new Error(`no stored ${name}`);
    const outputs = await createLessonStore(t.config.files.store, t.config.lessons);
    return buffer(await outputs.read(storeId));
  }

  it('serves each segment from the variant the student\'s codeword picks, and two students differ', async () => {
    const { lesson, students, tickets } = await ready();
    const picks: string[] = [];
    for (const [index, student] of students.entries()) {
      const codeword = deriveCodeword(Buffer.from(lesson.mark_secret_hex, 'hex'), student.student._id);
      const { segments } = await streamAs(tickets[index] as FileTicketAnswer['data']);
      expect(segments.length).toBe(5);
      let pick = '';
      for (const [i, answer] of segments.entries()) {
        expect(answer.statusCode).toBe(200);
        const variant = variantFor(codeword, i);
        const a = await storedSegment(lesson.id, `240p/${i}.ts`);
        const b = await storedSegment(lesson.id, `${VARIANT_B_FOLDER}/240p/${i}.ts`);
        // The two variants are different encodes: the bytes tell which one was sent.
        expect(a.equals(b)).toBe(false);
        expect(answer.rawPayload.equals(variant === 'A' ? a : b)).toBe(true);
        pick += variant;
      }
      picks.push(pick);
    }
    expect(picks).toHaveLength(2);
    expect(picks[0]).not.toBe(picks[1]);
  });

  it('shows no variant in any address or header: both students see the same playlists and header names', async () => {
    const { tickets } = await ready();
    const streams = await Promise.all(tickets.map((ticket) => streamAs(ticket)));
    const withoutTicket = (value: string) => value.replace(/t=[^\s&"]+/g, 't=TICKET');
    const [one, two] = streams;
    if (!one || !two) throw new Error('two streams expected');
    expect(withoutTicket(one.master)).toBe(withoutTicket(two.master));
    expect(withoutTicket(one.playlist)).toBe(withoutTicket(two.playlist));
    for (const stream of streams) {
      for (const address of [stream.rung, ...stream.addresses, hlsAttribute(stream.playlist, '#EXT-X-KEY', 'URI') ?? '']) {
        expect(withoutTicket(address)).toMatch(/^\/api\/lessons\/[^/]+\/(240p\/(index\.m3u8|\d+\.ts)|key)\?t=TICKET$/);
      }
      for (const answer of stream.segments) {
        const names = Object.keys(answer.headers).sort();
        expect(names).toEqual(Object.keys(one.segments[0]?.headers ?? {}).sort());
        for (const [name, value] of Object.entries(answer.headers)) {
          if (name === 'content-length' || name === 'date' || name.startsWith('x-ratelimit')) continue;
          expect(value, name).toEqual(one.segments[0]?.headers[name]);
        }
      }
    }
  });

  it('remembers each play (the key fetched): who, when and from which address', async () => {
    const { lesson, students, tickets } = await ready();
    const before = Date.now();
    const playlist = (await streamAs(tickets[1] as FileTicketAnswer['data'])).playlist;
    expect((await get(hlsAttribute(playlist, '#EXT-X-KEY', 'URI') ?? '')).statusCode).toBe(200);
    const plays = await t.database.db.selectFrom('lesson_streams').selectAll().where('lesson_id', '=', lesson.id).where('account_id', '=', students[1]?.student._id ?? '').execute();
    const latest = plays.at(-1);
    expect(latest?.ip).toBe('203.0.113.7');
    expect(Date.parse(latest?.streamed_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });
});
