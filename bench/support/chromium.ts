import { launch, type LaunchedChrome } from 'chrome-launcher';
import { systemChromium } from '../../e2e/support/system-chromium.js';

/**
 * The system Chromium (never a downloaded one): CHROME_PATH, else the browser suite's rule
 * (CHROMIUM_PATH, else Debian's headless build, else Debian's full browser).
 */
export const CHROMIUM = process.env.CHROME_PATH ?? systemChromium(process.env) ?? '/usr/bin/chromium';

/** Chromium for Lighthouse, headless and quiet (no updates, sync or background requests to skew a run). */
export function launchChromium(): Promise<LaunchedChrome> {
  return launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
