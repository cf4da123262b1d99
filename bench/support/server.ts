import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIFTED_BUDGETS } from '../../apps/server/test/lifted-budgets';

// The real server for the benchmarks, started with `npm start` as the README tells a user (it
// builds what is stale first, then runs the built server under plain node), with the README's
// defaults. A benchmark loads the server from one address far past any client's request budget,
// so every start here lifts the budgets (RATE_LIMIT_*) and says so. Beside it, the references a
// bench compares with in the same run: a bare Fastify process for API routes (bare-fastify.mjs),
// and one running the papers' answer upsert on the portal's database (bare-answer-writer.mjs).

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The next port of BENCH_PORTS ('19200-19299'), or any free one when it is unset. */
let nextPort = 0;
export async function benchPort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PORTS ?? '');
  if (!range) return freePort();
  const [first, last] = [Number(range[1]), Number(range[2])];
  if (first + nextPort > last) throw new Error(`BENCH_PORTS ${first}-${last} has no port left`);
  return first + nextPort++;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The admin every benchmark's server is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { email: 'bench-admin@academy.test', password: 'bench-admin-password' };

export interface BenchServer {
  port: number;
  dataDir: string;
  admin: { email: string; password: string };
  /** More settings, e.g. DATABASE_URL. */
  env?: Record<string, string>;
}

function serverEnv({ port, dataDir, admin, env = {} }: BenchServer): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    ...LIFTED_BUDGETS,
    ...env,
  };
}

let saidSo = false;
function sayBudgetsLifted(): void {
  if (saidSo) return;
  saidSo = true;
  console.log('(request budgets lifted with RATE_LIMIT_*: all load comes from one address)');
}

/** Resolves with `child` once /api/health on `port` answers; rejects if it exits or takes 60 s. */
function healthy(child: ChildProcess, port: number, startSeconds = 60): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + startSeconds * 1000;
    const poll = async () => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      if (Date.now() > deadline) return reject(new Error(`server did not start in ${startSeconds} s`));
      setTimeout(poll, 25);
    };
    void poll();
  });
}

/**
 * `npm start` at the repository root, exactly as the README tells a user, resolved once
 * /api/health answers. It runs in a process group of its own, so stopServer ends npm, the start
 * script and the server under it together.
 */
export function startServer(server: BenchServer): Promise<ChildProcess> {
  sayBudgetsLifted();
  // The server logs at the README's level (info, a line per request) into a file, as a deployment's
  // would go to its journal; an error answer under load is explained there.
  const log = path.join(server.dataDir, 'server.log');
  console.log(`(the server's log: ${log})`);
  const logFile = openSync(log, 'a');
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, ...serverEnv(server) },
    stdio: ['ignore', logFile, 'inherit'],
    detached: true,
  });
  closeSync(logFile);
  // A first start builds the web app (about a minute on two cores).
  return healthy(child, server.port, 300);
}

/**
 * The process id of the server itself (node on dist/server.js) in a startServer group, whose
 * first process is npm: what memory and CPU are read from (Linux /proc).
 */
export function serverProcessId(child: ChildProcess): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const groupId = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (groupId === child.pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('dist/server.js')) return Number(entry);
    } catch {
      // the process ended meanwhile
    }
  }
  throw new Error(`no dist/server.js process in the group of ${child.pid}`);
}

/** Ends a startServer group (SIGTERM, then SIGKILL after 10 s) and waits for its first process. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  // Ended already: with a code, or by a signal (then exitCode stays null and 'exit' never comes again).
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const group = -child.pid;
  process.kill(group, 'SIGTERM');
  const force = setTimeout(() => {
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 10_000);
  await exited;
  // npm can exit on the signal while the server under it is still closing (and answering 503 to
  // a kept-alive connection): stopped means no process of the group is left. Bounded, since a
  // process nobody reaps would stay in the group as a zombie.
  const deadline = Date.now() + 10_000;
  while (groupAlive(group) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  clearTimeout(force);
}

/** Whether any process of the group is still running (signal 0 checks without sending one). */
function groupAlive(group: number): boolean {
  try {
    process.kill(group, 0);
    return true;
  } catch {
    return false;
  }
}

export interface BareRoute {
  url: string;
  contentType: string;
  body: string;
}

interface BareProcess {
  child: ChildProcess;
  base: string;
  stop: () => Promise<void>;
}

/** A bare Fastify process answering `routes` with exactly these bytes (bare-fastify.mjs). */
export async function startBareFastify(routes: BareRoute[]): Promise<BareProcess> {
  return startBareScript('bare-fastify.mjs', { routes }, routes[0]?.url ?? '/');
}

/** Where the bare answer writer writes: the portal's own database, SQLite's file or PostgreSQL's URL. */
export type BareAnswerWriterOptions = ({ sqliteFile: string } | { databaseUrl: string }) & {
  /** What the portal's answer says beside the seqs, so both answer the same bytes. */
  answer: { message: string; deadline: string; acceptedUntil: string };
};

/** A bare Fastify process running the portal's answer upsert on the same database (bare-answer-writer.mjs). */
export async function startBareAnswerWriter(options: BareAnswerWriterOptions): Promise<BareProcess> {
  return startBareScript('bare-answer-writer.mjs', options, '/');
}

/**
 * `bench/support/<script>` on a port of its own, given `config` and the port as a JSON file, once
 * it answers `readyPath` at all (a 404 still says it listens).
 */
async function startBareScript(script: string, config: object, readyPath: string): Promise<BareProcess> {
  const port = await benchPort();
  const folder = mkdtempSync(path.join(tmpdir(), 'academy-bench-bare-'));
  const file = path.join(folder, 'config.json');
  writeFileSync(file, JSON.stringify({ port, ...config }));
  const child = spawn(process.execPath, [path.join(root, 'bench/support', script), file], { stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      await fetch(`${base}${readyPath}`);
      break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || i > 100) throw new Error(`the bare reference ${script} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  return { child, base, stop };
}

/**
 * What the Lighthouse benchmarks share: the real server on a fresh data folder (npm start builds
 * the web app when stale), `run` against it, the server stopped and the folder removed after. `run`
 * answers whether every goal was met; the exit code says so.
 */
export async function runAgainstServer(name: string, admin: BenchServer['admin'], run: (base: string) => Promise<boolean>): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `academy-bench-${name}-`));
  const port = await benchPort();
  let server: ChildProcess | undefined;
  try {
    server = await startServer({ port, dataDir, admin });
    const met = await run(`http://127.0.0.1:${port}`);
    console.log(met ? '\nEvery goal met.' : '\nA goal was missed.');
    process.exitCode = met ? 0 : 1;
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
