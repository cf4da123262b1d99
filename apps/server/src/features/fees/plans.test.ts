import { describe, expect, it } from 'vitest';
import type { ClassFeesAnswer, DriveItem, DriveListingAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { oneEntryBy, noEntryBy, signInAdmin } from '../audit-log/test-helpers';
import { adminHeaders, createClass, createSubfolder, folderContent, PDF_BYTES, uploadFile, type Headers } from '../class-material/test-helpers';
import { classIdOf, feePlan, monthFolder, tagFolder } from './test-helpers';

// A class's fee plan and its month folders (fees.md 'Fee plans and month folders'): every field's
// rule, months kept sorted, a month with money or an exception on it kept, tags only inside a class
// and on the plan's months, tags that follow renames on the built-in store and go with a deleted folder.

describe('fee plans', () => {
  const t = useTestApp();
  const planUrl = (folderId: string) => `/api/fees/classes/${encodeURIComponent(folderId)}`;
  const put = (headers: Headers, folderId: string, payload: unknown) => t.app.inject({ method: 'PUT', url: planUrl(folderId), headers, payload: payload as object });
  const read = async (headers: Headers, folderId: string) => {
    const response = await t.app.inject({ method: 'GET', url: planUrl(folderId), headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ClassFeesAnswer>().data;
  };
  const valid = { monthlyFee: 2500, months: ['2026-12', '2026-11', '2027-01'], dueDay: 10, graceDays: 5 };

  it('keeps the months sorted and answers the fee in rupees, audited on the class', async () => {
    const admin = await signInAdmin(t.app);
    const classFolder = await createClass(t.app, admin.headers);
    expect((await read(admin.headers, classFolder.id)).plan).toBeNull();
    const entry = await oneEntryBy(t.app, admin, async () => {
      const response = await put(admin.headers, classFolder.id, valid);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: unknown }>().data).toMatchObject({ monthlyFee: 2500, months: ['2026-11', '2026-12', '2027-01'], dueDay: 10, graceDays: 5 });
    });
    expect(entry).toMatchObject({ action: 'fee.plan', target: { type: 'class', label: classFolder.name }, detail: { monthlyFee: 2500 } });
    const row = await t.database.db.selectFrom('fee_plans').selectAll().where('class_id', '=', await classIdOf(t.database.db, classFolder.id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ monthly_fee_cents: 250_000, first_month: '2026-11', last_month: '2027-01' });
    expect((await read(admin.headers, classFolder.id)).plan).toMatchObject({ months: ['2026-11', '2026-12', '2027-01'] });
  });

  it.each([
    [{ monthlyFee: 0 }, 'monthlyFee'],
    [{ monthlyFee: 100_001 }, 'monthlyFee'],
    [{ monthlyFee: 25.5 }, 'monthlyFee'],
    [{ months: [] }, 'months'],
    [{ months: Array.from({ length: 25 }, (_, index) => `20${26 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`) }, 'months'],
    [{ months: ['2026-11', '2026-11'] }, 'months'],
    [{ months: ['2026-13'] }, 'months.0'],
    [{ months: ['2026-1'] }, 'months.0'],
    [{ dueDay: 0 }, 'dueDay'],
    [{ dueDay: 29 }, 'dueDay'],
    [{ graceDays: -1 }, 'graceDays'],
    [{ graceDays: 32 }, 'graceDays'],
  ])('refuses %o with 400 naming %s, and writes nothing', async (change, field) => {
    const admin = await signInAdmin(t.app);
    const classFolder = await createClass(t.app, admin.headers);
    await noEntryBy(t.app, admin, async () => {
      const response = await put(admin.headers, classFolder.id, { ...valid, ...change });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ errors: { field: string }[] }>().errors.map((error) => error.field)).toContain(field);
    });
    expect((await read(admin.headers, classFolder.id)).plan).toBeNull();
  });

  it('refuses an unknown field, a folder that is no class, and anyone but an admin', async () => {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    const inside = await createSubfolder(t.app, admin, classFolder.id, 'Week 1');
    expect((await put(admin, classFolder.id, { ...valid, amount: 1 })).statusCode).toBe(400);
    expect((await put(admin, inside.id, valid)).statusCode).toBe(404);
    expect((await put(admin, 'no-such-folder', valid)).statusCode).toBe(404);
    const student = await signedInStudent(t.app);
    expect((await put(student.headers, classFolder.id, valid)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: planUrl(classFolder.id), headers: student.headers })).statusCode).toBe(403);
  });

  it('keeps a month that has an exception or a payment (409 naming it), and lets an unused month go', async () => {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    await feePlan(t.app, admin, classFolder.id, valid);
    const student = await signedInStudent(t.app);
    const exception = await t.app.inject({
      method: 'POST',
      url: '/api/fees/exceptions',
      headers: admin,
      payload: { studentId: student.student._id, folderId: classFolder.id, month: '2026-12', reason: 'Pays next week' },
    });
    expect(exception.statusCode, exception.body).toBe(200);
    const refused = await put(admin, classFolder.id, { ...valid, months: ['2026-11'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('December 2026 has payments, orders, slips or exceptions: it stays.');

    // A payment of January, written as the payments feature writes one.
    const classId = await classIdOf(t.database.db, classFolder.id);
    await insertPayment(classId, student.student._id, '2027-01');
    const paid = await put(admin, classFolder.id, { ...valid, months: ['2026-11', '2026-12'] });
    expect(paid.statusCode).toBe(409);
    expect(paid.json<{ message: string }>().message).toContain('January 2027');

    const kept = await put(admin, classFolder.id, { ...valid, months: ['2026-12', '2027-01', '2027-02'] });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<{ data: { months: string[] } }>().data.months).toEqual(['2026-12', '2027-01', '2027-02']);
  });

  it('deletes a fresh plan with its tags, and keeps one anything was paid under', async () => {
    const admin = await signInAdmin(t.app);
    const classFolder = await createClass(t.app, admin.headers);
    await feePlan(t.app, admin.headers, classFolder.id);
    await monthFolder(t.app, admin.headers, classFolder.id, '2026-11', 'November');
    const entry = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'DELETE', url: planUrl(classFolder.id), headers: admin.headers });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(entry).toMatchObject({ action: 'fee.plan-delete', target: { type: 'class', label: classFolder.name } });
    expect(await read(admin.headers, classFolder.id)).toEqual({ plan: null, monthFolders: [] });

    const other = await createClass(t.app, admin.headers);
    await feePlan(t.app, admin.headers, other.id);
    const student = await signedInStudent(t.app);
    await insertPayment(await classIdOf(t.database.db, other.id), student.student._id, '2026-11');
    const refused = await t.app.inject({ method: 'DELETE', url: planUrl(other.id), headers: admin.headers });
    expect(refused.statusCode).toBe(409);
    expect((await read(admin.headers, other.id)).plan).not.toBeNull();
  });

  async function insertPayment(classId: string, accountId: string, month: string): Promise<void> {
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const counter = await t.database.db
      .updateTable('fee_counters')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where('name', '=', 'receipt')
      .returning('value')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('fee_payments')
      .values({
        id,
        receipt_no: counter.value,
        account_id: accountId,
        student_name: 'A student',
        reg_no: null,
        class_id: classId,
        class_name: 'A class',
        method: 'cash',
        amount_cents: 250_000,
        currency: 'LKR',
        received_at: now,
        received_on: now.slice(0, 10),
        order_id: null,
        payhere_payment_id: null,
        slip_id: null,
        request_id: null,
        bank: null,
        reference: null,
        reference_key: null,
        note: null,
        recorded_by: null,
        state: 'paid',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.database.db.insertInto('fee_payment_months').values({ payment_id: id, class_id: classId, account_id: accountId, month, amount_cents: 250_000, state: 'paid' }).execute();
  }
});

