import { pushControl, spawnPushService, type BrowserSubscription, type PushServiceAddress, type ReceivedPush } from '../../apps/server/test/fake-push-process';

// The local push service of the browser suite (apps/server/test/fake-push-service.ts as a process):
// every portal of the run sends its pushes there (PUSH_TEST_ORIGIN, trusted through
// PUSH_TEST_CA_FILE), and it verifies each VAPID token and decrypts each body as a browser would.
// Started once, before the config's webServer (which Playwright starts before any global setup);
// its address travels in E2E_PUSH_SERVICE, which the workers and fresh portals inherit.

export type PushService = PushServiceAddress;
export type DeviceSubscription = BrowserSubscription;
export type { ReceivedPush };

/** The run's push service, as E2E_PUSH_SERVICE names it; null where none was started. */
export function pushService(): PushService | null {
  const named = process.env.E2E_PUSH_SERVICE;
  return named ? (JSON.parse(named) as PushService) : null;
}

/** Starts the service unless this run already has one, and stops it (its whole process group) when the run ends. */
export async function startPushServiceOnce(): Promise<PushService> {
  const present = pushService();
  if (present) return present;
  const { child, address } = await spawnPushService();
  process.once('exit', () => {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  });
  child.unref();
  (child.stdout as unknown as { unref?: () => void }).unref?.();
  process.env.E2E_PUSH_SERVICE = JSON.stringify(address);
  return address;
}

/** The settings that send a portal's pushes to the run's push service, and its e-mails' links to `baseURL`. */
export function pushEnv(baseURL: string): Record<string, string> {
  const service = pushService();
  if (!service) return {};
  return { PUSH_TEST_ORIGIN: service.origin, PUSH_TEST_CA_FILE: service.caFile, PUBLIC_URL: baseURL };
}

/** The run's push service's control API. */
function control() {
  const service = pushService();
  if (!service) throw new Error('no push service in this run (E2E_PUSH_SERVICE is not set)');
  return pushControl(service.control);
}

/** What pushManager.subscribe() gives a browser, made by the push service for `applicationServerKey`. */
export function subscribeDevice(applicationServerKey: string): Promise<DeviceSubscription> {
  return control().subscribe(applicationServerKey);
}

/** Every push the service accepted and decrypted so far. */
export function receivedPushes(): Promise<ReceivedPush[]> {
  return control().received();
}

/** The pushes the service accepted for one endpoint (its id is the endpoint's last segment). */
export async function pushesTo(endpoint: string): Promise<ReceivedPush[]> {
  const id = endpoint.slice(endpoint.lastIndexOf('/') + 1);
  return (await receivedPushes()).filter((push) => push.subscriptionId === id);
}
