import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// The local push service of the browser suite (apps/server/test/fake-push-service.ts as a process):
// every portal of the run sends its pushes there (PUSH_TEST_ORIGIN, trusted through
// PUSH_TEST_CA_FILE), and it verifies each VAPID token and decrypts each body as a browser would.
// Started once, before the config's webServer (which Playwright starts before any global setup);
// its address travels in E2E_PUSH_SERVICE, which the workers and fresh portals inherit.

export interface PushService {
  /** https://127.0.0.1:<port>, for PUSH_TEST_ORIGIN. */
  origin: string;
  /** Its certificate, for PUSH_TEST_CA_FILE. */
  caFile: string;
  /** The plain-http control API: POST /subscribe, GET /received, POST /script. */
  control: string;
}

export interface DeviceSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  payload: unknown;
  at: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The run's push service, as E2E_PUSH_SERVICE names it; null where none was started. */
export function pushService(): PushService | null {
  const named = process.env.E2E_PUSH_SERVICE;
  return named ? (JSON.parse(named) as PushService) : null;
}

/** Starts the service unless this run already has one, and stops it (its whole process group) when the run ends. */
export async function startPushServiceOnce(): Promise<PushService> {
  const present = pushService();
  if (present) return present;
  const child = spawn('npx', ['tsx', 'apps/server/test/fake-push-service.ts', '--port', '0', '--control-port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  process.once('exit', () => {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the push service exited with ${String(code)} before it started`)));
  });
  child.unref();
  (child.stdout as unknown as { unref?: () => void }).unref?.();
  const started = JSON.parse(line) as PushService;
  process.env.E2E_PUSH_SERVICE = JSON.stringify(started);
  return started;
}

/** The settings that send a portal's pushes to the run's push service, and its e-mails' links to `baseURL`. */
export function pushEnv(baseURL: string): Record<string, string> {
  const service = pushService();
  if (!service) return {};
  return { PUSH_TEST_ORIGIN: service.origin, PUSH_TEST_CA_FILE: service.caFile, PUBLIC_URL: baseURL };
}

async function control<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const service = pushService();
  if (!service) throw new Error('no push service in this run (E2E_PUSH_SERVICE is not set)');
  const response = await fetch(`${service.control}${route}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`the push service's ${method} ${route} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** What pushManager.subscribe() gives a browser, made by the push service for `applicationServerKey`. */
export function subscribeDevice(applicationServerKey: string): Promise<DeviceSubscription> {
  return control('POST', '/subscribe', { applicationServerKey });
}

/** Every push the service accepted and decrypted so far. */
export function receivedPushes(): Promise<ReceivedPush[]> {
  return control('GET', '/received');
}

/** The pushes the service accepted for one endpoint (its id is the endpoint's last segment). */
export async function pushesTo(endpoint: string): Promise<ReceivedPush[]> {
  const id = endpoint.slice(endpoint.lastIndexOf('/') + 1);
  return (await receivedPushes()).filter((push) => push.subscriptionId === id);
}
