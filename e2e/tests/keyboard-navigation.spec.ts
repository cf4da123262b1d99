import { expect, test, type Page } from '@playwright/test';
import { OTP_LENGTH } from '@academy/contract';
import { driveCard } from '../support/drive';
import { expectVisibleFocus, focusState, tabThroughScreen, tabTo } from '../support/keyboard';
import { LANGUAGES, say, sayAnyName, useLanguage } from '../support/languages';
import { PAPER_SCREENS } from '../support/paper-screens';
import { SCREENS, settle, visit, type Role } from '../support/screens';
import { useWorld, type Account, type World } from '../support/world';
import { openLoginPage } from '../support/accounts';
import { finishSignInOnScreen, nextCode, onSecondFactorPage } from '../support/second-factor';

// Keyboard access: every screen by keyboard alone. Tab reaches every control with a visible focus ring,
// Enter and Space work them, Escape closes what opened, arrow keys move inside the OTP boxes and
// the tabs. Nothing here clicks.

let world: World;
useWorld((built) => (world = built));

/** Signs in with Tab, typing and Enter only (an admin's code too). */
async function signInByKeyboard(page: Page, account: Account): Promise<void> {
  await openLoginPage(page);
  await settle(page);
  await tabTo(page, page.locator('input[type="email"]'));
  await page.keyboard.type(account.email);
  await tabTo(page, page.locator('input[type="password"]'));
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  // An admin's second step: the code typed into its field, reached by Tab, and sent with Enter.
  await expect(page).toHaveURL(/#\/(home|twoStep|twoStepSetup)$/);
  if (/#\/twoStep$/.test(page.url())) {
    await settle(page);
    await tabTo(page, page.locator('input[autocomplete="one-time-code"]'));
    await page.keyboard.type(await nextCode(page.url(), account.email));
    await page.keyboard.press('Enter');
  } else if (onSecondFactorPage(page)) {
    await finishSignInOnScreen(page, account.email);
  }
  await expect(page).toHaveURL(/#\/home$/);
  await settle(page);
}

/** The focused element lies inside the open dialog (MUI traps focus there). */
async function focusInDialog(page: Page): Promise<boolean> {
  return page.getByRole('dialog').evaluate((dialog) => dialog.contains(document.activeElement));
}

// Keys, focus order and focus rings come from the same components in every language; a language
// changes the names, which axe checks on every screen in each (accessibility.spec.ts). So the long
// walks through the signed-in screens run in the first language, and the signed-out screens and
// the OTP boxes, whose labels put the place and the count in the language's own word order, in each.
const WALK_LANGUAGE = LANGUAGES[0];

for (const language of LANGUAGES) {
  test.describe(`keyboard, ${language}`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, language);
    });

    test('every signed-out screen: each control reached with visible focus', async ({ page }) => {
      for (const screen of SCREENS['signed out'].filter((s) => !s.open)) {
        await visit(page, screen, world, language);
        expect(await tabThroughScreen(page), screen.name).toBeGreaterThan(0);
      }
    });

    test('the OTP boxes: typing moves on, arrows and Backspace move back, all by keyboard', async ({ page }) => {
      await page.goto('/#/forgotPassword');
      await settle(page);
      await tabTo(page, page.locator('input[type="email"]'));
      await page.keyboard.type(world.student.email);
      await page.keyboard.press('Enter');
      const boxes = page.locator('input[inputmode="numeric"]');
      await expect(boxes).toHaveCount(OTP_LENGTH);
      // The step opens with the caret in the first box.
      await expect(boxes.nth(0)).toBeFocused();
      await page.keyboard.type('123');
      await expect(boxes.nth(3)).toBeFocused();
      await expectVisibleFocus(page);
      await page.keyboard.press('ArrowLeft');
      await expect(boxes.nth(2)).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Backspace');
      await expect(boxes.nth(2)).toBeFocused();
      await expect(boxes.nth(2)).toHaveValue('');
      await page.keyboard.type('345');
      for (const [index, digit] of ['1', '2', '3', '4', '5'].entries()) await expect(boxes.nth(index)).toHaveValue(digit);
      // The group is announced by its name, each box by its place.
      await expect(page.getByRole('group').filter({ has: boxes.first() })).toHaveAttribute('aria-label', /.+/);
      // Its place and the count, in either order ('Digit 1 of 5', '5 න් 1 වන ඉලක්කම').
      await expect(boxes.nth(0)).toHaveAttribute('aria-label', /^(?=.*\b1\b)(?=.*\b5\b)/);
    });

    if (language !== WALK_LANGUAGE) return;

    for (const role of ['student', 'admin'] as Role[]) {
      test(`${role}: sign in, then every navigation item and screen by keyboard`, async ({ page }) => {
        test.setTimeout(180_000);
        await signInByKeyboard(page, role === 'admin' ? world.admin : world.student);
        const nav = page.getByRole('navigation');
        const links = await nav.getByRole('link').all();
        expect(links.length).toBeGreaterThanOrEqual(3);
        for (let index = 0; index < links.length; index += 1) {
          const link = nav.getByRole('link').nth(index);
          const href = (await link.getAttribute('href')) ?? '';
          // Reloading (F5) starts Tab from the top again, as a keyboard user does after a long page.
          await page.reload();
          await settle(page);
          await tabTo(page, link);
          await page.keyboard.press('Enter');
          await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
          await expect(link).toHaveAttribute('aria-current', 'page');
          await settle(page);
          expect(await tabThroughScreen(page), href).toBeGreaterThan(3);
        }
      });

      test(`${role}: every paper screen, each control reached with visible focus`, async ({ page }) => {
        test.setTimeout(180_000);
        await signInByKeyboard(page, role === 'admin' ? world.admin : world.student);
        for (const screen of PAPER_SCREENS[role as 'student' | 'admin']) {
          await visit(page, screen, world, language);
          expect(await tabThroughScreen(page), screen.name).toBeGreaterThan(0);
        }
      });

      test(`${role}: the phone drawer opens with Enter, moves focus inside, and Escape closes it`, async ({ page }) => {
        await page.setViewportSize({ width: 390, height: 844 });
        await signInByKeyboard(page, role === 'admin' ? world.admin : world.student);
        const menuButton = page.getByRole('button', { name: say(language, 'openNavigation') });
        await tabTo(page, menuButton);
        await page.keyboard.press('Enter');
        const nav = page.getByRole('navigation');
        await expect(nav).toBeVisible();
        await expect.poll(() => nav.evaluate((node) => node.closest('.MuiDrawer-paper')?.contains(document.activeElement) ?? false)).toBe(true);
        // Into the list, then to the Profile item, and Enter follows it and closes the drawer.
        const profile = nav.getByRole('link').last();
        await tabTo(page, profile, 20);
        await page.keyboard.press('Enter');
        await expect(page).toHaveURL(/#\/profile$/);
        await expect(nav).toBeHidden();
        await tabTo(page, menuButton);
        await page.keyboard.press('Space');
        await expect(nav).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(nav).toBeHidden();
        // Focus goes back to the button that opened it.
        await expect(menuButton).toBeFocused();
      });
    }

    test('admin: a dialog opens with Enter, keeps focus inside, closes with Escape and gives focus back', async ({ page }) => {
      await signInByKeyboard(page, world.admin);
      await page.goto('/#/students');
      await settle(page);
      const view = page.getByRole('button', { name: sayAnyName(language, 'viewStudent') }).first();
      await tabTo(page, view);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toHaveAttribute('aria-labelledby', /.+/);
      await expect.poll(() => focusInDialog(page)).toBe(true);
      for (let press = 0; press < 8; press += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInDialog(page), 'Tab left the open dialog').toBe(true);
        const state = await focusState(page);
        if (state.label !== 'body') expect(state.visible, `focus not visible on ${state.label}`).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(view).toBeFocused();
    });

    test('admin: the Social Media Manager tabs move with the arrow keys and open with Enter', async ({ page }) => {
      await signInByKeyboard(page, world.admin);
      await page.goto('/#/social');
      await settle(page);
      const tabs = page.getByRole('tab');
      await tabTo(page, tabs.first());
      await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowRight');
      await expect(tabs.nth(1)).toBeFocused();
      await expectVisibleFocus(page);
      await page.keyboard.press('Enter');
      await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeVisible();
      expect(await tabThroughScreen(page)).toBeGreaterThan(3);
    });

    test('student: a class is opened and a lesson file reached by keyboard', async ({ page }) => {
      await signInByKeyboard(page, world.student);
      const classCard = driveCard(page, world.className, language);
      await tabTo(page, classCard.getByRole('button', { name: say(language, 'openFolder') }));
      await page.keyboard.press('Enter');
      const week = driveCard(page, 'Week 1', language);
      await expect(week).toBeVisible();
      // The handout's View File button is reachable (it opens a new tab, so it is not pressed here).
      await tabTo(page, driveCard(page, 'Kandyan kingdom handout.pdf', language).getByRole('button'));
    });
  });
}
