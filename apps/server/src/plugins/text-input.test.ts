import { describe, expect, it } from 'vitest';
import { SERVER_TEXT } from '@academy/contract';
import { buildRegistration, signIn } from '../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../test/test-app';

// Found by the hostile-input test: a NUL character reached PostgreSQL, whose text cannot hold one,
// and the driver's error came back as a 500 (SQLite stored it). Now it is a 400 naming the field,
// on both engines, before any query runs.
describe('text with a NUL character', () => {
  const t = useTestApp();
  const accounts = async () =>
    Number((await t.database.db.selectFrom('accounts').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

  it('is refused in a JSON body, naming the field, and nothing is stored', async () => {
    const before = await accounts();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/students/student/register',
      payload: buildRegistration({ address: 'Temple Road\u0000 Kandy' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      message: `address ${SERVER_TEXT.nulCharacter}`,
      data: null,
      errors: [{ field: 'address', message: `address ${SERVER_TEXT.nulCharacter}` }],
    });
    expect(await accounts()).toBe(before);
  });

  it('is refused in a sign-in, a path parameter, a nested field and a query string', async () => {
    const admin = { authorization: `Bearer ${(await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token}` };
    const cases = [
      { request: { method: 'POST' as const, url: '/api/students/student/login', payload: { email: 'file.pdf\u0000.png', password: 'x' } }, field: 'email' },
      { request: { method: 'DELETE' as const, url: '/api/students/student/deletestudent/%00', headers: admin, payload: { password: TEST_ADMIN.password } }, field: 'id' },
      { request: { method: 'DELETE' as const, url: '/api/folders/access/file.pdf%00.png', headers: admin }, field: 'grantId' },
      {
        request: { method: 'POST' as const, url: '/api/messages/message/send', headers: admin, payload: { message: 'Hi', region: ['Indian\u0000'] } },
        field: 'region.0',
      },
      { request: { method: 'GET' as const, url: '/api/students/student/getallstudents?search=a%00b', headers: admin }, field: 'search' },
    ];
    for (const { request, field } of cases) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json().errors, request.url).toEqual([{ field, message: `${field} ${SERVER_TEXT.nulCharacter}` }]);
    }
  });
});
