import { expect, type Page } from '@playwright/test';
import { driveCard } from './drive';
import { say, sayAnyName, type Language } from './languages';
import { FEE_ADMIN_SCREENS } from './fee-admin-screens';
import { FEE_SCREENS } from './fee-screens';
import { PAPER_SCREENS } from './paper-screens';
import { SCRIPT_SCREENS } from './script-screens';
import type { Account, World } from './world';
import { openLoginPage } from './accounts';
import { finishSignInOnScreen, onSecondFactorPage } from './second-factor';

export type Role = 'signed out' | 'student' | 'admin';

/**
 * A screen of the portal in one state: its address, and what to do there to reach the state (open
 * a dialog, the drawer, a tab, the next step). The accessibility (axe and reflow) and keyboard specs walk
 * this one list, so a new screen is added once.
 */
export interface Screen {
  name: string;
  route: string;
  /** Puts the screen in the state to check; it waits for what it opened. */
  open?: (page: Page, world: World, language: Language) => Promise<void>;
  /** A phone viewport: the drawer is a slide-out there. */
  phone?: boolean;
}

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
/** From this width on the bell opens its popover (MUI's sm breakpoint); below, the notifications page. */
const DESKTOP_BELL_WIDTH = 600;

/** The two sizes every screen is looked at in: the brief's desktop and phone. */
export const DEVICES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** The window a screen is meant for: a phone's for the phone drawer, else a laptop's. */
export function viewportOf(screen: Screen): { width: number; height: number } {
  return screen.phone ? PHONE : DESKTOP;
}

/** Waits until the page shows content: no spinner, progress bar or skeleton left, fonts drawn. */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.locator('.MuiSkeleton-root, [role="progressbar"]:not([aria-valuenow])')).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready);
}

/** The dialog is open; with the suite's reduced motion (playwright.config.ts) it shows in its final colours at once. */
async function dialogOpened(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toBeVisible();
}

async function click(page: Page, name: string, role: 'button' | 'tab' | 'menuitem' = 'button'): Promise<void> {
  await page.getByRole(role, { name }).first().click();
}

async function openClass(page: Page, world: World, language: Language): Promise<void> {
  await driveCard(page, world.className, language).getByRole('button', { name: say(language, 'openFolder') }).click();
  await expect(driveCard(page, 'Week 1', language)).toBeVisible();
}

