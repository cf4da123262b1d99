import { readFileSync } from 'node:fs';
import { runInContext, createContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

// The shipped sw.js, run in a fake worker scope: its push, click and subscription-change handlers
// are driven through their events, as a browser would, with the build's two placeholders filled in.

const ORIGIN = 'https://portal.example';
const SOURCE = readFileSync(new URL('./sw.js', import.meta.url), 'utf8')
  .replace("'__ACADEMY_SW_VERSION__'", "'test'")
  .replace('__ACADEMY_SW_SHELL__', '[]');

interface ShownNotification {
  title: string;
  body?: string;
  icon?: string;
  badge?: string;
  tag?: string;
  lang?: string;
  data?: { ids: string[]; url: string };
  close: () => void;
}

interface FakeWindow {
  url: string;
  focused: boolean;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function fakeWindow(path: string, focused = false): FakeWindow {
  const page: FakeWindow = { url: `${ORIGIN}${path}`, focused, focus: vi.fn(), navigate: vi.fn(), postMessage: vi.fn() };
  page.focus.mockImplementation(() => Promise.resolve(page));
  page.navigate.mockImplementation(() => Promise.resolve(page));
  return page;
}

function worker(options: { windows?: FakeWindow[]; manifest?: unknown } = {}) {
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  const shown: ShownNotification[] = [];
  const windows = options.windows ?? [];
  const scope: Record<string, unknown> = {
    URL,
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    location: new URL(`${ORIGIN}/sw.js`),
    navigator: { language: 'en-GB', setAppBadge: vi.fn(() => Promise.resolve()) },
    fetch: vi.fn(() => (options.manifest ? Promise.resolve({ json: () => Promise.resolve(options.manifest) }) : Promise.reject(new TypeError('offline')))),
    clients: {
      matchAll: vi.fn(() => Promise.resolve(windows)),
      openWindow: vi.fn(() => Promise.resolve(null)),
    },
    registration: {
      showNotification: vi.fn((title: string, details: Omit<ShownNotification, 'title' | 'close'>) => {
        const notification: ShownNotification = { title, ...details, close: () => shown.splice(shown.indexOf(notification), 1) };
        const replaced = shown.findIndex((other) => details.tag !== undefined && other.tag === details.tag);
        if (replaced >= 0) shown.splice(replaced, 1, notification);
        else shown.push(notification);
        return Promise.resolve();
      }),
      getNotifications: vi.fn((filter?: { tag?: string }) => Promise.resolve(shown.filter((item) => !filter?.tag || item.tag === filter.tag))),
      pushManager: { subscribe: vi.fn(() => Promise.resolve({})) },
    },
  };
  scope.self = scope;
  createContext(scope);
  runInContext(SOURCE, scope);

  async function dispatch(type: string, event: Record<string, unknown>): Promise<void> {
    const pending: Promise<unknown>[] = [];
    for (const listener of listeners.get(type) ?? []) listener({ ...event, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  }
  const push = (payload: unknown) => {
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return dispatch('push', { data: { json: () => JSON.parse(text) as unknown } });
  };
  const click = (notification: Partial<ShownNotification>) => {
    const close = vi.fn();
    return dispatch('notificationclick', { notification: { ...notification, close } }).then(() => close);
  };
  return { scope, shown, windows, dispatch, push, click, clients: scope.clients as { openWindow: ReturnType<typeof vi.fn> } };
}

function lesson(id: string, title = `New lesson ${id}`) {
  return { id, kind: 'lesson.new', title, body: 'Physics: Waves', url: `/#/n/${id}`, unread: 4, lang: 'en', at: '2026-11-27T10:00:00.000Z' };
}

describe('push', () => {
  it('shows the title, text, icon, badge and tag, keeps its link, and tells open pages the unread count', async () => {
    const page = fakeWindow('/#/message');
    const sw = worker({ windows: [page] });
    await sw.push(lesson('r1'));

    expect(sw.shown).toHaveLength(1);
    expect(sw.shown[0]).toMatchObject({
      title: 'New lesson r1',
      body: 'Physics: Waves',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-72.png',
      tag: 'lesson.new',
      lang: 'en',
      data: { ids: ['r1'], url: '/#/n/r1' },
    });
    expect(page.postMessage).toHaveBeenCalledWith({ type: 'notification', unread: 4 });
    expect((sw.scope.navigator as { setAppBadge: unknown }).setAppBadge).toHaveBeenCalledWith(4);
  });

  it('turns a second of the same kind into a summary that opens the bell list', async () => {
    const sw = worker();
    await sw.push(lesson('r1'));
    await sw.push(lesson('r2'));
    await sw.push(lesson('r3', 'Chemistry lesson'));

    expect(sw.shown).toHaveLength(1);
    expect(sw.shown[0]).toMatchObject({ title: '3 new notifications', body: 'Chemistry lesson', tag: 'lesson.new', data: { ids: ['r1', 'r2', 'r3'], url: '/#/notifications' } });
  });

  it('says the summary in the notification language', async () => {
    const sw = worker();
    await sw.push({ ...lesson('r1'), lang: 'si' });
    await sw.push({ ...lesson('r2'), lang: 'si' });
    expect(sw.shown[0]?.title).toBe('නව දැනුම්දීම් 2ක්');
  });

  it('shows nothing new for an id it already shows (a repeated delivery)', async () => {
    const sw = worker();
    await sw.push(lesson('r1'));
    await sw.push(lesson('r1'));

    expect(sw.shown).toHaveLength(1);
    expect(sw.shown[0]).toMatchObject({ title: 'New lesson r1', data: { ids: ['r1'], url: '/#/n/r1' } });
  });

  it('keeps other kinds apart', async () => {
    const sw = worker();
    await sw.push(lesson('r1'));
    await sw.push({ ...lesson('r2'), kind: 'fee.due', title: 'Fee due' });
    expect(sw.shown.map((item) => item.title)).toEqual(['New lesson r1', 'Fee due']);
  });

  it('still shows a notification, under the academy name, when the payload cannot be read', async () => {
    for (const payload of ['not json', { title: 'no id or kind' }, null]) {
      const sw = worker({ manifest: { name: 'Sejaya Academy' } });
      await sw.push(payload === null ? 'null' : payload);
      expect(sw.shown).toHaveLength(1);
      expect(sw.shown[0]).toMatchObject({ title: 'Sejaya Academy: something new for you', icon: '/icons/icon-192.png', data: { ids: [], url: '/#/notifications' } });
    }
  });

  it('shows the generic words alone when the academy name cannot be fetched, and with no data at all', async () => {
    const sw = worker();
    await sw.dispatch('push', { data: null });
    expect(sw.shown[0]?.title).toBe('something new for you');
  });
});

describe('notificationclick', () => {
  it('closes the notification, focuses the open portal window and navigates it to the opener', async () => {
    const other = fakeWindow('/#/profile');
    const focused = fakeWindow('/#/message', true);
    const sw = worker({ windows: [other, focused] });
    const close = await sw.click({ data: { ids: ['r1'], url: '/#/n/r1' } });

    expect(close).toHaveBeenCalled();
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/#/n/r1?via=push`);
    expect(other.navigate).not.toHaveBeenCalled();
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window when no portal window is open', async () => {
    const sw = worker();
    await sw.click({ data: { ids: ['r1', 'r2'], url: '/#/notifications' } });
    expect(sw.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/#/notifications`);
  });

  it('opens a window when the open one cannot be navigated', async () => {
    const page = fakeWindow('/#/message');
    page.navigate.mockImplementation(() => Promise.reject(new TypeError('not controlled')));
    const sw = worker({ windows: [page] });
    await sw.click({ data: { ids: ['r1'], url: '/#/n/r1' } });
    expect(sw.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/#/n/r1?via=push`);
  });

  it('never follows an address off the portal: the portal opens at its start instead', async () => {
    for (const url of ['https://evil.example/#/n/r1', '//evil.example/#/n/r1', '/#//evil.example', 'javascript:alert(1)', '/\\evil.example', '/#/n/r1 x', undefined]) {
      const page = fakeWindow('/#/message');
      const sw = worker({ windows: [page] });
      await sw.click({ data: { ids: [], url: url as string } });
      expect(page.navigate).toHaveBeenCalledWith(`${ORIGIN}/`);
    }
  });
});

describe('pushsubscriptionchange', () => {
  it('subscribes again with the old subscription key', async () => {
    const sw = worker();
    const applicationServerKey = new Uint8Array([4, 1, 2]).buffer;
    await sw.dispatch('pushsubscriptionchange', { oldSubscription: { options: { applicationServerKey } }, newSubscription: null });
    const registration = sw.scope.registration as { pushManager: { subscribe: ReturnType<typeof vi.fn> } };
    expect(registration.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey });
  });
});

describe('fetch', () => {
  it('still leaves /api/ to the network', async () => {
    const sw = worker();
    const respondWith = vi.fn();
    await sw.dispatch('fetch', { request: { method: 'GET', url: `${ORIGIN}/api/notifications`, mode: 'cors' }, respondWith });
    expect(respondWith).not.toHaveBeenCalled();
  });
});
