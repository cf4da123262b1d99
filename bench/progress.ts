// Watching benchmark: 2,000 students watching at once, each player sending a progress report
// every 15 s for 2 minutes (after joining, each at its own moment, over the first 15 s), against the real server started with `npm start` and the README's
// defaults (SQLite in a temporary data folder). Goals, all in one run: zero errors, report p99 under
// 50 ms, and every report counted: the progress rows' stored totals (reports, seconds played) equal
// what the players sent. The load average is printed before and after (others' work moves figures).
//
//   npm run bench:progress
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:progress
//
// Settings: BENCH_PLAYERS (2000), BENCH_SECONDS (120), BENCH_PORTS.
// The students and their sessions are written straight into the database and their tokens signed
// with the server's JWT_SECRET: signing 2,000 in through the API would time argon2, not progress.
import { randomUUID } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { REPORT_INTERVAL_SECONDS, type ProgressReport } from '@academy/contract';
import type { Db } from '../apps/server/src/db/database';
import { benchDatabase, cpuMicros, migratedConnection, percentile, startBenchServer, stopServer } from './support';
import { api } from './support/portal-api';
import { reportFigures } from './support/results';
import { seedStudents, type SeededStudent } from './support/seeded-students';
import { BENCH_ADMIN, serverProcessId } from './support/server';
import { adminSignIn } from './support/admin-sign-in';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const GOAL_P99_MS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL;
const JWT_SECRET = randomUUID() + randomUUID();
const BATCH = '2026';
const CLASS_TYPE = 'Theory';
const CLASS_NAME = 'Bench lessons';
const LESSON = 'Lesson 1.mp4';

/** The players: one batch, one class type, all in Colombo. */
function seed(db: Db): Promise<SeededStudent[]> {
  return seedStudents(
    db,
    JWT_SECRET,
    Array.from({ length: PLAYERS }, (_, i) => ({
      email: `watcher${i}@example.lk`,
      name: `Watcher ${i}`,
      regNo: `26T${String(i).padStart(4, '0')}LI`,
      batch: BATCH,
      classType: CLASS_TYPE,
      district: 'Colombo',
      school: 'School',
    })),
  );
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function post(base: URL, route: string, bearer: string, body: unknown): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: base.hostname, port: base.port, path: `/api/${route}`, method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The class, its lesson (a real MP4 copied straight into the class folder, so no transcode runs meanwhile), and one batch grant. */
async function lesson(base: URL, dataDir: string): Promise<string> {
  const admin = (await adminSignIn(base.origin)).token;
  const created = await api<{ data: { id: string } }>(base.origin, 'folders/create/folder', { token: admin, body: { folderName: CLASS_NAME } });
  const file = path.join(dataDir, 'class-files', CLASS_NAME, LESSON);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=5:duration=5', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', `${file}.tmp.mp4`]);
  copyFileSync(`${file}.tmp.mp4`, file);
  const listing = await api<{ files: { id: string; name: string }[] }>(base.origin, `folders/folderContent/${encodeURIComponent(created.data.id)}`, { token: admin });
  const fileId = listing.files.find((item) => item.name === LESSON)?.id;
  if (!fileId) throw new Error('the lesson is not listed');
  await api(base.origin, 'folders/access/batch', { token: admin, body: { className: CLASS_NAME, batch: BATCH, classType: CLASS_TYPE } });
  return fileId;
}

interface Tally {
  times: number[];
  /** The players' first reports, while they join over the first interval (a cold path: sessions, access). */
  joinTimes: number[];
  /** [seconds since the start, ms] of every answer, to see when slow ones came. */
  timeline: [number, number][];
  errors: number;
  firstError?: string;
  sentReports: number;
  sentSeconds: number;
}

let startedAt = Date.now();

/**
 * One player: it joins at its own moment of the first interval (its first report), then reports every
 * 15 s for the measured SECONDS. Every report counts in the totals; the join's answers are timed apart.
 */
async function play(base: URL, player: SeededStudent, fileId: string, tally: Tally, measureFrom: number, endAt: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.random() * REPORT_INTERVAL_SECONDS * 1000));
  for (let k = 1; k === 1 || Date.now() < endAt; k += 1) {
    const tick = Date.now();
    const report: ProgressReport = {
      fileId,
      positionSeconds: k * REPORT_INTERVAL_SECONDS,
      durationSeconds: 3600,
      played: [[(k - 1) * REPORT_INTERVAL_SECONDS, k * REPORT_INTERVAL_SECONDS]],
      at: tick,
    };
    try {
      const answer = await post(base, 'watching/reports', player.token, { batchId: randomUUID(), reports: [report] });
      if (answer.status === 200) {
        (tick < measureFrom ? tally.joinTimes : tally.times).push(Date.now() - tick);
        tally.timeline.push([Math.floor((tick - startedAt) / 1000), Date.now() - tick]);
        tally.sentReports += 1;
        tally.sentSeconds += REPORT_INTERVAL_SECONDS;
      } else {
        tally.errors += 1;
        tally.firstError ??= `${answer.status} ${answer.text.slice(0, 200)}`;
      }
    } catch (error) {
      tally.errors += 1;
      tally.firstError ??= String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, tick + REPORT_INTERVAL_SECONDS * 1000 - Date.now())));
  }
}

