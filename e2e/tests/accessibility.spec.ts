import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { LANGUAGES, useLanguage } from '../support/languages';
import { NARROW, reflowProblems, resizeTo } from '../support/reflow';
import { accountOf, SCREENS, signIn, viewportOf, visit, type Role } from '../support/screens';
import { useWorld, type World } from '../support/world';

// WCAG 2.1 AA on every screen, signed out, as a student and as the admin, dialogs and the
// phone drawer included, in every language of LANGUAGES. Each screen is opened at 320 px wide, as
// a small phone does, and checked for reflow there and zoomed to 200% (support/reflow.ts); then
// the window takes the screen's own size (a laptop's, or a phone's for the phone drawer) and
// axe-core checks what a machine can (names, roles, contrast, structure). A sideways scroll or a
// serious or critical violation fails the screen's test. One walk per role and language does
// both, so each screen is opened once: keyboard-navigation.spec.ts checks the rest.

let world: World;
useWorld((built) => (world = built));

for (const language of LANGUAGES) {
  for (const role of Object.keys(SCREENS) as Role[]) {
    test.describe(`axe and reflow, ${role}, ${language}`, () => {
      let page: Page;
      test.beforeAll(async ({ browser }) => {
        page = await (await browser.newContext({ viewport: NARROW.viewport })).newPage();
        await useLanguage(page, language);
        const account = accountOf(role, world);
        if (account) await signIn(page, account);
      });
      test.afterAll(async () => {
        await page.context().close();
      });

      for (const screen of SCREENS[role]) {
        test(screen.name, async () => {
          await visit(page, screen, world, language, NARROW.viewport);
          const reflow = await reflowProblems(page);
          await resizeTo(page, viewportOf(screen));
          const axe = await seriousViolations(page);
          expect({ reflow, axe }).toEqual({ reflow: [], axe: [] });
        });
      }
    });
  }
}
