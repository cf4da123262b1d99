// Handing in written answers (answer-scripts.md 'Uploading a page', 'Hand-in'): pages judged by
// their bytes with nothing kept when refused, stored upright, small and without any metadata; a
// hand-in cut part-way keeps no script until it is completed, then keeps every page in the order
// and turn chosen; nothing is taken after the upload time.
import { readdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ANSWER_SCRIPTS_TEXT, type ErrorAnswer, type MyScriptAnswer, type ScriptHandInAnswer, type ScriptsAnswer } from '@academy/contract';
import { multipartForm } from '../../../../test/multipart-form';
import { useTestApp } from '../../../../test/test-app';
import { testClock } from '../results-test-helpers';
import { startSitting } from '../sitting-helpers';
import { addStudent, paperClass, type Headers } from '../test-helpers';
import { handInRequest, pagePhoto, uploadPage, uploadPageRequest, writtenPaper } from './script-test-helpers';

const MINUTE_MS = 60_000;
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('handing in written answers', () => {
  const clock = testClock();
  const t = useTestApp({}, { clock: clock.now });

  const myScript = async (student: Headers, paperId: string) => {
    const response = await t.app.inject({ url: `/api/papers/${paperId}/script`, headers: student });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MyScriptAnswer>().data;
  };
  const queue = async (admin: Headers, paperId: string) => {
    const response = await t.app.inject({ url: `/api/papers/${paperId}/scripts`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ScriptsAnswer>().data;
  };
  const storedPages = async () => ({
    rows: (await t.database.db.selectFrom('paper_script_pages').select('id').execute()).length,
    files: (await readdir(`${t.config.dataDir}/script-pages`).catch(() => [])).length,
  });

  it('refuses a page that is not a JPEG, PNG or WebP by its bytes (415), whatever it is called, and keeps nothing', async () => {
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await writtenPaper(t.app, admin, folder.id, {}, clock.now());
    await startSitting(t.app, student.headers, paper.id);
    const before = await storedPages();

    const pdf = await uploadPageRequest(t.app, student.headers, paper.id, PDF_BYTES, 'page.jpg', 'image/jpeg');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json<ErrorAnswer>().message).toBe(ANSWER_SCRIPTS_TEXT.pdfAsPages);
    const text = await uploadPageRequest(t.app, student.headers, paper.id, Buffer.from('just some text, not a photo at all'), 'page.png', 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json<ErrorAnswer>().message).toBe(ANSWER_SCRIPTS_TEXT.pageType);
    const gif = await uploadPageRequest(t.app, student.headers, paper.id, await sharp(await pagePhoto(40, 40, 'png')).gif().toBuffer(), 'page.webp', 'image/webp');
    expect(gif.statusCode).toBe(415);

    expect(await storedPages()).toEqual(before);
    expect((await myScript(student.headers, paper.id)).staged).toEqual([]);
  });

  it('stores a phone photo upright, at most 2,000 px, as WebP with no EXIF, GPS, XMP or ICC left', async () => {
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await writtenPaper(t.app, admin, folder.id, {}, clock.now());
    await startSitting(t.app, student.headers, paper.id);
    // A camera's JPEG: stored landscape 3000 × 2000, tagged 'rotate 90°', with the home's GPS position and the owner's name.
    const photo = await sharp(await pagePhoto(3000, 2000))
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Artist: 'Nimal Perera', Make: 'PhoneMaker', Model: 'Phone 12' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '7/1 17/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '80/1 38/1 1200/100' },
      })
      .jpeg()
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.includes(Buffer.from('GPS')) || sent.exif?.includes(Buffer.from('Nimal'))).toBe(true);

    const page = await uploadPage(t.app, student.headers, paper.id, photo);
    expect(page).toMatchObject({ width: 1333, height: 2000 });
    const fetched = await t.app.inject({ url: `/api/papers/${paper.id}/pages/${page.id}`, headers: student.headers });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/webp');
    const stored = await sharp(fetched.rawPayload).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 1333, 2000]);
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(fetched.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    expect(fetched.rawPayload.includes(Buffer.from('Nimal'))).toBe(false);
    // The file on disk is what was served.
    const onDisk = await sharp(await readFile(`${t.config.dataDir}/script-pages/${page.id}.webp`)).metadata();
    expect([onDisk.exif, onDisk.xmp, onDisk.icc]).toEqual([undefined, undefined, undefined]);
  });

  it('keeps no script while a hand-in is cut part-way; the completed hand-in keeps every page in its order and turn', async () => {
    const { admin, folder, classFolder, student } = await paperClass(t.app);
    const other = await addStudent(t.app, { admin, classFolder });
    const paper = await writtenPaper(t.app, admin, folder.id, {}, clock.now());
    await startSitting(t.app, student.headers, paper.id);
    await startSitting(t.app, other.headers, paper.id);

    // Three pages uploaded, the line cut before the hand-in: staged for the student, nothing for the marker.
    const first = await uploadPage(t.app, student.headers, paper.id, await pagePhoto(1200, 1600));
    const second = await uploadPage(t.app, student.headers, paper.id, await pagePhoto(1600, 1200, 'png'));
    const third = await uploadPage(t.app, student.headers, paper.id, await pagePhoto(1000, 1400, 'webp'));
    const extra = await uploadPage(t.app, student.headers, paper.id, await pagePhoto(800, 800));
    // A fourth page cut mid-way (the line dropped part-way through its body): refused, nothing of it kept.
    const files = (await readdir(`${t.config.dataDir}/script-pages`)).length;
    const form = multipartForm('page', 'page.jpg', 'image/jpeg', await pagePhoto(1200, 1600));
    const half = await t.app.inject({
      method: 'POST',
      url: `/api/papers/${paper.id}/script/pages`,
      headers: { ...student.headers, ...form.headers },
      payload: form.payload.subarray(0, Math.floor(form.payload.length / 2)),
    });
    expect(half.statusCode, half.body).toBe(400);
    expect(half.json<ErrorAnswer>().message).toBe(ANSWER_SCRIPTS_TEXT.pageCut);
    expect((await readdir(`${t.config.dataDir}/script-pages`)).length).toBe(files);
    const cut = await myScript(student.headers, paper.id);
    expect(cut.state).toBe('staged');
    expect(cut.staged.map((page) => page.id)).toEqual([first.id, second.id, third.id, extra.id]);
    expect(cut.handedInAt).toBeNull();
    expect((await queue(admin, paper.id)).rows).toEqual([]);
    expect(await t.database.db.selectFrom('paper_scripts').select('id').where('paper_id', '=', paper.id).execute()).toEqual([]);

    // A hand-in naming a page that is not the student's own is refused whole: still nothing handed in.
    const theirs = await uploadPage(t.app, other.headers, paper.id, await pagePhoto(600, 800));
    const foreign = await handInRequest(t.app, student.headers, paper.id, { pages: [{ id: first.id }, { id: theirs.id }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<ErrorAnswer>().errors).toEqual([{ field: 'pages.1.id', message: ANSWER_SCRIPTS_TEXT.unknownPage }]);
    expect((await myScript(student.headers, paper.id)).state).toBe('staged');

    // The hand-in completed: reordered, the landscape page turned upright, the extra page left out.
    const handIn = { pages: [{ id: third.id }, { id: first.id }, { id: second.id, rotation: 90 as const }] };
    const done = await handInRequest(t.app, student.headers, paper.id, handIn);
    expect(done.statusCode, done.body).toBe(200);
    const answer = done.json<ScriptHandInAnswer>().data;
    expect(answer.pages).toEqual([
      { id: third.id, number: 1, width: 1000, height: 1400 },
      { id: first.id, number: 2, width: 1200, height: 1600 },
      { id: second.id, number: 3, width: 1200, height: 1600 },
    ]);
    const turned = await sharp(await readFile(`${t.config.dataDir}/script-pages/${second.id}.webp`)).metadata();
    expect([turned.width, turned.height]).toEqual([1200, 1600]);
    // The page left out is gone, row and file.
    expect(await t.database.db.selectFrom('paper_script_pages').select('id').where('id', '=', extra.id).execute()).toEqual([]);
    expect((await readdir(`${t.config.dataDir}/script-pages`)).some((name) => name.startsWith(extra.id))).toBe(false);

    const mine = await myScript(student.headers, paper.id);
    expect(mine).toMatchObject({ state: 'handed-in', handedInAt: answer.handedInAt, staged: [], released: false });
    expect(mine.pages.map((page) => page.id)).toEqual([third.id, first.id, second.id]);
    // No marks, comment or annotations before release.
    expect(mine.marks).toBeUndefined();
    expect(mine.pages[0]?.annotations).toBeUndefined();
    expect((await queue(admin, paper.id)).rows.map((row) => [row.student.studentId, row.pageCount, row.state])).toEqual([[student.student._id, 3, 'to-do']]);

    // The same hand-in again answers the first; another one is refused, and a new page too.
    const again = await handInRequest(t.app, student.headers, paper.id, handIn);
    expect(again.statusCode).toBe(200);
    expect(again.json<ScriptHandInAnswer>().data.handedInAt).toBe(answer.handedInAt);
    const different = await handInRequest(t.app, student.headers, paper.id, { pages: [{ id: first.id }] });
    expect(different.statusCode).toBe(409);
    expect(different.json<ErrorAnswer>().message).toBe(ANSWER_SCRIPTS_TEXT.alreadyHandedIn);
    expect((await uploadPageRequest(t.app, student.headers, paper.id, await pagePhoto(400, 400))).statusCode).toBe(409);
  });

  it('takes pages until the deadline plus the upload grace and their hand-in a network grace later, and refuses them after, saying so', async () => {
    const { admin, folder, classFolder, student } = await paperClass(t.app);
    const other = await addStudent(t.app, { admin, classFolder });
    const paper = await writtenPaper(t.app, admin, folder.id, { timeLimitMinutes: 30 }, clock.now());
    const sitting = await startSitting(t.app, student.headers, paper.id);
    const otherSitting = await startSitting(t.app, other.headers, paper.id);
    expect(otherSitting.deadline).toBe(sitting.deadline);
    const until = Date.parse(sitting.deadline) + 15 * MINUTE_MS;

    clock.moveTo(until - 1000);
    const page = await uploadPage(t.app, student.headers, paper.id, await pagePhoto());
    const otherPage = await uploadPage(t.app, other.headers, paper.id, await pagePhoto());
    expect((await myScript(student.headers, paper.id)).acceptedUntil).toBe(new Date(until).toISOString());

    clock.moveTo(until + 1);
    // Pages that arrived in time are handed in just after, inside the network grace.
    expect((await handInRequest(t.app, other.headers, paper.id, { pages: [{ id: otherPage.id }] })).statusCode).toBe(200);
    const late = await uploadPageRequest(t.app, student.headers, paper.id, await pagePhoto());
    expect(late.statusCode).toBe(409);
    const refusal = late.json<ErrorAnswer & { acceptedUntil: string }>();
    expect(refusal.message).toMatch(/^The upload time is over: it ended at \d{1,2}:\d{2} [AP]M\.$/);
    expect(refusal.acceptedUntil).toBe(new Date(until).toISOString());
    clock.moveTo(until + t.config.papers.graceMs + 1);
    const handIn = await handInRequest(t.app, student.headers, paper.id, { pages: [{ id: page.id }] });
    expect(handIn.statusCode).toBe(409);
    expect(handIn.json<ErrorAnswer>().message).toBe(refusal.message);
    const scripts = await t.database.db.selectFrom('paper_scripts').select('account_id').where('paper_id', '=', paper.id).execute();
    expect(scripts.map((row) => row.account_id)).toEqual([other.student._id]);
  });

  it('asks a student to start first, and says a paper without a written part has none', async () => {
    const { admin, folder, student } = await paperClass(t.app);
    const paper = await writtenPaper(t.app, admin, folder.id, {}, clock.now());
    const early = await uploadPageRequest(t.app, student.headers, paper.id, await pagePhoto(300, 300));
    expect(early.statusCode).toBe(409);
    expect(early.json<ErrorAnswer>().message).toBe(ANSWER_SCRIPTS_TEXT.startFirst);
    const none = await t.app.inject({ method: 'DELETE', url: `/api/papers/${paper.id}/written`, headers: admin });
    expect(none.statusCode, none.body).toBe(200);
    const gone = await uploadPageRequest(t.app, student.headers, paper.id, await pagePhoto(300, 300));
    expect(gone.statusCode).toBe(404);
    expect(gone.json<ErrorAnswer>().message).toBe(ANSWER_SCRIPTS_TEXT.noWrittenPart);
  });
});