describe('month folders', () => {
  const t = useTestApp();

  it('tags a folder inside a class with a plan month, audited, and lists it with its month', async () => {
    const admin = await signInAdmin(t.app);
    const classFolder = await createClass(t.app, admin.headers);
    const november = await createSubfolder(t.app, admin.headers, classFolder.id, 'November');
    // Before the plan: set the fees first.
    const early = await tagFolder(t.app, admin.headers, november.id, '2026-11');
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toBe("Set this class's fees first.");
    await feePlan(t.app, admin.headers, classFolder.id);

    const entry = await oneEntryBy(t.app, admin, async () => {
      const response = await tagFolder(t.app, admin.headers, november.id, '2026-11');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: unknown }>().data).toEqual({ folderId: november.id, month: '2026-11' });
    });
    expect(entry).toMatchObject({ action: 'fee.month-tag', target: { type: 'folder', id: november.id, label: 'November' }, detail: { month: '2026-11' } });
    const fees = await t.app.inject({ method: 'GET', url: `/api/fees/classes/${encodeURIComponent(classFolder.id)}`, headers: admin.headers });
    expect(fees.json<ClassFeesAnswer>().data.monthFolders).toEqual([{ folderId: november.id, name: 'November', month: '2026-11' }]);
    const listing = (await folderContent(t.app, admin.headers, classFolder.id)).json<DriveListingAnswer>().files;
    expect(listing.find((item) => item.id === november.id)?.fee).toEqual({ month: '2026-11' });

    const removed = await tagFolder(t.app, admin.headers, november.id, null);
    expect(removed.json<{ data: unknown }>().data).toEqual({ folderId: november.id, month: null });
    const after = (await folderContent(t.app, admin.headers, classFolder.id)).json<DriveListingAnswer>().files;
    expect(after.find((item) => item.id === november.id)?.fee).toBeUndefined();
  });

  it('refuses the class folder, a month outside the plan, a file, an unknown folder and a student', async () => {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    await feePlan(t.app, admin, classFolder.id);
    const folder = await createSubfolder(t.app, admin, classFolder.id, 'Week');
    const file = await uploadFile(t.app, admin, folder.id, 'notes.pdf', PDF_BYTES);

    const onClass = await tagFolder(t.app, admin, classFolder.id, '2026-11');
    expect(onClass.statusCode).toBe(409);
    expect(onClass.json<{ message: string }>().message).toBe('The class folder itself cannot be a month: tag a folder inside it.');
    const outside = await tagFolder(t.app, admin, folder.id, '2027-03');
    expect(outside.statusCode).toBe(400);
    expect(outside.json<{ errors: unknown[] }>().errors).toEqual([{ field: 'month', message: "month must be one of the class's months" }]);
    expect((await tagFolder(t.app, admin, folder.id, '2026-11-01')).statusCode).toBe(400);
    expect((await tagFolder(t.app, admin, file.id, '2026-11')).statusCode).toBe(404);
    expect((await tagFolder(t.app, admin, 'no-such-folder', '2026-11')).statusCode).toBe(404);
    const student = await signedInStudent(t.app);
    expect((await tagFolder(t.app, student.headers, folder.id, '2026-11')).statusCode).toBe(403);
  });

  it('follows a rename of its folder and of its class on the built-in store, and goes with a deleted folder', async () => {
    const admin = await adminHeaders(t.app);
    const classFolder = await createClass(t.app, admin);
    await feePlan(t.app, admin, classFolder.id);
    const term = await createSubfolder(t.app, admin, classFolder.id, 'Term 1');
    const november = await monthFolder(t.app, admin, term.id, '2026-11', 'November');
    const monthOf = async (folderId: string) => {
      const row = await t.database.db.selectFrom('fee_folder_months').select('month').where('folder_id', '=', folderId).executeTakeFirst();
      return row?.month ?? null;
    };
    const rename = async (itemId: string, name: string) => {
      const response = await t.app.inject({ method: 'PUT', url: `/api/folders/item/${encodeURIComponent(itemId)}`, headers: admin, payload: { name } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: DriveItem }>().data;
    };

    const renamed = await rename(november.id, 'November classes');
    expect(renamed.id).not.toBe(november.id);
    expect(await monthOf(november.id)).toBeNull();
    expect(await monthOf(renamed.id)).toBe('2026-11');

    // The class's rename changes every id below it on the built-in store.
    const renamedClass = await rename(classFolder.id, `${classFolder.name} 2026`);
    const listed = (await folderContent(t.app, admin, renamedClass.id)).json<DriveListingAnswer>().files;
    const movedTerm = listed.find((item) => item.name === 'Term 1');
    const inTerm = (await folderContent(t.app, admin, movedTerm?.id ?? '')).json<DriveListingAnswer>().files;
    expect(inTerm.map((item) => [item.name, item.fee])).toEqual([['November classes', { month: '2026-11' }]]);

    const tagged = inTerm[0]?.id ?? '';
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/folders/item/${encodeURIComponent(movedTerm?.id ?? '')}`, headers: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await monthOf(tagged)).toBeNull();
  });
});
