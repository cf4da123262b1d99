import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { root } from './server';

// The local push service (apps/server/test/fake-push-service.ts) as a process of its own, as the
// browser suite runs it: it verifies each push's VAPID token and decrypts its body, so a push it
// counts as received is one a browser would have shown. Steered through its JSON control API.

export interface PushServiceProcess {
  child: ChildProcess;
  /** https://127.0.0.1:<port>, for PUSH_TEST_ORIGIN. */
  origin: string;
  /** Its certificate, for PUSH_TEST_CA_FILE. */
  caFile: string;
  /** The plain-http control API. */
  control: string;
  stop: () => Promise<void>;
}

export interface BrowserSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  payload: unknown;
  at: string;
}

/** Starts the service in a process group of its own and resolves with the line it prints. */
export async function startPushService(): Promise<PushServiceProcess> {
  const child = spawn('npx', ['tsx', 'apps/server/test/fake-push-service.ts', '--port', '0', '--control-port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const stop = async () => {
    if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  };
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the push service exited with ${String(code)} before it started`)));
  });
  const started = JSON.parse(first) as { origin: string; caFile: string; control: string };
  return { child, ...started, stop };
}

async function control<T>(service: PushServiceProcess, method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${service.control}${route}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`the push service's ${method} ${route} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** What pushManager.subscribe() gives a browser, made by the push service for `applicationServerKey`. */
export function subscribeDevice(service: PushServiceProcess, applicationServerKey: string): Promise<BrowserSubscription> {
  return control(service, 'POST', '/subscribe', { applicationServerKey });
}

/** Scripts one endpoint: gone (404 or 410 from now on), or its next `failTimes` pushes answering `status`. */
export async function scriptEndpoint(service: PushServiceProcess, script: { endpoint: string; gone?: 404 | 410; failTimes?: number; status?: number }): Promise<void> {
  await control(service, 'POST', '/script', script);
}

/** Every push the service accepted and decrypted so far. */
export function receivedPushes(service: PushServiceProcess): Promise<ReceivedPush[]> {
  return control(service, 'GET', '/received');
}

/** CPU time (user + system, µs) of every process of the service's group: npx, tsx and the service under them. */
export function pushServiceCpuMicros(service: PushServiceProcess): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const after = fields.slice(fields.lastIndexOf(')') + 2).split(' ');
      // After the name: state, ppid, pgrp, ... utime and stime are the 12th and 13th, in 10 ms ticks.
      if (Number(after[2]) === service.child.pid) total += (Number(after[11]) + Number(after[12])) * 10_000;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}
