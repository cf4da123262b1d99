import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readText } from 'node:stream/consumers';
import { SMS_LIMITS, smsParts, type SmsEncoding } from '@academy/contract';
import { until } from './until';

// A local stand-in for the two SMS providers' HTTP APIs, for the adapters' tests (SMS_API_URL):
// Notify.lk's /api/v1/send (GET or POST, form fields) and /api/v1/status, Text.lk's
// /api/v3/sms/send (bearer and JSON) and /api/v3/balance. Like a gateway it checks the credentials,
// the sender id, the number and the length, and it sends what it is asked to: a text outside GSM-7
// sent to Notify.lk without type=unicode goes out as GSM-7 and reaches the phone as question marks,
// so it is recorded as `garbled` for the tests to assert there is none.

export interface FakeSmsMessage {
  provider: 'notify.lk' | 'text.lk';
  to: string;
  senderId: string;
  text: string;
  /** What the gateway sent it as: Notify.lk as asked (type=unicode or not), Text.lk as it detects. */
  encoding: SmsEncoding;
  /** A text outside GSM-7 sent as GSM-7. */
  garbled: boolean;
  parts: number;
}

export interface FakeSmsProvider {
  url: string;
  credentials: { userId: string; apiKey: string; senderId: string; textLkToken: string };
  messages: FakeSmsMessage[];
  /** Every request as 'METHOD /path?query', to see what the adapters put in an address. */
  requests: string[];
  balance: () => number;
  /** The next `times` sends answer `status` with an error body. */
  failTimes: (times: number, status?: number) => void;
  /** The next send answers 200 with `{"status": "error", "message"}`, as a gateway refusing it. */
  errorBody: (message: string) => void;
  /** Every answer waits `ms` first, until slow(0). */
  slow: (ms: number) => void;
  waitFor: (match: (message: FakeSmsMessage) => boolean, timeoutMs?: number) => Promise<FakeSmsMessage>;
  close: () => Promise<void>;
}

const CREDENTIALS = { userId: '24117', apiKey: 'nlk-test-api-key-5d1f0c', senderId: 'HistoryAcad', textLkToken: '227|tlk-test-token-9b3e' };
const MOBILE = /^947\d{8}$/;
const STARTING_BALANCE = 500;

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function refuse(response: ServerResponse, status: number, message: string): void {
  send(response, status, { status: 'error', message });
}

/** What is wrong with a send the gateway would not take, or null. */
function invalidSend(senderId: string | undefined, to: string | undefined, message: string | undefined): string | null {
  if (senderId !== CREDENTIALS.senderId) return 'The sender id is not approved for this account.';
  if (!to || !MOBILE.test(to)) return 'The recipient must be a number in the format 9471XXXXXXX.';
  if (!message) return 'The message field is required.';
  if (message.length > SMS_LIMITS.maxCharacters) return `The message may not be greater than ${SMS_LIMITS.maxCharacters} characters.`;
  return null;
}

/** Parts the gateway bills for a text in the encoding it was sent in, which may not be the one the text needs. */
function billedParts(text: string, encoding: SmsEncoding): number {
  const needed = smsParts(text);
  if (needed.encoding === encoding) return needed.parts;
  // As UCS-2, each GSM-7 character is one UTF-16 unit; as GSM-7, each other character arrives as one '?'.
  return encoding === 'ucs2' ? smsParts('\u0d85'.repeat(text.length)).parts : smsParts('?'.repeat(Array.from(text).length)).parts;
}

