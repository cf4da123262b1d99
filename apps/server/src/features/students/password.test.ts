import { describe, expect, it } from 'vitest';
import { SERVER_TEXT } from '@academy/contract';
import { signedInStudent, signIn } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { PASSWORD_FAILURE_LIMIT } from './current-password';

const changePassword = (id: string) => `/api/students/student/updatepassword/${id}`;
const LOGIN = '/api/students/student/login';

describe('PUT students/student/updatepassword/{id}', () => {
  const t = useTestApp();

  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: LOGIN, payload: { email, password } });

  it('changes the password: the old one stops working, other sessions end, the answer carries a working token', async () => {
    const me = await signedInStudent(t.app);
    const otherDevice = await signIn(t.app, me.body.email, me.body.password);
    const response = await t.app.inject({
      method: 'PUT',
      url: changePassword(me.student._id),
      headers: me.headers,
      payload: { oldPassword: me.body.password, newPassword: 'a-brand-new-pass' },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ code: 200, message: [SERVER_TEXT.passwordChanged] });
    const me2 = `/api/students/student/getbyid/${me.student._id}`;
    expect((await t.app.inject({ url: me2, headers: { authorization: `Bearer ${answer.data.token}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: me2, headers: me.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: me2, headers: { authorization: `Bearer ${otherDevice.token}` } })).statusCode).toBe(401);
    expect((await login(me.body.email, me.body.password)).statusCode).toBe(401);
    expect((await login(me.body.email, 'a-brand-new-pass')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 (not 401: the session stays) and changes nothing', async () => {
    const me = await signedInStudent(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: changePassword(me.student._id),
      headers: me.headers,
      payload: { oldPassword: 'not-my-password', newPassword: 'a-brand-new-pass' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'oldPassword', message: SERVER_TEXT.wrongCurrentPassword }] });
    expect((await t.app.inject({ url: `/api/students/student/getbyid/${me.student._id}`, headers: me.headers })).statusCode).toBe(200);
    expect((await login(me.body.email, me.body.password)).statusCode).toBe(200);
  });

  it.each([
    [{ newPassword: 'a-brand-new-pass' }, 'oldPassword'],
    [{ oldPassword: 'x', newPassword: 'short' }, 'newPassword'],
    [{ oldPassword: 'x', newPassword: 'y'.repeat(129) }, 'newPassword'],
    [{ oldPassword: 'x' }, 'newPassword'],
  ])('refuses %o with 400 naming %s', async (payload, field) => {
    const me = await signedInStudent(t.app);
    const response = await t.app.inject({ method: 'PUT', url: changePassword(me.student._id), headers: me.headers, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('refuses a new password equal to the current one', async () => {
    const me = await signedInStudent(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: changePassword(me.student._id),
      headers: me.headers,
      payload: { oldPassword: me.body.password, newPassword: me.body.password },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(SERVER_TEXT.samePassword);
  });

  it(`answers 429 after ${PASSWORD_FAILURE_LIMIT} wrong current passwords, even to the right one`, async () => {
    const me = await signedInStudent(t.app);
    const attempt = (oldPassword: string) =>
      t.app.inject({ method: 'PUT', url: changePassword(me.student._id), headers: me.headers, payload: { oldPassword, newPassword: 'another-new-pass' } });
    for (let i = 0; i < PASSWORD_FAILURE_LIMIT; i += 1) expect((await attempt(`guess-${i}`)).statusCode).toBe(400);
    const blocked = await attempt(me.body.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(SERVER_TEXT.tooManyPasswordFailures);
  });

  it('refuses one of the most common passwords as the new one, and the old one keeps working', async () => {
    const me = await signedInStudent(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: changePassword(me.student._id),
      headers: me.headers,
      payload: { oldPassword: me.body.password, newPassword: '1qaz2wsx3edc' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'newPassword', message: `newPassword ${SERVER_TEXT.commonPassword}` }] });
    await signIn(t.app, me.body.email, me.body.password);
  });
});
