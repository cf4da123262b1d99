// A class folder lists its papers like files (docs/papers.md 'How it is listed in the class
// folder'): after the sub-folders and before the files, the latest opening first, each with what
// its card's line is worked out from. Papers follow their folder through renames, and a folder
// holding a paper that students have sat cannot be deleted.
import { describe, expect, it } from 'vitest';
import { FOLDER_MIME_TYPE, PAPER_MIME_TYPE, PAPERS_TEXT, type DriveItem, type DriveListingAnswer, type ErrorAnswer } from '@academy/contract';
import { useTestApp } from '../../../test/test-app';
import { deleteApproved } from '../approvals/test-helpers';
import { createSubfolder, folderContent, PDF_BYTES, uploadFile } from '../class-material/test-helpers';
import { handInOk, startSitting } from './sitting-helpers';
import { addStudent, createPaper, getPaper, paperClass, type Headers } from './test-helpers';

const MINUTE_MS = 60_000;
const GRACE_MS = 60_000;

describe('papers in the folder listing', () => {
  let now = Date.now();
  const t = useTestApp({}, { clock: () => now });

  async function listing(headers: Headers, folderId: string): Promise<DriveItem[]> {
    const response = await folderContent(t.app, headers, folderId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DriveListingAnswer>().files;
  }

  const paperItem = async (headers: Headers, folderId: string, paperId: string) => (await listing(headers, folderId)).find((item) => item.id === paperId);
  const itemUrl = (id: string) => `/api/folders/item/${encodeURIComponent(id)}`;

  it('lists papers after the sub-folders and before the files, the latest opening first, to students and admins', async () => {
    now = Date.now();
    const { admin, folder, student } = await paperClass(t.app);
    const sub = await createSubfolder(t.app, admin, folder.id, 'Week 1');
    const pdf = await uploadFile(t.app, admin, folder.id, 'answers.pdf', PDF_BYTES);
    const older = await createPaper(t.app, admin, folder.id, { title: 'Opened yesterday', opensAt: new Date(now - 1440 * MINUTE_MS).toISOString() }, now);
    const newer = await createPaper(t.app, admin, folder.id, { title: 'Opens tomorrow', opensAt: new Date(now + 1440 * MINUTE_MS).toISOString(), closesAt: new Date(now + 1500 * MINUTE_MS).toISOString() }, now);
    for (const headers of [admin, student.headers]) {
      const items = await listing(headers, folder.id);
      expect(items.map((item) => [item.id, item.mimeType])).toEqual([
        [sub.id, FOLDER_MIME_TYPE],
        [newer.id, PAPER_MIME_TYPE],
        [older.id, PAPER_MIME_TYPE],
        [pdf.id, 'application/pdf'],
      ]);
      expect(items[1]).toMatchObject({ name: 'Opens tomorrow', paper: { state: 'scheduled', opensAt: newer.body.opensAt, closesAt: newer.body.closesAt, timeLimitMinutes: 60, serverNow: new Date(now).toISOString() } });
    }
    // A paper is listed in its own folder only.
    expect((await listing(admin, sub.id)).some((item) => item.mimeType === PAPER_MIME_TYPE)).toBe(false);
  });

  it("gives a student their own standing, and never counts, questions or keys", async () => {
    now = Date.now();
    const { admin, folder, student } = await paperClass(t.app);
    const { id } = await createPaper(t.app, admin, folder.id, { closesAt: new Date(now + 90 * MINUTE_MS).toISOString() }, now);
    const before = await paperItem(student.headers, folder.id, id);
    expect(before?.paper).toEqual({
      state: 'open',
      opensAt: new Date(now - MINUTE_MS).toISOString(),
      closesAt: new Date(now + 90 * MINUTE_MS).toISOString(),
      timeLimitMinutes: 60,
      mine: { state: 'not-started' },
      serverNow: new Date(now).toISOString(),
    });
    expect(JSON.stringify(before)).not.toMatch(/Mahaweli|correct|questions|counts/);

    const sitting = await startSitting(t.app, student.headers, id);
    expect((await paperItem(student.headers, folder.id, id))?.paper?.mine).toEqual({ state: 'sitting', deadline: sitting.deadline });

    // Past the deadline and its grace the attempt counts as handed in by time, whatever the job has written.
    now = Date.parse(sitting.deadline) + GRACE_MS + 1;
    expect((await paperItem(student.headers, folder.id, id))?.paper?.mine).toEqual({ state: 'handed-in' });
  });

  it('a closed paper never started reads not-sat to a student', async () => {
    now = Date.now();
    const { admin, folder, student } = await paperClass(t.app);
    const { id, body } = await createPaper(t.app, admin, folder.id, { closesAt: new Date(now + 10 * MINUTE_MS).toISOString() }, now);
    now = Date.parse(body.closesAt) + 1;
    expect((await paperItem(student.headers, folder.id, id))?.paper).toMatchObject({ state: 'closed', mine: { state: 'not-sat' } });
  });

  it('gives an admin the counts of students sitting and handed in', async () => {
    now = Date.now();
    const made = await paperClass(t.app);
    const { id } = await createPaper(t.app, made.admin, made.folder.id, {}, now);
    const second = await addStudent(t.app, made);
    await startSitting(t.app, made.student.headers, id);
    const handing = await startSitting(t.app, second.headers, id);
    await handInOk(t.app, second.headers, id, { device: handing.device });
    const item = await paperItem(made.admin, made.folder.id, id);
    expect(item?.paper).toMatchObject({ state: 'open', counts: { sitting: 1, handedIn: 1 } });
    expect(item?.paper).not.toHaveProperty('mine');
    expect((await getPaper(t.app, made.admin, id)).counts).toEqual({ sitting: 1, handedIn: 1, sat: 2 });
  });

  it('follows renames of its folder and of the folders above it', async () => {
    now = Date.now();
    const { admin, classFolder, student } = await paperClass(t.app);
    const term = await createSubfolder(t.app, admin, classFolder.id, 'Term 1');
    const week = await createSubfolder(t.app, admin, term.id, 'Week 3');
    const { id } = await createPaper(t.app, admin, week.id, {}, now);

    const rename = async (itemId: string, name: string) => {
      const response = await t.app.inject({ method: 'PUT', url: itemUrl(itemId), headers: admin, payload: { name } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: DriveItem }>().data;
    };
    const renamedWeek = await rename(week.id, 'Week 3 (revision)');
    expect((await getPaper(t.app, student.headers, id)).folderId).toBe(renamedWeek.id);
    expect(await paperItem(student.headers, renamedWeek.id, id)).toBeDefined();

    const renamedTerm = await rename(term.id, 'First term');
    const weekNow = (await listing(admin, renamedTerm.id)).find((item) => item.name === 'Week 3 (revision)');
    expect(weekNow).toBeDefined();
    expect((await getPaper(t.app, student.headers, id)).folderId).toBe(weekNow?.id);
    expect(await paperItem(student.headers, weekNow?.id ?? '', id)).toBeDefined();
  });

  it('keeps a folder holding a paper someone started, and the folders and class above it; deletes one whose papers nobody started, with them', async () => {
    now = Date.now();
    const { admin, classFolder, student } = await paperClass(t.app);
    const term = await createSubfolder(t.app, admin, classFolder.id, 'Term 2');
    const sat = await createSubfolder(t.app, admin, term.id, 'Sat');
    const unsat = await createSubfolder(t.app, admin, term.id, 'Not sat');
    const satPaper = await createPaper(t.app, admin, sat.id, {}, now);
    const unsatPaper = await createPaper(t.app, admin, unsat.id, {}, now);
    await startSitting(t.app, student.headers, satPaper.id);

    for (const folderId of [sat.id, term.id, classFolder.id]) {
      const response = await t.app.inject({ method: 'DELETE', url: itemUrl(folderId), headers: admin });
      expect(response.statusCode, folderId).toBe(409);
      expect(response.json<ErrorAnswer>().message).toBe(PAPERS_TEXT.folderHoldsSatPaper);
    }
    expect(await getPaper(t.app, admin, satPaper.id)).toMatchObject({ id: satPaper.id });
    expect((await listing(admin, term.id)).map((item) => item.name).sort()).toEqual(['Not sat', 'Sat']);

    const deleted = await t.app.inject({ method: 'DELETE', url: itemUrl(unsat.id), headers: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await t.app.inject({ url: `/api/papers/${unsatPaper.id}`, headers: admin })).statusCode).toBe(404);
    expect(await t.database.db.selectFrom('jobs').select('id').where('job_key', '=', unsatPaper.id).execute()).toEqual([]);
    expect(await getPaper(t.app, admin, satPaper.id)).toMatchObject({ id: satPaper.id });
  });

  it('deletes a class whose papers nobody started, papers and all', async () => {
    now = Date.now();
    const { admin, classFolder, folder } = await paperClass(t.app);
    const { id } = await createPaper(t.app, admin, folder.id, {}, now);
    // A second admin approves the deletion (features/approvals).
    const response = await deleteApproved(t.app, t.database.db, { method: 'DELETE', url: itemUrl(classFolder.id), headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(await t.database.db.selectFrom('papers').select('id').where('id', '=', id).execute()).toEqual([]);
  });
});
