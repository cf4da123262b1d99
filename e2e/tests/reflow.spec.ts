import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES, useLanguage } from '../support/languages';
import { accountOf, SCREENS, signIn, visit, type Role } from '../support/screens';
import { useWorld, type World } from '../support/world';

// Issue 9 / WCAG 1.4.10 (reflow): every screen, dialogs included, is read without scrolling
// sideways at 320 CSS px wide, and at 200% zoom of a 1280 x 720 window, which lays out like a
// 640 x 360 window at twice the pixel density. A data table may scroll inside its own box (WCAG
// allows it for two-dimensional content); the page itself never does.

const WIDTHS = [
  { name: '320 px wide', viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  { name: '200% zoom', viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 },
];

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

for (const language of LANGUAGES) {
  for (const width of WIDTHS) {
    for (const role of Object.keys(SCREENS) as Role[]) {
      test(`reflow at ${width.name}, ${role}, ${language}`, async ({ browser }) => {
        test.setTimeout(240_000);
        const context = await browser.newContext({ viewport: width.viewport, deviceScaleFactor: width.deviceScaleFactor });
        const page = await context.newPage();
        try {
          await useLanguage(page, language);
          const account = accountOf(role, world);
          if (account) await signIn(page, account);
          const failures: string[] = [];
          for (const screen of SCREENS[role]) {
            await visit(page, screen, world, language, width.viewport);
            const { overflow, culprit } = await sidewaysOverflow(page);
            if (overflow > 0) failures.push(`${screen.name}: ${overflow} px sideways (${culprit})`);
          }
          expect(failures).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
}
