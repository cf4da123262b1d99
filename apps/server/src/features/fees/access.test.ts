import { beforeAll, describe, expect, it } from 'vitest';
import { encodeFileId, type DriveItemFee, type DriveListingAnswer, type FeeRefusal, type FileTicketAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { testVideo } from '../../../test/videos';
import { adminHeaders, createClass, createSubfolder, fileTicket, folderContent, giveAccess, PDF_BYTES, uploadFile, type Headers } from '../class-material/test-helpers';
import { TicketSigner } from '../class-material/ticket';
import { TRANSCODE_TEST_TIMEOUT_MS, waitForLesson } from '../lessons/test-helpers';
import { createPaper } from '../papers/test-helpers';
import { classYearEnd, graceEnd } from './rules';
import { feeClock, feePlan, openMonth, tagFolder } from './test-helpers';

// fees.md 'The access rule' on every path a student reads a month's material by: the class
// listing's `fee`, the month folder's listing, the file ticket, secure-file, the lesson's master
// and rendition playlists, a segment, the AES key, the poster, a progress report, and a paper in
// the month (papers ask class material's `locate` through paper-access.ts). Each situation gets a
// student of its own, so nothing one situation opened leaks into the next.

const PLAN = { monthlyFee: 2500, months: ['2026-10', '2026-11', '2026-12'], dueDay: 10, graceDays: 5 };
const RULES = { monthlyFeeCents: 250_000, ...PLAN };
const EARLY_NOVEMBER = '2026-11-05T06:00:00Z';
const NOVEMBER_GRACE_END = graceEnd(RULES, '2026-11');

describe('the month gate on every path', () => {
  const clock = feeClock(EARLY_NOVEMBER);
  const t = useTestApp({ TRANSCODE_CONCURRENCY: '1' }, { feesClock: clock.now });
  const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });

  let world: Awaited<ReturnType<typeof makeWorld>>;
  async function makeWorld() {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    await feePlan(t.app, admin, classFolder.id, PLAN);
    const november = await createSubfolder(t.app, admin, classFolder.id, 'November');
    const week = await createSubfolder(t.app, admin, november.id, 'Week 1');
    const video = await uploadFile(t.app, admin, week.id, 'lesson.mp4', testVideo({ seconds: 4, width: 426, height: 240 }));
    const pdf = await uploadFile(t.app, admin, week.id, 'notes.pdf', PDF_BYTES);
    const paper = await createPaper(t.app, admin, week.id);
    await waitForLesson(t.app, admin, week.id, video.id);
    const tagged = await tagFolder(t.app, admin, november.id, '2026-11');
    expect(tagged.statusCode, tagged.body).toBe(200);
    // The lesson's addresses, read once as an admin; each student gets their own ticket for them.
    const hls = (await fileTicket(t.app, admin, video.id)).json<FileTicketAnswer>().data.hls ?? '';
    const master = (await get(hls)).body;
    const rendition = master.split('\n').find((line) => line.startsWith('/api/')) ?? '';
    const playlist = (await get(rendition)).body;
    const segment = playlist.split('\n').find((line) => line.startsWith('/api/')) ?? '';
    const key = /URI="([^"]+)"/.exec(playlist)?.[1] ?? '';
    const path = (url: string) => url.split('?')[0] ?? '';
    return {
      admin,
      classFolder,
      november,
      week,
      video,
      pdf,
      paperId: paper.id,
      lesson: { master: path(hls), rendition: path(rendition), segment: path(segment), key: path(key), poster: `/api/lessons/${encodeURIComponent(video.id)}/poster.jpg` },
    };
  }
  beforeAll(async () => {
    world = await makeWorld();
  }, TRANSCODE_TEST_TIMEOUT_MS);

  async function studentOfClass() {
    const student = await signedInStudent(t.app);
    await giveAccess(t.app, world.admin, student.body.email, world.classFolder.name);
    return student;
  }

  /** What each path answers the student now, and the November folder's `fee` in the class listing. */
  async function paths(student: Awaited<ReturnType<typeof signedInStudent>>) {
    const row = await t.database.db.selectFrom('accounts').select('token_version').where('id', '=', student.student._id).executeTakeFirstOrThrow();
    const signer = new TicketSigner(t.config.jwtSecret, 600_000);
    const ticketOf = (fileId: string) => signer.issue({ accountId: student.student._id, tokenVersion: row.token_version }, fileId).ticket;
    const lessonTicket = ticketOf(world.video.id);
    const withTicket = (url: string) => `${url}?t=${encodeURIComponent(lessonTicket)}`;
    const classListing = await folderContent(t.app, student.headers, world.classFolder.id);
    const report = await t.app.inject({
      method: 'POST',
      url: '/api/watching/reports',
      headers: student.headers,
      payload: { batchId: `batch-${crypto.randomUUID()}`, reports: [{ fileId: world.video.id, positionSeconds: 1, played: [[0, 1]], at: Date.now() }] },
    });
    const statuses = {
      monthListing: (await folderContent(t.app, student.headers, world.november.id)).statusCode,
      innerListing: (await folderContent(t.app, student.headers, world.week.id)).statusCode,
      fileTicket: (await fileTicket(t.app, student.headers, world.pdf.id)).statusCode,
      secureFile: (await get(`/api/secure-folders/secure-file?id=${encodeURIComponent(encodeFileId(world.pdf.id))}&t=${encodeURIComponent(ticketOf(world.pdf.id))}`)).statusCode,
      master: (await get(withTicket(world.lesson.master))).statusCode,
      rendition: (await get(withTicket(world.lesson.rendition))).statusCode,
      segment: (await get(withTicket(world.lesson.segment))).statusCode,
      key: (await get(withTicket(world.lesson.key))).statusCode,
      poster: (await get(withTicket(world.lesson.poster))).statusCode,
      progressReport: report.statusCode,
      paper: (await get(`/api/papers/${encodeURIComponent(world.paperId)}`, student.headers)).statusCode,
    };
    const fee = classListing.json<DriveListingAnswer>().files.find((item) => item.id === world.november.id)?.fee;
    return { statuses, fee };
  }

  const every = (status: number, progressReport = status === 403 ? 404 : status) => ({
    monthListing: status,
    innerListing: status,
    fileTicket: status,
    secureFile: status,
    master: status,
    rendition: status,
    segment: status,
    key: status,
    poster: status,
    // A report on a file the student may not open is dropped; a batch with none left is 404.
    progressReport,
    paper: status,
  });

  /**
   * The read paths alone, for a student whose progress was written a moment before their month
   * closed: progress writes follow the watching feature's 15-second access memo
   * (watching/access-memo.ts), as a revoked grant does; every read closes at once.
   */
  const withoutReport = (statuses: ReturnType<typeof every>) => {
    const { progressReport: _report, ...reads } = statuses;
    return reads;
  };

  const lockedFee = (change: Partial<DriveItemFee> = {}): DriveItemFee => ({
    month: '2026-11',
    state: 'locked',
    amountCents: 250_000,
    dueOn: '2026-11-09T18:30:00.000Z',
    graceEndsOn: '2026-11-15T18:29:59.999Z',
    ...change,
  });

  it('unpaid: every path is 403; the listing shows the month locked with what to pay', async () => {
    clock.set(EARLY_NOVEMBER);
    const student = await studentOfClass();
    const { statuses, fee } = await paths(student);
    expect(statuses).toEqual(every(403));
    expect(fee).toEqual(lockedFee());
    const refused = await folderContent(t.app, student.headers, world.november.id);
    expect(refused.json<FeeRefusal>()).toEqual({
      code: 403,
      message: 'November 2026 is not paid yet',
      data: null,
      feeLocked: { classFolderId: world.classFolder.id, className: world.classFolder.name, ...lockedFee({ state: undefined }) },
    });
    const paper = await get(`/api/papers/${encodeURIComponent(world.paperId)}`, student.headers);
    expect(paper.json<FeeRefusal>().feeLocked).toMatchObject({ month: '2026-11', amountCents: 250_000 });
    // Ticketed answers carry the sentence, not the fields.
    const row = await t.database.db.selectFrom('accounts').select('token_version').where('id', '=', student.student._id).executeTakeFirstOrThrow();
    const ticket = new TicketSigner(t.config.jwtSecret, 600_000).issue({ accountId: student.student._id, tokenVersion: row.token_version }, world.video.id).ticket;
    const key = await get(`${world.lesson.key}?t=${encodeURIComponent(ticket)}`);
    expect(key.json()).toEqual({ code: 403, message: 'November 2026 is not paid yet', data: null });
  });

  it('untagged: the same material needs class access only', async () => {
    clock.set(EARLY_NOVEMBER);
    const student = await studentOfClass();
    expect((await tagFolder(t.app, world.admin, world.november.id, null)).statusCode).toBe(200);
    try {
      const { statuses, fee } = await paths(student);
      expect(statuses).toEqual(every(200));
      expect(fee).toBeUndefined();
    } finally {
      expect((await tagFolder(t.app, world.admin, world.november.id, '2026-11')).statusCode).toBe(200);
    }
  });

  it('paid: every path is 200, and the listing says open', async () => {
    clock.set(EARLY_NOVEMBER);
    const student = await studentOfClass();
    await openMonth(t.database.db, { classFolderId: world.classFolder.id, accountId: student.student._id, month: '2026-11' });
    const { statuses, fee } = await paths(student);
    expect(statuses).toEqual(every(200));
    expect(fee).toEqual(lockedFee({ state: 'open' }));
  });

  it("grace by last month's opening: open to the grace end's last millisecond, locked the next", async () => {
    const student = await studentOfClass();
    await openMonth(t.database.db, { classFolderId: world.classFolder.id, accountId: student.student._id, month: '2026-10' });
    clock.set(NOVEMBER_GRACE_END - 1);
    const before = await paths(student);
    expect(before.statuses).toEqual(every(200));
    expect(before.fee).toEqual(lockedFee({ state: 'grace' }));
    clock.set(NOVEMBER_GRACE_END);
    expect((await paths(student)).statuses).toEqual(every(200));
    clock.set(NOVEMBER_GRACE_END + 1);
    const after = await paths(student);
    expect(withoutReport(after.statuses)).toEqual(withoutReport(every(403)));
    expect(after.fee).toEqual(lockedFee());
  });

  it('first month: no carry-over, an October opening is of no use to October itself', async () => {
    clock.set('2026-10-03T06:00:00Z');
    const student = await studentOfClass();
    const october = await createSubfolder(t.app, world.admin, world.classFolder.id, `October ${crypto.randomUUID().slice(0, 4)}`);
    expect((await tagFolder(t.app, world.admin, october.id, '2026-10')).statusCode).toBe(200);
    expect((await folderContent(t.app, student.headers, october.id)).statusCode).toBe(403);
    await openMonth(t.database.db, { classFolderId: world.classFolder.id, accountId: student.student._id, month: '2026-10' });
    expect((await folderContent(t.app, student.headers, october.id)).statusCode).toBe(200);
  });

  it('a full free card opens every path', async () => {
    clock.set(EARLY_NOVEMBER);
    const student = await studentOfClass();
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/fees/free-cards',
      headers: world.admin,
      payload: { studentId: student.student._id, folderId: world.classFolder.id, kind: 'full', fromMonth: '2026-11', reason: 'Scholarship' },
    });
    expect(card.statusCode, card.body).toBe(200);
    const { statuses, fee } = await paths(student);
    expect(statuses).toEqual(every(200));
    expect(fee).toEqual(lockedFee({ state: 'open', amountCents: 0 }));
  });

  it("an admin's exception opens every path", async () => {
    clock.set(EARLY_NOVEMBER);
    const student = await studentOfClass();
    const exception = await t.app.inject({
      method: 'POST',
      url: '/api/fees/exceptions',
      headers: world.admin,
      payload: { studentId: student.student._id, folderId: world.classFolder.id, month: '2026-11', reason: 'Pays next week' },
    });
    expect(exception.statusCode, exception.body).toBe(200);
    expect((await paths(student)).statuses).toEqual(every(200));
  });

  it('after the class year a paid month closes too', async () => {
    const student = await studentOfClass();
    await openMonth(t.database.db, { classFolderId: world.classFolder.id, accountId: student.student._id, month: '2026-11' });
    clock.set(classYearEnd(RULES) - 1);
    expect((await paths(student)).statuses).toEqual(every(200));
    clock.set(classYearEnd(RULES));
    expect(withoutReport((await paths(student)).statuses)).toEqual(withoutReport(every(403)));
  });

  it('a student without the class gets 404, and an admin is never held by fees', async () => {
    clock.set(EARLY_NOVEMBER);
    const outsider = await signedInStudent(t.app);
    expect((await folderContent(t.app, outsider.headers, world.november.id)).statusCode).toBe(404);
    expect((await fileTicket(t.app, outsider.headers, world.pdf.id)).statusCode).toBe(404);
    expect((await folderContent(t.app, world.admin, world.november.id)).statusCode).toBe(200);
    expect((await fileTicket(t.app, world.admin, world.pdf.id)).statusCode).toBe(200);
    const listed = (await folderContent(t.app, world.admin, world.classFolder.id)).json<DriveListingAnswer>().files;
    expect(listed.find((item) => item.id === world.november.id)?.fee).toEqual({ month: '2026-11' });
  });
});
