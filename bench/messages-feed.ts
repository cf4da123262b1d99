// Benchmark for the messages feed: with 1,000 messages in the database, a student's feed (the first
// page of get-by-batch, which also records views and the bell's marker) served by `npm start` to
// 50 connections over loopback must reach at least half the requests per second of a bare Fastify
// process sending the same bytes, with a 99th percentile under 50 ms; and GET /api/ping, the
// portal's constant route, at least 0.6 of bare Fastify's constant route. All four are measured in
// the same run.
//
//   npm run bench:feed                                              # SQLite in a temporary folder
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:feed
//
// The four take turns (BENCH_ROUNDS rounds of BENCH_SECONDS each), so other work on the machine
// weighs on all alike. Settings: BENCH_MESSAGES (1000), BENCH_ROUNDS (5), BENCH_SECONDS
// (3), BENCH_CONNECTIONS (50).
// Exits 1 when a goal is missed, so it can gate a release.
import { BATCHES, MESSAGE_CLASS_TYPES, REGIONS } from '@academy/contract';
import type { ChildProcess } from 'node:child_process';
import { benchDatabase, loadInTurns, migratedConnection, startBenchServer, stopServer, type LoadResult } from './support';
import { reportFigures } from './support/results';
import { BENCH_ADMIN, serverProcessId, startBareFastify } from './support/server';
import { adminSignIn } from './support/admin-sign-in';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const GOAL_FEED_RATIO = 0.5;
const GOAL_PING_RATIO = 0.6;
const GOAL_P99_MS = 50;
const STUDENT = {
  name: 'Bench Student',
  email: 'bench-student@academy.test',
  whatsAppNo: '0771234567',
  district: 'Kandy',
  password: 'bench-student-password',
  indianHistory: true,
  europeHistory: false,
  historyType: 'Indian',
  batch: '2026',
  classType: 'Theory&Revision',
  consent: true,
};

/** Targets cycle through batches, regions and class types, so the feed query filters for real. */
function seedRows(authorId: string | null) {
  const now = Date.now();
  return Array.from({ length: MESSAGES }, (_, i) => {
    const at = new Date(now - i * 60_000).toISOString();
    const batch = i % 4 === 0 ? '' : (BATCHES[i % BATCHES.length] as string);
    const region = i % 3 === 0 ? [] : [REGIONS[i % REGIONS.length]];
    const classType = i % 5 === 0 ? [] : [MESSAGE_CLASS_TYPES[i % MESSAGE_CLASS_TYPES.length]];
    return {
      id: crypto.randomUUID(),
      message: `Announcement ${i}: the ${classType.join(', ') || 'whole'} class meets on ${at.slice(0, 10)}. Bring the past papers and the map exercise.`,
      link: i % 2 === 0 ? `https://academy.example.lk/notes/${i}` : '',
      batch,
      regions: JSON.stringify(region),
      class_types: JSON.stringify(classType),
      author_id: authorId,
      created_at: at,
      updated_at: at,
    };
  });
}

async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

function line(name: string, result: LoadResult): string {
  return (
    `${name.padEnd(22)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${result.p50.toFixed(1).padStart(5)} ms  ` +
    `p99 ${result.p99.toFixed(1).padStart(5)} ms  errors ${result.errors}` +
    (result.serverCpuMicros === null ? '' : `  server CPU ${result.serverCpuMicros.toFixed(0)} µs/answer`)
  );
}

/** The body and content type the portal answered, for the bare reference to send the same. */
async function answered(url: string, headers: Record<string, string> = {}): Promise<{ contentType: string; body: string }> {
  const response = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { contentType: response.headers.get('content-type') ?? 'application/json', body: await response.text() };
}

