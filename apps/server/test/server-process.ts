import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { engineUnderTest } from './engine-under-test';
import { LIFTED_BUDGETS } from './lifted-budgets';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Waits for the process to end, after a signal or on its own. */
  exited: Promise<number | null>;
  /** Everything the process wrote so far, standard output and error (its logs). */
  output: () => string;
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

/** How long a server process may take to answer /api/health. */
export const START_SECONDS = 90;

/** The real server as its own process (src/server.ts), ready once /api/health answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // A server process opens a database: never in a file that claims to open none.
  engineUnderTest();
  const port = await freePort();
  // The server as `npm start` runs it, bundled once per project (test/server-bundle.ts).
  const child = spawn(process.execPath, [inject('serverEntry')], {
    cwd: serverRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...LIFTED_BUDGETS, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const output = () => `${stdout}${stderr}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // On a machine busy with the whole suite (both engines' server suites and the browser specs on
  // two cores) a start has taken over 30 s.
  const deadline = Date.now() + START_SECONDS * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited during start: ${stderr}`);
    const up = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (up) return { url, child, exited, output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer /api/health within ${START_SECONDS} s: ${output()}`);
}
