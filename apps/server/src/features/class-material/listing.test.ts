import { describe, expect, it } from 'vitest';
import type { DriveListingAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { encodeDiskId } from '../../storage/disk-store';
import {
  adminHeaders,
  classWithLessons,
  createClass,
  createSubfolder,
  fileTicket,
  folderContent,
  giveAccess,
  mp4Bytes,
  rootFiles,
  uploadFile,
} from './test-helpers';

// The drive screen's listings: a student sees only the classes given to them, and every folder id
// from a client is checked against the class tree; anything outside the caller's classes is 404.

describe('listings', () => {
  const t = useTestApp();

  it('a student sees only their classes; an admin sees every class', async () => {
    const admin = await adminHeaders(t.app);
    const given = await createClass(t.app, admin);
    const other = await createClass(t.app, admin);
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email.toUpperCase(), given.name);

    const mine = await rootFiles(t.app, student.headers, student.body.email);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<DriveListingAnswer>().files).toEqual([
      { id: given.id, name: given.name, mimeType: 'application/vnd.google-apps.folder' },
    ]);

    const all = (await rootFiles(t.app, admin, 'tutor@academy.test')).json<DriveListingAnswer>().files.map((f) => f.id);
    expect(all).toEqual(expect.arrayContaining([given.id, other.id]));
    // An admin may look at a student's classes too.
    const theirs = (await rootFiles(t.app, admin, student.body.email)).json<DriveListingAnswer>().files.map((f) => f.id);
    expect(theirs).toEqual([given.id]);
  });

  it("a student cannot list someone else's classes", async () => {
    const one = await signedInStudent(t.app);
    const two = await signedInStudent(t.app);
    const response = await rootFiles(t.app, one.headers, two.body.email);
    expect(response.statusCode).toBe(403);
    expect((await rootFiles(t.app, {}, one.body.email)).statusCode).toBe(401);
  });

  it('folder content lists folders first, then videos and PDFs with their viewer address', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, folder, video, pdf } = await classWithLessons(t.app, admin);
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, classFolder.name);

    const top = (await folderContent(t.app, student.headers, classFolder.id)).json<DriveListingAnswer>().files;
    expect(top).toEqual([{ id: folder.id, name: 'Lesson 1', mimeType: 'application/vnd.google-apps.folder' }]);
    const inside = await folderContent(t.app, student.headers, folder.id);
    expect(inside.statusCode).toBe(200);
    expect(inside.json<DriveListingAnswer>().files).toEqual([
      // The probe's duration; no processing state for a student, no poster before the lesson is ready;
      // new to this student, who has not opened it.
      { id: video.id, name: 'intro.mp4', mimeType: 'video/mp4', size: video.size, viewUrl: `/#/view/${encodeURIComponent(video.id)}`, durationSeconds: 1, isNew: true },
      { id: pdf.id, name: 'notes.pdf', mimeType: 'application/pdf', size: pdf.size, viewUrl: `/#/view/${encodeURIComponent(pdf.id)}` },
    ]);
  });

  it('refuses with 404: path tricks, ids from another class, made-up ids, files as folders', async () => {
    const admin = await adminHeaders(t.app);
    const mine = await classWithLessons(t.app, admin);
    const theirs = await classWithLessons(t.app, admin);
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, mine.classFolder.name);

    const className = Buffer.from(mine.classFolder.id, 'base64url').toString('utf8');
    const tricks = [
      theirs.classFolder.id,
      theirs.folder.id,
      encodeDiskId(`${className}/../${Buffer.from(theirs.classFolder.id, 'base64url').toString('utf8')}`),
      encodeDiskId(`${className}/Lesson 1/../../..`),
      encodeDiskId('..'),
      encodeDiskId('.uploads'),
      encodeDiskId(`/${className}`),
      encodeDiskId(`${className}//Lesson 1`),
      `${mine.folder.id}==`,
      'not base64 at all!',
      mine.video.id,
      encodeDiskId(`${className}/No such folder`),
    ];
    for (const id of tricks) {
      const response = await folderContent(t.app, student.headers, id);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
    }
    // The same ids are fine for what they really name, so the 404s above are the checks at work.
    expect((await folderContent(t.app, student.headers, mine.folder.id)).statusCode).toBe(200);
  });

  it('deep folders with long names keep working: ids of any length the tree allows', async () => {
    const admin = await adminHeaders(t.app);
    const long = 'Lesson – the Anuradhapura kingdom and its irrigation works, part';
    const classFolder = await createClass(t.app, admin, `${long} ${crypto.randomUUID().slice(0, 6)}`);
    let folder = classFolder;
    for (const level of [1, 2, 3, 4]) folder = await createSubfolder(t.app, admin, folder.id, `${long} ${level}`);
    expect(folder.id.length).toBeGreaterThan(400);
    const video = await uploadFile(t.app, admin, folder.id, `${long}.mp4`, mp4Bytes());
    expect((await folderContent(t.app, admin, folder.id)).statusCode).toBe(200);
    expect((await fileTicket(t.app, admin, video.id)).statusCode).toBe(200);
  });

  it('a class lapses after its end date and comes back when given again', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder } = await classWithLessons(t.app, admin);
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, admin, student.body.email, classFolder.name, '2999-12-31');
    expect((await folderContent(t.app, student.headers, classFolder.id)).statusCode).toBe(200);

    // Time passes: the grant's end moves into the past (no API sets a past date).
    await t.database.db
      .updateTable('class_grants')
      .set({ ends_at: '2000-01-01T00:00:00.000Z' })
      .where('email_key', '=', student.body.email.toLowerCase())
      .execute();
    expect((await folderContent(t.app, student.headers, classFolder.id)).statusCode).toBe(404);
    expect((await rootFiles(t.app, student.headers, student.body.email)).json<DriveListingAnswer>().files).toEqual([]);

    await giveAccess(t.app, admin, student.body.email, classFolder.name);
    expect((await folderContent(t.app, student.headers, classFolder.id)).statusCode).toBe(200);
  });
});
