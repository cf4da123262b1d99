import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DriveListingAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { deleteApproved } from '../approvals/test-helpers';
import { encodeDiskId } from '../../storage/disk-store';
import {
  adminHeaders,
  classWithLessons,
  createClass,
  createSubfolder,
  folderContent,
  giveAccess,
  mp4Bytes,
  PDF_BYTES,
  rootFiles,
  uploadRequest,
} from './test-helpers';

// The admin's tools on the drive screen, against the built-in store on a real folder. A refused
// request must leave the store exactly as it was: no file, no half-written upload.

const MAX_UPLOAD_BYTES = 256 * 1024;

/** Every path under the store's root, the upload area included. */
function filesOnDisk(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).map((entry) => entry.split(path.sep).join('/')).sort();
}

describe('managing class files', () => {
  const t = useTestApp({ MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) });
  const storeRoot = () => (t.config.files.store.kind === 'disk' ? t.config.files.store.dir : '');

  it('uploads a video and a PDF into a sub-folder, streamed to disk', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, folder, video, pdf } = await classWithLessons(t.app, admin);
    const name = Buffer.from(classFolder.id, 'base64url').toString('utf8');
    expect(filesOnDisk(storeRoot())).toEqual(expect.arrayContaining([`${name}/Lesson 1/intro.mp4`, `${name}/Lesson 1/notes.pdf`]));
    expect(video.size).toBe(mp4Bytes().length);
    expect(pdf.size).toBe(PDF_BYTES.length);
    expect(filesOnDisk(path.join(storeRoot(), '.uploads'))).toEqual([]);
    const listed = (await folderContent(t.app, admin, folder.id)).json<DriveListingAnswer>().files.map((f) => f.name);
    expect(listed).toEqual(['intro.mp4', 'notes.pdf']);
  });

  it('refuses a wrong type, a lying name, a file over the limit and a taken name, touching nothing', async () => {
    const admin = await adminHeaders(t.app);
    const { folder } = await classWithLessons(t.app, admin);
    const before = filesOnDisk(storeRoot());
    const cases: [string, string, Buffer, number][] = [
      ['a web page', 'page.html', Buffer.from('<script>alert(1)</script>'), 415],
      ['a PDF named .mp4', 'fake.mp4', PDF_BYTES, 415],
      ['text named .pdf', 'fake.pdf', Buffer.from('hello'.repeat(1000)), 415],
      ['too large', 'big.mp4', mp4Bytes(MAX_UPLOAD_BYTES + 1), 413],
      ['a taken name', 'intro.mp4', mp4Bytes(), 409],
      ['a hidden name', '.secret.mp4', mp4Bytes(), 400],
    ];
    for (const [why, name, bytes, status] of cases) {
      const response = await t.app.inject(uploadRequest(folder.id, name, bytes, admin));
      expect(response.statusCode, `${why}: ${response.body}`).toBe(status);
    }
    expect(filesOnDisk(storeRoot())).toEqual(before);
  });

  it('a file that lies about its Content-Length is cut off at the limit and not kept', async () => {
    const admin = await adminHeaders(t.app);
    const { folder } = await classWithLessons(t.app, admin);
    const before = filesOnDisk(storeRoot());
    const request = uploadRequest(folder.id, 'huge.mp4', mp4Bytes(MAX_UPLOAD_BYTES * 2), admin);
    // inject() sets the true length; a chunked body has none, so only the streaming cap can stop it.
    const response = await t.app.inject({ ...request, headers: { ...request.headers, 'transfer-encoding': 'chunked' } });
    expect(response.statusCode, response.body).toBe(413);
    expect(filesOnDisk(storeRoot())).toEqual(before);
  });

  it('students cannot upload, create, rename or delete; nothing is touched', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, folder, video } = await classWithLessons(t.app, admin);
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, classFolder.name);
    const before = filesOnDisk(storeRoot());
    const attempts = [
      uploadRequest(folder.id, 'mine.mp4', mp4Bytes(), student.headers),
      { method: 'POST' as const, url: `/api/folders/folder/${folder.id}/folders`, headers: student.headers, payload: { name: 'x' } },
      { method: 'PUT' as const, url: `/api/folders/item/${video.id}`, headers: student.headers, payload: { name: 'x.mp4' } },
      { method: 'DELETE' as const, url: `/api/folders/item/${video.id}`, headers: student.headers },
      { method: 'POST' as const, url: '/api/folders/create/folder', headers: student.headers, payload: { folderName: 'Mine' } },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject(attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      const anonymous = await t.app.inject({ ...attempt, headers: { ...attempt.headers, authorization: '' } });
      expect(anonymous.statusCode, `${attempt.method} ${attempt.url} signed out`).toBe(401);
    }
    expect(filesOnDisk(storeRoot())).toEqual(before);
  });

  it('uploads go only inside class folders: the root and made-up folders are 404', async () => {
    const admin = await adminHeaders(t.app);
    const before = filesOnDisk(storeRoot());
    // The root's own id is '' (base64 of an empty path), which the route refuses as a missing id.
    for (const folderId of [encodeDiskId('..'), encodeDiskId('No class'), 'made-up']) {
      const response = await t.app.inject(uploadRequest(folderId, 'x.mp4', mp4Bytes(), admin));
      expect(response.statusCode, folderId).toBe(404);
    }
    expect(filesOnDisk(storeRoot())).toEqual(before);
  });

  it('renames and deletes files and folders; a class folder renamed keeps its grants', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, folder, video } = await classWithLessons(t.app, admin);
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, classFolder.name);

    const renamedVideo = await t.app.inject({ method: 'PUT', url: `/api/folders/item/${video.id}`, headers: admin, payload: { name: 'Intro (part 1).mp4' } });
    expect(renamedVideo.statusCode, renamedVideo.body).toBe(200);
    const sub = await createSubfolder(t.app, admin, folder.id, 'Extra');
    const clash = await t.app.inject({ method: 'PUT', url: `/api/folders/item/${sub.id}`, headers: admin, payload: { name: 'notes.pdf' } });
    expect(clash.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/folders/item/${sub.id}`, headers: admin })).statusCode).toBe(200);
    const names = (await folderContent(t.app, admin, folder.id)).json<DriveListingAnswer>().files.map((f) => f.name);
    expect(names).toEqual(['Intro (part 1).mp4', 'notes.pdf']);

    const newName = `${classFolder.name} (2026)`;
    const renamedClass = await t.app.inject({ method: 'PUT', url: `/api/folders/item/${classFolder.id}`, headers: admin, payload: { name: newName } });
    expect(renamedClass.statusCode, renamedClass.body).toBe(200);
    const mine = (await rootFiles(t.app, student.headers, student.body.email)).json<DriveListingAnswer>().files;
    expect(mine.map((f) => f.name)).toEqual([newName]);
    const names2 = await t.app.inject({ method: 'GET', url: '/api/folders/folder-names', headers: admin });
    expect(names2.json<{ data: string[] }>().data).toContain(newName);
  });

  it('deleting a class ends it and its grants', async () => {
    const admin = await adminHeaders(t.app);
    const other = await createClass(t.app, admin);
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, other.name);
    // A second admin approves the deletion (features/approvals).
    expect((await deleteApproved(t.app, t.database.db, { method: 'DELETE', url: `/api/folders/item/${other.id}`, headers: admin })).statusCode).toBe(200);
    expect((await rootFiles(t.app, student.headers, student.body.email)).json<DriveListingAnswer>().files).toEqual([]);
    const grants = await t.app.inject({ method: 'GET', url: `/api/folders/access/student/${student.student._id}`, headers: admin });
    expect(grants.json<{ data: unknown[] }>().data).toEqual([]);
    expect(filesOnDisk(storeRoot())).not.toContain(other.name);
  });
});
