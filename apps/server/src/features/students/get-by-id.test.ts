import { describe, expect, it } from 'vitest';
import { SERVER_TEXT } from '@academy/contract';
import { signedInStudent, signIn } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';

const byId = (id: string) => `/api/students/student/getbyid/${id}`;

describe('GET students/student/getbyid/{id}', () => {
  const t = useTestApp();

  it("answers a student's own profile without any secret field", async () => {
    const me = await signedInStudent(t.app);
    const response = await t.app.inject({ url: byId(me.student._id), headers: me.headers });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ _id: me.student._id, email: me.body.email, regNo: me.student.regNo });
    for (const secret of ['password', 'password_hash', 'passwordHash', 'token', 'token_version', 'otp', 'isDelete']) {
      expect(data).not.toHaveProperty(secret);
    }
  });

  it("refuses another student's profile with 403, whatever admin_id says", async () => {
    const me = await signedInStudent(t.app);
    const other = await signedInStudent(t.app);
    const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const response = await t.app.inject({
      url: byId(other.student._id),
      headers: { ...me.headers, admin_id: admin.studentId },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403, message: SERVER_TEXT.notYourAccount });
  });

  it('answers any profile to an admin, and 404 for an id that does not exist', async () => {
    const student = await signedInStudent(t.app);
    const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const headers = { authorization: `Bearer ${admin.token}` };
    expect((await t.app.inject({ url: byId(student.student._id), headers })).json().data.email).toBe(student.body.email);
    const missing = await t.app.inject({ url: byId('00000000-0000-0000-0000-000000000000'), headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(SERVER_TEXT.studentNotFound);
  });

  it('answers 401 without a token, with a forged one, and with one signed by another secret', async () => {
    const me = await signedInStudent(t.app);
    expect((await t.app.inject({ url: byId(me.student._id) })).statusCode).toBe(401);
    const [header, , signature] = me.login.token.split('.');
    const forgedClaims = Buffer.from(JSON.stringify({ sub: me.student._id, tv: 0, iat: 1 })).toString('base64url');
    for (const token of ['garbage', `${header}.${forgedClaims}.${signature}`]) {
      const response = await t.app.inject({ url: byId(me.student._id), headers: { authorization: `Bearer ${token}` } });
      expect(response.statusCode).toBe(401);
    }
  });
});
