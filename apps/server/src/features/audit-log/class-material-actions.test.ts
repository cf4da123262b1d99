import { describe, expect, it } from 'vitest';
import type { DriveItem, Grant } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { createClass, createSubfolder, mp4Bytes, PDF_BYTES, uploadFile, uploadRequest } from '../class-material/test-helpers';
import { approveAsSecondAdmin, SECOND_ADMIN } from '../approvals/test-helpers';
import { entriesWrittenBy, noEntryBy, oneEntryBy, signInAdmin, type Headers } from './test-helpers';

// Classes, access and the drive screen's tools, against the built-in store on a real folder: each
// change leaves exactly one entry (a class change with the row, a store change once it is made),
// and a refused one leaves none.

const itemUrl = (id: string) => `/api/folders/item/${encodeURIComponent(id)}`;
const GIVE = '/api/students/student/give-additional-access';
const BATCH = '/api/folders/access/batch';

describe('audit entries of the class material actions', () => {
  const t = useTestApp();

  const post = (path: string, headers: Headers, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: path, headers, payload });

  /** The class's row id: a class is recorded by it, since a rename changes the folder's id. */
  async function classId(name: string): Promise<string> {
    const row = await t.database.db.selectFrom('classes').select('id').where('name', '=', name).executeTakeFirstOrThrow();
    return row.id;
  }

  it('create, rename and delete a class: one entry each, all on the class row', async () => {
    const admin = await signInAdmin(t.app);
    const name = `History ${crypto.randomUUID().slice(0, 6)}`;
    let folder: DriveItem | undefined;
    const created = await oneEntryBy(t.app, admin, async () => {
      folder = await createClass(t.app, admin.headers, name);
    });
    const id = await classId(name);
    expect(created).toMatchObject({ action: 'class.create', target: { type: 'class', id, label: name }, summary: `Created class ${name}` });

    const renamed = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'PUT', url: itemUrl(folder?.id ?? ''), headers: admin.headers, payload: { name: `${name} AL` } });
      expect(response.statusCode, response.body).toBe(200);
      folder = response.json<{ data: DriveItem }>().data;
    });
    expect(renamed).toMatchObject({ action: 'class.rename', target: { type: 'class', id, label: `${name} AL` }, detail: { before: name, after: `${name} AL` } });

    // Deleting a class asks a second admin (one entry), whose approval deletes it (features/approvals).
    let approvalId = '';
    const requested = await oneEntryBy(t.app, admin, async () => {
      const asked = await t.app.inject({ method: 'DELETE', url: itemUrl(folder?.id ?? ''), headers: admin.headers });
      expect(asked.statusCode, asked.body).toBe(202);
      approvalId = asked.json<{ data: { id: string } }>().data.id;
    });
    expect(requested).toMatchObject({ action: 'approval.request', target: { type: 'class', label: `${name} AL` } });
    const decided = await entriesWrittenBy(t.app, admin.headers, async () => {
      expect((await approveAsSecondAdmin(t.app, t.database.db, approvalId)).statusCode).toBe(200);
    });
    expect(decided.find((entry) => entry.action === 'class.delete')).toMatchObject({ target: { type: 'class', id, label: `${name} AL` }, admin: { email: SECOND_ADMIN.email } });
  });

  it('give by e-mail, give to a batch, revoke: one entry each, naming the class and who', async () => {
    const admin = await signInAdmin(t.app);
    const folder = await createClass(t.app, admin.headers);
    const email = `waiting.${crypto.randomUUID().slice(0, 6)}@example.lk`;
    let grant: Grant | undefined;
    const byEmail = await oneEntryBy(t.app, admin, async () => {
      const response = await post(GIVE, admin.headers, { email, className: folder.name, endsOn: '2099-12-31' });
      expect(response.statusCode, response.body).toBe(200);
      grant = response.json<{ data: Grant }>().data;
    });
    expect(byEmail).toMatchObject({
      action: 'access.grant',
      target: { type: 'grant', id: grant?.id, label: `${folder.name}: ${email}` },
      summary: `Gave ${folder.name} to ${email} until 2099-12-31`,
      detail: { grantId: grant?.id, email, batch: null, classType: null },
    });

    const byBatch = await oneEntryBy(t.app, admin, async () => {
      expect((await post(BATCH, admin.headers, { className: folder.name, batch: '2026', classType: 'Theory' })).statusCode).toBe(200);
    });
    expect(byBatch).toMatchObject({ action: 'access.grant', target: { type: 'grant', label: `${folder.name}: batch 2026 Theory` }, summary: `Gave ${folder.name} to batch 2026 Theory`, detail: { batch: '2026', classType: 'Theory', email: null } });

    const revoked = await oneEntryBy(t.app, admin, async () => {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/folders/access/${grant?.id}`, headers: admin.headers })).statusCode).toBe(200);
    });
    expect(revoked).toMatchObject({ action: 'access.revoke', target: { type: 'grant', id: grant?.id }, summary: `Revoked ${folder.name} from ${email}`, detail: { grantId: grant?.id } });
  });

  it('folders and files: create, upload, rename and delete are one entry each, named with their class', async () => {
    const admin = await signInAdmin(t.app);
    const classFolder = await createClass(t.app, admin.headers);
    let folder: DriveItem | undefined;
    const madeFolder = await oneEntryBy(t.app, admin, async () => {
      folder = await createSubfolder(t.app, admin.headers, classFolder.id, 'Lesson 1');
    });
    expect(madeFolder).toMatchObject({ action: 'folder.create', target: { type: 'folder', id: folder?.id, label: 'Lesson 1' }, detail: { className: classFolder.name } });

    let video: DriveItem | undefined;
    const uploaded = await oneEntryBy(t.app, admin, async () => {
      video = await uploadFile(t.app, admin.headers, folder?.id ?? '', 'intro.mp4', mp4Bytes());
    });
    expect(uploaded).toMatchObject({
      action: 'file.upload',
      target: { type: 'file', id: video?.id, label: 'intro.mp4' },
      summary: 'Uploaded intro.mp4 to Lesson 1',
      detail: { className: classFolder.name, folder: 'Lesson 1', mimeType: 'video/mp4', size: mp4Bytes().length },
    });

    const renamedFile = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'PUT', url: itemUrl(video?.id ?? ''), headers: admin.headers, payload: { name: 'welcome.mp4' } });
      expect(response.statusCode, response.body).toBe(200);
      video = response.json<{ data: DriveItem }>().data;
    });
    expect(renamedFile).toMatchObject({ action: 'file.rename', target: { type: 'file', id: video?.id, label: 'welcome.mp4' }, detail: { before: 'intro.mp4', after: 'welcome.mp4' } });

    const deletedFile = await oneEntryBy(t.app, admin, async () => {
      expect((await t.app.inject({ method: 'DELETE', url: itemUrl(video?.id ?? ''), headers: admin.headers })).statusCode).toBe(200);
    });
    expect(deletedFile).toMatchObject({ action: 'file.delete', target: { type: 'file', label: 'welcome.mp4' }, summary: `Deleted welcome.mp4 from ${classFolder.name}` });

    const renamedFolder = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'PUT', url: itemUrl(folder?.id ?? ''), headers: admin.headers, payload: { name: 'Lesson One' } });
      expect(response.statusCode, response.body).toBe(200);
      folder = response.json<{ data: DriveItem }>().data;
    });
    expect(renamedFolder).toMatchObject({ action: 'folder.rename', target: { type: 'folder', label: 'Lesson One' } });

    const deletedFolder = await oneEntryBy(t.app, admin, async () => {
      expect((await t.app.inject({ method: 'DELETE', url: itemUrl(folder?.id ?? ''), headers: admin.headers })).statusCode).toBe(200);
    });
    expect(deletedFolder).toMatchObject({ action: 'folder.delete', target: { type: 'folder', label: 'Lesson One' } });
  });

  it('refused changes leave no entry', async () => {
    const admin = await signInAdmin(t.app);
    const student = await signedInStudent(t.app);
    const classFolder = await createClass(t.app, admin.headers);
    const folder = await createSubfolder(t.app, admin.headers, classFolder.id, 'Notes');
    await uploadFile(t.app, admin.headers, folder.id, 'notes.pdf', PDF_BYTES);
    const attempts = [
      () => post('/api/folders/create/folder', admin.headers, { folderName: classFolder.name.toUpperCase() }),
      () => post('/api/folders/create/folder', student.headers, { folderName: 'Mine' }),
      () => post(GIVE, admin.headers, { email: 'someone@example.lk', className: 'No Such Class' }),
      () => post(GIVE, admin.headers, { email: 'not-an-email', className: classFolder.name }),
      () => post(BATCH, student.headers, { className: classFolder.name, batch: '2026', classType: 'Theory' }),
      () => t.app.inject({ method: 'DELETE', url: `/api/folders/access/${crypto.randomUUID()}`, headers: admin.headers }),
      () => t.app.inject(uploadRequest(folder.id, 'page.html', Buffer.from('<script>alert(1)</script>'), admin.headers)),
      () => t.app.inject(uploadRequest(folder.id, 'notes.pdf', PDF_BYTES, admin.headers)),
      () => t.app.inject({ method: 'PUT', url: itemUrl('bm8tc3VjaA'), headers: admin.headers, payload: { name: 'x.pdf' } }),
      () => t.app.inject({ method: 'DELETE', url: itemUrl(folder.id), headers: student.headers }),
    ];
    for (const attempt of attempts) {
      await noEntryBy(t.app, admin, async () => {
        const response = await attempt();
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      });
    }
  });
});