export const SCREENS: Record<Role, Screen[]> = {
  'signed out': [
    { name: 'login', route: '/' },
    { name: 'register, step 1', route: '/register' },
    {
      name: 'register, step 2',
      route: '/register',
      open: async (page, _world, language) => {
        // Step 1 by its fields' names and the selects' first options, which no language changes.
        for (const [name, value] of Object.entries({ name: 'Nimali Silva', email: 'nimali@example.lk', whatsAppNo: '0771234567', password: 'lesson-pass-2026' })) {
          await page.locator(`input[name="${name}"]`).fill(value);
        }
        // District, Batch, Class Type: the step's three selects, in order.
        for (const index of [0, 1, 2]) {
          await page.getByRole('combobox').nth(index).click();
          await page.getByRole('option').first().click();
        }
        await click(page, say(language, 'next'));
        await expect(page.locator('input[type="checkbox"]').first()).toBeVisible();
      },
    },
    { name: 'forgot password, e-mail step', route: '/forgotPassword' },
    {
      name: 'forgot password, OTP step',
      route: '/forgotPassword',
      open: async (page, world, language) => {
        await page.locator('input[type="email"]').fill(world.student.email);
        await click(page, say(language, 'send'));
        await expect(page.locator('input[inputmode="numeric"]')).toHaveCount(5);
      },
    },
    { name: 'page not found', route: '/no-such-page' },
    { name: 'unsubscribe from e-mails', route: '/unsubscribe/a-link-from-an-e-mail' },
  ],
  student: [
    { name: 'class list', route: '/home' },
    { name: 'inside a class', route: '/home', open: openClass },
    { name: 'file viewer', route: '/view/{fileId}' },
    { name: 'messages feed', route: '/message' },
    { name: 'notifications page', route: '/notifications' },
    {
      name: 'bell popover',
      route: '/home',
      open: async (page, _world, language) => {
        // On a phone the bell opens the notifications page instead: the popover is opened at a
        // laptop's width, then the window goes back to the size being checked, as a turned tablet.
        const size = page.viewportSize() ?? DESKTOP;
        if (size.width < DESKTOP_BELL_WIDTH) await page.setViewportSize(DESKTOP);
        await page.getByRole('banner').getByRole('button', { name: say(language, 'bell') }).click();
        await dialogOpened(page);
        await page.setViewportSize(size);
        await dialogOpened(page);
      },
    },
    { name: 'profile', route: '/profile' },
    { name: 'under development', route: '/devIndicate' },
    { name: 'an admin page: not allowed', route: '/students' },
    {
      name: 'navigation drawer on a phone',
      route: '/home',
      phone: true,
      open: async (page, _world, language) => {
        await click(page, say(language, 'openNavigation'));
        await expect(page.getByRole('navigation')).toBeVisible();
      },
    },
    ...FEE_SCREENS.student,
    ...SCRIPT_SCREENS.student,
    // Last: the time-up screen leaves the browser's clock ahead.
    ...PAPER_SCREENS.student,
  ],
  admin: [
    { name: 'drive', route: '/home' },
    {
      name: 'drive, new folder dialog',
      route: '/home',
      open: async (page, world, language) => {
        await openClass(page, world, language);
        await click(page, say(language, 'newFolder'));
        await dialogOpened(page);
      },
    },
    {
      name: 'drive, item menu',
      route: '/home',
      open: async (page, world, language) => {
        await page.getByRole('button', { name: say(language, 'actionsFor', world.className) }).click();
        await expect(page.getByRole('menu')).toBeVisible();
      },
    },
    { name: 'student list', route: '/students' },
    {
      name: 'student list, profile dialog',
      route: '/students',
      open: async (page, _world, language) => {
        await page.getByRole('button', { name: sayAnyName(language, 'viewStudent') }).first().click();
        await dialogOpened(page);
        await expect(page.getByRole('dialog').locator('[role="progressbar"]')).toHaveCount(0);
      },
    },
    {
      name: 'student list, edit dialog',
      route: '/students',
      open: async (page, _world, language) => {
        await page.getByRole('button', { name: sayAnyName(language, 'editStudent') }).first().click();
        await dialogOpened(page);
      },
    },
    {
      name: 'student list, delete dialog',
      route: '/students',
      open: async (page, _world, language) => {
        await page.getByRole('button', { name: sayAnyName(language, 'deleteStudent') }).first().click();
        await dialogOpened(page);
      },
    },
    {
      name: 'student list, import dialog',
      route: '/students',
      open: async (page, _world, language) => {
        await click(page, say(language, 'importCsv'));
        await dialogOpened(page);
      },
    },
    {
      name: 'student list, deleted students dialog',
      route: '/students',
      open: async (page, _world, language) => {
        await click(page, say(language, 'deletedStudents'));
        await dialogOpened(page);
      },
    },
    { name: 'add student', route: '/addStudent' },
    { name: 'profile with class tools', route: '/profile' },
    {
      name: 'profile, give additional access dialog',
      route: '/profile',
      open: async (page, _world, language) => {
        await click(page, say(language, 'additionalAccess'));
        await dialogOpened(page);
      },
    },
    {
      name: 'profile, batch access dialog',
      route: '/profile',
      open: async (page, _world, language) => {
        await click(page, say(language, 'batchAccess'));
        await dialogOpened(page);
      },
    },
    { name: 'social media manager, messages', route: '/social' },
    {
      name: 'social media manager, edit message dialog',
      route: '/social',
      open: async (page, _world, language) => {
        await click(page, say(language, 'editMessage'));
        await dialogOpened(page);
      },
    },
    {
      name: 'social media manager, delete message dialog',
      route: '/social',
      open: async (page, _world, language) => {
        await click(page, say(language, 'deleteMessage'));
        await dialogOpened(page);
      },
    },
    {
      name: 'social media manager, banners',
      route: '/social',
      open: async (page, _world, language) => {
        await click(page, say(language, 'bannersTab'), 'tab');
        await expect(page.getByRole('tab', { name: say(language, 'bannersTab') })).toHaveAttribute('aria-selected', 'true');
      },
    },
    {
      name: 'social media manager, delete banners dialog',
      route: '/social',
      open: async (page, _world, language) => {
        await click(page, say(language, 'bannersTab'), 'tab');
        await click(page, say(language, 'deleteAllBanners'));
        await dialogOpened(page);
      },
    },
    {
      name: 'social media manager, notifications',
      route: '/social',
      open: async (page, _world, language) => {
        await click(page, say(language, 'bell'), 'tab');
        await expect(page.getByRole('tab', { name: say(language, 'bell') })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('list', { name: say(language, 'sentNotifications') })).toBeVisible();
      },
    },
    { name: 'audit log', route: '/audit' },
    { name: 'trace a leaked copy', route: '/trace' },
    { name: 'messages feed', route: '/message' },
    ...PAPER_SCREENS.admin,
    ...SCRIPT_SCREENS.admin,
    ...FEE_ADMIN_SCREENS,
    ...FEE_SCREENS.admin,
  ],
};

