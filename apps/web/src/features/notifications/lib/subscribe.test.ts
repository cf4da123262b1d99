import type { PushSubscriptionBody } from '@academy/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes, subscribedWithKey, syncPushSubscription, turnOffPush, turnOnPush, type PushServer } from './subscribe';

const OLD_KEY = 'AQID_-8';
const NEW_KEY = 'BAUG';

/** A stand-in for the browser's permission prompt, which answers only while a tap is being handled. */
function promptOnlyInTap(answer: NotificationPermission) {
  const prompt = { inTap: false, permission: 'default' as NotificationPermission, requestPermission: vi.fn() };
  prompt.requestPermission.mockImplementation(() => {
    if (!prompt.inTap) throw new Error('requestPermission outside a user gesture');
    prompt.permission = answer;
    return Promise.resolve(answer);
  });
  vi.stubGlobal('Notification', prompt);
  return prompt;
}

/** Runs what a click handler runs, with the tap in progress only while it runs synchronously. */
function tap<T>(prompt: { inTap: boolean }, handler: () => Promise<T>): Promise<T> {
  prompt.inTap = true;
  try {
    return handler();
  } finally {
    prompt.inTap = false;
  }
}

function fakeSubscription(endpoint: string, key: string | null) {
  return {
    endpoint,
    expirationTime: null,
    options: { applicationServerKey: key === null ? null : base64UrlToBytes(key).buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, keys: { p256dh: `p256dh-of-${endpoint}`, auth: `auth-of-${endpoint}` } }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };
}
type FakeSubscription = ReturnType<typeof fakeSubscription>;

function fakePushManager(present: FakeSubscription | null) {
  let current = present;
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(current)),
    subscribe: vi.fn((options: PushSubscriptionOptionsInit) => {
      current = fakeSubscription('https://fcm.googleapis.com/fcm/send/new', null);
      current.options.applicationServerKey = (options.applicationServerKey as Uint8Array<ArrayBuffer>).buffer;
      return Promise.resolve(current);
    }),
  };
  return { pushManager, asBrowser: pushManager as unknown as PushManager };
}

function fakeServer() {
  const saved: PushSubscriptionBody[] = [];
  const server = { save: vi.fn((body: PushSubscriptionBody) => Promise.resolve(saved.push(body))), remove: vi.fn(() => Promise.resolve(null)) };
  return { server: server satisfies PushServer, saved };
}

afterEach(() => vi.unstubAllGlobals());

describe('the key', () => {
  it('turns base64url, padded or not, into bytes', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
    expect([...base64UrlToBytes('AQID_-8=')]).toEqual([1, 2, 3, 255, 239]);
    expect(base64UrlToBytes('BAUG')).toBeInstanceOf(Uint8Array);
  });

  it('tells whether a subscription was made with the server key', () => {
    expect(subscribedWithKey(fakeSubscription('a', OLD_KEY) as unknown as PushSubscription, OLD_KEY)).toBe(true);
    expect(subscribedWithKey(fakeSubscription('a', OLD_KEY) as unknown as PushSubscription, NEW_KEY)).toBe(false);
    expect(subscribedWithKey(fakeSubscription('a', 'AQID') as unknown as PushSubscription, OLD_KEY)).toBe(false);
    expect(subscribedWithKey(fakeSubscription('a', null) as unknown as PushSubscription, OLD_KEY)).toBe(false);
  });
});

describe('turnOnPush', () => {
  it('asks inside the tap, subscribes user-visible with the server key and sends the subscription with the language', async () => {
    const prompt = promptOnlyInTap('granted');
    const { pushManager, asBrowser } = fakePushManager(null);
    const { server, saved } = fakeServer();

    await expect(tap(prompt, () => turnOnPush({ pushManager: asBrowser, pushKey: NEW_KEY, language: 'si', server }))).resolves.toBe('granted');

    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(NEW_KEY) });
    expect(saved).toEqual([
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/new',
        keys: { p256dh: 'p256dh-of-https://fcm.googleapis.com/fcm/send/new', auth: 'auth-of-https://fcm.googleapis.com/fcm/send/new' },
        expirationTime: null,
        language: 'si',
      },
    ]);
  });

  it('cannot ask outside a tap', async () => {
    promptOnlyInTap('granted');
    const { asBrowser } = fakePushManager(null);
    expect(() => turnOnPush({ pushManager: asBrowser, pushKey: NEW_KEY, language: 'en', server: fakeServer().server })).toThrow(/user gesture/);
  });

  it('subscribes nothing and sends nothing when the student blocks', async () => {
    const prompt = promptOnlyInTap('denied');
    const { pushManager, asBrowser } = fakePushManager(null);
    const { server } = fakeServer();
    await expect(tap(prompt, () => turnOnPush({ pushManager: asBrowser, pushKey: NEW_KEY, language: 'en', server }))).resolves.toBe('denied');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.save).not.toHaveBeenCalled();
  });
});

describe('syncPushSubscription (each start)', () => {
  it('refreshes the server record of a subscription made with the same key, without asking or subscribing', async () => {
    const prompt = promptOnlyInTap('granted');
    prompt.permission = 'granted';
    const present = fakeSubscription('https://fcm.googleapis.com/fcm/send/old', OLD_KEY);
    const { pushManager, asBrowser } = fakePushManager(present);
    const { server, saved } = fakeServer();

    await syncPushSubscription({ pushManager: asBrowser, pushKey: OLD_KEY, language: 'en', server });
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(present.unsubscribe).not.toHaveBeenCalled();
    expect(saved.map((body) => body.endpoint)).toEqual(['https://fcm.googleapis.com/fcm/send/old']);
    expect(prompt.requestPermission).not.toHaveBeenCalled();
  });

  it('subscribes again when the server key changed, and sends the new subscription', async () => {
    const prompt = promptOnlyInTap('granted');
    prompt.permission = 'granted';
    const present = fakeSubscription('https://fcm.googleapis.com/fcm/send/old', OLD_KEY);
    const { pushManager, asBrowser } = fakePushManager(present);
    const { server, saved } = fakeServer();

    await syncPushSubscription({ pushManager: asBrowser, pushKey: NEW_KEY, language: 'en', server });
    expect(present.unsubscribe).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(NEW_KEY) });
    expect(saved.map((body) => body.endpoint)).toEqual(['https://fcm.googleapis.com/fcm/send/new']);
  });

  it('does nothing where push was never turned on', async () => {
    promptOnlyInTap('granted');
    const { pushManager, asBrowser } = fakePushManager(null);
    const { server } = fakeServer();
    await expect(syncPushSubscription({ pushManager: asBrowser, pushKey: NEW_KEY, language: 'en', server })).resolves.toBeNull();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.save).not.toHaveBeenCalled();
  });
});

describe('turnOffPush (the button and Log Out)', () => {
  it('has the server forget the endpoint and ends the subscription, even when the server cannot be reached', async () => {
    for (const reachable of [true, false]) {
      const present = fakeSubscription('https://fcm.googleapis.com/fcm/send/old', OLD_KEY);
      const { asBrowser } = fakePushManager(present);
      const { server } = fakeServer();
      if (!reachable) server.remove.mockImplementation(() => Promise.reject(new TypeError('offline')));

      const turnedOff = turnOffPush(asBrowser, server);
      await (reachable ? expect(turnedOff).resolves.toBeUndefined() : expect(turnedOff).rejects.toThrow('offline'));
      expect(server.remove).toHaveBeenCalledWith('https://fcm.googleapis.com/fcm/send/old');
      expect(present.unsubscribe).toHaveBeenCalled();
    }
  });
});
