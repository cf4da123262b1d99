import { expect, type Page, type Response } from '@playwright/test';
import { test } from '../support/fresh-portal';
import { settle, signIn } from '../support/screens';
import { buildWorld } from '../support/world';
import { openLoginPage } from '../support/accounts';

// The installable app: a manifest with the academy's name and icons, and a service worker that
// keeps the app shell, never an API answer or a lesson file, and shows the offline page when the
// portal cannot be reached. The offline part stops a server, so it runs its own
// (support/fresh-portal.ts).

interface Manifest {
  name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; purpose: string; type: string }[];
}

test('index.html links a manifest with the academy name, standalone display and 192/512 icons, maskable too', async ({ page, request }) => {
  await openLoginPage(page);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href ?? '');
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({ name: 'History Academy', start_url: '/', display: 'standalone', theme_color: '#00173D' });
  for (const purpose of ['any', 'maskable']) {
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((candidate) => candidate.purpose === purpose && candidate.sizes === size);
      expect(icon, `${purpose} ${size}`).toBeDefined();
      const image = await request.get(icon?.src ?? '');
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
  }
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-type']).toContain('javascript');
});

/** Every cached request's path, across the worker's caches. */
async function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

test('the worker keeps the app shell, never API answers or lesson files, and shows the offline page when the server is down', async ({ freshPortal }) => {
  test.setTimeout(180_000);
  const world = await buildWorld(freshPortal.request);
  const page = await freshPortal.newPage({ serviceWorkers: 'allow' });
  await signIn(page, world.student);

  // Installed on the first visit; from the next load on it controls the page.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await settle(page);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto('/#/message');
  await page.reload();
  await settle(page);
  await page.goto(`/#/view/${encodeURIComponent(world.fileId)}`);
  await expect(page.getByRole('img', { name: 'Page 1' })).toHaveAttribute('data-drawn', 'true');

  const seen = responses.map((response) => ({ path: new URL(response.url()).pathname, fromWorker: response.fromServiceWorker() }));
  // The shell came out of the worker's cache...
  expect(seen.filter((entry) => entry.path.startsWith('/assets/') && entry.fromWorker).length).toBeGreaterThan(0);
  // ...every API answer and the lesson file itself from the server.
  const apiAnswers = seen.filter((entry) => entry.path.startsWith('/api/'));
  expect(apiAnswers.length).toBeGreaterThan(2);
  expect(apiAnswers.filter((entry) => entry.fromWorker)).toEqual([]);
  expect(apiAnswers.some((entry) => entry.path.endsWith('/secure-folders/secure-file'))).toBe(true);

  const cached = await cachedPaths(page);
  expect(cached).toContain('/offline.html');
  expect(cached.some((entry) => entry.startsWith('/assets/'))).toBe(true);
  expect(cached.filter((entry) => entry.startsWith('/api/') || entry.startsWith('/secure-folders/'))).toEqual([]);

  // The server goes away: the portal's address shows the academy's offline page, not the
  // browser's error, and an API answer seen a moment ago is not there without the network.
  await freshPortal.stop();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
  await expect(page.locator('img')).toHaveJSProperty('complete', true);
  const apiWhileDown = await page.evaluate(() =>
    fetch('/api/messages/message/unread', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } }).then(
      (response) => `answered ${response.status}`,
      () => 'network error',
    ),
  );
  expect(apiWhileDown).toBe('network error');
});
