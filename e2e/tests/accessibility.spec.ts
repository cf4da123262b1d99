import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { LANGUAGES, useLanguage } from '../support/languages';
import { accountOf, SCREENS, signIn, visit, type Role } from '../support/screens';
import { useWorld, type World } from '../support/world';

// Issue 9: WCAG 2.1 AA on every screen, signed out, as a student and as the admin, dialogs and the
// phone drawer included, in every language of LANGUAGES. axe-core checks what a machine can
// (names, roles, contrast, structure); keyboard-navigation.spec.ts and reflow.spec.ts check the rest
// this suite can see. A serious or critical violation fails the screen's test.

let world: World;
useWorld((built) => (world = built));

for (const language of LANGUAGES) {
  for (const role of Object.keys(SCREENS) as Role[]) {
    test.describe(`axe, ${role}, ${language}`, () => {
      let page: Page;
      test.beforeAll(async ({ browser }) => {
        page = await (await browser.newContext()).newPage();
        await useLanguage(page, language);
        const account = accountOf(role, world);
        if (account) await signIn(page, account);
      });
      test.afterAll(async () => {
        await page.context().close();
      });

      for (const screen of SCREENS[role]) {
        test(screen.name, async () => {
          await visit(page, screen, world, language);
          expect(await seriousViolations(page)).toEqual([]);
        });
      }
    });
  }
}
