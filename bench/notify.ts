// Benchmark for notifications: one announcement to 5,000 students, each with one subscribed device,
// pushed through a local push service, while students keep reading their feed. Goals: every live
// device's push received within 60 s of the announcement's POST (the 500-once devices on their
// first retry, 5 s later by design), the 410 devices' subscriptions deleted, no push twice; the
// feed's p99 under 100 ms at 50 connections during the send; the server's RSS under 256 MB.
//
//   npm run bench:notify                                            # SQLite in a temporary folder
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:notify
//
// The server is `npm start` with the defaults, budgets lifted as every bench lifts them, plus
// PUSH_TEST_ORIGIN and PUSH_TEST_CA_FILE pointing push at the local push service (its own process,
// apps/server/test/fake-push-service.ts, which checks each VAPID token and decrypts each body) and
// JWT_SECRET, so the seeded students' tokens are valid. Students and their sessions are written
// straight into the database (support/seeded-students.ts, as bench:progress does: 5,000 sign-ins
// would time argon2); each device is made by the push service's subscribe, as a browser's is, and
// registered through the real API. Quiet hours (22:00-06:00 Sri Lanka time by default) hold every
// push by design: a run that falls inside them turns them off and says so.
//
// Settings: BENCH_STUDENTS (5000), BENCH_GONE (10 % of them), BENCH_FAILING (5 %),
// BENCH_CONNECTIONS (50), BENCH_BASELINE_SECONDS (10), BENCH_DATABASE_URL.
// Exits 1 when a goal is missed.
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { parseQuietHours, isQuiet } from '../apps/server/src/notify/quiet-hours';
import type { Db } from '../apps/server/src/db/database';
import { benchDatabase, cpuMicros, loadInTurns, migratedConnection, percentile, rssMb, startBenchServer, stopServer, type LoadResult } from './support';
import { pushServiceCpuMicros, receivedPushes, scriptEndpoint, startPushService, subscribeDevice, type PushServiceProcess } from './support/push-service';
import { reportFigures } from './support/results';
import { seedStudents, type SeededStudent } from './support/seeded-students';
import { BENCH_ADMIN, serverProcessId, startBareFastify } from './support/server';
import { adminSignIn } from './support/admin-sign-in';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);
const GONE = Number(process.env.BENCH_GONE ?? Math.round(STUDENTS * 0.1));
const FAILING = Number(process.env.BENCH_FAILING ?? Math.round(STUDENTS * 0.05));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 10);
const MESSAGES = 1000;
const GOAL_DELIVERED_S = 60;
const GOAL_P99_MS = 100;
const GOAL_RSS_MB = 256;
/** How long the bench waits for the last push before it calls the goal missed. */
const GIVE_UP_S = 90;
/** Requests in flight while the devices are registered. */
const SETUP_PARALLEL = 32;
const JWT_SECRET = randomUUID() + randomUUID();
const BATCH = '2026';
const CLASS_TYPE = 'Theory&Revision';
const DEFAULT_QUIET_HOURS = '22:00-06:00';

function seed(db: Db): Promise<SeededStudent[]> {
  return seedStudents(
    db,
    JWT_SECRET,
    Array.from({ length: STUDENTS }, (_, i) => ({
      email: `listener${i}@example.lk`,
      name: `Listener ${i}`,
      regNo: `26R${String(i).padStart(4, '0')}LI`,
      batch: BATCH,
      classType: CLASS_TYPE,
      district: 'Kandy',
      school: 'School',
    })),
  );
}

/** Earlier announcements for the feed to page through, as bench:feed has (rows straight in: they raise no notification). */
async function seedMessages(db: Db, authorId: string | null): Promise<void> {
  const now = Date.now();
  const rows = Array.from({ length: MESSAGES }, (_, i) => {
    const at = new Date(now - (i + 1) * 60_000).toISOString();
    return {
      id: randomUUID(),
      message: `Announcement ${i}: the class meets on ${at.slice(0, 10)}. Bring the past papers and the map exercise.`,
      link: i % 2 === 0 ? `https://academy.example.lk/notes/${i}` : '',
      batch: i % 4 === 0 ? '' : BATCH,
      regions: '[]',
      class_types: '[]',
      author_id: authorId,
      created_at: at,
      updated_at: at,
    };
  });
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('messages').values(rows.slice(i, i + 200)).execute();
}

