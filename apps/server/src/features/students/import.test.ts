import { describe, expect, it } from 'vitest';
import { SERVER_TEXT, type ImportAnswer } from '@academy/contract';
import { registerStudent, signIn } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';

const IMPORT = '/api/students/student/import';
const HEADER = 'name,email,whatsAppNo,additionalNo,district,scl,address,password,studentIdImg,historyType,batch,classType';

describe('POST students/student/import', () => {
  const t = useTestApp();

  async function post(csv: string | Buffer, field = 'file') {
    const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const form = multipartForm(field, 'students.csv', 'text/csv', Buffer.isBuffer(csv) ? csv : Buffer.from(csv));
    return t.app.inject({
      method: 'POST',
      url: IMPORT,
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${admin.token}` },
    });
  }

  const tag = () => crypto.randomUUID().slice(0, 8);
  const countByEmails = async (emails: string[]) =>
    (await t.database.db.selectFrom('accounts').select('id').where('email_key', 'in', emails.map((e) => e.toLowerCase())).execute()).length;

  it('adds the valid rows with regNos, reports each refused row with its reasons', async () => {
    const k = tag();
    const taken = await registerStudent(t.app);
    const csv = [
      HEADER,
      `Amaya Silva,amaya.${k}@example.lk,0771234567,,Kandy,Hillwood,"12 Lake Rd, Kandy",good-password-1,,Indian,2025,Theory`,
      `"Dinuk ""DJ"" Jay",dinuk.${k}@example.lk,0712345678,0112223334,Colombo,,,,,Europe,2026,Theory&Revision`,
      `Bad Phone,bad.${k}@example.lk,12345,,Kandy,,,,,Indian,2025,Theory`,
      `Bad Everything,not-an-email,0771234567,,Atlantis,,,short,,Martian,1999,Evening`,
      `Amaya Again,AMAYA.${k}@example.lk,0771234567,,Kandy,,,,,Indian,2025,Theory`,
      `Taken,${taken.body.email},0771234567,,Kandy,,,,,Indian,2025,Theory`,
      '',
    ].join('\r\n');
    const response = await post(csv);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ImportAnswer>();
    expect(answer.message).toBe(SERVER_TEXT.importFinished);
    expect(answer.data.added.map((a) => [a.row, a.name])).toEqual([
      [2, 'Amaya Silva'],
      [3, 'Dinuk "DJ" Jay'],
    ]);
    expect(answer.data.added[0]?.regNo).toMatch(/^25T\d{2,}LI$/);
    expect(answer.data.added[0]?.temporaryPassword).toBeUndefined();
    expect(answer.data.added[1]?.regNo).toMatch(/^26TR\d{2,}LE$/);
    expect(answer.data.added[1]?.temporaryPassword).toMatch(/^[\w-]{12}$/);

    const refused = Object.fromEntries(answer.data.refused.map((r) => [r.row, r.reasons]));
    expect(Object.keys(refused)).toEqual(['4', '5', '6', '7']);
    expect(refused[4]).toEqual(['whatsAppNo must be 10 digits']);
    expect(refused[5]?.map((r) => r.split(' ')[0]).sort()).toEqual(['batch', 'classType', 'district', 'email', 'historyType', 'password']);
    expect(refused[6]).toEqual(['email already appears in row 2 of this file']);
    expect(refused[7]).toEqual([SERVER_TEXT.emailTaken]);

    // Both added students can sign in: with the file's password, and with the temporary one.
    await signIn(t.app, `amaya.${k}@example.lk`, 'good-password-1');
    await signIn(t.app, `dinuk.${k}@example.lk`, answer.data.added[1]?.temporaryPassword ?? '');
    expect(await countByEmails([`bad.${k}@example.lk`])).toBe(0);
  });

  it('reads back its own export: header order, BOM and formula guard do not matter', async () => {
    const k = tag();
    const csv = `\uFEFFregNo,classType,batch,historyType,district,whatsAppNo,email,name,accountState\r\n99X,Paper,2027,Europe,Jaffna,0771234567,guard.${k}@example.lk,'=SUM(A1),de-active\r\n`;
    const answer = (await post(csv)).json<ImportAnswer>();
    expect(answer.data.refused).toEqual([]);
    expect(answer.data.added[0]).toMatchObject({ name: '=SUM(A1)', email: `guard.${k}@example.lk` });
    expect(answer.data.added[0]?.regNo).toMatch(/^27P\d{2,}LE$/);
    const row = await t.database.db.selectFrom('accounts').selectAll().where('email_key', '=', `guard.${k}@example.lk`).executeTakeFirstOrThrow();
    expect(row.account_state).toBe('active');
  });

  it.each([
    ['no header columns it needs', 'name,email\nA,a@b.lk\n', `${SERVER_TEXT.importMissingColumns}: whatsAppNo, district, batch, classType, historyType`],
    ['only a header', `${HEADER}\n`, SERVER_TEXT.importEmpty],
    ['an unclosed quote', `${HEADER}\n"A,b\n`, `${SERVER_TEXT.importBroken}: a quoted cell is never closed`],
  ])('refuses a file with %s with 400 and adds nobody', async (_, csv, message) => {
    const response = await post(csv);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses more than 1000 rows and files over 2 MB, and a form without the file field', async () => {
    const k = tag();
    const rows = Array.from({ length: 1001 }, (_, i) => `N,n${i}.${k}@example.lk,0771234567,,Kandy,,,,,Indian,2025,Theory`);
    const many = await post([HEADER, ...rows].join('\n'));
    expect(many.json()).toMatchObject({ code: 400, message: SERVER_TEXT.importTooManyRows });
    expect(await countByEmails([`n0.${k}@example.lk`])).toBe(0);
    const big = await post(`${HEADER}\n${'x'.repeat(2 * 1024 * 1024 + 10)}`);
    expect(big.json()).toMatchObject({ code: 413, message: SERVER_TEXT.importTooLarge });
    const wrongField = await post(`${HEADER}\n`, 'upload');
    expect(wrongField.json()).toMatchObject({ code: 400, message: SERVER_TEXT.importFileRequired });
  });

  it('adds nothing at all when the database refuses one row during the write', async () => {
    const k = tag();
    // A trigger-free way to make the transaction fail half-way: a row whose regNo is already used.
    const prefixRow = await t.database.db.selectFrom('reg_no_sequences').selectAll().where('prefix', '=', '25P').executeTakeFirst();
    const next = (prefixRow?.last_value ?? 0) + 2;
    await registerStudent(t.app, { batch: '2025', classType: 'Paper' });
    await t.database.db
      .updateTable('accounts')
      .set({ reg_no: `25P${String(next).padStart(2, '0')}LI` })
      .where('reg_no', '=', `25P${String(next - 1).padStart(2, '0')}LI`)
      .execute();
    const csv = [HEADER, ...[1, 2, 3].map((i) => `P${i},p${i}.${k}@example.lk,0771234567,,Kandy,,,,,Indian,2025,Paper`)].join('\n');
    const response = await post(csv);
    expect(response.json()).toMatchObject({ code: 409, message: SERVER_TEXT.importConflict });
    expect(await countByEmails([1, 2, 3].map((i) => `p${i}.${k}@example.lk`))).toBe(0);
  });

  it('refuses a row whose password is one of the most common ones, and adds the others', async () => {
    const k = tag();
    const csv = [
      HEADER,
      `Common Password,common.${k}@example.lk,0771234567,,Kandy,,,qwerty123456,,Indian,2025,Theory`,
      `Own Password,own.${k}@example.lk,0771234567,,Kandy,,,kandy-lake-walk-9,,Indian,2025,Theory`,
    ].join('\r\n');
    const response = await post(csv);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ImportAnswer>();
    expect(answer.data.added.map((a) => a.row)).toEqual([3]);
    expect(answer.data.refused).toEqual([{ row: 2, email: `common.${k}@example.lk`, reasons: [`password ${SERVER_TEXT.commonPassword}`] }]);
    expect(await countByEmails([`common.${k}@example.lk`])).toBe(0);
  });
});
