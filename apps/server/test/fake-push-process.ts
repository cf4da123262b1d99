import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FakeSubscription, ReceivedPush as ReceivedByService } from './fake-push-service';

// The local push service (fake-push-service.ts) as a process of its own, for what runs outside
// the server's test process: the browser suite's portals and bench:notify send their pushes to
// it, and steer it through its plain-http JSON control API.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** What the service prints once it listens: its https origin, its certificate and its control API. */
export interface PushServiceAddress {
  /** https://127.0.0.1:<port>, for PUSH_TEST_ORIGIN. */
  origin: string;
  /** Its certificate, for PUSH_TEST_CA_FILE. */
  caFile: string;
  /** The plain-http control API: POST /subscribe, GET /received, POST /script. */
  control: string;
}

/** What pushManager.subscribe() gives a browser: the service's own shape. */
export type BrowserSubscription = FakeSubscription;
/** A push the service accepted and decrypted, as its control API answers it. */
export type ReceivedPush = ReceivedByService;

/** Starts the service in a process group of its own (stopped with `process.kill(-pid)`), once it listens. */
export async function spawnPushService(): Promise<{ child: ChildProcess; address: PushServiceAddress }> {
  const child = spawn('npx', ['tsx', 'apps/server/test/fake-push-service.ts', '--port', '0', '--control-port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the push service exited with ${String(code)} before it started`)));
  });
  return { child, address: JSON.parse(line) as PushServiceAddress };
}

/** The service's control API at `controlUrl`. */
export function pushControl(controlUrl: string) {
  async function call<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
    const response = await fetch(`${controlUrl}${route}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`the push service's ${method} ${route} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }
  return {
    /** What pushManager.subscribe() gives a browser, made by the service for `applicationServerKey`. */
    subscribe: (applicationServerKey: string) => call<BrowserSubscription>('POST', '/subscribe', { applicationServerKey }),
    /** Scripts one endpoint: gone (404 or 410 from now on), or its next `failTimes` pushes answering `status`. */
    script: async (script: { endpoint: string; gone?: 404 | 410; failTimes?: number; status?: number }) => {
      await call('POST', '/script', script);
    },
    /** Every push the service accepted and decrypted so far. */
    received: () => call<ReceivedPush[]>('GET', '/received'),
  };
}
