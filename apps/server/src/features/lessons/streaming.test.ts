import { createDecipheriv } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DriveListingAnswer, FileTicketAnswer, LessonRetryAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { testVideo } from '../../../test/videos';
import { mediaBinaries } from '../../media/binaries';
import { runTool } from '../../media/run-tool';
import { TicketSigner } from '../class-material/ticket';
import {
  adminHeaders,
  createClass,
  createSubfolder,
  fakeMp4Bytes,
  fileTicket,
  folderContent,
  giveAccess,
  uploadFile,
  uploadRequest,
} from '../class-material/test-helpers';
import { decryptedSegments, hlsAttribute, playlistAddresses, segmentIv } from '../../../test/hls-copy';
import { TRANSCODE_TEST_TIMEOUT_MS, waitForLesson } from './test-helpers';

// A real upload through the real API, transcoded by the real ffmpeg into the ladder, and every
// address of the player checked as a student, an outsider and an attacker would use it.

describe('lessons: processing and encrypted streaming', () => {
  const t = useTestApp({ TRANSCODE_CONCURRENCY: '1' });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  // 854x480: the ladder must stop at 480p, never reaching above the source. Eight seconds make two
  // segments, a whole one and a short last one.
  const seconds = 8;
  const source = testVideo({ seconds, width: 854, height: 480 });

  let world: Promise<Awaited<ReturnType<typeof makeWorld>>> | undefined;
  async function makeWorld() {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    const folder = await createSubfolder(t.app, admin, classFolder.id, 'Week 1');
    const video = await uploadFile(t.app, admin, folder.id, 'lecture.mp4', source);
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, classFolder.name);
    const listed = await waitForLesson(t.app, admin, folder.id, video.id);
    const ticket = (await fileTicket(t.app, student.headers, video.id)).json<FileTicketAnswer>().data;
    return { admin, classFolder, folder, video, student, listed, ticket };
  }
  const ready = () => (world ??= makeWorld());
  // The transcode runs once for the file, beside whatever else the machine runs.
  beforeAll(async () => {
    await ready();
  }, TRANSCODE_TEST_TIMEOUT_MS);

  it('transcodes an upload into a ladder no higher than the source, with poster, sprite and thumbnails', async () => {
    const { listed, ticket, video } = await ready();
    expect(listed.processing).toEqual({ state: 'ready', progress: 100, marks: expect.stringMatching(/^(adding|ready)$/) });
    expect(listed.durationSeconds).toBeCloseTo(seconds, 0);
    expect(ticket.hls).toMatch(new RegExp(`^/api/lessons/${video.id}/master\\.m3u8\\?t=`));
    const master = await get(ticket.hls ?? '');
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('no-store');
    const rungs = master.body.split('\n').filter((line) => line.startsWith('/api/'));
    expect(rungs.map((line) => /\/(\d+p)\/index\.m3u8\?t=/.exec(line)?.[1])).toEqual(['240p', '360p', '480p']);
    expect(master.body).toContain('RESOLUTION=854x480');

    for (const rung of rungs) {
      const playlist = (await get(rung)).body;
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Number(match[1]));
      expect(durations.length).toBeGreaterThanOrEqual(2);
      for (const duration of durations) expect(duration).toBeLessThanOrEqual(6.5);
      expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(seconds, 0);
      expect(hlsAttribute(playlist, '#EXT-X-KEY', 'METHOD')).toBe('AES-128');
      expect(hlsAttribute(playlist, '#EXT-X-KEY', 'URI')).toMatch(new RegExp(`^/api/lessons/${video.id}/key\\?t=`));
      for (const line of playlist.split('\n').filter((row) => row && !row.startsWith('#'))) expect(line).toMatch(/\/\d+\.ts\?t=/);
    }

    const poster = await get(listed.posterUrl ?? '');
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(poster.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    const vtt = await get(ticket.thumbnailsUrl ?? '');
    expect(vtt.body.startsWith('WEBVTT')).toBe(true);
    const sprite = /^(\/api\/\S+thumbnails\.jpg\?t=\S+)#xywh=0,0,160,90$/m.exec(vtt.body)?.[1];
    expect(sprite).toBeTruthy();
    expect((await get(sprite ?? '')).headers['content-type']).toBe('image/jpeg');
  });

  it('encrypts every segment with the lesson key: decrypted, each is the rung\'s picture', async () => {
    const { ticket } = await ready();
    const master = (await get(ticket.hls ?? '')).body;
    const lowest = master.split('\n').find((line) => line.includes('/240p/')) ?? '';
    const playlist = (await get(lowest)).body;
    const keyAnswer = await get(hlsAttribute(playlist, '#EXT-X-KEY', 'URI') ?? '');
    expect(keyAnswer.statusCode).toBe(200);
    expect(keyAnswer.headers['cache-control']).toBe('no-store');
    expect(keyAnswer.rawPayload.length).toBe(16);
    const iv = segmentIv(playlist, 0);
    const first = playlist.split('\n').find((line) => line.startsWith('/api/')) ?? '';
    const encrypted = (await get(first)).rawPayload;
    // MPEG-TS packets start with 0x47 every 188 bytes; ciphertext does not.
    expect(encrypted[0] === 0x47 && encrypted[188] === 0x47).toBe(false);
    const decipher = createDecipheriv('aes-128-cbc', keyAnswer.rawPayload, iv);
    const plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
    for (let offset = 0; offset < plain.length; offset += 188) expect(plain[offset]).toBe(0x47);
    const file = path.join(t.config.dataDir, 'decrypted.ts');
    writeFileSync(file, plain);
    // ffmpeg decodes its first frame (the npm ffprobe build crashes on MPEG-TS): a PNG 428x240 (854 x 240/480, made even).
    const png = path.join(t.config.dataDir, 'frame.png');
    await runTool(mediaBinaries(t.config.lessons).ffmpeg, ['-v', 'error', '-y', '-i', file, '-frames:v', '1', png]);
    const header = readFileSync(png);
    expect([header.readUInt32BE(16), header.readUInt32BE(20)]).toEqual([428, 240]);
  });

  it('encrypts each segment of a rung with its own IV, its sequence number, and names no fixed IV', async () => {
    const { ticket } = await ready();
    const master = (await get(ticket.hls ?? '')).body;
    for (const rung of playlistAddresses(master)) {
      const playlist = (await get(rung)).body;
      // A playlist without IV= tells the player to take each segment's sequence number as its IV.
      expect(hlsAttribute(playlist, '#EXT-X-KEY', 'IV')).toBeUndefined();
      expect(segmentIv(playlist, 0).equals(segmentIv(playlist, 1))).toBe(false);
      // Decrypted each with its sequence number, both segments are MPEG-TS from their first byte on
      // (under CBC a wrong IV garbles exactly the first block).
      const fetchBytes = async (address: string) => (await get(address)).rawPayload;
      const [first, second] = await decryptedSegments(fetchBytes, playlist, 0, 2);
      for (const plain of [first, second]) expect([plain?.[0], plain?.[188]]).toEqual([0x47, 0x47]);
    }
  });

  it('never writes the key into a playlist or the thumbnail cues', async () => {
    const { ticket } = await ready();
    const master = (await get(ticket.hls ?? '')).body;
    const bodies = [master, (await get(ticket.thumbnailsUrl ?? '')).body];
    let key: Buffer | null = null;
    for (const rung of master.split('\n').filter((line) => line.startsWith('/api/'))) {
      const playlist = (await get(rung)).body;
      bodies.push(playlist);
      key ??= (await get(hlsAttribute(playlist, '#EXT-X-KEY', 'URI') ?? '')).rawPayload;
    }
    const forms = [key?.toString('hex') ?? '', key?.toString('base64') ?? '', key?.toString('base64url') ?? '', key?.toString('latin1') ?? ''];
    for (const body of bodies) for (const form of forms) expect(body.toLowerCase()).not.toContain(form.toLowerCase());
  });

  it('answers 403 and no bytes to a forged, expired or other file\'s ticket, a suspended account and a revoked grant', async () => {
    const { admin, video, folder, classFolder } = await ready();
    // A student of its own: this test suspends them.
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, classFolder.name);
    const ticket = (await fileTicket(t.app, student.headers, video.id)).json<FileTicketAnswer>().data;
    const master = (await get(ticket.hls ?? '')).body;
    const rung = master.split('\n').find((line) => line.startsWith('/api/')) ?? '';
    const playlist = (await get(rung)).body;
    const segment = playlist.split('\n').find((line) => line.startsWith('/api/')) ?? '';
    const key = hlsAttribute(playlist, '#EXT-X-KEY', 'URI') ?? '';
    const addresses = [ticket.hls ?? '', rung, segment, key, ticket.posterUrl ?? '', ticket.thumbnailsUrl ?? ''];
    const withTicket = (url: string, value: string) => url.replace(/\?t=[^&]*/, `?t=${encodeURIComponent(value)}`);
    const original = decodeURIComponent(/\?t=([^&]*)/.exec(ticket.hls ?? '')?.[1] ?? '');

    async function refusedEverywhere(ticketValue: string | null, why: string) {
      for (const url of addresses) {
        const answer = await get(ticketValue === null ? url : withTicket(url, ticketValue));
        expect(answer.statusCode, `${why}: ${url}`).toBe(403);
        expect(answer.headers['content-type'], why).toContain('application/json');
        expect(answer.rawPayload.length, why).toBeLessThan(400);
      }
    }

    const [body, signature] = original.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as { a: string; v: number };
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, e: Date.now() + 3_600_000 })).toString('base64url');
    await refusedEverywhere(`${forgedBody}.${signature}`, 'forged');
    const expired = new TicketSigner(t.config.jwtSecret, 1000).issue({ accountId: claims.a, tokenVersion: claims.v }, video.id, Date.now() - 60_000);
    await refusedEverywhere(expired.ticket, 'expired');
    // A real, valid ticket of this student, but for another file.
    const other = await uploadFile(t.app, admin, folder.id, 'other.mp4', testVideo({ seconds: 1, width: 160, height: 90, audio: false }));
    const otherTicket = (await fileTicket(t.app, student.headers, other.id)).json<FileTicketAnswer>().data.url;
    await refusedEverywhere(decodeURIComponent(/[?&]t=([^&]*)/.exec(otherTicket)?.[1] ?? ''), "another file's ticket");

    // Another student's ticket: one without the grant is issued none, and a ticket made for them
    // anyway (validly signed with the server's secret, their account and token version) opens nothing.
    const outsider = await signedInStudent(t.app);
    expect((await fileTicket(t.app, outsider.headers, video.id)).statusCode).toBe(404);
    const outsiderRow = await t.database.db.selectFrom('accounts').select('token_version').where('id', '=', outsider.student._id).executeTakeFirstOrThrow();
    const outsiders = new TicketSigner(t.config.jwtSecret, 600_000).issue({ accountId: outsider.student._id, tokenVersion: outsiderRow.token_version }, video.id);
    await refusedEverywhere(outsiders.ticket, "another student's ticket");

    const suspend = (state: string) =>
      t.app.inject({ method: 'PUT', url: `/api/students/student/state/update/${student.student._id}`, headers: admin, payload: { state, password: TEST_ADMIN.password } });
    expect((await suspend('de-active')).statusCode).toBe(200);
    await refusedEverywhere(null, 'suspended');
    expect((await suspend('active')).statusCode).toBe(200);

    const again = await signedInStudent(t.app);
    const grant = await giveAccess(t.app, admin, again.body.email, classFolder.name);
    const fresh = (await fileTicket(t.app, again.headers, video.id)).json<FileTicketAnswer>().data;
    expect((await get(fresh.hls ?? '')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/folders/access/${grant.id}`, headers: admin })).statusCode).toBe(200);
    await refusedEverywhere(decodeURIComponent(/\?t=([^&]*)/.exec(fresh.hls ?? '')?.[1] ?? ''), 'revoked grant');
  });

  it('refuses students the original MP4 once the lesson streams; admins still get it', async () => {
    const { admin, student, video } = await ready();
    expect((await get((await fileTicket(t.app, student.headers, video.id)).json<FileTicketAnswer>().data.url)).statusCode).toBe(403);
    const adminTicket = (await fileTicket(t.app, admin, video.id)).json<FileTicketAnswer>().data;
    const whole = await get(adminTicket.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(source)).toBe(true);
  });

  it('shows students duration and poster, and admins the processing state too', async () => {
    const { student, folder, video } = await ready();
    const seen = (await folderContent(t.app, student.headers, folder.id)).json<DriveListingAnswer>().files.find((item) => item.id === video.id);
    expect(seen?.processing).toBeUndefined();
    expect(seen?.durationSeconds).toBeCloseTo(seconds, 0);
    expect((await get(seen?.posterUrl ?? '')).statusCode).toBe(200);
  });

  it('refuses a file that is not a playable video, with a message, and keeps nothing', async () => {
    const { admin, folder } = await ready();
    const before = (await folderContent(t.app, admin, folder.id)).json<DriveListingAnswer>().files.length;
    const answer = await t.app.inject(uploadRequest(folder.id, 'broken.mp4', fakeMp4Bytes(), admin));
    expect(answer.statusCode).toBe(415);
    expect(answer.json<{ message: string }>().message).toMatch(/not a playable video/);
    expect((await folderContent(t.app, admin, folder.id)).json<DriveListingAnswer>().files.length).toBe(before);
    expect(readdirSync(t.config.lessons.workDir).filter((name) => name.startsWith('upload-'))).toEqual([]);
  });

  it('lets only admins retry, and only a failed lesson', async () => {
    const { admin, student, video } = await ready();
    const url = `/api/lessons/${video.id}/retry`;
    expect((await t.app.inject({ method: 'POST', url, headers: student.headers })).statusCode).toBe(403);
    const answer = await t.app.inject({ method: 'POST', url, headers: admin });
    expect(answer.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: '/api/lessons/bm8tc3VjaA/retry', headers: admin })).json<LessonRetryAnswer>().code).toBe(404);
  });

  it('follows its video through a folder rename and goes with it on delete', async () => {
    const { admin, student, classFolder, folder, video } = await ready();
    const renamed = await t.app.inject({ method: 'PUT', url: `/api/folders/item/${folder.id}`, headers: admin, payload: { name: 'Week One' } });
    expect(renamed.statusCode).toBe(200);
    const newFolderId = renamed.json<{ data: { id: string } }>().data.id;
    const moved = (await folderContent(t.app, admin, newFolderId)).json<DriveListingAnswer>().files.find((item) => item.name === 'lecture.mp4');
    expect(moved?.id).not.toBe(video.id);
    expect(moved?.processing?.state).toBe('ready');
    const ticket = (await fileTicket(t.app, student.headers, moved?.id ?? '')).json<FileTicketAnswer>().data;
    expect((await get(ticket.hls ?? '')).statusCode).toBe(200);

    const lessonsDir = t.config.lessons.dir;
    const foldersBefore = readdirSync(lessonsDir).filter((name) => !name.startsWith('.'));
    expect(foldersBefore.length).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/folders/item/${newFolderId}`, headers: admin })).statusCode).toBe(200);
    expect((await get(ticket.hls ?? '')).statusCode).toBe(403);
    expect(readdirSync(lessonsDir).filter((name) => !name.startsWith('.'))).toEqual([]);
    expect(classFolder.id).toBeTruthy();
  });

  it('is documented in the OpenAPI document', async () => {
    const { admin } = await ready();
    const docs = await get('/api/docs/json', admin);
    expect(docs.statusCode).toBe(200);
    const text = docs.body;
    for (const route of ['master.m3u8', '{rendition}/index.m3u8', '{rendition}/{segment}', 'key', 'poster.jpg', 'thumbnails.vtt', 'retry']) {
      expect(text).toContain(`/api/lessons/{fileId}/${route}`);
    }
    for (const field of ['"processing"', '"durationSeconds"', '"posterUrl"', '"hls"', '"thumbnailsUrl"']) expect(text).toContain(field);
  });
});
