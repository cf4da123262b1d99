import type { Page } from '@playwright/test';
import { settle } from './screens';

// WCAG 1.4.10 (reflow): a screen is read without scrolling sideways at 320 CSS px wide, and at
// 200% zoom of a 1280 x 720 window, which lays out like a 640 x 360 window. A data table may
// scroll inside its own box (WCAG allows it for two-dimensional content); the page itself never
// does. Zooming does not reload a page, so the walks widen the window in place, and whatever is
// open stays open. (Zoom also doubles the pixel density, which changes how the page is drawn but
// not how it is laid out.)

export const NARROW = { name: '320 px wide', viewport: { width: 320, height: 640 } };
export const ZOOMED = { name: '200% zoom', viewport: { width: 640, height: 360 } };

/** How far the page reaches past the window's right edge, and the widest element that does it. */
async function sidewaysOverflow(page: Page): Promise<{ overflow: number; culprit: string }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    let culprit = '';
    if (overflow > 0) {
      // The innermost element past the edge: the one whose own content does not fit.
      const past = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > root.clientWidth);
      const innermost = past.find((element) => !past.some((other) => other !== element && element.contains(other)));
      if (innermost) {
        const text = (innermost.textContent ?? '').trim().slice(0, 40);
        culprit = `${innermost.tagName.toLowerCase()}.${[...innermost.classList].slice(0, 3).join('.')} "${text}" reaches ${Math.round(innermost.getBoundingClientRect().right)} px`;
      }
    }
    return { overflow, culprit };
  });
}

/** Resizes the window and lets the page lay itself out again (media queries re-render). */
export async function resizeTo(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await settle(page);
}

/**
 * Checks the open screen at 320 px wide and then zoomed to 200%, in that order; answers one line
 * per window the page overflowed sideways.
 */
export async function reflowProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const window of [NARROW, ZOOMED]) {
    await resizeTo(page, window.viewport);
    const { overflow, culprit } = await sidewaysOverflow(page);
    if (overflow > 0) problems.push(`${window.name}: ${overflow} px sideways (${culprit})`);
  }
  return problems;
}
