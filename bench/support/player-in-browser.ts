import { chromium, type Page } from '@playwright/test';
import { sessionFromLogin, type LoginAnswer } from '@academy/contract';
import { systemChromium } from '../../e2e/support/system-chromium.js';

// A student watching a lesson in headless Chromium on a phone's mobile line: the
// portal's own player (hls.js, Auto quality) with the network throttled through the DevTools
// protocol to THROTTLE. What a student feels: from opening the lesson's page to its first frame,
// and from a seek to a point not yet downloaded until the picture moves again. BENCH_TRACE=1
// prints every request the page makes, with its time, to see where the time goes.

export const THROTTLE = { megabitsPerSecond: 1.6, roundTripMs: 150 };
const PHONE = { width: 390, height: 844 };
/** A current phone's screen: three device pixels to a CSS pixel, so Auto may reach 720p when the line allows. */
const PHONE_PIXEL_RATIO = 3;
/** Points of the lesson to seek to, as shares of its length: each beyond what was downloaded. */
const SEEK_POINTS = [0.35, 0.6, 0.85];

export interface BrowserPlayback {
  /** Opening /view/{fileId} (app shell in the browser's cache, as for a returning student) to the first frame. */
  firstFrameMs: number;
  /** For each seek to an unbuffered point: until the picture moves past it. */
  seeksMs: number[];
  /** The rendition hls.js had chosen when the first frame showed. */
  startHeight: number;
}

/**
 * In the page: seeks to `seekTo` seconds when given, then resolves once the video plays and shows
 * a frame past `from` seconds, with the milliseconds that took.
 */
function pictureMovesPast(page: Page, from: number, seekTo?: number): Promise<number> {
  // No named functions inside: tsx's esbuild would wrap them in a __name helper the page lacks.
  return page.evaluate(
    ([start, target]) =>
      new Promise<number>((resolve) => {
        const video = document.querySelector('video');
        const began = performance.now();
        if (video && target !== null) video.currentTime = target;
        const poll = setInterval(() => {
          if (!video || video.paused || video.readyState < 2 || video.currentTime <= start) return;
          clearInterval(poll);
          resolve(performance.now() - began);
        }, 5);
      }),
    [from, seekTo ?? null] as const,
  );
}

export async function playInThrottledBrowser(base: string, login: LoginAnswer, fileId: string, durationSeconds: number): Promise<BrowserPlayback> {
  const executablePath = systemChromium(process.env);
  if (!executablePath) throw new Error('no system Chromium: apt-get install chromium-headless-shell (or set CHROMIUM_PATH)');
  const browser = await chromium.launch({ executablePath, args: ['--autoplay-policy=no-user-gesture-required'] });
  try {
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: PHONE_PIXEL_RATIO, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    if (process.env.BENCH_TRACE) {
      const t0 = performance.now();
      page.on('request', (r) => console.log(`${(performance.now() - t0).toFixed(0)} > ${r.url().replace(base, '').slice(0, 90)}`));
      page.on('requestfinished', (r) => console.log(`${(performance.now() - t0).toFixed(0)} < ${r.url().replace(base, '').slice(0, 90)}`));
    }
    // Signed in, with the app shell in the browser's cache: the student has used the portal before.
    await page.goto(`${base}/api/health`);
    await page.evaluate((session) => {
      for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
    }, sessionFromLogin(login));
    await page.goto(`${base}/#/home`);
    // The shell's greeting: the app and its routes' code are loaded (its live feed keeps the network busy).
    await page.getByText(`Hi ${login.name}`).waitFor({ timeout: 30_000 });

    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    const bytesPerSecond = (THROTTLE.megabitsPerSecond * 1e6) / 8;
    await devtools.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLE.roundTripMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond / 2,
      connectionType: 'cellular4g',
    });

    // Open the lesson and press Play the moment it is offered, as a student does.
    const opened = performance.now();
    if (process.env.BENCH_TRACE) console.log('--- opening the lesson');
    await page.goto(`${base}/#/view/${encodeURIComponent(fileId)}`);
    await page.locator('video[data-engine="hls.js"]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.getByRole('button', { name: 'Play' }).click({ timeout: 30_000 });
    await pictureMovesPast(page, 0);
    const firstFrameMs = performance.now() - opened;
    const startHeight = await page.evaluate(() => document.querySelector('video')?.videoHeight ?? 0);

    const seeksMs: number[] = [];
    for (const share of SEEK_POINTS) {
      const target = Math.floor(durationSeconds * share);
      const buffered = await page.evaluate((at) => {
        const ranges = document.querySelector('video')?.buffered;
        for (let i = 0; ranges && i < ranges.length; i += 1) if (ranges.start(i) <= at && at < ranges.end(i)) return true;
        return false;
      }, target);
      if (buffered) throw new Error(`the seek point ${target} s was already downloaded: not a seek to an unbuffered point`);
      seeksMs.push(await pictureMovesPast(page, target, target));
    }
    return { firstFrameMs, seeksMs, startHeight };
  } finally {
    await browser.close();
  }
}
