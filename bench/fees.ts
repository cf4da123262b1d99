// Class fees benchmark: what the month rule costs every student request, and PayHere's
// notifications on the first day of a month, against the real server started with `npm start` and
// the README's defaults (SQLite in a temporary data folder, or BENCH_DATABASE_URL), PayHere set with
// a bench merchant (the bench signs its own notifications; nobody follows a checkout).
//
//   npm run bench:fees
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:fees
//
// Setup: BENCH_STUDENTS students (3,000) and their sessions written straight into the database; two
// classes granted to their batch, each with BENCH_MONTHS (12) month folders holding a PDF, this
// month's holding a lesson: "Fees" has a plan of those months and one more, its folders tagged;
// "Free" has neither. Every student has paid every tagged month (36,000 payments, written straight
// in with their months, openings, ledgers and receipt numbers).
// Reads: this month's folder listing and its lesson's ticket, of Fees beside Free, in turns, each
// request another student's. Goals: p95 < 50 ms, and each at most 1.2x its no-fees figure.
// Notifications: BENCH_NOTIFICATIONS (1,000) orders for the plan's last month made through the API,
// then their signed `2` notifications open-loop over BENCH_NOTIFY_SECONDS (10 s), a tenth of them
// sent again a second later, and 50 forged ones. Goals: every answer as expected (200, 200, 400),
// every order paid once within the seconds and 2 s of draining, receipt numbers contiguous, server
// RSS < 256 MB throughout.
//
// Settings: BENCH_STUDENTS, BENCH_MONTHS, BENCH_NOTIFICATIONS, BENCH_NOTIFY_SECONDS,
// BENCH_CONNECTIONS (50), BENCH_ROUNDS (5), BENCH_SECONDS (3), BENCH_PORTS, BENCH_DATABASE_URL.
import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { FEES_PATHS } from '@academy/contract';
import type { Db } from '../apps/server/src/db/database';
import { mediaBinaries } from '../apps/server/src/media/binaries';
import { benchDatabase, loadInTurns, migratedConnection, percentile, rssMb, stopServer, type LoadResult } from './support';
import { api } from './support/portal-api';
import { reportFigures, type Figure } from './support/results';
import { seedStudents, type SeededStudent } from './support/seeded-students';
import { BENCH_ADMIN, benchPort, serverProcessId, startServer } from './support/server';
import { adminSignIn } from './support/admin-sign-in';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 3000);
const MONTHS = Number(process.env.BENCH_MONTHS ?? 12);
const NOTIFICATIONS = Math.min(Number(process.env.BENCH_NOTIFICATIONS ?? 1000), STUDENTS);
const NOTIFY_SECONDS = Number(process.env.BENCH_NOTIFY_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const PG_URL = process.env.BENCH_DATABASE_URL;
const GOAL_P95_MS = 50;
const GOAL_RATIO = 1.2;
const GOAL_RSS_MB = 256;
const DRAIN_MS = 2000;
const FORGED = 50;
const IN_FLIGHT = 50;

const JWT_SECRET = randomUUID() + randomUUID();
const MERCHANT_ID = '1211149';
const MERCHANT_SECRET = `bench-secret-${randomUUID()}`;
const BATCH = '2026';
const CLASS_TYPE = 'Theory';
const FEE_RUPEES = 2500;
const LESSON = 'Lesson.mp4';

/** `YYYY-MM` of Sri Lanka's calendar, `offset` months from now. */
function slMonth(offset: number): string {
  const now = new Date(Date.now() + 5.5 * 3600 * 1000);
  const shifted = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return `${shifted.getUTCFullYear()}-${String(shifted.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The tagged months, oldest first, ending with this month; the plan has one more after them. */
const TAGGED = Array.from({ length: MONTHS }, (_, i) => slMonth(i - MONTHS + 1));
const THIS_MONTH = TAGGED.at(-1) ?? slMonth(0);
const NEXT_MONTH = slMonth(1);

const md5Upper = (text: string) => createHash('md5').update(text).digest('hex').toUpperCase();

/** PayHere's md5sig (docs/fees.md 'The protocol'), made here on its own, as PayHere makes it. */
function signed(fields: { order_id: string; payhere_amount: string; status_code: string; payment_id: string }, secret = MERCHANT_SECRET): Record<string, string> {
  const md5sig = md5Upper(`${MERCHANT_ID}${fields.order_id}${fields.payhere_amount}LKR${fields.status_code}${md5Upper(secret)}`);
  return { merchant_id: MERCHANT_ID, payhere_currency: 'LKR', method: 'VISA', status_message: 'Successfully completed the payment.', ...fields, md5sig };
}

function seed(db: Db): Promise<SeededStudent[]> {
  return seedStudents(
    db,
    JWT_SECRET,
    Array.from({ length: STUDENTS }, (_, i) => ({
      email: `payer${i}@example.lk`,
      name: `Payer ${i}`,
      regNo: `26T${String(i).padStart(5, '0')}LI`,
      batch: BATCH,
      classType: CLASS_TYPE,
      district: 'Colombo',
      school: 'School',
    })),
  );
}

async function put(base: string, route: string, token: string, body: unknown): Promise<void> {
  const answer = await fetch(`${base}/api/${route}`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!answer.ok) throw new Error(`${route}: ${answer.status} ${await answer.text()}`);
}

interface BenchClass {
  name: string;
  folderId: string;
  classId: string;
  /** This month's folder and its lesson. */
  monthFolderId: string;
  lessonId: string;
}

/**
 * A class with a folder per tagged month, each holding a PDF and this month's a video (files laid
 * straight into the class folder, as a tutor's upload leaves them, so no transcode runs meanwhile),
 * granted to the batch; with `fees`, a plan of the tagged months and the next, and the tags.
 */
async function makeClass(base: string, admin: string, db: Db, dataDir: string, name: string, fees: boolean): Promise<BenchClass> {
  const created = await api<{ data: { id: string } }>(base, 'folders/create/folder', { token: admin, body: { folderName: name } });
  const classDir = path.join(dataDir, 'class-files', name);
  const video = path.join(dataDir, 'lesson.mp4');
  for (const month of TAGGED) {
    mkdirSync(path.join(classDir, month), { recursive: true });
    writeFileSync(path.join(classDir, month, 'Notes.pdf'), '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  }
  copyFileSync(video, path.join(classDir, THIS_MONTH, LESSON));
  await api(base, 'folders/access/batch', { token: admin, body: { className: name, batch: BATCH, classType: CLASS_TYPE } });
  const listing = await api<{ files: { id: string; name: string }[] }>(base, `folders/folderContent/${encodeURIComponent(created.data.id)}`, { token: admin });
  const folderIds = new Map(listing.files.map((item) => [item.name, item.id]));
  if (fees) {
    await put(base, FEES_PATHS.classPlan.replace(':folderId', encodeURIComponent(created.data.id)), admin, { monthlyFee: FEE_RUPEES, months: [...TAGGED, NEXT_MONTH], dueDay: 10, graceDays: 5 });
    for (const month of TAGGED) {
      const folderId = folderIds.get(month);
      if (!folderId) throw new Error(`${month} is not listed`);
      await put(base, FEES_PATHS.folderMonth.replace(':folderId', encodeURIComponent(folderId)), admin, { month });
    }
  }
  const monthFolderId = folderIds.get(THIS_MONTH);
  if (!monthFolderId) throw new Error(`${THIS_MONTH} is not listed`);
  const inside = await api<{ files: { id: string; name: string }[] }>(base, `folders/folderContent/${encodeURIComponent(monthFolderId)}`, { token: admin });
  const lessonId = inside.files.find((item) => item.name === LESSON)?.id;
  if (!lessonId) throw new Error('the lesson is not listed');
  const row = await db.selectFrom('classes').select('id').where('folder_id', '=', created.data.id).executeTakeFirstOrThrow();
  return { name, folderId: created.data.id, classId: row.id, monthFolderId, lessonId };
}

/**
 * Every student's payment of every tagged month of `fees`, as the payment service leaves them: a
 * payment with its receipt number, its month, the opening, the ledger row, and the counter moved on.
 */
async function seedPayments(db: Db, fees: BenchClass, students: SeededStudent[]): Promise<number> {
  const at = new Date().toISOString();
  const day = at.slice(0, 10);
  const cents = FEE_RUPEES * 100;
  let receipt = 0;
  for (let start = 0; start < students.length; start += 100) {
    const part = students.slice(start, start + 100);
    await db.transaction().execute(async (tx) => {
      const payments = part.flatMap((student) => TAGGED.map((month) => ({ student, month, id: randomUUID(), receiptNo: (receipt += 1) })));
      await tx
        .insertInto('fee_payments')
        .values(
          payments.map(({ student, id, receiptNo }) => ({
            id, receipt_no: receiptNo, account_id: student.id, student_name: 'Payer', reg_no: null, class_id: fees.classId, class_name: fees.name,
            method: 'cash', amount_cents: cents, currency: 'LKR', received_at: at, received_on: day, order_id: null, payhere_payment_id: null,
            slip_id: null, request_id: null, bank: null, reference: null, reference_key: null, note: null, recorded_by: null, state: 'paid',
            refunded_cents: 0, created_at: at, updated_at: at,
          })),
        )
        .execute();
      await tx
        .insertInto('fee_payment_months')
        .values(payments.map(({ student, month, id }) => ({ payment_id: id, class_id: fees.classId, account_id: student.id, month, amount_cents: cents, state: 'paid' })))
        .execute();
      await tx
        .insertInto('fee_openings')
        .values(payments.map(({ student, month, id }) => ({ class_id: fees.classId, account_id: student.id, month, source: 'payment', source_id: id })))
        .execute();
      await tx
        .insertInto('fee_ledgers')
        .values(part.map((student) => ({ class_id: fees.classId, account_id: student.id, created_at: at })))
        .execute();
    });
  }
  await db.updateTable('fee_counters').set({ value: receipt }).where('name', '=', 'receipt').execute();
  return receipt;
}

/** A target that asks `route` for the next student each time, so every request is another reader's. */
function eachStudent(base: string, name: string, route: string, students: SeededStudent[]) {
  let next = 0;
  return {
    name,
    url: `${base}/api/${route}`,
    setupRequest: (request: { headers?: Record<string, string> }) => {
      const student = students[next % students.length];
      next += 1;
      return { ...request, headers: { ...request.headers, authorization: `Bearer ${student?.token ?? ''}` } };
    },
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

/** A form post as PayHere's server sends its notification. */
function notify(base: URL, fields: Record<string, string>): Promise<{ status: number; ms: number }> {
  const body = new URLSearchParams(fields).toString();
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      { agent, host: base.hostname, port: base.port, path: `/api/${FEES_PATHS.payhereNotify}`, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.end(body);
  });
}

/** Sends each of `sends` at its moment (ms from now), at most IN_FLIGHT at once: an open loop. */
async function openLoop(sends: { at: number; send: () => Promise<void> }[]): Promise<void> {
  const start = Date.now();
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  await Promise.all(
    sends.map(async ({ at, send }) => {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + at - Date.now())));
      while (inFlight >= IN_FLIGHT) await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight += 1;
      try {
        await send();
      } finally {
        inFlight -= 1;
        waiting.shift()?.();
      }
    }),
  );
}

/** The server's own timing of the routes, from its request log. */
function serverSide(dataDir: string, url: (u: string) => boolean): string {
  const times = readFileSync(path.join(dataDir, 'server.log'), 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { url?: string; ms?: number };
        return entry.url && url(entry.url) && typeof entry.ms === 'number' ? [entry.ms] : [];
      } catch {
        return [];
      }
    })
    .sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms over ${times.length}`;
}

function readFigures(results: Map<string, LoadResult>, name: string): LoadResult {
  const result = results.get(name);
  if (!result) throw new Error(`no result for ${name}`);
  return result;
}

async function main(): Promise<void> {
  const database = await benchDatabase(PG_URL);
  const { target, dataDir } = database;
  const db = await migratedConnection(database);
  let server: ChildProcess | undefined;
  const figures: Figure[] = [];
  try {
    const students = await seed(db);
    database.serverEnv.JWT_SECRET = JWT_SECRET;
    database.serverEnv.PAYHERE_MERCHANT_ID = MERCHANT_ID;
    database.serverEnv.PAYHERE_MERCHANT_SECRET = MERCHANT_SECRET;
    // PayHere's notify and return addresses are the portal's own: its port is known before it starts.
    const port = await benchPort();
    const base = `http://127.0.0.1:${port}`;
    database.serverEnv.PUBLIC_URL = base;
    server = await startServer({ port, dataDir, admin: BENCH_ADMIN, env: database.serverEnv });
    const pid = serverProcessId(server);
    let peakRss = rssMb(pid);
    const watchRss = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 250);

    execFileSync(mediaBinaries({ ffmpegPath: null, ffprobePath: null }).ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=5:duration=5', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path.join(dataDir, 'lesson.mp4')]);
    const admin = (await adminSignIn(base)).token;
    const fees = await makeClass(base, admin, db, dataDir, 'Fees', true);
    const free = await makeClass(base, admin, db, dataDir, 'Free', false);
    const seededReceipts = await seedPayments(db, fees, students);
    // As a running portal's database would be: statistics fresh, and (SQLite) the seed's write-ahead
    // log folded into the file.
    await sql`analyze`.execute(db);
    if (target.kind === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
    console.log(`${STUDENTS} students, ${seededReceipts} payments of ${TAGGED[0]}..${THIS_MONTH}; load average before: ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);

    // Reads, fees beside no fees.
    const listing = (c: BenchClass) => `folders/folderContent/${encodeURIComponent(c.monthFolderId)}`;
    const ticket = (c: BenchClass) => `secure-folders/file-ticket/${encodeURIComponent(c.lessonId)}`;
    const targets = [
      eachStudent(base, 'listing, fees', listing(fees), students),
      eachStudent(base, 'listing, no fees', listing(free), students),
      eachStudent(base, 'ticket, fees', ticket(fees), students),
      eachStudent(base, 'ticket, no fees', ticket(free), students),
    ];
    await loadInTurns(targets, { connections: CONNECTIONS, rounds: 1, secondsPerRound: 1 });
    const results = await loadInTurns(targets, { connections: CONNECTIONS, rounds: ROUNDS, secondsPerRound: SECONDS, serverPid: pid });
    for (const call of ['listing', 'ticket']) {
      const withFees = readFigures(results, `${call}, fees`);
      const without = readFigures(results, `${call}, no fees`);
      const ms = (value: number) => `${value.toFixed(1)} ms`;
      console.log(`${call}: fees p50 ${ms(withFees.p50)} p95 ${ms(withFees.p95)} p99 ${ms(withFees.p99)} (${withFees.requestsPerSecond.toFixed(0)}/s, errors ${withFees.errors}); no fees p50 ${ms(without.p50)} p95 ${ms(without.p95)} (${without.requestsPerSecond.toFixed(0)}/s, errors ${without.errors})`);
      figures.push({ bench: 'fees', figure: `${call} with fees, p95`, value: ms(withFees.p95), goal: `< ${GOAL_P95_MS} ms, 0 errors`, met: withFees.p95 < GOAL_P95_MS && withFees.errors === 0 });
      const ratio = withFees.p95 / Math.max(1, without.p95);
      figures.push({ bench: 'fees', figure: `${call} with fees / without, p95`, value: ms(withFees.p95), reference: `${ms(without.p95)} without fees`, ratio, goal: `<= ${GOAL_RATIO}x`, met: ratio <= GOAL_RATIO });
    }
    console.log(`server-side listing of the month (its log): ${serverSide(dataDir, (u) => u.startsWith('/api/folders/folderContent/'))}`);

    // Notifications: the orders (not timed), then PayHere's calls open-loop.
    const payers = students.slice(0, NOTIFICATIONS);
    const orders: { orderId: string; amount: string }[] = [];
    for (const payer of payers) {
      const answer = await api<{ data: { orderId: string; checkout: { fields: Record<string, string> } } }>(base, FEES_PATHS.orders, { token: payer.token, body: { folderId: fees.folderId, month: NEXT_MONTH } });
      orders.push({ orderId: answer.data.orderId, amount: answer.data.checkout.fields.amount ?? '' });
    }
    const statuses = { applied: [] as number[], repeated: [] as number[], forged: [] as number[] };
    const times: number[] = [];
    const stepMs = (NOTIFY_SECONDS * 1000) / orders.length;
    const sends = [
      ...orders.map((order, i) => ({
        at: i * stepMs,
        send: async () => {
          const answer = await notify(new URL(base), signed({ order_id: order.orderId, payhere_amount: order.amount, status_code: '2', payment_id: String(320000000000 + i) }));
          statuses.applied.push(answer.status);
          times.push(answer.ms);
        },
      })),
      ...orders.filter((_, i) => i % 10 === 0).map((order, k) => ({
        at: k * 10 * stepMs + 1000,
        send: async () => {
          const i = k * 10;
          statuses.repeated.push((await notify(new URL(base), signed({ order_id: order.orderId, payhere_amount: order.amount, status_code: '2', payment_id: String(320000000000 + i) }))).status);
        },
      })),
      ...orders.slice(0, FORGED).map((order, k) => ({
        at: (k * NOTIFY_SECONDS * 1000) / FORGED + 500,
        send: async () => {
          statuses.forged.push((await notify(new URL(base), signed({ order_id: order.orderId, payhere_amount: order.amount, status_code: '2', payment_id: '999' }, 'not-the-secret'))).status);
        },
      })),
    ];
    const sendStart = Date.now();
    await openLoop(sends);
    const sentIn = Date.now() - sendStart;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, sendStart + NOTIFY_SECONDS * 1000 + DRAIN_MS - Date.now())));
    clearInterval(watchRss);
    times.sort((a, b) => a - b);

    const paid = await db.selectFrom('fee_payments').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min<number>('receipt_no').as('low'), eb.fn.max<number>('receipt_no').as('high')]).where('method', '=', 'payhere').executeTakeFirstOrThrow();
    const paidOrders = await db.selectFrom('fee_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('state', '=', 'paid').executeTakeFirstOrThrow();
    const opened = await db.selectFrom('fee_openings').select((eb) => eb.fn.countAll<number>().as('n')).where('class_id', '=', fees.classId).where('month', '=', NEXT_MONTH).executeTakeFirstOrThrow();
    const [n, low, high] = [Number(paid.n), Number(paid.low), Number(paid.high)];
    const everyAnswer = (list: number[], status: number) => list.filter((s) => s !== status).length;
    const wrong = everyAnswer(statuses.applied, 200) + everyAnswer(statuses.repeated, 200) + everyAnswer(statuses.forged, 400);
    console.log(
      `notifications: ${statuses.applied.length} + ${statuses.repeated.length} again + ${statuses.forged.length} forged, sent in ${(sentIn / 1000).toFixed(1)} s; ` +
        `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms; answers not as expected: ${wrong}\n` +
        `stored: ${n} PayHere payments, receipts ${low}..${high}, ${Number(paidOrders.n)} orders paid, ${Number(opened.n)} openings of ${NEXT_MONTH}\n` +
        `load average after: ${loadavg().map((v) => v.toFixed(2)).join(' ')}`,
    );
    const appliedOnce = n === orders.length && Number(paidOrders.n) === orders.length && Number(opened.n) === orders.length && low === seededReceipts + 1 && high === seededReceipts + orders.length;
    figures.push(
      { bench: 'fees', figure: `${orders.length} notifications in ${NOTIFY_SECONDS} s, applied once`, value: `${n} payments, receipts ${low}..${high}`, goal: `${orders.length}, receipts ${seededReceipts + 1}..${seededReceipts + orders.length}`, met: appliedOnce },
      { bench: 'fees', figure: 'notification answers not as expected (200, 200 again, 400 forged)', value: String(wrong), goal: '0', met: wrong === 0 },
      { bench: 'fees', figure: 'notifications sent and answered', value: `${(sentIn / 1000).toFixed(1)} s`, goal: `<= ${NOTIFY_SECONDS} s + ${DRAIN_MS / 1000} s draining`, met: sentIn <= NOTIFY_SECONDS * 1000 + DRAIN_MS },
      { bench: 'fees', figure: 'server RSS, peak', value: `${peakRss.toFixed(0)} MB`, goal: `< ${GOAL_RSS_MB} MB`, met: peakRss < GOAL_RSS_MB },
    );
    reportFigures(figures);
  } finally {
    agent.destroy();
    await db.destroy();
    await stopServer(server);
    await database.drop();
  }
}

await main();
