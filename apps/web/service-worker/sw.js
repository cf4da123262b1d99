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
