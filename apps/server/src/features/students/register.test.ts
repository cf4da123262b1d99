import { describe, expect, it } from 'vitest';
import { SERVER_TEXT } from '@academy/contract';
import { buildRegistration, registerStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';

const REGISTER = '/api/students/student/register';

describe('POST students/student/register', () => {
  const t = useTestApp();

  async function accountCount(): Promise<number> {
    const row = await t.database.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('creates an active student with a regNo and returns no secret', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: buildRegistration({ batch: '2025', classType: 'Theory&Revision', email: 'Nimal.Perera@Example.lk' }),
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({
      accountType: 'student',
      accountState: 'active',
      batch: '2025',
      classType: 'Theory&Revision',
      historyType: 'Indian',
      indianHistory: true,
      europeHistory: false,
      email: 'Nimal.Perera@Example.lk',
    });
    expect(answer.data.regNo).toMatch(/^25TR\d{2,}LI$/);
    expect(JSON.stringify(answer)).not.toMatch(/password|token_version|argon2/i);
  });

  it('numbers regNos per batch and class type, without repeats under concurrent registrations', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        registerStudent(t.app, {
          batch: '2027',
          classType: 'Paper',
          ...(i % 2 ? { indianHistory: false, europeHistory: true, historyType: 'Europe' as const } : {}),
        }),
      ),
    );
    const regNos = results.map((r) => r.student.regNo);
    expect(new Set(regNos).size).toBe(12);
    const numbers = regNos.map((regNo) => Number(regNo.slice(3, -2))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    for (const [i, regNo] of regNos.entries()) expect(regNo).toMatch(i % 2 ? /^27P\d\dLE$/ : /^27P\d\dLI$/);
  });

  it('refuses an e-mail already registered in other letter case with 409 and writes nothing', async () => {
    const { body } = await registerStudent(t.app);
    const before = await accountCount();
    const response = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: buildRegistration({ email: body.email.toUpperCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 409,
      message: SERVER_TEXT.emailTaken,
      errors: [{ field: 'email', message: SERVER_TEXT.emailTaken }],
    });
    expect(await accountCount()).toBe(before);
  });

  it('lets only one of two simultaneous registrations of one e-mail through', async () => {
    const payload = buildRegistration();
    const responses = await Promise.all(
      [payload, { ...payload, email: payload.email.toUpperCase() }].map((p) =>
        t.app.inject({ method: 'POST', url: REGISTER, payload: p }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('frees the e-mail of a deleted account', async () => {
    const { body, student } = await registerStudent(t.app);
    await t.database.db
      .updateTable('accounts')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', student._id)
      .execute();
    await registerStudent(t.app, { email: body.email });
  });

  it.each([
    ['a missing field', { name: undefined }, 'name'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'email'],
    ['a short phone number', { whatsAppNo: '07712' }, 'whatsAppNo'],
    ['letters in the second number', { additionalNo: '07712abcde' }, 'additionalNo'],
    ['a district outside the list', { district: 'Atlantis' }, 'district'],
    ['a batch outside the list', { batch: '2030' }, 'batch'],
    ['a class type outside the list', { classType: 'Evening' }, 'classType'],
    ['a short password', { password: 'short' }, 'password'],
    ['both history types', { indianHistory: true, europeHistory: true }, 'historyType'],
    ['no history type', { indianHistory: false, europeHistory: false }, 'historyType'],
    ['a historyType that contradicts the flags', { historyType: 'Europe' }, 'historyType'],
    ['a wrongly typed flag', { indianHistory: 'yes' }, 'indianHistory'],
    ['a number for the name', { name: 42 }, 'name'],
  ])('refuses %s with 400 naming the field, and writes nothing', async (_, change, field) => {
    const before = await accountCount();
    const payload = { ...buildRegistration(), ...change } as Record<string, unknown>;
    const response = await t.app.inject({ method: 'POST', url: REGISTER, payload });
    expect(response.statusCode).toBe(400);
    const answer = response.json();
    expect(answer.code).toBe(400);
    expect(answer.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(answer.message.some((m: string) => m.startsWith(field))).toBe(true);
    expect(await accountCount()).toBe(before);
  });

  it('accepts an empty second number but not a blank name', async () => {
    await registerStudent(t.app, { additionalNo: '' });
    const response = await t.app.inject({ method: 'POST', url: REGISTER, payload: buildRegistration({ name: '   ' }) });
    expect(response.statusCode).toBe(400);
  });

  it('answers 413 to a 1 MB body, 415 to a form post and 400 to broken JSON', async () => {
    const huge = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      payload: { ...buildRegistration(), address: 'x'.repeat(1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 413, message: SERVER_TEXT.bodyTooLarge });

    const form = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=x',
    });
    expect(form.statusCode).toBe(415);

    const broken = await t.app.inject({
      method: 'POST',
      url: REGISTER,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 400, message: SERVER_TEXT.malformedJson });

    const notObject = await t.app.inject({ method: 'POST', url: REGISTER, payload: [1, 2, 3] });
    expect(notObject.statusCode).toBe(400);
  });

  it('refuses one of the most common passwords (any letter case) with 400 naming the field, and writes nothing', async () => {
    const before = await accountCount();
    const response = await t.app.inject({ method: 'POST', url: REGISTER, payload: buildRegistration({ password: 'LeaveMeAlone' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ field: 'password', message: `password ${SERVER_TEXT.commonPassword}` }] });
    expect(await accountCount()).toBe(before);
  });
});