/** The server's own timing of the report requests (its request log), beside what the players saw. */
function serverSide(dataDir: string): string {
  const times = readFileSync(path.join(dataDir, 'server.log'), 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { url?: string; ms?: number };
        return entry.url === '/api/watching/reports' && typeof entry.ms === 'number' ? [entry.ms] : [];
      } catch {
        return [];
      }
    })
    .sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms over ${times.length} reports`;
}

async function main(): Promise<void> {
  const database = await benchDatabase(PG_URL);
  const { target } = database;
  const db = await migratedConnection(database);
  let server: ChildProcess | undefined;
  try {
    const players = await seed(db);
    // As a running portal's database would be: statistics fresh, and (SQLite) the seed's write-ahead
    // log folded into the file, so the server's first commits do not each pay for copying it.
    await sql`analyze`.execute(db);
    if (target.kind === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
    database.serverEnv.JWT_SECRET = JWT_SECRET;
    const launched = await startBenchServer(database, BENCH_ADMIN);
    server = launched.server;
    const base = new URL(launched.base);
    const fileId = await lesson(base, database.dataDir);

    const pid = serverProcessId(server);
    const cpuBefore = cpuMicros(pid);
    const loadBefore = loadavg();
    console.log(`${PLAYERS} players, a report every ${REPORT_INTERVAL_SECONDS} s for ${SECONDS} s; load average before: ${loadBefore.map((v) => v.toFixed(2)).join(' ')}`);
    const tally: Tally = { times: [], joinTimes: [], timeline: [], errors: 0, sentReports: 0, sentSeconds: 0 };
    startedAt = Date.now();
    const measureFrom = startedAt + REPORT_INTERVAL_SECONDS * 1000;
    const endAt = measureFrom + SECONDS * 1000;
    await Promise.all(players.map((player) => play(base, player, fileId, tally, measureFrom, endAt)));
    const loadAfter = loadavg();
    const cpuAfter = cpuMicros(pid);

    const stored = await db
      .selectFrom('watch_progress')
      .select((eb) => [eb.fn.sum<number>('reports').as('reports'), eb.fn.sum<number>('played_seconds').as('seconds'), eb.fn.countAll<number>().as('rows')])
      .executeTakeFirstOrThrow();
    const storedReports = Number(stored.reports);
    const storedSeconds = Number(stored.seconds);
    tally.times.sort((a, b) => a - b);
    tally.joinTimes.sort((a, b) => a - b);
    const p50 = percentile(tally.times, 50);
    const p99 = percentile(tally.times, 99);
    const seconds = SECONDS + REPORT_INTERVAL_SECONDS;
    console.log(
      `sent ${tally.sentReports} reports (${(tally.sentReports / seconds).toFixed(1)}/s), errors ${tally.errors}${tally.firstError ? ` (first: ${tally.firstError})` : ''}\n` +
        `joining (first reports, ${tally.joinTimes.length}): p50 ${percentile(tally.joinTimes, 50).toFixed(1)} ms, p99 ${percentile(tally.joinTimes, 99).toFixed(1)} ms\n` +
        `the ${SECONDS} s after (${tally.times.length} reports): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(tally.times.at(-1) ?? NaN).toFixed(1)} ms\n` +
        `stored: ${Number(stored.rows)} rows, ${storedReports} reports, ${storedSeconds} s played (sent ${tally.sentSeconds} s)\n` +
        `load average after: ${loadAfter.map((v) => v.toFixed(2)).join(' ')}`,
    );
    console.log(`server-side (its log): ${serverSide(database.dataDir)}`);
    // CPU the server spent per report: what the load costs, whatever else the machine runs.
    if (cpuBefore !== null && cpuAfter !== null) {
      const perReport = (cpuAfter - cpuBefore) / Math.max(1, tally.sentReports);
      console.log(`server CPU: ${(perReport / 1000).toFixed(2)} ms per report, ${((cpuAfter - cpuBefore) / 1e6 / seconds * 100).toFixed(0)} % of one core at ${(tally.sentReports / seconds).toFixed(0)} reports/s`);
    }
    const slowest = [...tally.timeline].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([second, ms]) => `${ms} ms at ${second} s`);
    console.log(`slowest answers: ${slowest.join(', ')}`);
    const counted = storedReports === tally.sentReports && storedSeconds === tally.sentSeconds;
    reportFigures([
      { bench: 'progress', figure: `${PLAYERS} players, report p99`, value: `${p99.toFixed(1)} ms`, goal: `< ${GOAL_P99_MS} ms`, met: p99 < GOAL_P99_MS },
      { bench: 'progress', figure: 'errors', value: String(tally.errors), goal: '0', met: tally.errors === 0 },
      {
        bench: 'progress',
        figure: 'reports stored / sent',
        value: `${storedReports} / ${tally.sentReports}`,
        goal: 'equal (seconds played too)',
        met: counted && tally.sentReports > 0,
      },
    ]);
  } finally {
    agent.destroy();
    await db.destroy();
    await stopServer(server);
    await database.drop();
  }
}

await main();
