// The portal's service worker. build/service-worker.ts writes it into the build as /sw.js with
// the two placeholders below filled in: the build's version and the app shell's files.
//
// What it does (docs/installable-app.md):
// - keeps the app shell (hashed scripts, styles, fonts, icons, the offline page) in a cache, so a
//   student on slow mobile data downloads only the small index.html on each visit;
// - when a page cannot be reached at all, answers with the academy's offline page instead of the
//   browser's error;
// - never touches /api/ (personal answers, live streams, lesson files and banner images through
//   the secure file stream): those requests go to the network exactly as without a worker, so a
//   suspended student or a revoked class is refused at once and no lesson stays on a shared phone;
// - while a paper is being sat, keeps the page the student started it from, so a reload that
//   cannot reach the server opens the paper again from IndexedDB instead of the offline page
//   (docs/design/papers-build-plan.md, 5.1). With no paper running nothing of this differs.

const VERSION = '__ACADEMY_SW_VERSION__';
const SHELL_FILES = __ACADEMY_SW_SHELL__;
const CACHE = `academy-shell-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
/** The page kept for a running paper, in a cache of this version's own (activate drops older ones). */
const PAPER_CACHE = `academy-paper-${VERSION}`;
const PAPER_PAGE = '/__paper-shell';
/** The sitting screen's database (apps/web/src/features/papers/lib/sitting-store.ts). */
const PAPERS_DATABASE = 'academy-papers';

/** Paths the worker leaves to the network: it does not even call respondWith for them. */
const NEVER_CACHED = [/^\/api\//, /^\/secure-folders\//];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL_FILES))
      // Hashed assets never change under a name, so the new worker may take over at once.
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => name.startsWith('academy-') && name !== CACHE && name !== PAPER_CACHE).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

// A page that starts or resumes a paper says so; Log Out says to forget it.
self.addEventListener('message', (event) => {
  const type = event.data?.type;
  if (type === 'paper-running') event.waitUntil(keepPaperPage().catch(() => undefined));
  else if (type === 'papers-forget') event.waitUntil(caches.delete(PAPER_CACHE));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER_CACHED.some((pattern) => pattern.test(url.pathname))) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageOrOfflinePage(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (SHELL_FILES.includes(url.pathname)) {
    event.respondWith(cachedThenRefreshed(event, request));
  }
});

/**
 * index.html is rendered by the server for each request (branding, the published banners), so it
 * always comes from the network; only when the network cannot be reached does the page kept for a
 * running paper, or else the offline page, stand in for it.
 */
async function pageOrOfflinePage(request) {
  try {
    return await fetch(request);
  } catch {
    const kept = await runningPaperPage().catch(() => null);
    if (kept) return kept;
    const offline = await caches.match(OFFLINE_PAGE);
    return offline ?? Response.error();
  }
}

/** Fetches the app's page as it is now and keeps it for a reload while offline. */
async function keepPaperPage() {
  const response = await fetch('/', { cache: 'no-store' });
  if (!response.ok) return;
  const cache = await caches.open(PAPER_CACHE);
  await cache.put(PAPER_PAGE, response);
}

/**
 * The kept page, when a paper is running and the page still fits this version's shell: every
 * script and style it names (the styles are inline) is in the precache, so it opens offline as it did online.
 */
async function runningPaperPage() {
  if (!(await caches.has(PAPER_CACHE))) return null;
  const kept = await (await caches.open(PAPER_CACHE)).match(PAPER_PAGE);
  if (!kept || !(await paperRunning())) return null;
  // Named in an attribute, or in the JSON block the login page's boot script starts the app from.
  const assets = [...(await kept.clone().text()).matchAll(/"(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  return assets.every((asset) => SHELL_FILES.includes(asset)) ? kept : null;
}

/** Whether the sitting database holds an attempt that still takes answers: not ended, and before its deadline and grace. */
async function paperRunning() {
  const db = await openPapersDatabase();
  if (!db) return false;
  try {
    const attempts = await new Promise((resolve, reject) => {
      const request = db.transaction('attempts', 'readonly').objectStore('attempts').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    // The server's time as the page last estimated it: the phone's own clock may be minutes wrong.
    return attempts.some((attempt) => !attempt.ended && Date.parse(attempt.acceptedUntil) > Date.now() + (attempt.clock?.offsetMs ?? 0));
  } finally {
    db.close();
  }
}

/**
 * Opens the sitting database only if the page has made it: opening a missing one would create it
 * empty, at the version the page expects, and the page would then find no stores in it.
 */
function openPapersDatabase() {
  return new Promise((resolve) => {
    const request = indexedDB.open(PAPERS_DATABASE);
    // A database that does not exist yet is being made: abort, so it stays unmade.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const db = request.result;
      if (db.objectStoreNames.contains('attempts')) resolve(db);
      else {
        db.close();
        resolve(null);
      }
    };
    request.onerror = () => resolve(null);
  });
}

/** A hashed asset never changes: the cached copy is the answer; one not cached yet is kept after its first download (PDF.js). */
async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

/** A shell file without a hash in its name (logo, icons): the cached copy now, a fresh one for next time. */
async function cachedThenRefreshed(event, request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  const refreshed = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(request, response.clone());
    return response;
  });
  if (!cached) return refreshed;
  event.waitUntil(refreshed.catch(() => undefined));
  return cached;
}

// Notifications (docs/notifications.md, 'The service worker'): every push is shown (Safari
// cancels a subscription that pushes without one), those of one kind collapse into a summary, open
// pages are told so the bell refreshes, and a click opens its screen. No token here, no API call.
const NOTIFICATION_LOOK = { icon: '/icons/icon-192.png', badge: '/icons/badge-72.png' };
const BELL_LIST = '/#/notifications';
/** The worker's own few words: it cannot load the app's dictionaries. */
const PUSH_WORDS = {
  en: { somethingNew: 'something new for you', summary: (count) => `${count} new notifications` },
  si: { somethingNew: 'ඔබට අලුත් දෙයක් ඇත', summary: (count) => `නව දැනුම්දීම් ${count}ක්` },
};

self.addEventListener('push', (event) => event.waitUntil(showPush(readPush(event.data))));
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotification(event.notification.data?.url));
});
self.addEventListener('pushsubscriptionchange', (event) => event.waitUntil(subscribeAgain(event)));

/** The server's payload ({id, kind, title, body, url, unread, lang, at}), or null when it cannot be read. */
function readPush(data) {
  try {
    const push = data?.json();
    return typeof push?.id === 'string' && typeof push.kind === 'string' && typeof push.title === 'string' ? push : null;
  } catch {
    return null;
  }
}

async function showPush(push) {
  if (!push) return showSomethingNew();
  const { title, options } = notificationFor(push, await self.registration.getNotifications({ tag: push.kind }));
  await self.registration.showNotification(title, options);
  await tellPages(typeof push.unread === 'number' ? push.unread : null);
}

/**
 * Given those of its kind showing (the tag makes each replace the last): the push itself; with
 * others, a summary that opens the bell list; for an id already counted, the showing one unchanged.
 */
function notificationFor(push, showing) {
  const same = showing.find((notification) => notification.data?.ids?.includes(push.id));
  if (same) return { title: same.title, options: { ...NOTIFICATION_LOOK, tag: push.kind, body: same.body, lang: same.lang, data: same.data } };
  const look = { ...NOTIFICATION_LOOK, tag: push.kind, lang: push.lang };
  const ids = [...new Set(showing.flatMap((notification) => notification.data?.ids ?? []))];
  if (ids.length === 0) return { title: push.title, options: { ...look, body: push.body ?? '', data: { ids: [push.id], url: push.url } } };
  return { title: wordsFor(push.lang).summary(ids.length + 1), options: { ...look, body: push.title, data: { ids: [...ids, push.id], url: BELL_LIST } } };
}

/** The notification's language; for a payload that names none, the phone's. */
function wordsFor(lang) {
  return PUSH_WORDS[lang] ?? (String(self.navigator.language).startsWith('si') ? PUSH_WORDS.si : PUSH_WORDS.en);
}

/** A payload that cannot be read still shows "{academy}: something new for you" (the name from the manifest, when reachable). */
async function showSomethingNew() {
  const manifest = await fetch('/manifest.webmanifest').then((response) => response.json()).catch(() => null);
  const words = wordsFor(undefined).somethingNew;
  const title = typeof manifest?.name === 'string' ? `${manifest.name}: ${words}` : words;
  await self.registration.showNotification(title, { ...NOTIFICATION_LOOK, data: { ids: [], url: BELL_LIST } });
  await tellPages(null);
}

/** Open pages refresh the bell; the app's icon shows the unread count where the system allows. */
async function tellPages(unread) {
  for (const page of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) page.postMessage({ type: 'notification', unread });
  if (unread !== null && self.navigator.setAppBadge) await self.navigator.setAppBadge(unread).catch(() => undefined);
}

/** Only a hash path of this portal is followed (else the portal's start); the opener learns it came by push. */
function clickTarget(url) {
  const path = typeof url === 'string' && /^\/#\/[^\s\\]*$/.test(url) && !url.includes('//') ? url : '/';
  return new URL(/^\/#\/n\/[^/?#]+$/.test(path) ? `${path}?via=push` : path, self.location.origin).href;
}

/** Focuses a window of the portal (the focused one first) and navigates it, or opens one. */
async function openNotification(url) {
  const target = clickTarget(url);
  const windows = await self.clients.matchAll({ type: 'window' });
  const portal = windows.find((page) => page.focused) ?? windows[0];
  if (!portal) return self.clients.openWindow(target);
  await portal.focus();
  return portal.navigate(target).catch(() => self.clients.openWindow(target));
}

/** The push service replaced the subscription: subscribe again with its key; the app sends the new one on its next start. */
async function subscribeAgain(event) {
  const applicationServerKey = event.oldSubscription?.options?.applicationServerKey;
  if (!event.newSubscription && applicationServerKey) await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}