export async function startFakeSmsProvider(): Promise<FakeSmsProvider> {
  const messages: FakeSmsMessage[] = [];
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let balance = STARTING_BALANCE;
  let failures = { times: 0, status: 500 };
  let errorMessage: string | null = null;
  let delayMs = 0;

  const delay = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, delayMs);
      timers.add(timer);
    });

  /** A failure scripted for this send; true when it answered. */
  const scripted = (response: ServerResponse): boolean => {
    if (failures.times === 0) return false;
    failures.times -= 1;
    refuse(response, failures.status, 'Server Error');
    return true;
  };

  const deliver = (response: ServerResponse, message: FakeSmsMessage, success: unknown): void => {
    if (errorMessage !== null) {
      refuse(response, 200, errorMessage);
      errorMessage = null;
      return;
    }
    messages.push(message);
    balance -= message.parts;
    send(response, 200, success);
  };

  const notifyLkSend = (response: ServerResponse, fields: URLSearchParams): void => {
    if (fields.get('user_id') !== CREDENTIALS.userId || fields.get('api_key') !== CREDENTIALS.apiKey) return refuse(response, 401, 'Invalid credentials');
    const [senderId, to, text] = [fields.get('sender_id') ?? undefined, fields.get('to') ?? undefined, fields.get('message') ?? undefined];
    const invalid = invalidSend(senderId, to, text);
    if (invalid || !senderId || !to || !text) return refuse(response, 400, invalid ?? 'Bad request');
    const encoding: SmsEncoding = fields.get('type') === 'unicode' ? 'ucs2' : 'gsm7';
    const garbled = encoding === 'gsm7' && smsParts(text).encoding === 'ucs2';
    deliver(response, { provider: 'notify.lk', to, senderId, text, encoding, garbled, parts: billedParts(text, encoding) }, { status: 'success', data: 'Sent' });
  };

  const textLkSend = (response: ServerResponse, raw: string): void => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return refuse(response, 400, 'The request body must be JSON.');
    }
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : undefined);
    if (field('type') !== 'plain') return refuse(response, 400, 'The selected type is invalid.');
    const [senderId, to, text] = [field('sender_id'), field('recipient'), field('message')];
    const invalid = invalidSend(senderId, to, text);
    if (invalid || !senderId || !to || !text) return refuse(response, 400, invalid ?? 'Bad request');
    const { encoding, parts } = smsParts(text);
    const uid = `tlk${messages.length + 1}`;
    deliver(response, { provider: 'text.lk', to, senderId, text, encoding, garbled: false, parts }, { status: 'success', message: 'Your message was successfully delivered', data: { uid, to, status: 'Delivered', sms_count: parts } });
  };

  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      requests.push(`${request.method} ${url.pathname}${url.search}`);
      const raw = await readText(request);
      if (delayMs > 0) await delay();
      const path = `${request.method} ${url.pathname}`;

      if (path === 'GET /api/v1/send' || path === 'POST /api/v1/send') {
        if (scripted(response)) return;
        if (request.method === 'GET') return notifyLkSend(response, url.searchParams);
        if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return refuse(response, 400, 'The fields must be sent as a form.');
        return notifyLkSend(response, new URLSearchParams(raw));
      }
      if (path === 'GET /api/v1/status') {
        const query = url.searchParams;
        if (query.get('user_id') !== CREDENTIALS.userId || query.get('api_key') !== CREDENTIALS.apiKey) return refuse(response, 401, 'Invalid credentials');
        return send(response, 200, { status: 'success', data: { active: 'true', acc_balance: balance } });
      }
      if (url.pathname.startsWith('/api/v3/') && request.headers.authorization !== `Bearer ${CREDENTIALS.textLkToken}`) return refuse(response, 401, 'Unauthenticated.');
      if (path === 'POST /api/v3/sms/send') {
        if (scripted(response)) return;
        return textLkSend(response, raw);
      }
      if (path === 'GET /api/v3/balance') return send(response, 200, { status: 'success', data: { remaining_unit: String(balance) } });
      return refuse(response, 404, 'Not a call this fake answers');
    })().catch((error: unknown) => refuse(response, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/`,
    credentials: CREDENTIALS,
    messages,
    requests,
    balance: () => balance,
    failTimes: (times, status = 500) => {
      failures = { times, status };
    },
    errorBody: (message) => {
      errorMessage = message;
    },
    slow: (ms) => {
      delayMs = ms;
    },
    waitFor: (match, timeoutMs = 5_000) => until('an SMS at the fake provider', async () => messages.find(match), timeoutMs, 20),
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
