// Student List benchmark: with 10,000 students in the database, a page of the Student List (any
// filter) answers in under 50 ms at the 95th percentile, through the real server over loopback.
//
//   npx tsx bench/students-list.ts                       # SQLite in a temporary data folder
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/students-list.ts
//
// Settings: BENCH_STUDENTS (10000), BENCH_SECONDS per scenario (5), BENCH_CONNECTIONS (4).
// Exits 1 when a scenario misses the goal, so it can gate a release.
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { BATCHES, CLASS_TYPES, DISTRICTS } from '@academy/contract';
import type { Db } from '../apps/server/src/db/database';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { benchDatabase, migratedConnection, percentile, startBenchServer, stopServer } from './support';
import { recordFigure } from './support/results';
import { BENCH_ADMIN } from './support/server';
import { adminSignIn } from './support/admin-sign-in';

const GOAL_P95_MS = 50;
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PG_URL = process.env.BENCH_DATABASE_URL;

const FIRST = ['Kasun', 'Nimali', 'Sanduni', 'Tharindu', 'Dilshan', 'Ishara', 'Amaya', 'Chamodi', 'Ravindu', 'Hiruni', 'Sahan', 'Pavithra'];
const LAST = ['Perera', 'Silva', 'Fernando', 'Jayasinghe', 'Bandara', 'Wijesinghe', 'Rajapaksha', 'Gunawardena', 'Dissanayake', 'Herath'];
const CODES: Record<string, string> = { Theory: 'T', Revision: 'R', Paper: 'P', 'Theory&Revision': 'TR' };

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

/** Rows straight into the database: registering 10,000 through the API would time argon2, not the list. */
async function seed(db: Db): Promise<void> {
  const passwordHash = await hashPassword('seeded-password-1');
  const sequences = new Map<string, number>();
  const now = Date.now();
  const rows = Array.from({ length: STUDENTS }, (_, i) => {
    const batch = pick(BATCHES, i * 7 + 3);
    const classType = pick(CLASS_TYPES, i * 5 + 1);
    const history = i % 3 === 0 ? 'Europe' : 'Indian';
    const prefix = `${batch.slice(-2)}${CODES[classType]}`;
    const sequence = (sequences.get(prefix) ?? 0) + 1;
    sequences.set(prefix, sequence);
    const name = `${pick(FIRST, i)} ${pick(LAST, Math.floor(i / FIRST.length))} ${i}`;
    const created = new Date(now - i * 60_000).toISOString();
    const email = `student${i}@example.lk`;
    const whatsappNo = `07${String(10_000_000 + ((i * 7919) % 89_999_999)).padStart(8, '0')}`;
    const additionalNo = i % 4 === 0 ? '' : `011${String(1_000_000 + i).padStart(7, '0')}`;
    const regNo = `${prefix}${String(sequence).padStart(2, '0')}L${history === 'Indian' ? 'I' : 'E'}`;
    return {
      id: crypto.randomUUID(),
      email,
      email_key: email,
      password_hash: passwordHash,
      name,
      account_type: 'student',
      account_state: i % 10 === 0 ? 'de-active' : 'active',
      batch,
      class_type: classType,
      history_type: history,
      whatsapp_no: whatsappNo,
      additional_no: additionalNo,
      district: pick(DISTRICTS, i * 11),
      scl: `School ${i % 120}`,
      address: `${i} Temple Road`,
      student_id_img: '',
      reg_no: regNo,
      profile_img: '',
      created_at: created,
      updated_at: created,
      deleted_at: i % 33 === 0 ? created : null,
      // As the server's repo writes it (migration 002).
      search_text: [name.toLowerCase(), email, regNo.toLowerCase(), whatsappNo, additionalNo].join(' '),
    };
  });
  await db.transaction().execute(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insertInto('accounts').values(rows.slice(i, i + 500)).execute();
    await tx
      .insertInto('reg_no_sequences')
      .values([...sequences].map(([prefix, last]) => ({ prefix, last_value: last })))
      .execute();
  });
}

interface Outcome {
  scenario: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

async function measure(scenario: string, url: string, token: string): Promise<Outcome> {
  const times: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}` },
  });
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    if (status === 200) times.push(responseTime);
    else errors += 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    scenario,
    requests: times.length,
    errors: errors + result.errors + result.timeouts,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

async function main(): Promise<void> {
  const database = await benchDatabase(PG_URL);
  const { target } = database;
  const db = await migratedConnection(database);
  let server: ChildProcess | undefined;
  try {
    const started = Date.now();
    await seed(db);
    // What autovacuum (PostgreSQL) or `PRAGMA optimize` (SQLite) does to a live database after a
    // bulk load; without the visibility map PostgreSQL cannot answer a page from the index alone.
    await (target.kind === 'postgres' ? sql`vacuum analyze accounts` : sql`analyze`).execute(db);
    console.log(`Seeded ${STUDENTS} students into ${target.kind} in ${Date.now() - started} ms`);
    await db.destroy();

    const launched = await startBenchServer(database, BENCH_ADMIN);
    server = launched.server;
    const base = `${launched.base}/api/students/student/getallstudents`;
    const { token } = await adminSignIn(launched.base);

    const scenarios: [string, string][] = [
      ['first page, no filter', ''],
      ['batch + class type, page 3', 'batch=2026&classType=Theory&page=3'],
      ['suspended only', 'state=de-active'],
      ['search a surname', 'search=perera'],
      ['search phone digits', 'search=0771'],
      ['search a regNo', 'search=26TR1'],
      ['every filter + search', 'batch=2025&classType=Paper&state=active&search=silva'],
      ['deep page (offset 7,000)', 'page=281'],
      ['no match', 'search=zzzzzz'],
    ];
    console.log(`${CONNECTIONS} connections, ${SECONDS} s per scenario, goal p95 < ${GOAL_P95_MS} ms\n`);
    const outcomes: Outcome[] = [];
    for (const [name, query] of scenarios) {
      const outcome = await measure(name, `${base}?pageSize=25&${query}`, token);
      outcomes.push(outcome);
      console.log(
        `${name.padEnd(30)} ${String(outcome.requests).padStart(6)} req  p50 ${outcome.p50.toFixed(1).padStart(6)} ms  ` +
          `p95 ${outcome.p95.toFixed(1).padStart(6)} ms  p99 ${outcome.p99.toFixed(1).padStart(6)} ms  errors ${outcome.errors}`,
      );
    }
    const missed = outcomes.filter((o) => !(o.p95 < GOAL_P95_MS) || o.errors > 0);
    console.log(missed.length === 0 ? `\nPASS: every scenario p95 < ${GOAL_P95_MS} ms` : `\nFAIL: ${missed.map((o) => o.scenario).join(', ')}`);
    recordFigure({
      bench: 'students',
      figure: `Student List, ${outcomes.length} filters: slowest p95`,
      value: `${Math.max(...outcomes.map((o) => o.p95)).toFixed(1)} ms`,
      goal: `< ${GOAL_P95_MS} ms, no error`,
      met: missed.length === 0,
    });
    process.exitCode = missed.length === 0 ? 0 : 1;
  } finally {
    await stopServer(server);
    await database.drop();
  }
}

await main();
