import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmsProvider, type FakeSmsProvider } from './fake-sms-provider';

// The stand-in itself: the checks a gateway makes, which the adapters' tests
// (src/notify/sms/providers.test.ts) rely on to prove anything.

let fake: FakeSmsProvider;
const SINHALA = 'පන්තිය හෙට';

beforeAll(async () => {
  fake = await startFakeSmsProvider();
});
afterAll(async () => {
  await fake?.close();
});

function notifyLkFields(fields: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({ user_id: fake.credentials.userId, api_key: fake.credentials.apiKey, sender_id: fake.credentials.senderId, to: '94771234567', message: 'Hello', ...fields });
}

async function notifyLk(fields: Record<string, string> = {}, method: 'GET' | 'POST' = 'POST'): Promise<{ status: number; body: unknown }> {
  const form = notifyLkFields(fields);
  const response =
    method === 'GET' ? await fetch(new URL(`api/v1/send?${form.toString()}`, fake.url)) : await fetch(new URL('api/v1/send', fake.url), { method: 'POST', body: form });
  return { status: response.status, body: await response.json() };
}

async function textLk(body: Record<string, unknown>, token = fake.credentials.textLkToken): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL('api/v3/sms/send', fake.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ recipient: '94771234567', sender_id: fake.credentials.senderId, type: 'plain', message: 'Hello', ...body }),
  });
  return { status: response.status, body: await response.json() };
}

describe('the fake SMS provider, as Notify.lk', () => {
  it('takes a send by GET as documented, and by POST', async () => {
    expect(await notifyLk({ to: '94770000001' }, 'GET')).toEqual({ status: 200, body: { status: 'success', data: 'Sent' } });
    expect(await notifyLk({ to: '94770000002' })).toEqual({ status: 200, body: { status: 'success', data: 'Sent' } });
    expect(fake.messages.filter((message) => message.to.startsWith('9477000000'))).toHaveLength(2);
  });

  it('refuses a POST whose fields are not a form', async () => {
    const json = await fetch(new URL('api/v1/send', fake.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(Object.fromEntries(notifyLkFields())) });
    expect(json.status).toBe(400);
  });

  it('marks a text outside GSM-7 sent without type=unicode as garbled, billed as question marks', async () => {
    await notifyLk({ to: '94770000003', message: SINHALA });
    await notifyLk({ to: '94770000004', message: SINHALA, type: 'unicode' });
    expect(fake.messages.find((message) => message.to === '94770000003')).toMatchObject({ encoding: 'gsm7', garbled: true, parts: 1 });
    expect(fake.messages.find((message) => message.to === '94770000004')).toMatchObject({ encoding: 'ucs2', garbled: false, parts: 1 });
  });

  it('bills a GSM-7 text sent as Unicode by Unicode parts', async () => {
    await notifyLk({ to: '94770000005', message: 'a'.repeat(100), type: 'unicode' });
    expect(fake.messages.find((message) => message.to === '94770000005')).toMatchObject({ encoding: 'ucs2', garbled: false, parts: 2 });
  });

  it('refuses wrong credentials, an unapproved sender id, a number not 947XXXXXXXX and a message over 621 characters', async () => {
    const before = fake.messages.length;
    expect(await notifyLk({ api_key: 'wrong' })).toEqual({ status: 401, body: { status: 'error', message: 'Invalid credentials' } });
    expect(await notifyLk({ user_id: '1' })).toMatchObject({ status: 401 });
    expect(await notifyLk({ sender_id: 'NotifyDEMO' })).toMatchObject({ status: 400, body: { status: 'error' } });
    for (const to of ['0771234567', '+94771234567', '94112345678', '9477123456']) expect(await notifyLk({ to }), to).toMatchObject({ status: 400 });
    expect(await notifyLk({ message: 'a'.repeat(622) })).toMatchObject({ status: 400 });
    expect(fake.messages).toHaveLength(before);
    expect(await notifyLk({ to: '94770000006', message: 'a'.repeat(621) })).toMatchObject({ status: 200 });
  });

  it('answers the balance for the right credentials only', async () => {
    const status = (apiKey: string) => fetch(new URL(`api/v1/status?user_id=${fake.credentials.userId}&api_key=${apiKey}`, fake.url));
    expect(await (await status(fake.credentials.apiKey)).json()).toEqual({ status: 'success', data: { active: 'true', acc_balance: fake.balance() } });
    expect((await status('wrong')).status).toBe(401);
  });
});

describe('the fake SMS provider, as Text.lk', () => {
  it('takes JSON with the bearer key and sends Sinhala as Unicode on its own', async () => {
    expect(await textLk({ recipient: '94770000011', message: SINHALA })).toMatchObject({ status: 200, body: { status: 'success' } });
    expect(fake.messages.find((message) => message.to === '94770000011')).toMatchObject({ provider: 'text.lk', encoding: 'ucs2', garbled: false });
  });

  it('refuses a wrong or missing key, another type, a bad number and a body that is not JSON', async () => {
    expect(await textLk({}, 'wrong')).toEqual({ status: 401, body: { status: 'error', message: 'Unauthenticated.' } });
    expect(await textLk({ type: 'unicode' })).toMatchObject({ status: 400 });
    expect(await textLk({ recipient: '0771234567' })).toMatchObject({ status: 400 });
    const notJson = await fetch(new URL('api/v3/sms/send', fake.url), { method: 'POST', headers: { authorization: `Bearer ${fake.credentials.textLkToken}` }, body: 'recipient=94771234567' });
    expect(notJson.status).toBe(400);
  });
});

describe('the fake SMS provider scripts', () => {
  it('fails the next sends with the status asked, then sends again', async () => {
    fake.failTimes(2, 503);
    expect(await notifyLk({ to: '94770000021' })).toMatchObject({ status: 503 });
    expect(await textLk({ recipient: '94770000021' })).toMatchObject({ status: 503 });
    expect(await notifyLk({ to: '94770000021' })).toMatchObject({ status: 200 });
  });

  it('answers one error body, then sends again', async () => {
    fake.errorBody('Insufficient balance');
    expect(await textLk({ recipient: '94770000022' })).toEqual({ status: 200, body: { status: 'error', message: 'Insufficient balance' } });
    expect(await textLk({ recipient: '94770000022' })).toMatchObject({ status: 200, body: { status: 'success' } });
    expect(fake.messages.filter((message) => message.to === '94770000022')).toHaveLength(1);
  });

  it('waits for a message sent later, and gives up naming what it waited for', async () => {
    const arriving = fake.waitFor((message) => message.to === '94770000023');
    await notifyLk({ to: '94770000023' });
    expect((await arriving).text).toBe('Hello');
    await expect(fake.waitFor((message) => message.to === '94770000099', 100)).rejects.toThrow(/an SMS at the fake provider/);
  });
});