async function api<T>(base: string, method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/api/${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Runs `work` on every item, `parallel` at a time. */
async function inParallel<T, R>(items: readonly T[], parallel: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}

interface Device {
  student: SeededStudent;
  endpoint: string;
  script: 'gone' | 'failing' | 'plain';
}

/** Each student's device: subscribed at the push service, registered through the API, scripted. */
async function registerDevices(base: string, service: PushServiceProcess, students: SeededStudent[], pushKey: string): Promise<Device[]> {
  return inParallel(students, SETUP_PARALLEL, async (student, i) => {
    const subscription = await subscribeDevice(service, pushKey);
    await api(base, 'POST', 'notifications/subscriptions', student.token, { ...subscription, language: 'en' });
    const script = i < GONE ? 'gone' : i < GONE + FAILING ? 'failing' : 'plain';
    if (script === 'gone') await scriptEndpoint(service, { endpoint: subscription.endpoint, gone: 410 });
    if (script === 'failing') await scriptEndpoint(service, { endpoint: subscription.endpoint, failTimes: 1, status: 500 });
    return { student, endpoint: subscription.endpoint, script };
  });
}

/** Push deliveries no longer waiting (sent, gone, failed, dropped): the send is over when all are. */
async function settledDeliveries(db: Db): Promise<{ total: number; settled: number; states: Record<string, number> }> {
  const rows = await db.selectFrom('notification_deliveries').select(['state', sql<number>`count(*)`.as('n')]).where('channel', '=', 'push').groupBy('state').execute();
  const states = Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
  const total = rows.reduce((sum, row) => sum + Number(row.n), 0);
  const waiting = ['queued', 'held', 'sending', 'retry'].reduce((sum, state) => sum + (states[state] ?? 0), 0);
  return { total, settled: total - waiting, states };
}

/** A feed load that runs until stopped, each answer's time kept with the moment it arrived. */
function feedLoad(url: string, headers: Record<string, string>) {
  const answers: { at: number; ms: number }[] = [];
  let errors = 0;
  const instance = autocannon({ url, connections: CONNECTIONS, duration: GIVE_UP_S + 60, headers });
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    if (status >= 200 && status < 300) answers.push({ at: Date.now(), ms: responseTime });
    else errors += 1;
  });
  const done = new Promise<{ errors: number; timeouts: number }>((resolve) => instance.on('done', resolve));
  return {
    /** p99, p50, count and rate of the answers that arrived between `from` and `to`. */
    between(from: number, to: number) {
      const times = answers.filter((answer) => answer.at >= from && answer.at <= to).map((answer) => answer.ms).sort((a, b) => a - b);
      return { p50: percentile(times, 50), p99: percentile(times, 99), count: times.length, rate: times.length / ((to - from) / 1000) };
    },
    async stop() {
      instance.stop();
      const result = await done;
      return errors + result.errors + result.timeouts;
    },
  };
}

/** The default quiet hours would hold every push of a run starting now (or within its few minutes). */
function insideQuietHours(): boolean {
  const hours = parseQuietHours(DEFAULT_QUIET_HOURS);
  return hours !== null && [0, 5 * 60_000].some((ahead) => isQuiet(hours, Date.now() + ahead));
}

