import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASS_MATERIAL_TEXT, LESSONS_TEXT, type DriveItem, type DriveListingAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { removeStaleUploads, STALE_UPLOAD_MS } from './resumable-upload';
import { adminHeaders, createClass, createSubfolder, fakeMp4Bytes, folderContent, mp4Bytes, ticketUrl, type Headers } from './test-helpers';

// Resumable uploads (tus 1.0.0) through the real app: cut and resumed, across a restart, refused
// for bad input with nothing kept, and admin-only on every one of the protocol's calls.

const TUS = { 'tus-resumable': '1.0.0' };
const MAX_UPLOAD_BYTES = 600 * 1024;

function metadata(entries: Record<string, string>): string {
  return Object.entries(entries)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Resolves once the file has bytes in it (within 60 s). */
async function receiving(file: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 20))) {
    if (existsSync(file) && statSync(file).size > 0) return;
  }
  throw new Error(`nothing arrived in ${file} within 60 s`);
}

describe('resumable uploads', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: Headers;
  let folder: DriveItem;
  const video = mp4Bytes(400 * 1024);

  beforeAll(async () => {
    t = await startTestApp({ MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) });
    app = t.app;
    admin = await adminHeaders(app);
    const classFolder = await createClass(app, admin);
    folder = await createSubfolder(app, admin, classFolder.id, 'Week 1');
  });
  afterAll(async () => {
    await app.close();
    await t.database.drop();
  });

  const uploadsDir = () => t.config.files.resumableDir;

  async function create(name: string, size: number, headers: Headers = admin, folderId = folder.id) {
    return app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...headers, ...TUS, 'upload-length': String(size), 'upload-metadata': metadata({ filename: name, folderId }) },
    });
  }

  async function started(name: string, size: number): Promise<string> {
    const response = await create(name, size);
    expect(response.statusCode, response.body).toBe(201);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    return location;
  }

  function patch(target: FastifyInstance, location: string, offset: number, bytes: Buffer, headers: Headers = admin) {
    return target.inject({
      method: 'PATCH',
      url: location,
      headers: { ...headers, ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      payload: bytes,
    });
  }

  async function offsetOf(target: FastifyInstance, location: string): Promise<number> {
    const head = await target.inject({ method: 'HEAD', url: location, headers: { ...admin, ...TUS } });
    expect(head.statusCode).toBe(200);
    return Number(head.headers['upload-offset']);
  }

  /** The landed file's bytes, read back as the admin's viewer reads them. */
  async function storedBytes(target: FastifyInstance, fileId: string): Promise<Buffer> {
    const response = await target.inject({ method: 'GET', url: await ticketUrl(target, admin, fileId) });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  }

  async function listed(name: string): Promise<DriveItem | undefined> {
    return (await folderContent(app, admin, folder.id)).json<DriveListingAnswer>().files.find((item) => item.name === name);
  }

  it('takes an upload cut off on the wire at 50 % and resumed from the offset the server kept', async () => {
    const location = await started('cut.mp4', video.length);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const half = Math.floor(video.length / 2);
    const dataFile = path.join(uploadsDir(), location.split('/').pop() ?? '');
    // The whole length is announced, half is sent, then the connection drops (a phone losing its line).
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: { ...admin, ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(video.length) },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      // Cut once the server is writing what arrived: on a loaded machine its handler may start
      // later than any fixed pause, and a request cut before it reads leaves nothing to resume.
      request.write(video.subarray(0, half), () => {
        const cut = () => request.destroy();
        receiving(dataFile).then(cut, cut);
      });
    });
    // The server has written what arrived (possibly a little less than was sent) and says so.
    let kept = 0;
    for (let tries = 0; tries < 50 && kept === 0; tries += 1) {
      kept = await offsetOf(app, location);
      if (kept === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(half);

    const finished = await patch(app, location, kept, video.subarray(kept));
    expect(finished.statusCode, finished.body).toBe(200);
    const item = finished.json<{ message: string; data: DriveItem }>();
    expect(item.message).toBe(CLASS_MATERIAL_TEXT.uploaded);
    expect(item.data).toMatchObject({ name: 'cut.mp4', mimeType: 'video/mp4', size: video.length });
    expect(sha256(await storedBytes(app, item.data.id))).toBe(sha256(video));
    expect(readdirSync(uploadsDir())).toEqual([]);
  });

  it('resumes after the server restarts on the same data folder', async () => {
    const location = await started('restart.mp4', video.length);
    const half = Math.floor(video.length / 2);
    expect((await patch(app, location, 0, video.subarray(0, half))).statusCode).toBe(204);

    await app.close();
    const schema = t.database.target.kind === 'postgres' ? t.database.target.schema : undefined;
    app = await buildApp(t.config, { database: { db: t.database.db, schema }, logger: false });

    expect(await offsetOf(app, location)).toBe(half);
    const finished = await patch(app, location, half, video.subarray(half));
    expect(finished.statusCode, finished.body).toBe(200);
    const { data } = finished.json<{ data: DriveItem }>();
    expect(sha256(await storedBytes(app, data.id))).toBe(sha256(video));
  });

  it('lands a PDF the same way', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    const location = await started('notes.pdf', pdf.length);
    const finished = await patch(app, location, 0, pdf);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json<{ data: DriveItem }>().data).toMatchObject({ name: 'notes.pdf', mimeType: 'application/pdf' });
  });

  it('refuses a text file renamed .mp4, and one with an MP4 header over no video, keeping nothing', async () => {
    const text = Buffer.from('These are my lesson notes, not a video.\n'.repeat(200));
    for (const [name, bytes, message] of [
      ['renamed.mp4', text, CLASS_MATERIAL_TEXT.uploadWrongType],
      ['fake.mp4', fakeMp4Bytes(), LESSONS_TEXT.notPlayableVideo],
    ] as const) {
      const location = await started(name, bytes.length);
      const refused = await patch(app, location, 0, bytes);
      expect(refused.statusCode, name).toBe(415);
      expect(refused.json(), name).toMatchObject({ code: 415, message });
      expect(await listed(name), name).toBeUndefined();
      expect(readdirSync(uploadsDir()), name).toEqual([]);
      // The finished upload is gone: asking for it again is a clear 404.
      const head = await app.inject({ method: 'HEAD', url: location, headers: { ...admin, ...TUS } });
      expect(head.statusCode).toBe(404);
    }
  });

  it('refuses bad metadata, an unknown folder, a wrong type and an over-size upload before a byte is kept', async () => {
    const missing = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...admin, ...TUS, 'upload-length': '100', 'upload-metadata': metadata({ filename: 'a.mp4' }) },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 400, message: CLASS_MATERIAL_TEXT.uploadMetadataMissing });

    const unknown = await create('a.mp4', 100, admin, `${folder.id}-missing`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 404, message: CLASS_MATERIAL_TEXT.folderNotFound });

    const wrongType = await create('slides.pptx', 100);
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ message: CLASS_MATERIAL_TEXT.uploadWrongType });

    const large = await create('huge.mp4', MAX_UPLOAD_BYTES + 1);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: 413, message: CLASS_MATERIAL_TEXT.uploadTooLarge });

    const noLength = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...admin, ...TUS, 'upload-defer-length': '1', 'upload-metadata': metadata({ filename: 'a.mp4', folderId: folder.id }) },
    });
    expect(noLength.statusCode).toBe(400);
    expect(noLength.json()).toMatchObject({ message: CLASS_MATERIAL_TEXT.uploadLengthRequired });
    expect(readdirSync(uploadsDir())).toEqual([]);
  });

  it('lets only an admin start, ask after, continue or cancel an upload', async () => {
    const student = await signedInStudent(app);
    const location = await started('guarded.mp4', video.length);
    const none = {};
    for (const [who, headers, status] of [
      ['no token', none, 401],
      ['a student', student.headers, 403],
    ] as const) {
      expect((await create('x.mp4', 100, headers)).statusCode, `POST by ${who}`).toBe(status);
      const head = await app.inject({ method: 'HEAD', url: location, headers: { ...headers, ...TUS } });
      expect(head.statusCode, `HEAD by ${who}`).toBe(status);
      expect((await patch(app, location, 0, video.subarray(0, 1000), headers)).statusCode, `PATCH by ${who}`).toBe(status);
      const cancel = await app.inject({ method: 'DELETE', url: location, headers: { ...headers, ...TUS } });
      expect(cancel.statusCode, `DELETE by ${who}`).toBe(status);
    }
    expect(await offsetOf(app, location)).toBe(0);
    const cancel = await app.inject({ method: 'DELETE', url: location, headers: { ...admin, ...TUS } });
    expect(cancel.statusCode).toBe(204);
    expect(readdirSync(uploadsDir())).toEqual([]);
  });

  it('removes a partial upload untouched for 24 hours, and keeps a fresh one', async () => {
    const stale = await started('stale.mp4', video.length);
    const fresh = await started('fresh.mp4', video.length);
    expect((await patch(app, stale, 0, video.subarray(0, 1000))).statusCode).toBe(204);
    const staleId = path.basename(stale);
    const dayAndMore = new Date(Date.now() - STALE_UPLOAD_MS - 60_000);
    for (const file of [staleId, `${staleId}.json`]) utimesSync(path.join(uploadsDir(), file), dayAndMore, dayAndMore);

    expect(await removeStaleUploads(uploadsDir())).toBe(1);
    const gone = await app.inject({ method: 'HEAD', url: stale, headers: { ...admin, ...TUS } });
    expect(gone.statusCode).toBe(404);
    expect(gone.statusCode === 404 && (await offsetOf(app, fresh))).toBe(0);
    expect(readdirSync(uploadsDir()).sort()).toEqual([path.basename(fresh), `${path.basename(fresh)}.json`].sort());
  });
});
