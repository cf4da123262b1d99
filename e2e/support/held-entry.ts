import { expect, type Locator, type Page } from '@playwright/test';

// The server sends index.html with the login page already drawn in it; the app's one module
// script then takes that page over, or hides and replaces it. Holding that script back lets a
// spec look at the page exactly as the server sent it (and as its first, inline script left it),
// then let the app run and see what it made of it.

/**
 * The app's entry as the served index.html names it: with the login page drawn in it, in the
 * JSON block the boot script starts the app from (the server's login-page-boot.ts); else its
 * module script.
 */
async function entryUrl(page: Page): Promise<string> {
  const response = await page.request.get('/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  const scripts = /<script type="application\/json" id="academy-app-scripts">([^<]*)<\/script>/.exec(html)?.[1];
  const src = scripts ? (JSON.parse(scripts) as { entry: string }).entry : /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html names no app entry');
  return new URL(src, response.url()).href;
}

export interface HeldEntry {
  /** Resolves when the browser has asked for the entry (the rest of the page is parsed without it). */
  requested: Promise<void>;
  /** Lets the held request through, and any later one. */
  release(): void;
}

/**
 * Holds the app's entry script for every load of the page from now on, until release(). A page
 * opened meanwhile must not wait for its load event (goto's `waitUntil: 'commit'`): module scripts
 * run before DOMContentLoaded, which therefore waits too. Routing turns the browser's cache off, so
 * a reload asks for the entry again.
 */
export async function holdAppEntry(page: Page): Promise<HeldEntry> {
  const url = await entryUrl(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markRequested!: () => void;
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  await page.route(url, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { requested, release };
}

/**
 * Keeps the app's entry script from ever loading: the page stays as the server sent it, with the
 * browser's scripting still on for a tool that needs it (axe's checks wait on timers, which a
 * context without JavaScript never fires).
 */
export async function blockAppEntry(page: Page): Promise<void> {
  await page.route(await entryUrl(page), (route) => route.abort('blockedbyclient'));
}

declare global {
  interface Window {
    loginWatch?: { frames: number; shown: boolean };
  }
}

/**
 * Watches every frame the page paints, from before its first script, for a visible <h1> reading
 * `heading` (the login page's). Answers how many frames were looked at and whether any showed it,
 * so a spec can tell "never shown" from "never looked".
 */
export async function watchHeading(page: Page, heading: string): Promise<() => Promise<{ frames: number; shown: boolean }>> {
  await page.addInitScript((text) => {
    const watch = { frames: 0, shown: false };
    window.loginWatch = watch;
    const look = () => {
      watch.frames += 1;
      for (const element of document.querySelectorAll('h1')) {
        if (element.textContent === text && element.checkVisibility({ visibilityProperty: true })) watch.shown = true;
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, heading);
  return () => page.evaluate(() => window.loginWatch ?? { frames: 0, shown: false });
}

/** The page's console errors and uncaught errors from now on (a failed hydration reports one). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  return errors;
}

/** Waits until the app has taken `element` over: React's fiber hangs on the very node the server drew. */
export async function expectTakenOver(element: Locator): Promise<void> {
  await expect.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')))).toBe(true);
}
