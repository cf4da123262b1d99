import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real server for the benchmarks: apps/server/src/server.ts in a child process.

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

export interface BenchServer {
  port: number;
  dataDir: string;
  admin: { email: string; password: string };
  /** More settings, e.g. DATABASE_URL. */
  env?: Record<string, string>;
}

/** Starts the server on loopback and resolves once /api/health answers. */
export function startServer({ port, dataDir, admin, env: extra = {} }: BenchServer): Promise<ChildProcess> {
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    ...extra,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        const response = await fetch(`http://127.0.0.1:${env.PORT}/api/health`);
        if (response.ok) return resolve(child);
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}`));
      if (Date.now() > deadline) return reject(new Error('server did not start in 60 s'));
      setTimeout(poll, 200);
    };
    void poll();
  });
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
