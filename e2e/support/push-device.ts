import { expect, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { NOTIFICATIONS_PATHS, type Preferences } from '@academy/contract';
import { subscribeDevice } from './fake-push';

// A browser's push device for the notifications spec. Headless Chromium reaches no real push
// service, so PushManager's subscribe and getSubscription are replaced in the page by stand-ins: the
// subscription they answer is one the run's local push service made (fake-push.ts) for the key the
// page asked with, so the server's pushes to it are verified and decrypted there. Each call of
// subscribe is recorded with its options, for the spec to check when and how it was asked.
// The Debian headless shell also denies notifications outright (Notification.permission is
// 'denied' whatever the context grants), so the permission is a stand-in too: 'default' until
// requestPermission is called, which records the call and grants.

export interface SubscribeCall {
  userVisibleOnly: boolean;
  /** base64url, as the server's pushKey. */
  applicationServerKey: string;
}

const KEPT = '__standInPushSubscription';

/** Installs the stand-ins in every page of the context, before the portal's own scripts. */
export async function standInPushManager(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__pushServiceSubscribe', (_source, key: string) => subscribeDevice(key));
  await context.addInitScript((kept) => {
    type Made = { endpoint: string; keys: { p256dh: string; auth: string }; key: string };
    const scope = window as unknown as { __pushSubscribeCalls: unknown[]; __pushServiceSubscribe: (key: string) => Promise<Omit<Made, 'key'>> };
    const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const fromBase64Url = (text: string) => {
      const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
      return Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0)).buffer;
    };
    const keyText = (key: BufferSource | string | null | undefined) => {
      if (typeof key === 'string') return key;
      if (!key) return '';
      return toBase64Url(key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array(key.buffer, key.byteOffset, key.byteLength));
    };
    const asSubscription = (made: Made) => ({
      endpoint: made.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromBase64Url(made.key) },
      getKey: (name: 'p256dh' | 'auth') => fromBase64Url(made.keys[name]),
      toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }),
      unsubscribe: () => {
        localStorage.removeItem(kept);
        return Promise.resolve(true);
      },
    });
    scope.__pushSubscribeCalls = [];
    if (typeof PushManager === 'undefined' || typeof Notification === 'undefined') return;
    const permissionKept = `${kept}:permission`;
    const permissionScope = window as unknown as { __permissionRequests: number };
    permissionScope.__permissionRequests = 0;
    Object.defineProperty(Notification, 'permission', { configurable: true, get: () => localStorage.getItem(permissionKept) ?? 'default' });
    Notification.requestPermission = () => {
      permissionScope.__permissionRequests += 1;
      localStorage.setItem(permissionKept, 'granted');
      return Promise.resolve('granted');
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = keyText(options?.applicationServerKey);
      scope.__pushSubscribeCalls.push({ userVisibleOnly: options?.userVisibleOnly === true, applicationServerKey: key });
      const made = { ...(await scope.__pushServiceSubscribe(key)), key };
      localStorage.setItem(kept, JSON.stringify(made));
      return asSubscription(made) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = function () {
      const made = localStorage.getItem(kept);
      return Promise.resolve(made ? (asSubscription(JSON.parse(made) as Made) as unknown as PushSubscription) : null);
    };
  }, KEPT);
}

/** How many times the page asked for the notification permission. */
export function permissionRequests(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __permissionRequests: number }).__permissionRequests);
}

export function subscribeCalls(page: Page): Promise<SubscribeCall[]> {
  return page.evaluate(() => (window as unknown as { __pushSubscribeCalls: SubscribeCall[] }).__pushSubscribeCalls);
}

/** The endpoint the stand-in handed this browser, or null. */
export function deviceEndpoint(page: Page): Promise<string | null> {
  return page.evaluate((kept) => {
    const made = localStorage.getItem(kept);
    return made ? (JSON.parse(made) as { endpoint: string }).endpoint : null;
  }, KEPT);
}

/** Waits until the portal's service worker is active, so the card finds its registration. */
export async function workerReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/** The Profile page's Notifications card. */
export const settingsCard = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** The caller's preferences, as the card read them (the page's own session). */
export async function preferencesOf(page: Page): Promise<Preferences> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(`/api/${NOTIFICATIONS_PATHS.preferences}`, { headers: { authorization: `Bearer ${token ?? ''}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Preferences }).data;
}

/**
 * The headless shell shows no notification (its permission is denied), so the portal's worker is
 * served with a preamble that replaces its registration's showNotification and getNotifications:
 * what it is asked to show is kept and posted to the open pages as {type: 'shown', …}. Everything
 * else the worker does with a push (reading it, its tag and summary rules, telling the pages) runs
 * as shipped. Routed before the page registers the worker, and served on every restart of it.
 */
export async function recordWorkerNotifications(context: BrowserContext): Promise<void> {
  const preamble = `(() => {
    let shown = [];
    const registration = Object.getPrototypeOf(self.registration);
    registration.showNotification = async function (title, options = {}) {
      shown = [...shown.filter((old) => !options.tag || old.tag !== options.tag), { title, ...options }];
      const record = { type: 'shown', title, body: options.body ?? '', icon: options.icon ?? '', tag: options.tag ?? '', url: options.data?.url ?? '' };
      for (const page of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) page.postMessage(record);
    };
    registration.getNotifications = async function (filter = {}) {
      return shown.filter((old) => !filter.tag || old.tag === filter.tag);
    };
  })();\n`;
  await context.route('**/sw.js', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: preamble + (await response.text()) });
  });
}

/** Starts keeping the messages the service worker posts to this page. */
export async function keepWorkerMessages(page: Page): Promise<() => Promise<unknown[]>> {
  await page.evaluate(() => {
    const scope = window as unknown as { __workerMessages: unknown[] };
    scope.__workerMessages = [];
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => scope.__workerMessages.push(event.data));
  });
  return () => page.evaluate(() => (window as unknown as { __workerMessages: unknown[] }).__workerMessages);
}

/** The portal's service worker registration id, as DevTools names it, once the worker is registered. */
export async function workerRegistrationId(cdp: CDPSession, origin: string): Promise<string> {
  let id: string | null = null;
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    const found = registrations.find((registration) => !registration.isDeleted && registration.scopeURL.startsWith(origin));
    if (found) id = found.registrationId;
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => id, { message: 'the service worker registration' }).not.toBeNull();
  return id as unknown as string;
}
