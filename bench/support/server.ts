import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIFTED_BUDGETS } from '../../apps/server/test/lifted-budgets';

// The real server for the benchmarks, in a child process: apps/server/src/server.ts directly, or
// `npm start` as a user runs it. A benchmark loads the server from one address far past any
// client's request budget, so every start here lifts the budgets (RATE_LIMIT_*) and says so.

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

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
    LOG_LEVEL: 'warn',
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
      setTimeout(poll, 200);
    };
    void poll();
  });
}

/** Starts apps/server/src/server.ts on loopback and resolves once /api/health answers. */
export function startServer(server: BenchServer): Promise<ChildProcess> {
  sayBudgetsLifted();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: { ...process.env, ...serverEnv(server) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return healthy(child, server.port);
}

/**
 * `npm start` at the repository root, exactly as the README tells a user (it builds the web app
 * first when its sources changed). It runs in a process group of its own, so stopUserStart can end
 * the npm, tsx and server processes under it together.
 */
export function startAsUser(server: BenchServer): Promise<ChildProcess> {
  sayBudgetsLifted();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, ...serverEnv(server) },
    // Its logs (warn and above) show, so an error answer under load comes with its reason.
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  return healthy(child, server.port, 300);
}

/** Ends a startAsUser group (SIGTERM, then SIGKILL after 10 s) and waits for its first process. */
export async function stopUserStart(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return;
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
  clearTimeout(force);
}

/**
 * What the Lighthouse benchmarks share: the web app built (unless BENCH_SKIP_BUILD=1), the real
 * server on a fresh data folder (BENCH_PORT or a free port), `run` against it, the server stopped
 * and the folder removed after. `run` answers whether every goal was met; the exit code says so.
 */
export async function runAgainstServer(name: string, admin: BenchServer['admin'], run: (base: string) => Promise<boolean>): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), `academy-bench-${name}-`));
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  let server: ChildProcess | undefined;
  try {
    server = await startServer({ port, dataDir, admin });
    const met = await run(`http://127.0.0.1:${port}`);
    console.log(met ? '\nEvery goal met.' : '\nA goal was missed.');
    process.exitCode = met ? 0 : 1;
  } finally {
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
