import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DriveItem, DriveListingAnswer, FileTicketAnswer, Order } from '@academy/contract';
import { hlsAttribute } from '../hls-copy';
import { codeIn, isCodeMailTo } from '../../src/features/password-reset/test-helpers';
import { buildRegistration } from '../factories';
import { startFakePayHere, STAND_IN_CARD, type FakePayHere } from '../fake-payhere';
import { processDatabase } from '../process-database';
import { signInOverHttp } from '../second-factor';
import { startServerProcess } from '../server-process';
import { startSmtpReceiver } from '../smtp-receiver';
import { testVideo } from '../videos';
import { engineUnderTest } from '../engine-under-test';

// No secret in the logs: a real server process at the most verbose log level, given a JWT secret,
// an admin password, an SMTP login and (on PostgreSQL) a database password, serves a session's
// worth of calls, good and bad, and transcodes a lesson that a student then opens and plays with
// the viewer's ticket (secure-file, playlists, key, segment); then its whole output is searched for
// every secret it held and every credential it issued, the lesson's AES key and the ticket
// included; nor the PayHere merchant secret, a checkout's hash, or the card holder, number and
// expiry a payment notification carries. Nor any of the student's personal data that reached the server in an address: their
// e-mail in `folders/diveRootFiles/{email}`, and their name and phone number as the Student List's
// search words.

const engine = engineUnderTest();
const secret = (label: string) => `${label}-${randomBytes(30).toString('base64url')}`;

