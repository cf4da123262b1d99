import { launch, type LaunchedChrome } from 'chrome-launcher';

/** The system Chromium (never a downloaded one): CHROME_PATH, else CHROMIUM_PATH, else Debian's. */
export const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium for Lighthouse, headless and quiet (no updates, sync or background requests to skew a run). */
export function launchChromium(): Promise<LaunchedChrome> {
  return launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
