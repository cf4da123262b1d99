import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '@academy/contract';
import { buildRegistration, registerStudent, signedInStudent, signIn } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { hashPassword } from '../../lib/passwords';
import { importStudents } from './import-service';

// Every password set from now on is at least 12 characters (ASVS 2.1.1); one set under the earlier
// rule of 8 still signs in, since sign-in checks no length.

const ELEVEN = 'history-11c';
const TWELVE = 'history-12ch';
const TOO_SHORT = `must be at least ${PASSWORD_MIN_LENGTH} characters`;

describe('the password length of 12', () => {
  const t = useTestApp();

  it('is the rule', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(ELEVEN).toHaveLength(11);
    expect(TWELVE).toHaveLength(12);
  });

  it('refuses an 11-character password at registration with 400 saying so, and takes 12', async () => {
    const short = await t.app.inject({ method: 'POST', url: '/api/students/student/register', payload: buildRegistration({ password: ELEVEN }) });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ field: 'password', message: `password ${TOO_SHORT}` }]);
    const { body } = await registerStudent(t.app, { password: TWELVE });
    await signIn(t.app, body.email, TWELVE);
  });

  it('refuses an 11-character new password on a change, and the old one keeps working', async () => {
    const me = await signedInStudent(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/students/student/updatepassword/${me.student._id}`,
      headers: me.headers,
      payload: { oldPassword: me.body.password, newPassword: ELEVEN },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'newPassword', message: `newPassword ${TOO_SHORT}` }]);
    await signIn(t.app, me.body.email, me.body.password);
  });

  it("refuses an imported row whose password is 11 characters (the CSV import route is import.test.ts's subject)", async () => {
    const admin = await t.database.db.selectFrom('accounts').select('id').where('email_key', '=', TEST_ADMIN.email).executeTakeFirstOrThrow();
    const email = `short.${crypto.randomUUID().slice(0, 8)}@example.lk`;
    const csv = `name,email,whatsAppNo,district,password,historyType,batch,classType\r\nShort Pass,${email},0771234567,Kandy,${ELEVEN},Indian,2026,Theory\r\n`;
    const answer = await importStudents(t.database.db, { id: admin.id, ip: '127.0.0.1' }, csv, t.config.temporaryPasswordTtlMs);
    expect(answer.refused).toEqual([{ row: 2, email, reasons: [`password ${TOO_SHORT}`] }]);
  });

  it('still signs in an account whose 8-character password was set under the earlier rule', async () => {
    const { body, student } = await registerStudent(t.app);
    const earlier = 'hist-8ch';
    await t.database.db.updateTable('accounts').set({ password_hash: await hashPassword(earlier) }).where('id', '=', student._id).execute();
    const answer = await signIn(t.app, body.email, earlier);
    expect(answer.studentId).toBe(student._id);
  });
});