describe(`secrets in the logs (${engine})`, () => {
  it('never writes a secret, a password, a token, a reset code, a lesson key, a ticket or personal data in an address, even at trace level', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-logs-'));
    const login = { user: 'portal-mailer', pass: secret('smtp') };
    const smtp = await startSmtpReceiver({ login });
    const database = await processDatabase(dataDir, engine);
    const databaseUrl = database.env.DATABASE_URL ? new URL(database.env.DATABASE_URL) : null;
    // The machine's PostgreSQL trusts local connections, so any password gets in: a secret to look for.
    if (databaseUrl) databaseUrl.password = secret('db');
    const held = {
      jwtSecret: secret('jwt'),
      adminPassword: secret('admin'),
      smtpPassword: login.pass,
      smtpUrl: `smtp://${login.user}:${login.pass}@${new URL(smtp.url).host}`,
      ...(databaseUrl ? { databasePassword: databaseUrl.password, databaseUrl: databaseUrl.toString() } : {}),
      payhereSecret: secret('payhere'),
    };
    // PayHere through its local stand-in, which forwards its notifications to the server as a tunnel would.
    const payhere = await startFakePayHere({ merchantId: '1211149', merchantSecret: held.payhereSecret });
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'trace',
      JWT_SECRET: held.jwtSecret,
      ADMIN_EMAIL: 'head.tutor@academy.test',
      ADMIN_PASSWORD: held.adminPassword,
      SMTP_URL: held.smtpUrl,
      TRANSCODE_CONCURRENCY: '1',
      PAYHERE_MERCHANT_ID: '1211149',
      PAYHERE_MERCHANT_SECRET: held.payhereSecret,
      PAYHERE_CHECKOUT_URL: payhere.checkoutUrl,
      PUBLIC_URL: 'http://127.0.0.1:9',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl.toString() } : {}),
    });
    payhere.settings.notifyOrigin = server.url;
    const call = (url: string, init: { method?: string; body?: unknown; token?: string; raw?: string } = {}) =>
      fetch(`${server.url}${url}`, {
        method: init.method ?? (init.body || init.raw ? 'POST' : 'GET'),
        headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
        ...(init.body || init.raw ? { body: init.raw ?? JSON.stringify(init.body) } : {}),
      });
    try {
      const adminLogin = await signInOverHttp(server.url, 'head.tutor@academy.test', held.adminPassword);
      // A name and a phone number found nowhere else, so finding them in the log means a leak.
      const unique = randomBytes(4).readUInt32BE(0);
      const student = buildRegistration({ name: `Kumudini Loglessname${unique.toString(36)}`, whatsAppNo: `07${String(unique % 1e8).padStart(8, '0')}` });
      expect((await call('/api/students/student/register', { body: student })).status).toBe(200);
      expect((await call('/api/students/student/login', { body: { email: student.email, password: 'a-wrong-password-1' } })).status).toBe(401);
      const studentLogin = (await (await call('/api/students/student/login', { body: student })).json()) as { token: string };
      expect((await call('/api/sessions/mine', { token: studentLogin.token })).status).toBe(200);
      expect((await call('/api/students/student/getallstudents', { token: adminLogin.token })).status).toBe(200);
      expect((await call('/api/students/student/getallstudents', { token: studentLogin.token })).status).toBe(403);
      expect((await call('/api/students/student/login', { raw: '{"email": ' })).status).toBe(400);
      expect((await call('/api/students/student/forgot-password/send-otp', { body: { email: student.email } })).status).toBe(200);
      const otp = codeIn(await smtp.waitFor(isCodeMailTo(student.email)));
      const confirmed = (await (await call('/api/students/student/forgot-password/confirm-otp', { body: { email: student.email, otp } })).json()) as {
        data: { resetToken: string };
      };
      const newPassword = secret('new');
      expect((await call('/api/students/student/forgot-password/reset-password', { body: { resetToken: confirmed.data.resetToken, password: newPassword } })).status).toBe(200);
      expect((await call('/api/messages/message/get-all', { token: adminLogin.token })).status).toBe(200);
      const { key: lessonKey, ticket } = await playLesson(call, server.url, adminLogin.token, { email: student.email, password: newPassword });
      const checkoutHash = await payOnline(call, payhere, adminLogin.token, { email: student.email, password: newPassword });
      // Personal data in addresses: the e-mail in the path (escaped, as the web app sends it, and
      // raw), and the Student List's and the deleted list's search words.
      const studentToken = ((await (await call('/api/students/student/login', { body: { email: student.email, password: newPassword } })).json()) as { token: string }).token;
      for (const email of [encodeURIComponent(student.email), student.email]) {
        expect((await call(`/api/folders/diveRootFiles/${email}`, { token: studentToken })).status).toBe(200);
      }
      const searchWords = [student.name.split(' ')[1] ?? '', student.whatsAppNo];
      for (const search of searchWords) {
        const found = await call(`/api/students/student/getallstudents?search=${encodeURIComponent(search)}&page=1`, { token: adminLogin.token });
        expect(((await found.json()) as { data: { email: string }[] }).data.map((row) => row.email)).toEqual([student.email]);
      }
      expect((await call(`/api/students/student/deleted?search=${encodeURIComponent(student.name)}`, { token: adminLogin.token })).status).toBe(200);

      server.child.kill('SIGTERM');
      await server.exited;
      const logs = server.output();
      // A refused notification is one warn line with its order, outcome and address, and nothing of the card.
      expect(logs.split('\n').filter((line) => line.includes('"payhereNotification":"bad-signature"') && line.includes('"level":40'))).toHaveLength(1);
      // The logs are there (one line per request at this level), so finding nothing in them means something.
      expect(logs.split('\n').filter((line) => line.includes('"reqId"')).length).toBeGreaterThan(20);
      const issued = {
        adminToken: adminLogin.token,
        adminTokenSignature: adminLogin.token.split('.')[2] ?? '',
        studentToken: studentLogin.token,
        studentPassword: student.password,
        otp: `"${otp}"`,
        resetToken: confirmed.data.resetToken,
        newPassword,
        lessonKeyHex: lessonKey.toString('hex'),
        lessonKeyBase64: lessonKey.toString('base64'),
        lessonKeyBase64Url: lessonKey.toString('base64url'),
        ticket,
        ticketInAddress: encodeURIComponent(ticket),
        studentEmail: student.email,
        studentEmailEscaped: encodeURIComponent(student.email),
        searchName: searchWords[0] ?? '',
        searchPhone: searchWords[1] ?? '',
        checkoutHash,
        cardHolder: STAND_IN_CARD.holder,
        cardNumber: STAND_IN_CARD.number,
        cardExpiry: STAND_IN_CARD.expiry,
      };
      const lowered = logs.toLowerCase();
      const leaked = Object.entries({ ...held, ...issued }).filter(([name, value]) => value && (logs.includes(value) || (name === 'lessonKeyHex' && lowered.includes(value))));
      // Where each leak is, its value masked, so the failure names the log line to fix.
      const where = leaked.map(([name, value]) => `${name}: ${(logs.split('\n').find((line) => line.includes(value)) ?? '').replaceAll(value, '<here>').slice(0, 600)}`);
      expect(leaked.map(([name]) => name), where.join('\n')).toEqual([]);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await payhere.close();
      await smtp.close();
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

type Call = (url: string, init?: { method?: string; body?: unknown; token?: string; raw?: string }) => Promise<Response>;

/**
 * The student pays a month of a class with a plan through the PayHere stand-in, whose notification
 * carries a card holder, number and expiry; a forged notification follows. Answers the checkout's hash.
 */
async function payOnline(call: Call, payhere: FakePayHere, adminToken: string, student: { email: string; password: string }): Promise<string> {
  const className = `Fees ${crypto.randomUUID().slice(0, 6)}`;
  const classFolder = (await (await call('/api/folders/create/folder', { body: { folderName: className }, token: adminToken })).json()) as { data: DriveItem };
  const plan = { monthlyFee: 2500, months: ['2026-11', '2026-12'], dueDay: 10, graceDays: 5 };
  expect((await call(`/api/fees/classes/${encodeURIComponent(classFolder.data.id)}`, { method: 'PUT', body: plan, token: adminToken })).status).toBe(200);
  expect((await call('/api/students/student/give-additional-access', { body: { email: student.email, className }, token: adminToken })).status).toBe(200);
  const login = (await (await call('/api/students/student/login', { body: student })).json()) as { token: string };
  const order = (await (await call('/api/fees/orders', { body: { folderId: classFolder.data.id, month: '2026-11' }, token: login.token })).json()) as { data: Order };
  expect((await payhere.checkout(order.data.checkout.fields)).status).toBe(200);
  expect((await payhere.pay(order.data.orderId)).answer).toBe(200);
  expect((await payhere.pay(order.data.orderId, { secret: 'a-guessed-secret' })).answer).toBe(400);
  return order.data.checkout.fields.hash ?? '';
}

/**
 * The admin uploads a short video into a class granted to the student; once it is transcoded the
 * student opens it (its secure-file address, refused for a streamed lesson) and plays it as hls.js
 * would (master, a rung, the key, a segment). Answers the key it got and the viewer's ticket.
 */
async function playLesson(
  call: Call,
  base: string,
  adminToken: string,
  student: { email: string; password: string },
): Promise<{ key: Buffer; ticket: string }> {
  const className = `Logs ${crypto.randomUUID().slice(0, 6)}`;
  const classFolder = (await (await call('/api/folders/create/folder', { body: { folderName: className }, token: adminToken })).json()) as { data: DriveItem };
  expect((await call('/api/students/student/give-additional-access', { body: { email: student.email, className }, token: adminToken })).status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(testVideo({ seconds: 2, width: 320, height: 240 }))], { type: 'video/mp4' }), 'lesson.mp4');
  const upload = await fetch(`${base}/api/folders/folder/${classFolder.data.id}/files`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
  const video = ((await upload.json()) as { data: DriveItem }).data;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const listing = (await (await call(`/api/folders/folderContent/${classFolder.data.id}`, { token: adminToken })).json()) as DriveListingAnswer;
    const state = listing.files.find((item) => item.id === video.id)?.processing?.state;
    if (state === 'ready') break;
    if (state === 'failed' || Date.now() > deadline) throw new Error(`the lesson did not become ready (${String(state)})`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const login = (await (await call('/api/students/student/login', { body: student })).json()) as { token: string };
  const ticket = ((await (await call(`/api/secure-folders/file-ticket/${video.id}`, { token: login.token })).json()) as FileTicketAnswer).data;
  const t = new URL(ticket.url, base).searchParams.get('t') ?? '';
  expect(t).not.toBe('');
  expect(ticket.hls).toContain(`t=${encodeURIComponent(t)}`);
  expect((await call(ticket.url)).status).toBe(403);
  const master = await (await call(ticket.hls ?? '')).text();
  const rung = master.split('\n').find((line) => line.startsWith('/api/')) ?? '';
  const playlist = await (await call(rung)).text();
  const segment = await call(playlist.split('\n').find((line) => line.startsWith('/api/')) ?? '');
  expect(segment.status).toBe(200);
  const key = await call(hlsAttribute(playlist, '#EXT-X-KEY', 'URI') ?? '');
  expect(key.status).toBe(200);
  return { key: Buffer.from(await key.arrayBuffer()), ticket: t };
}