async function main(): Promise<void> {
  const database = await benchDatabase(process.env.BENCH_DATABASE_URL);
  let server: ChildProcess | undefined;
  let service: PushServiceProcess | undefined;
  let bare: Awaited<ReturnType<typeof startBareFastify>> | undefined;
  let db: Db | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    service = await startPushService();
    db = await migratedConnection(database);
    const seedStarted = Date.now();
    const students = await seed(db);
    await seedMessages(db, null);
    await sql`analyze`.execute(db);
    if (database.target.kind === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
    console.log(`${STUDENTS} students and ${MESSAGES} earlier announcements written into ${database.target.kind} in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s.`);

    database.serverEnv.JWT_SECRET = JWT_SECRET;
    database.serverEnv.PUSH_TEST_ORIGIN = service.origin;
    database.serverEnv.PUSH_TEST_CA_FILE = service.caFile;
    if (insideQuietHours()) {
      database.serverEnv.NOTIFY_QUIET_HOURS = 'off';
      console.log(`(this run falls inside the default quiet hours ${DEFAULT_QUIET_HOURS} Sri Lanka time, which hold every push: NOTIFY_QUIET_HOURS=off)`);
    }
    const started = await startBenchServer(database, BENCH_ADMIN);
    server = started.server;
    const { base } = started;
    const pid = serverProcessId(server);
    const memory = { peak: rssMb(pid), samples: 0 };
    sampler = setInterval(() => {
      memory.peak = Math.max(memory.peak, rssMb(pid));
      memory.samples += 1;
    }, 200);

    const admin = await adminSignIn(base);
    const reader = students[students.length - 1] as SeededStudent;
    const preferences = await api<{ data: { pushKey: string | null } }>(base, 'GET', 'notifications/preferences', reader.token);
    const pushKey = preferences.data.pushKey;
    if (!pushKey) throw new Error('the server offers no push key');
    const setupStarted = Date.now();
    const devices = await registerDevices(base, service, students, pushKey);
    const stored = await db.selectFrom('push_subscriptions').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    console.log(
      `${devices.length} devices subscribed at the push service and registered through the API in ${((Date.now() - setupStarted) / 1000).toFixed(1)} s ` +
        `(${Number(stored.n)} stored); ${GONE} scripted 410, ${FAILING} scripted 500 once.`,
    );

    const headers = { authorization: `Bearer ${reader.token}` };
    const feedUrl = `${base}/api/messages/message/get-by-batch/${BATCH}/Indian/${encodeURIComponent(CLASS_TYPE)}`;
    const feedAnswer = await fetch(feedUrl, { headers: { ...headers, 'accept-encoding': 'identity' } });
    if (!feedAnswer.ok) throw new Error(`the feed answered ${feedAnswer.status}`);
    bare = await startBareFastify([{ url: '/feed', contentType: feedAnswer.headers.get('content-type') ?? 'application/json', body: await feedAnswer.text() }]);

    // Before the announcement: the portal's feed and bare Fastify sending the same bytes, in turns.
    const targets = [
      { name: "student's feed, before", url: feedUrl, headers },
      { name: 'bare Fastify, feed bytes', url: `${bare.base}/feed`, pid: bare.child.pid },
    ];
    await loadInTurns(targets, { connections: CONNECTIONS, rounds: 1, secondsPerRound: 1 });
    const before = await loadInTurns(targets, { connections: CONNECTIONS, rounds: 2, secondsPerRound: BASELINE_SECONDS / 2, serverPid: pid });
    const baseline = before.get(targets[0]!.name) as LoadResult;
    const bareFeed = before.get(targets[1]!.name) as LoadResult;
    await bare.stop();
    bare = undefined;

    // The announcement, with the feed under load throughout.
    const load = feedLoad(feedUrl, headers);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const loadBefore = loadavg()[0] ?? 0;
    const cpuBefore = cpuMicros(pid);
    const pushCpuBefore = pushServiceCpuMicros(service);
    const rssBefore = rssMb(pid);
    const sentAt = Date.now();
    await api(base, 'POST', 'messages/message/send', admin.token, { message: 'Tomorrow\u2019s class moves to the main hall at 8:00.', link: '', batch: BATCH, region: [], classType: [] });
    const postMs = Date.now() - sentAt;
    const progress: string[] = [];
    let settled = { total: 0, settled: 0, states: {} as Record<string, number> };
    for (let tick = 0; Date.now() - sentAt < GIVE_UP_S * 1000; tick += 1) {
      settled = await settledDeliveries(db);
      if (tick % 20 === 0) progress.push(`${((Date.now() - sentAt) / 1000).toFixed(0)} s: ${settled.settled} of ${settled.total} settled`);
      if (settled.total >= STUDENTS && settled.settled === settled.total) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const settledAt = Date.now();
    const cpuAfter = cpuMicros(pid);
    const pushCpuAfter = pushServiceCpuMicros(service);
    const loadAfter = loadavg()[0] ?? 0;
    const during = load.between(sentAt, settledAt);
    const feedErrors = await load.stop();
    clearInterval(sampler);
    sampler = undefined;

    // What the push service received, and what the database kept.
    const received = await receivedPushes(service);
    const endpointsOf = (script: Device['script']) => devices.filter((device) => device.script === script).map((device) => device.endpoint);
    const idOf = (endpoint: string) => endpoint.slice(endpoint.lastIndexOf('/') + 1);
    const firstAt = new Map<string, number>();
    for (const push of received) if (!firstAt.has(push.subscriptionId)) firstAt.set(push.subscriptionId, Date.parse(push.at));
    const duplicates = received.length - firstAt.size;
    const live = [...endpointsOf('plain'), ...endpointsOf('failing')].map(idOf);
    const missing = live.filter((id) => !firstAt.has(id)).length;
    const wrongly = endpointsOf('gone').map(idOf).filter((id) => firstAt.has(id)).length;
    const failingReceived = endpointsOf('failing').map(idOf).filter((id) => firstAt.has(id)).length;
    const lastOf = (ids: string[]) => Math.max(0, ...ids.map((id) => firstAt.get(id) ?? 0));
    const lastAll = lastOf(live);
    const lastFirstTry = lastOf(endpointsOf('plain').map(idOf));
    const lastRetry = lastOf(endpointsOf('failing').map(idOf));
    const deliveredS = missing === 0 ? (lastAll - sentAt) / 1000 : Infinity;
    const goneEndpoints = endpointsOf('gone');
    let goneLeft = 0;
    for (let i = 0; i < goneEndpoints.length; i += 500) {
      const row = await db.selectFrom('push_subscriptions').select(sql<number>`count(*)`.as('n')).where('endpoint', 'in', goneEndpoints.slice(i, i + 500)).executeTakeFirstOrThrow();
      goneLeft += Number(row.n);
    }
    const cpuS = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / 1e6;
    const pushCpuS = (pushCpuAfter - pushCpuBefore) / 1e6;

    console.log('');
    for (const line of progress) console.log(`  ${line}`);
    console.log(`deliveries by state: ${JSON.stringify(settled.states)}`);
    console.log(`the announcement's POST answered in ${postMs} ms; load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`);
    console.log(
      `first tries received by ${((lastFirstTry - sentAt) / 1000).toFixed(1)} s, the 500-once devices on their retry by ${((lastRetry - sentAt) / 1000).toFixed(1)} s; ` +
        `${received.length} pushes received, ${(live.length / Math.max(0.001, (lastFirstTry - sentAt) / 1000)).toFixed(0)} a second on first tries`,
    );
    console.log(
      `CPU during the send: the server ${cpuS === null ? '?' : cpuS.toFixed(1)} s, the push service ${pushCpuS.toFixed(1)} s, ` +
        `over ${((settledAt - sentAt) / 1000).toFixed(1)} s of wall time`,
    );
    console.log(`feed before: ${baseline.requestsPerSecond.toFixed(0)} req/s, p99 ${baseline.p99.toFixed(1)} ms; bare Fastify ${bareFeed.requestsPerSecond.toFixed(0)} req/s, p99 ${bareFeed.p99.toFixed(1)} ms`);
    console.log(`feed during the send: ${during.rate.toFixed(0)} req/s, p50 ${during.p50.toFixed(1)} ms, p99 ${during.p99.toFixed(1)} ms, errors ${feedErrors}`);
    const firstTries = load.between(sentAt, lastFirstTry);
    console.log(`  of which until the last first try: ${firstTries.rate.toFixed(0)} req/s, p50 ${firstTries.p50.toFixed(1)} ms, p99 ${firstTries.p99.toFixed(1)} ms`);
    console.log(`server RSS peak ${memory.peak.toFixed(0)} MB (${memory.samples} samples every 200 ms; ${rssBefore.toFixed(0)} MB just before the announcement)\n`);

    reportFigures([
      {
        bench: 'notify',
        figure: `announcement to ${STUDENTS} devices: every live push received`,
        value: Number.isFinite(deliveredS) ? `${deliveredS.toFixed(1)} s (${live.length - missing} of ${live.length})` : `${missing} of ${live.length} missing after ${GIVE_UP_S} s`,
        goal: `< ${GOAL_DELIVERED_S} s`,
        met: deliveredS < GOAL_DELIVERED_S,
      },
      { bench: 'notify', figure: '500-once devices received on retry', value: `${failingReceived} of ${FAILING}`, goal: `${FAILING}`, met: failingReceived === FAILING },
      { bench: 'notify', figure: '410 subscriptions deleted', value: `${GONE - goneLeft} of ${GONE} (${wrongly} received)`, goal: `${GONE}`, met: goneLeft === 0 && wrongly === 0 },
      { bench: 'notify', figure: 'pushes received twice', value: String(duplicates), goal: '0', met: duplicates === 0 },
      {
        bench: 'notify',
        figure: `student feed p99 during the send, ${CONNECTIONS} connections`,
        value: `${during.p99.toFixed(1)} ms (before: ${baseline.p99.toFixed(1)} ms)`,
        reference: `bare Fastify p99 ${bareFeed.p99.toFixed(1)} ms`,
        goal: `< ${GOAL_P99_MS} ms`,
        met: during.p99 < GOAL_P99_MS,
      },
      { bench: 'notify', figure: 'feed errors during the send', value: String(feedErrors), goal: '0', met: feedErrors === 0 },
      { bench: 'notify', figure: 'server RSS peak', value: `${memory.peak.toFixed(0)} MB`, goal: `< ${GOAL_RSS_MB} MB`, met: memory.peak < GOAL_RSS_MB },
    ]);
  } finally {
    if (sampler) clearInterval(sampler);
    await bare?.stop();
    await stopServer(server);
    await db?.destroy();
    await service?.stop();
    await database.drop();
  }
}

await main();
