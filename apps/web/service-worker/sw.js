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
//   suspended student or a revoked class is refused at once and no lesson stays on a shared phone.

const VERSION = '__ACADEMY_SW_VERSION__';
const SHELL_FILES = __ACADEMY_SW_SHELL__;
const CACHE = `academy-shell-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';

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
      .then((names) => Promise.all(names.filter((name) => name.startsWith('academy-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
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
 * always comes from the network; only when the network cannot be reached does the offline page
 * stand in for it.
 */
async function pageOrOfflinePage(request) {
  try {
    return await fetch(request);
  } catch {
    const offline = await caches.match(OFFLINE_PAGE);
    return offline ?? Response.error();
  }
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
