import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { smsParts } from '@academy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmsProvider, type FakeSmsProvider } from '../../../test/fake-sms-provider';
import { NotifyLkProvider } from './notify-lk';
import type { SmsProvider } from './provider';
import { TextLkProvider } from './text-lk';

// Both adapters against the local stand-in of the providers (test/fake-sms-provider.ts): what a
// send looks like on the wire, and how each kind of failure is reported for retrying.

const FEE_REMINDER = 'History Academy: your November fee for the 2027 A/L Theory class is due in 3 days. Open the portal to pay.';
/** A Sinhala reminder of 123 UTF-16 units, the zero-width joiner of ශ්‍රී included: two UCS-2 parts. */
const SINHALA_REMINDER = 'ඉතිහාස ඇකඩමිය: ශ්‍රී ලංකා ඉතිහාසය 2027 උසස් පෙළ පන්තියේ නොවැම්බර් ගාස්තුව දින 3කින් ගෙවිය යුතුය. ගෙවීමට පෝට්ලය විවෘත කරන්න.';

let fake: FakeSmsProvider;
let numbers = 0;
/** A number of its own for each send, so each test finds its message among the others'. */
const nextNumber = () => `9477${String(1_000_000 + (numbers += 1)).slice(1)}0`;

type Adapter = { name: string; make: (overrides?: { baseUrl?: string; key?: string; timeoutMs?: number }) => SmsProvider };
const ADAPTERS: Adapter[] = [
  {
    name: 'Notify.lk',
    make: (overrides = {}) =>
      new NotifyLkProvider({
        baseUrl: overrides.baseUrl ?? fake.url,
        userId: fake.credentials.userId,
        apiKey: overrides.key ?? fake.credentials.apiKey,
        senderId: fake.credentials.senderId,
        timeoutMs: overrides.timeoutMs,
      }),
  },
  {
    name: 'Text.lk',
    make: (overrides = {}) =>
      new TextLkProvider({ baseUrl: overrides.baseUrl ?? fake.url, apiKey: overrides.key ?? fake.credentials.textLkToken, senderId: fake.credentials.senderId, timeoutMs: overrides.timeoutMs }),
  },
];

/** An address where nothing listens: a port taken and let go again. */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  fake = await startFakeSmsProvider();
});
afterAll(async () => {
  await fake?.close();
});

describe.each(ADAPTERS)('the $name adapter', ({ make }) => {
  it('sends an English text as one GSM-7 part to the number and from the sender id given', async () => {
    const to = nextNumber();
    expect(await make().send(to, FEE_REMINDER, false)).toEqual({ ok: true });
    expect(fake.messages.find((message) => message.to === to)).toMatchObject({ senderId: fake.credentials.senderId, text: FEE_REMINDER, encoding: 'gsm7', garbled: false, parts: 1 });
  });

  it('sends a Sinhala text as Unicode, whole, in two parts', async () => {
    expect(smsParts(SINHALA_REMINDER)).toMatchObject({ encoding: 'ucs2', parts: 2 });
    const to = nextNumber();
    expect(await make().send(to, SINHALA_REMINDER, true)).toEqual({ ok: true });
    expect(await fake.waitFor((message) => message.to === to)).toMatchObject({ text: SINHALA_REMINDER, encoding: 'ucs2', garbled: false, parts: 2 });
  });

  it('reports wrong credentials as a refusal that is not retried, and nothing is sent', async () => {
    const to = nextNumber();
    const outcome = await make({ key: 'not-the-key' }).send(to, FEE_REMINDER, false);
    expect(outcome).toMatchObject({ ok: false, retry: false });
    expect(outcome.ok || outcome.reason).toMatch(/^refused \(http-401\)/);
    expect(fake.messages.some((message) => message.to === to)).toBe(false);
  });

  it('reports a 500 as worth retrying, and the retry is sent once', async () => {
    const to = nextNumber();
    fake.failTimes(1, 500);
    expect(await make().send(to, FEE_REMINDER, false)).toEqual({ ok: false, retry: true, reason: 'http-500' });
    expect(await make().send(to, FEE_REMINDER, false)).toEqual({ ok: true });
    expect(fake.messages.filter((message) => message.to === to)).toHaveLength(1);
  });

  it('reports an error body as a refusal that is not retried, in the provider words without the number', async () => {
    const to = nextNumber();
    fake.errorBody(`Insufficient balance to send to ${to}`);
    expect(await make().send(to, FEE_REMINDER, false)).toEqual({ ok: false, retry: false, reason: 'refused (http-200): Insufficient balance to send to …' });
  });

  it('gives up on a provider slower than its timeout, as worth retrying', async () => {
    fake.slow(2_000);
    try {
      const started = Date.now();
      expect(await make({ timeoutMs: 200 }).send(nextNumber(), FEE_REMINDER, false)).toEqual({ ok: false, retry: true, reason: 'timeout' });
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      fake.slow(0);
    }
  });

  it("stops when the caller's signal aborts, before its own timeout", async () => {
    fake.slow(2_000);
    try {
      expect(await make().send(nextNumber(), FEE_REMINDER, false, AbortSignal.timeout(100))).toEqual({ ok: false, retry: true, reason: 'aborted' });
    } finally {
      fake.slow(0);
    }
  });

  it('reports a provider that cannot be reached as worth retrying', async () => {
    expect(await make({ baseUrl: await closedAddress() }).send(nextNumber(), FEE_REMINDER, false)).toEqual({ ok: false, retry: true, reason: 'connection' });
  });

  it('reads the balance, which each part sent lowers', async () => {
    const before = await make().balance();
    expect(before).toBe(fake.balance());
    await make().send(nextNumber(), SINHALA_REMINDER, true);
    expect(await make().balance()).toBe(before - 2);
    await expect(make({ key: 'not-the-key' }).balance()).rejects.toThrow(/refused \(http-401\)/);
  });
});

describe('the Notify.lk adapter on the wire', () => {
  it('posts a form, so neither the key nor the number is in the address, and asks for Unicode only for a text outside GSM-7', async () => {
    const [english, sinhala] = [nextNumber(), nextNumber()];
    await ADAPTERS[0]!.make().send(english, FEE_REMINDER, false);
    await ADAPTERS[0]!.make().send(sinhala, SINHALA_REMINDER, true);
    const sends = fake.requests.filter((request) => request.includes('/api/v1/send'));
    expect(sends.length).toBeGreaterThanOrEqual(2);
    expect(sends.every((request) => request === 'POST /api/v1/send')).toBe(true);
    expect(fake.messages.find((message) => message.to === english)?.encoding).toBe('gsm7');
    expect(fake.messages.find((message) => message.to === sinhala)?.encoding).toBe('ucs2');
  });
});

describe('the Text.lk adapter on the wire', () => {
  it('posts JSON with the bearer key and nothing in the address', async () => {
    await ADAPTERS[1]!.make().send(nextNumber(), FEE_REMINDER, false);
    expect(fake.requests.filter((request) => request.includes('/api/v3/sms/send')).every((request) => request === 'POST /api/v3/sms/send')).toBe(true);
  });
});
