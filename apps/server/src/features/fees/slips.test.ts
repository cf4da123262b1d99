import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  FEES_TEXT,
  monthAlreadyPaidMessage,
  monthFreeMessage,
  payherePendingMessage,
  SLIP_MAX_BYTES,
  slipDecidedMessage,
  slipWaitingMessage,
  type FeeAlert,
  type MyFees,
  type Slip,
  type SlipDecisionAnswer,
  type SlipsPageAnswer,
} from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { adminHeaders, type Headers } from '../class-material/test-helpers';
import { anotherStudent, classWithPlanFor, jpegWithGps, pngBytes, postSlip, slipFields, uploadSlipOk } from './slip-test-helpers';
import { payThroughStandIn, usePaymentsApp } from './payment-test-helpers';
import { feeClock } from './test-helpers';

// Bank slips end to end through the real app: the upload's content checks and re-encoding, the
// copies flagged for the admins, decisions that are final, and the owner-only file.

const clock = feeClock('2026-11-20T06:00:00.000Z');
const t = usePaymentsApp({}, { feesClock: clock.now });

async function slipCount(): Promise<number> {
  const row = await t.database.db.selectFrom('fee_slips').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function storedFiles(): Promise<string[]> {
  return readdir(t.config.fees.slipsDir).catch(() => []);
}

async function queue(admin: Headers, query = ''): Promise<Slip[]> {
  const response = await t.app.inject({ url: `/api/fees/slips?pageSize=100${query}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SlipsPageAnswer>().data;
}

const approve = (admin: Headers, slipId: string) => t.app.inject({ method: 'POST', url: `/api/fees/slips/${slipId}/approve`, headers: admin });
const reject = (admin: Headers, slipId: string, reason: string) =>
  t.app.inject({ method: 'POST', url: `/api/fees/slips/${slipId}/reject`, headers: admin, payload: { reason } });
const mine = async (headers: Headers) => {
  const response = await t.app.inject({ url: '/api/fees/mine', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: MyFees }>().data;
};

describe('uploading a slip', () => {
  it('refuses a text file named .jpg with 415 and keeps nothing', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const [before, filesBefore] = [await slipCount(), await storedFiles()];
    const response = await postSlip(t.app, student.headers, slipFields(classFolder.id, ['2026-11']), {
      filename: 'slip.jpg',
      contentType: 'image/jpeg',
      bytes: Buffer.from('I paid, honestly. Reference 12345\n'.repeat(20)),
    });
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json<{ message: string }>().message).toBe(FEES_TEXT.slipWrongType);
    expect(await slipCount()).toBe(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a file over 5 MB with 413 and keeps nothing', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const before = await slipCount();
    const bytes = Buffer.concat([await pngBytes(), Buffer.alloc(SLIP_MAX_BYTES)]).subarray(0, SLIP_MAX_BYTES + 1);
    const response = await postSlip(t.app, student.headers, slipFields(classFolder.id, ['2026-11']), { filename: 'big.png', contentType: 'image/png', bytes });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json<{ message: string }>().message).toBe(FEES_TEXT.slipTooLarge);
    expect(await slipCount()).toBe(before);
  });

  it('stores a phone photo upright as WebP with its EXIF and GPS position gone', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const photo = await jpegWithGps(80, 40);
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.length).toBeGreaterThan(0);
    expect(sent.orientation).toBe(6);
    const slip = await uploadSlipOk(t.app, student.headers, slipFields(classFolder.id, ['2026-11']), { filename: 'IMG_2041.jpg', contentType: 'image/jpeg', bytes: photo });
    expect(slip.fileType).toBe('image/webp');
    const file = await t.app.inject({ url: `/api/fees/slips/${slip.id}/file`, headers: student.headers });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('no-store');
    const stored = await sharp(file.rawPayload).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(file.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
    expect(file.rawPayload.includes(Buffer.from('Slip camera'))).toBe(false);
    // Orientation 6 (turned a quarter) was applied: the landscape photo is stored portrait.
    expect([stored.width, stored.height]).toEqual([40, 80]);
  });

  it('keeps a PDF as sent', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    const slip = await uploadSlipOk(t.app, student.headers, slipFields(classFolder.id, ['2026-11']), { filename: 'slip.pdf', contentType: 'application/pdf', bytes: pdf });
    expect(slip.fileType).toBe('application/pdf');
    const file = await t.app.inject({ url: `/api/fees/slips/${slip.id}/file`, headers: admin });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses an admin, bad fields by name, months outside the plan, and a day in the future', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const png = { filename: 'slip.png', contentType: 'image/png', bytes: await pngBytes() };
    const asAdmin = await postSlip(t.app, admin, slipFields(classFolder.id, ['2026-11']), png);
    expect(asAdmin.statusCode, asAdmin.body).toBe(403);
    expect(asAdmin.json<{ message: string }>().message).toBe(FEES_TEXT.onlyStudentsPay);
    const bad = await postSlip(t.app, student.headers, slipFields(classFolder.id, ['2026-11'], { amountCents: '25.00', months: '2026-13' }), png);
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json<{ errors: { field: string }[] }>().errors.map((e) => e.field).sort()).toEqual(['amountCents', 'months']);
    const outside = await postSlip(t.app, student.headers, slipFields(classFolder.id, ['2027-01']), png);
    expect(outside.statusCode, outside.body).toBe(400);
    expect(outside.json<{ message: string }>().message).toBe(`months ${FEES_TEXT.monthNotInPlan}`);
    const future = await postSlip(t.app, student.headers, slipFields(classFolder.id, ['2026-11'], { paidOn: '2026-11-21' }), png);
    expect(future.statusCode, future.body).toBe(400);
    const extra = await postSlip(t.app, student.headers, { ...slipFields(classFolder.id, ['2026-11']), payment: 'cash' }, png);
    expect(extra.statusCode, extra.body).toBe(400);
    const unknown = await postSlip(t.app, student.headers, slipFields('no-such-folder', ['2026-11']), png);
    expect(unknown.statusCode, unknown.body).toBe(404);
    const stranger = await postSlip(t.app, (await signedInStudent(t.app)).headers, slipFields(classFolder.id, ['2026-11']), png);
    expect(stranger.statusCode, stranger.body).toBe(404);
    expect(stranger.json<{ message: string }>().message).toBe(FEES_TEXT.folderNotFound);
  });
});

describe('months that take no slip', () => {
  it('refuses a month free under a full card, and one with a PayHere payment pending, naming them', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/fees/free-cards',
      headers: admin,
      payload: { studentId: student.student._id, folderId: classFolder.id, kind: 'full', fromMonth: '2026-12', reason: 'Scholarship' },
    });
    expect(card.statusCode, card.body).toBe(200);
    const png = { filename: 'slip.png', contentType: 'image/png', bytes: await pngBytes('#445566') };
    const free = await postSlip(t.app, student.headers, slipFields(classFolder.id, ['2026-12']), png);
    expect(free.statusCode, free.body).toBe(409);
    expect(free.json<{ message: string }>().message).toBe(monthFreeMessage(['2026-12']));
    const { sent } = await payThroughStandIn(t, student.headers, classFolder.id, '2026-11', { status: 0 });
    expect(sent.answer).toBe(200);
    const processing = await postSlip(t.app, student.headers, slipFields(classFolder.id, ['2026-11']), png);
    expect(processing.statusCode, processing.body).toBe(409);
    expect(processing.json<{ message: string }>().message).toBe(payherePendingMessage('2026-11'));
  });
});

describe('copies', () => {
  it('flags a copied reference and a copied file for the admins, naming the other slip and its student, and refuses neither', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const other = await anotherStudent(t.app, admin, classFolder);
    const photo = { filename: 'slip.png', contentType: 'image/png', bytes: await pngBytes('#123456') };
    const first = await uploadSlipOk(t.app, student.headers, slipFields(classFolder.id, ['2026-11'], { reference: 'ab-77 / 1234' }), photo);
    expect(first.flags).toEqual([]);
    const copy = await uploadSlipOk(t.app, other.headers, slipFields(classFolder.id, ['2026-11'], { reference: 'AB771234' }), photo);
    // The student is not told about copies.
    expect(copy.flags).toEqual([]);
    const listed = (await queue(admin, `&folderId=${encodeURIComponent(classFolder.id)}`)).find((slip) => slip.id === copy.id);
    expect(listed?.flags.map((flag) => [flag.kind, flag.slipId, flag.student.name]).sort()).toEqual([
      ['file', first.id, student.student.name],
      ['reference', first.id, student.student.name],
    ]);
    expect(listed?.student.name).toBe(other.student.name);
    expect(listed?.dueCents).toBe(250000);
    // A different bank with the same reference is another transfer.
    const elsewhere = await uploadSlipOk(t.app, student.headers, slipFields(classFolder.id, ['2026-12'], { reference: 'AB771234', bank: 'Sampath Bank' }));
    expect((await queue(admin)).find((slip) => slip.id === elsewhere.id)?.flags).toEqual([]);
    // The copy is on the Needs attention list until an admin marks it handled.
    const open = await t.app.inject({ url: '/api/fees/alerts?open=true', headers: admin });
    const alert = open.json<{ data: FeeAlert[] }>().data.find((item) => item.slipId === copy.id);
    expect(alert).toMatchObject({ kind: 'duplicate-slip', student: { id: other.student._id }, resolvedAt: null });
    const resolve = (note: string) => t.app.inject({ method: 'POST', url: `/api/fees/alerts/${alert?.id ?? ''}/resolve`, headers: admin, payload: { note } });
    const resolved = await resolve('Asked both students; the second sent the wrong photo.');
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json<{ data: FeeAlert }>().data).toMatchObject({ note: 'Asked both students; the second sent the wrong photo.', resolvedBy: { name: expect.any(String) } });
    expect((await resolve('Again')).json<{ data: FeeAlert }>().data.note).toBe('Asked both students; the second sent the wrong photo.');
    const stillOpen = await t.app.inject({ url: '/api/fees/alerts?open=true', headers: admin });
    expect(stillOpen.json<{ data: FeeAlert[] }>().data.some((item) => item.slipId === copy.id)).toBe(false);
    const audits = await t.database.db.selectFrom('audit_log').select('action').where('action', '=', 'fee.alert-resolve').where('target_id', '=', copy.id).execute();
    expect(audits).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: `/api/fees/alerts/${crypto.randomUUID()}/resolve`, headers: admin, payload: { note: '' } })).statusCode).toBe(404);
  });
});

describe('deciding', () => {
  it('approves into one payment however often it is approved, and the month opens', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const slip = await uploadSlipOk(t.app, student.headers, slipFields(classFolder.id, ['2026-11', '2026-12'], { amountCents: '500000' }));
    const answers = await Promise.all([approve(admin, slip.id), approve(admin, slip.id)]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const [first, second] = answers.map((answer) => answer.json<SlipDecisionAnswer>().data);
    expect(second?.payment.id).toBe(first?.payment.id);
    expect(first?.payment.method).toBe('bank');
    expect(first?.payment.amountCents).toBe(500000);
    expect(first?.payment.receivedOn).toBe('2026-11-18');
    expect(first?.slip.state).toBe('approved');
    expect(first?.slip.receiptNo).toBe(first?.payment.receiptNo);
    const again = await approve(admin, slip.id);
    expect(again.json<SlipDecisionAnswer>().data.payment.id).toBe(first?.payment.id);
    const payments = await t.database.db.selectFrom('fee_payments').select('id').where('slip_id', '=', slip.id).execute();
    expect(payments).toHaveLength(1);
    const fees = await mine(student.headers);
    const months = fees.classes.find((item) => item.classFolderId === classFolder.id)?.months ?? [];
    expect(months.map((month) => [month.month, month.state, month.receiptNo])).toEqual([
      ['2026-11', 'paid', first?.payment.receiptNo],
      ['2026-12', 'paid', first?.payment.receiptNo],
    ]);
    // Paid months take no second slip.
    const late = await postSlip(t.app, student.headers, slipFields(classFolder.id, ['2026-11']), { filename: 's.png', contentType: 'image/png', bytes: await pngBytes('#010203') });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(monthAlreadyPaidMessage(['2026-11']));
    // Decisions are final: a rejection of the approved slip names who approved it and when.
    const refused = await reject(admin, slip.id, 'Wrong account');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(slipDecidedMessage('approved', first?.slip.decidedBy?.name ?? '', '2026-11-20'));
  });

  it('refuses to approve a rejected slip, naming who rejected it and when; the student sees the reason', async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const slip = await uploadSlipOk(t.app, student.headers, slipFields(classFolder.id, ['2026-11']));
    const rejected = await reject(admin, slip.id, 'The amount on the slip is LKR 250, not 2,500.');
    expect(rejected.statusCode, rejected.body).toBe(200);
    const decided = rejected.json<{ data: Slip }>().data;
    expect(decided.state).toBe('rejected');
    const approved = await approve(admin, slip.id);
    expect(approved.statusCode, approved.body).toBe(409);
    expect(approved.json<{ message: string }>().message).toBe(slipDecidedMessage('rejected', decided.decidedBy?.name ?? '', '2026-11-20'));
    expect(await t.database.db.selectFrom('fee_payments').select('id').where('slip_id', '=', slip.id).execute()).toEqual([]);
    const fees = await mine(student.headers);
    expect(fees.slips.find((item) => item.id === slip.id)).toMatchObject({ state: 'rejected', reason: 'The amount on the slip is LKR 250, not 2,500.', flags: [] });
    const mail = await t.smtp.waitFor((item) => item.to.includes(student.body.email.toLowerCase()) && item.subject.includes('not accepted'), 10_000);
    expect(mail.text).toContain('The amount on the slip is LKR 250, not 2,500.');
    expect(mail.subject).not.toContain('LKR 250');
    expect(fees.classes.find((item) => item.classFolderId === classFolder.id)?.months[0]?.state).toBe('unpaid');
    // A rejected student sends the slip again; the copy of their own rejected slip is flagged, not refused.
    await uploadSlipOk(t.app, student.headers, slipFields(classFolder.id, ['2026-11']));
  });

  it('answers 404 for an unknown slip', async () => {
    const admin = await adminHeaders(t.app);
    expect((await approve(admin, crypto.randomUUID())).statusCode).toBe(404);
    expect((await reject(admin, crypto.randomUUID(), 'No')).statusCode).toBe(404);
  });
});

describe('the file and the pending month', () => {
  it("serves a slip to its student and admins only: another student's gets 404", async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const other = await anotherStudent(t.app, admin, classFolder);
    const slip = await uploadSlipOk(t.app, student.headers, slipFields(classFolder.id, ['2026-11']));
    expect((await t.app.inject({ url: `/api/fees/slips/${slip.id}/file`, headers: student.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/fees/slips/${slip.id}/file`, headers: admin })).statusCode).toBe(200);
    const stranger = await t.app.inject({ url: `/api/fees/slips/${slip.id}/file`, headers: other.headers });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json<{ message: string }>().message).toBe(FEES_TEXT.slipNotFound);
  });

  it("makes the month 'pending' for the student, and an order or a second slip for it 409", async () => {
    const admin = await adminHeaders(t.app);
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    await uploadSlipOk(t.app, student.headers, slipFields(classFolder.id, ['2026-12']));
    const months = (await mine(student.headers)).classes.find((item) => item.classFolderId === classFolder.id)?.months ?? [];
    expect(months.map((month) => [month.month, month.state, month.pending])).toEqual([
      ['2026-11', 'unpaid', undefined],
      ['2026-12', 'pending', 'slip'],
    ]);
    const order = await t.app.inject({ method: 'POST', url: '/api/fees/orders', headers: student.headers, payload: { folderId: classFolder.id, month: '2026-12' } });
    expect(order.statusCode, order.body).toBe(409);
    expect(order.json<{ message: string }>().message).toBe(slipWaitingMessage(['2026-12']));
    const second = await postSlip(t.app, student.headers, slipFields(classFolder.id, ['2026-11', '2026-12']), { filename: 's.png', contentType: 'image/png', bytes: await pngBytes('#0f0f0f') });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json<{ message: string }>().message).toBe(slipWaitingMessage(['2026-12']));
  });
});
