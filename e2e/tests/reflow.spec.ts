import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES, useLanguage } from '../support/languages';
import { accountOf, SCREENS, settle, signIn, visit, type Role } from '../support/screens';
import { useWorld, type World } from '../support/world';

// Issue 9 / WCAG 1.4.10 (reflow): every screen, dialogs included, is read without scrolling
// sideways at 320 CSS px wide, and at 200% zoom of a 1280 x 720 window, which lays out like a
// 640 x 360 window. A data table may scroll inside its own box (WCAG allows it for two-dimensional
// content); the page itself never does. Each walk opens the screens at 320 px, as a small phone
// does, and then zooms each one in place by widening the window to 640 x 360, as zooming does: the
// page is not loaded again, and whatever is open stays open. (Zoom also doubles the pixel density,
// which changes how the page is drawn but not how it is laid out.)

const NARROW = { name: '320 px wide', viewport: { width: 320, height: 640 } };
const ZOOMED = { name: '200% zoom', viewport: { width: 640, height: 360 } };

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

let world: World;
useWorld((built) => (world = built));

/** Lets the page lay itself out again after the window changed size (media queries re-render). */
async function relaidOut(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await settle(page);
}

for (const language of LANGUAGES) {
  for (const role of Object.keys(SCREENS) as Role[]) {
    test(`reflow at 320 px wide and at 200% zoom, ${role}, ${language}`, async ({ browser }) => {
      test.setTimeout(240_000);
      const context = await browser.newContext({ viewport: NARROW.viewport });
      const page = await context.newPage();
      try {
        await useLanguage(page, language);
        const account = accountOf(role, world);
        if (account) await signIn(page, account);
        const failures: string[] = [];
        for (const screen of SCREENS[role]) {
          await visit(page, screen, world, language, NARROW.viewport);
          for (const window of [NARROW, ZOOMED]) {
            await page.setViewportSize(window.viewport);
            await relaidOut(page);
            const { overflow, culprit } = await sidewaysOverflow(page);
            if (overflow > 0) failures.push(`${screen.name} at ${window.name}: ${overflow} px sideways (${culprit})`);
          }
        }
        expect(failures).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}
