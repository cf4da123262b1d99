// Which Chromium the browser suite runs in. Plain JavaScript, so that both playwright.config.ts
// and scripts/ensure-chromium.mjs (plain Node, run before the suite) read the one rule.
import { existsSync } from 'node:fs';

/**
 * Debian's headless build (package chromium-headless-shell, the build Playwright itself runs
 * headless tests in): the same Blink and V8 without the desktop browser around them, which took
 * more than twice the CPU per page on CI's two cores. Else the full browser.
 */
export const SYSTEM_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/**
 * CHROMIUM_PATH when set, else the first system Chromium installed; undefined when there is none,
 * which leaves Playwright to its own browser (installed by scripts/ensure-chromium.mjs).
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | undefined}
 */
export function systemChromium(env) {
  return env.CHROMIUM_PATH || SYSTEM_CHROMIUMS.find((candidate) => existsSync(candidate));
}