/** The screen's address with the world's ids ({fileId}, {classId}, and its papers' {toStart}, {released}, …) filled in. */
export function screenUrl(screen: Screen, world: World): string {
  const ids: Record<string, unknown> = { fileId: world.fileId, classId: world.classId, ...world.papers, ...world.feesAdmin, ...world.fees, ...world.scripts };
  return `/#${screen.route.replace(/\{(\w+)\}/g, (_placeholder, key: string) => {
    const id = ids[key];
    if (typeof id !== 'string') throw new Error(`the world has no ${key} for ${screen.name}`);
    return encodeURIComponent(id);
  })}`;
}

/**
 * Signs in through the login form by its inputs' types, which read the same in every language, and
 * waits for the sign-in alert to close by itself (3 s): the walks move inside the app afterwards, so
 * it would otherwise still be fading over the first screen they check.
 */
export async function signIn(page: Page, account: Account): Promise<void> {
  await openLoginPage(page);
  await page.locator('input[type="email"]').fill(account.email);
  await page.locator('input[type="password"]').fill(account.password);
  await page.locator('form button[type="submit"]').click();
  // An admin's second step comes first (support/second-factor.ts).
  await expect(page).toHaveURL(/#\/(home|twoStep|twoStepSetup)$/);
  if (onSecondFactorPage(page)) await finishSignInOnScreen(page, account.email);
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.locator('.swal2-container')).toHaveCount(0);
}

/** Opens the screen (phone-sized when it asks for it, or at `viewport`) and puts it in its state. */
export async function visit(page: Page, screen: Screen, world: World, language: Language, viewport?: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport ?? viewportOf(screen));
  // The pointer rests in the corner, not where the last screen's step clicked: a tooltip opened by
  // hovering over whatever the next screen draws there is not part of that screen.
  await page.mouse.move(0, 0);
  const url = screenUrl(screen, world);
  if (await appIsOpen(page)) {
    // Within the app, as a reader moves from screen to screen: loading the document again for each
    // of the walks' hundreds of screens cost a second and a cold start of every script each time.
    // The detour through the not-found page unmounts the last screen and whatever it had open (a
    // dialog, a menu), also when the next screen has the same address.
    await goToHash(page, '#/no-such-page');
    await expect(page.getByRole('heading', { name: say(language, 'pageNotFound') })).toBeVisible();
    await goToHash(page, url.slice(1));
  } else {
    await page.goto(url);
  }
  await settle(page);
  await screen.open?.(page, world, language);
  await settle(page);
}

/** The page shows the portal already (a walk's first screen loads it). */
async function appIsOpen(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector('#root')?.hasChildNodes() ?? false).catch(() => false);
}

/** Moves the hash router, as a link or the back button would. */
async function goToHash(page: Page, hash: string): Promise<void> {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, hash);
}

export function accountOf(role: Role, world: World): Account | null {
  return role === 'signed out' ? null : role === 'admin' ? world.admin : world.student;
}
