import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DriveListingAnswer, FileTicketAnswer, StoreInfoAnswer } from '@academy/contract';
import { signedInStudent } from '../../test/factories';
import { startFakeDrive } from '../../test/fake-google-drive';
import { useTestApp } from '../../test/test-app';
import { GoogleDriveStore } from './google-drive-store';
import {
  adminHeaders,
  createClass,
  createSubfolder,
  fileTicket,
  folderContent,
  giveAccess,
  mp4Bytes,
  PDF_BYTES,
  rootFiles,
  uploadFile,
} from '../features/class-material/test-helpers';

// A contract test of the Google Drive store: the whole class-material API runs on it, against a
// local HTTP server that answers the Drive v3 calls the store makes (test/fake-google-drive.ts)
// and checks each request's service-account JWT. It proves the store speaks Drive's protocol as
// the official client sends it; it cannot prove Google's own servers behave the same.

const folder = mkdtempSync(path.join(tmpdir(), 'academy-drive-'));
const drive = await startFakeDrive(folder);

describe('the Google Drive store', () => {
  const t = useTestApp({
    FILE_STORE: 'google-drive',
    GOOGLE_DRIVE_KEY_FILE: drive.keyFile,
    GOOGLE_DRIVE_ROOT_FOLDER_ID: drive.rootId,
    GOOGLE_DRIVE_API_URL: drive.url,
  });
  afterAll(async () => {
    await drive.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('titles the screen Google Drive Files', async () => {
    const student = await signedInStudent(t.app);
    const info = await t.app.inject({ method: 'GET', url: '/api/folders/store', headers: student.headers });
    expect(info.json<StoreInfoAnswer>().data).toMatchObject({ provider: 'Google', title: 'Google Drive Files' });
  });

  it('creates classes, folders and uploads in Drive; a student lists, opens and streams by range', async () => {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    expect(drive.files.get(classFolder.id)?.parents).toEqual([drive.rootId]);
    const lesson = await createSubfolder(t.app, admin, classFolder.id, 'Lesson 1');
    const video = await uploadFile(t.app, admin, lesson.id, 'intro.mp4', mp4Bytes());
    await uploadFile(t.app, admin, lesson.id, 'notes.pdf', PDF_BYTES);
    expect(drive.files.get(video.id)?.content.equals(mp4Bytes())).toBe(true);
    for (const n of [1, 2, 3]) await createSubfolder(t.app, admin, lesson.id, `Extra ${n}`);

    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, classFolder.name);
    const classes = (await rootFiles(t.app, student.headers, student.body.email)).json<DriveListingAnswer>().files;
    expect(classes.map((f) => f.id)).toEqual([classFolder.id]);
    // Five items come back over two pages of the Drive listing.
    const items = (await folderContent(t.app, student.headers, lesson.id)).json<DriveListingAnswer>().files;
    expect(items.map((f) => f.name)).toEqual(['Extra 1', 'Extra 2', 'Extra 3', 'intro.mp4', 'notes.pdf']);

    const ticket = (await fileTicket(t.app, student.headers, video.id)).json<FileTicketAnswer>().data;
    const part = await t.app.inject({ method: 'GET', url: ticket.url, headers: { range: 'bytes=100-299' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-299/${mp4Bytes().length}`);
    expect(part.rawPayload.equals(mp4Bytes().subarray(100, 300))).toBe(true);
    expect(drive.requests).toContain(`GET /drive/v3/files/${video.id}`);
  });

  it('refuses Drive ids outside the root, in the bin, or made up; a name taken in a folder is 409', async () => {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    const outside = drive.add({ name: 'Private', mimeType: 'application/vnd.google-apps.folder', parents: ['someoneElse'] });
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, classFolder.name);
    for (const id of [outside.id, drive.rootId, 'no-such-id', "x' or name contains 'a"]) {
      expect((await folderContent(t.app, admin, id)).statusCode, id).toBe(404);
    }
    const lesson = await createSubfolder(t.app, admin, classFolder.id, 'Lesson');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/folders/folder/${classFolder.id}/folders`,
      headers: admin,
      payload: { name: 'lesson' },
    });
    expect(again.statusCode).toBe(409);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/folders/item/${lesson.id}`, headers: admin });
    expect(removed.statusCode).toBe(200);
    expect(drive.files.get(lesson.id)?.trashed).toBe(true);
    expect((await folderContent(t.app, student.headers, lesson.id)).statusCode).toBe(404);
  });

  it('stat names the folders from the class down to the item\'s parent, reading each item once', async () => {
    const folderType = 'application/vnd.google-apps.folder';
    const classFolder = drive.add({ name: 'Stat class', mimeType: folderType, parents: [drive.rootId] });
    const month = drive.add({ name: 'November', mimeType: folderType, parents: [classFolder.id] });
    const week = drive.add({ name: 'Week 1', mimeType: folderType, parents: [month.id] });
    const notes = drive.add({ name: 'notes.pdf', mimeType: 'application/pdf', parents: [week.id] });
    const store = new GoogleDriveStore({ keyFile: drive.keyFile, rootFolderId: drive.rootId, apiUrl: drive.url });
    const before = drive.requests.length;
    const found = await store.stat(notes.id);
    expect(found).toMatchObject({ item: { id: notes.id, name: 'notes.pdf' }, topFolderId: classFolder.id, folderIds: [classFolder.id, month.id, week.id] });
    // The file itself, then each folder above it once: the path costs no call the top folder did not.
    const reads = drive.requests.slice(before).filter((line) => line.startsWith('GET /drive/v3/files/'));
    expect(reads).toEqual([notes.id, week.id, month.id, classFolder.id].map((id) => `GET /drive/v3/files/${id}`));
    expect(await store.stat(classFolder.id)).toMatchObject({ topFolderId: classFolder.id, folderIds: [] });
    expect(await store.stat(month.id)).toMatchObject({ topFolderId: classFolder.id, folderIds: [classFolder.id] });
  });

  it('a folder the academy made straight in Drive becomes a class', async () => {
    const admin = await adminHeaders(t.app);
    const made = drive.add({ name: 'Made in Drive', mimeType: 'application/vnd.google-apps.folder', parents: [drive.rootId] });
    const names = await t.app.inject({ method: 'GET', url: '/api/folders/folder-names', headers: admin });
    expect(names.json<{ data: string[] }>().data).toContain('Made in Drive');
    expect((await folderContent(t.app, admin, made.id)).statusCode).toBe(200);
  });
});
