// What the benchmark scripts share: a fresh database (SQLite file, or a PostgreSQL schema of its
// own), the real server started with npm start on a loopback port, and autocannon runs.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase, migrateToLatest, type DatabaseTarget, type Db } from '../apps/server/src/db/database';
import { benchPort, startServer } from './support/server';

export { stopServer } from './support/server';

export interface BenchDatabase {
  dataDir: string;
  target: DatabaseTarget;
  /** DATABASE_URL for the server: unset for SQLite (it uses DATA_DIR), else pointing at the schema. */
  serverEnv: Record<string, string>;
  /** Removes the data folder (and the schema): safe to call twice. */
  drop: () => Promise<void>;
}

async function pgQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** SQLite in a temporary data folder, or a new schema in the PostgreSQL at `pgUrl`. */
export async function benchDatabase(pgUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-bench-'));
  if (!pgUrl) {
    return {
      dataDir,
      target: { kind: 'sqlite', file: path.join(dataDir, 'portal.sqlite') },
      serverEnv: {},
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `bench_${crypto.randomUUID().replace(/-/g, '')}`;
  await pgQuery(pgUrl, `create schema ${schema}`);
  const url = new URL(pgUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    dataDir,
    target: { kind: 'postgres', url: pgUrl, schema },
    serverEnv: { DATABASE_URL: url.toString() },
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await pgQuery(pgUrl, `drop schema if exists ${schema} cascade`);
    },
  };
}

/**
 * A connection to the bench database with the portal's tables, for seeding rows straight in
 * (thousands through the API would time the API, not what the bench measures). The caller destroys
 * it; if the tables cannot be made, the bench database is dropped here, as the caller never gets it.
 */
export async function migratedConnection(database: BenchDatabase): Promise<Db> {
  const { target } = database;
  const db = createDatabase(target);
  try {
    await migrateToLatest(db, target.kind === 'postgres' ? target.schema : undefined);
  } catch (error) {
    await db.destroy();
    await database.drop();
    throw error;
  }
  return db;
}

/** The real server on a free loopback port, on the bench database, with `admin` as its first admin. */
export async function startBenchServer(
  database: BenchDatabase,
  admin: { email: string; password: string },
): Promise<{ server: ChildProcess; base: string }> {
  const port = await benchPort();
  const server = await startServer({ port, dataDir: database.dataDir, admin, env: database.serverEnv });
  return { server, base: `http://127.0.0.1:${port}` };
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 2xx, connection errors and timeouts. */
  errors: number;
  /** The server's own CPU time per answer (Linux), which other work on the machine barely moves. */
  serverCpuMicros: number | null;
}

/** user + system CPU time of a process in microseconds, from /proc (Linux); null elsewhere. */
export function cpuMicros(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}

/** The resident memory of a process in MB, from /proc (Linux); 0 once it has ended. */
export function rssMb(pid: number): number {
  try {
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(rss?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** One request as autocannon builds it: what a target's setupRequest receives and answers. */
export interface LoadRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface LoadTarget {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** GET when unset. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The same body on every request, unless setupRequest makes each one. */
  body?: string;
  /**
   * Makes each request from the target's (autocannon's `requests[].setupRequest`): a write that
   * must differ every time (another student's token, the next seq) cannot be one fixed request.
   */
  setupRequest?: (request: LoadRequest) => LoadRequest;
  /** Sees every answer's status and body, e.g. to count writes the answer says were not applied. */
  onResponse?: (status: number, body: string) => void;
  /** The process answering, whose CPU time is read (else options.serverPid). */
  pid?: number;
}

/** The value below which `p` percent of the sorted values lie. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/**
 * Resolves once the process at `url`'s origin answers at once again (any status), three times in a
 * row: requests it had read when autocannon stopped are still served after the turn, and would
 * otherwise be served during the next target's turn, on that target's time (and, where both write
 * one SQLite file, as a second writer beside it).
 */
async function settled(url: string): Promise<void> {
  const origin = new URL(url).origin;
  for (let quick = 0, tries = 0; quick < 3 && tries < 200; tries += 1) {
    const started = performance.now();
    try {
      await (await fetch(origin)).arrayBuffer();
    } catch {
      // a connection refused says nothing is queued either
    }
    quick = performance.now() - started < 20 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Loads each target in turn, `rounds` times, `secondsPerRound` each, with `connections` keep-alive
 * connections. Taking turns in short slices means a burst of other work on the machine falls on
 * every target alike, so their ratio holds even where absolute numbers wobble.
 */
export async function loadInTurns(
  targets: LoadTarget[],
  options: { connections: number; rounds: number; secondsPerRound: number; serverPid?: number },
): Promise<Map<string, LoadResult>> {
  const tallies = new Map(targets.map((t) => [t.name, { times: [] as number[], errors: 0, seconds: 0, cpu: 0 as number | null }]));
  for (let round = 0; round < options.rounds; round += 1) {
    for (const target of targets) {
      const tally = tallies.get(target.name);
      if (!tally) continue;
      const instance = autocannon({
        url: target.url,
        connections: options.connections,
        duration: options.secondsPerRound,
        headers: target.headers ?? {},
        ...(target.method ? { method: target.method } : {}),
        ...(target.body !== undefined ? { body: target.body } : {}),
        ...(target.setupRequest || target.onResponse
          ? { requests: [{ ...(target.setupRequest ? { setupRequest: target.setupRequest } : {}), ...(target.onResponse ? { onResponse: target.onResponse } : {}) }] }
          : {}),
      });
      instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
        if (status >= 200 && status < 300) tally.times.push(responseTime);
        else tally.errors += 1;
      });
      const pid = target.pid ?? options.serverPid;
      const cpuBefore = cpuMicros(pid);
      const result = await instance;
      await settled(target.url);
      const cpuAfter = cpuMicros(pid);
      tally.cpu = tally.cpu === null || cpuBefore === null || cpuAfter === null ? null : tally.cpu + cpuAfter - cpuBefore;
      tally.errors += result.errors + result.timeouts;
      tally.seconds += result.duration;
    }
  }
  const results = new Map<string, LoadResult>();
  for (const [name, tally] of tallies) {
    const sorted = tally.times.sort((a, b) => a - b);
    results.set(name, {
      requestsPerSecond: sorted.length / tally.seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      errors: tally.errors,
      serverCpuMicros: tally.cpu === null || sorted.length === 0 ? null : tally.cpu / sorted.length,
    });
  }
  return results;
}