async function main(): Promise<void> {
  const database = await benchDatabase(process.env.BENCH_DATABASE_URL);
  let server: ChildProcess | undefined;
  let bare: Awaited<ReturnType<typeof startBareFastify>> | undefined;
  try {
    const started = await startBenchServer(database, BENCH_ADMIN);
    server = started.server;
    const { base } = started;
    const admin = await adminSignIn(base);
    // Rows straight into the database: sending 1,000 through the API would time that, not the feed.
    const db = await migratedConnection(database);
    const rows = seedRows(admin.studentId);
    for (let i = 0; i < rows.length; i += 200) await db.insertInto('messages').values(rows.slice(i, i + 200)).execute();
    await db.destroy();
    await post(base, 'students/student/register', STUDENT);
    const student = await post<{ token: string }>(base, 'students/student/login', { email: STUDENT.email, password: STUDENT.password });
    const headers = { authorization: `Bearer ${student.token}` };
    const feedUrl = `${base}/api/messages/message/get-by-batch/2026/Indian/Theory&Revision`;
    const feedAnswer = await answered(feedUrl, headers);
    const first = JSON.parse(feedAnswer.body) as { data: unknown[]; paging: { total: number } };
    bare = await startBareFastify([
      { url: '/ping', ...(await answered(`${base}/api/ping`)) },
      { url: '/feed', ...feedAnswer },
    ]);
    console.log(
      `${MESSAGES} messages in ${database.target.kind}; the student's feed holds ${first.paging.total}, a page shows ${first.data.length} (${feedAnswer.body.length} bytes).`,
    );
    console.log(`${CONNECTIONS} connections; the four take turns, ${ROUNDS} rounds of ${SECONDS} s each, after a warm-up round.\n`);

    const targets = [
      { name: 'GET /api/ping', url: `${base}/api/ping` },
      { name: 'bare Fastify, constant', url: `${bare.base}/ping`, pid: bare.child.pid },
      { name: "student's feed", url: feedUrl, headers },
      { name: 'bare Fastify, feed bytes', url: `${bare.base}/feed`, pid: bare.child.pid },
    ];
    await loadInTurns(targets, { connections: CONNECTIONS, rounds: 1, secondsPerRound: 1 });
    const results = await loadInTurns(targets, { connections: CONNECTIONS, rounds: ROUNDS, secondsPerRound: SECONDS, serverPid: serverProcessId(server) });
    const [ping, barePing, feed, bareFeed] = targets.map((target) => results.get(target.name) as LoadResult) as [LoadResult, LoadResult, LoadResult, LoadResult];
    for (const target of targets) console.log(line(target.name, results.get(target.name) as LoadResult));
    console.log('');

    const rate = (result: LoadResult) => `${result.requestsPerSecond.toFixed(0)} req/s`;
    const errors = ping.errors + feed.errors + barePing.errors + bareFeed.errors;
    reportFigures([
      {
        bench: 'feed',
        figure: `student feed, ${CONNECTIONS} connections`,
        value: rate(feed),
        reference: `bare Fastify ${rate(bareFeed)}`,
        ratio: feed.requestsPerSecond / bareFeed.requestsPerSecond,
        goal: `>= ${GOAL_FEED_RATIO}`,
        met: feed.requestsPerSecond / bareFeed.requestsPerSecond >= GOAL_FEED_RATIO,
      },
      { bench: 'feed', figure: 'student feed p99', value: `${feed.p99.toFixed(1)} ms`, goal: `< ${GOAL_P99_MS} ms`, met: feed.p99 < GOAL_P99_MS },
      {
        bench: 'feed',
        figure: `GET /api/ping, ${CONNECTIONS} connections`,
        value: rate(ping),
        reference: `bare Fastify ${rate(barePing)}`,
        ratio: ping.requestsPerSecond / barePing.requestsPerSecond,
        goal: `>= ${GOAL_PING_RATIO}`,
        met: ping.requestsPerSecond / barePing.requestsPerSecond >= GOAL_PING_RATIO,
      },
      { bench: 'feed', figure: 'feed and ping errors', value: String(errors), goal: '0', met: errors === 0 },
    ]);
  } finally {
    await bare?.stop();
    await stopServer(server);
    await database.drop();
  }
}

await main();
