import { expect, test, type Browser, type Page } from '@playwright/test';
import { BRANDING_ELEMENT_ID, EARLY_SUBMIT_ATTRIBUTE, PRERENDER_HIDDEN_ATTRIBUTE, sessionFromLogin, type Branding } from '@academy/contract';
import { enLogin } from '../../apps/web/src/i18n/en-login';
import { si } from '../../apps/web/src/i18n/si';
import { openLoginPage, registerByApi, signInByApi } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { blockAppEntry, collectErrors, expectTakenOver, holdAppEntry, watchHeading } from '../support/held-entry';

// The login page arrives drawn by the server inside index.html (apps/server/src/plugins/
// web-app.ts): a visitor without JavaScript gets the whole page, and the app, when its script
// runs, takes that very DOM over rather than drawing it again. Every other visit (signed in,
// another address, another language) hides the drawn page before it paints, and the app draws
// its own screen instead. The words are the app's dictionaries' (apps/web/src/i18n).

const EN = enLogin.auth;
const SI = si.auth;
const PHONE = { width: 390, height: 844 };

/** A page in a context of its own with scripts off: the page as the server sent it, and nothing more. */
async function pageWithoutScripts(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, ...(viewport ? { viewport } : {}) });
  return context.newPage();
}

/** The branding the server drew the page with: the JSON block it wrote into index.html. */
async function servedBranding(page: Page): Promise<Branding> {
  return JSON.parse((await page.locator(`#${BRANDING_ELEMENT_ID}`).textContent()) ?? '') as Branding;
}

/** The drawn login form is whole: both fields by their labels and the Sign In button. */
async function expectLoginForm(page: Page): Promise<void> {
  await expect(page.getByLabel(EN.emailAddress)).toBeVisible();
  await expect(page.getByLabel(EN.password, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: EN.signIn })).toBeVisible();
}

const html = (page: Page) => page.locator('html');

/** Signed in: the student's Home, greeting them by name. */
async function expectHome(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.getByText(`Hi ${name}`)).toBeVisible();
}

test.describe('without JavaScript', () => {
  test('the login page shows the academy, its banner and the whole form, on a desktop and on a phone', async ({ browser }) => {
    const page = await pageWithoutScripts(browser);
    await page.goto('/');
    const branding = await servedBranding(page);
    await expect(page).toHaveTitle(branding.title);
    await expect(page.getByText(branding.title, { exact: true })).toBeVisible();
    await expect(page.getByText(branding.tagline, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: EN.welcomeBack })).toBeVisible();
    await expectLoginForm(page);
    // Nothing ran to hide it: the inline script is a script too.
    await expect(html(page)).not.toHaveAttribute(PRERENDER_HIDDEN_ATTRIBUTE);

    const banner = page.getByRole('region', { name: enLogin.banners.carouselLabel }).getByRole('img').first();
    await expect(banner).toBeVisible();
    await expect.poll(() => banner.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await page.context().close();

    const phone = await pageWithoutScripts(browser, PHONE);
    await phone.goto('/');
    await expect(phone.getByText(branding.title, { exact: true })).toBeVisible();
    await expectLoginForm(phone);
    // The form fits the phone's width: nothing to scroll sideways to.
    await expect.poll(() => phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.getByRole('button', { name: EN.signIn }).scrollIntoViewIfNeeded();
    await expect(phone.getByRole('button', { name: EN.signIn })).toBeInViewport();
    await phone.context().close();
  });

  test('axe finds no serious violation on the page as the server sends it', async ({ page }) => {
    // axe needs scripting (its checks wait on timers, which never fire with JavaScript off): the
    // page is opened without the app's script instead, the same page as a browser without
    // JavaScript gets (the first, inline script hides nothing on the login address).
    await blockAppEntry(page);
    await page.goto('/');
    await expectLoginForm(page);
    await expect(html(page)).not.toHaveAttribute(PRERENDER_HIDDEN_ATTRIBUTE);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('with JavaScript', () => {
  // The suite's browser asks for less motion: the server draws the carousel moving (it cannot
  // know), and the page, once taken over, holds it still (banner-carousel.tsx).

  test('the app takes over the very DOM the server drew, without an error, and signs in from it', async ({ page, request }) => {
    const errors = collectErrors(page);
    const { body: student } = await registerByApi(request);
    const entry = await holdAppEntry(page);
    await page.goto('/', { waitUntil: 'commit' });
    await entry.requested;
    const heading = page.locator('#root h1');
    await expect(heading).toHaveText(EN.welcomeBack);
    // Before any of the app's code: shown, as drawn.
    await expect(html(page)).not.toHaveAttribute(PRERENDER_HIDDEN_ATTRIBUTE);
    await expect(heading).toBeVisible();
    await heading.evaluate((element) => {
      Object.assign(element, { drawnByServer: true });
    });

    entry.release();
    await expectTakenOver(heading);
    expect(await heading.evaluate((element) => (element as HTMLElement & { drawnByServer?: boolean }).drawnByServer)).toBe(true);
    await expect(page.getByRole('button', { name: enLogin.banners.play })).toBeVisible();
    await expect(page.getByRole('button', { name: EN.signIn })).toBeVisible();

    await page.getByLabel(EN.emailAddress).fill(student.email);
    await page.getByLabel(EN.password, { exact: true }).fill(student.password);
    await page.getByRole('button', { name: EN.signIn }).click();
    await expectHome(page, student.name);
    expect(errors).toEqual([]);
  });

  test('what a student types, and a Sign In pressed, before the app has arrived are kept: the app signs in with them', async ({ page, request }) => {
    const errors = collectErrors(page);
    const { body: student } = await registerByApi(request);
    const entry = await holdAppEntry(page);
    await page.goto('/', { waitUntil: 'commit' });
    // The boot script asks for the app only once the drawn page has painted.
    await entry.requested;
    await page.getByLabel(EN.emailAddress).fill(student.email);
    await page.getByLabel(EN.password, { exact: true }).fill(student.password);
    // Too early for the app: the form stays as it is, with what was typed, and is marked for it.
    const address = page.url();
    await page.getByRole('button', { name: EN.signIn }).click();
    await expect(html(page)).toHaveAttribute(EARLY_SUBMIT_ATTRIBUTE, '');
    expect(page.url()).toBe(address);
    await expect(page.getByLabel(EN.emailAddress)).toHaveValue(student.email);

    entry.release();
    await expectTakenOver(page.locator('#root h1'));
    // The app, arriving, signs in with what the form holds: no second press needed.
    await expectHome(page, student.name);
    expect(errors).toEqual([]);
  });

  test('a browser already signed in never shows the login page and lands on Home', async ({ page, request }) => {
    const errors = collectErrors(page);
    const { body: student } = await registerByApi(request);
    const answer = await signInByApi(request, student.email, student.password);
    const painted = await watchHeading(page, EN.welcomeBack);
    // The session as the login screen leaves it, in the origin's storage (accounts.ts, openWithSession).
    await page.goto('/offline.html');
    await page.evaluate((session) => {
      for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
    }, sessionFromLogin(answer));

    const entry = await holdAppEntry(page);
    await page.goto('/', { waitUntil: 'commit' });
    await entry.requested;
    await expect(page.locator('#root form')).toBeAttached();
    await expect(html(page)).toHaveAttribute(PRERENDER_HIDDEN_ATTRIBUTE, '');
    await expect(page.locator('#root form')).toBeHidden();
    await expect(page.locator('#root h1')).toBeHidden();

    entry.release();
    await expectHome(page, student.name);
    await expect(html(page)).not.toHaveAttribute(PRERENDER_HIDDEN_ATTRIBUTE);
    const watched = await painted();
    expect(watched.frames).toBeGreaterThan(0);
    expect(watched.shown).toBe(false);
    expect(errors).toEqual([]);
  });

  test('a reader who chose Sinhala gets the Sinhala login page, never the English one, and signs in', async ({ page, request }) => {
    const errors = collectErrors(page);
    const { body: student } = await registerByApi(request);
    const painted = await watchHeading(page, EN.welcomeBack);
    await openLoginPage(page);
    await page.getByRole('button', { name: 'සිංහල' }).click();
    await expect(page.getByRole('heading', { name: SI.welcomeBack })).toBeVisible();

    const entry = await holdAppEntry(page);
    await page.reload({ waitUntil: 'commit' });
    await entry.requested;
    // The server drew it in English, which this reader is not shown.
    await expect(page.locator('#root h1')).toHaveText(EN.welcomeBack);
    await expect(html(page)).toHaveAttribute(PRERENDER_HIDDEN_ATTRIBUTE, '');
    await expect(page.locator('#root h1')).toBeHidden();

    entry.release();
    await expect(page.getByRole('heading', { name: SI.welcomeBack })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'si');
    await expect(html(page)).not.toHaveAttribute(PRERENDER_HIDDEN_ATTRIBUTE);
    const watched = await painted();
    expect(watched.frames).toBeGreaterThan(0);
    expect(watched.shown).toBe(false);

    await page.getByLabel(SI.emailAddress).fill(student.email);
    await page.getByLabel(SI.password, { exact: true }).fill(student.password);
    await page.getByRole('button', { name: SI.signIn }).click();
    await expect(page).toHaveURL(/#\/home$/);
    await expect(page.getByText(si.shell.greeting.replace('{{name}}', student.name))).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('opening the registration address directly shows registration, never the login page', async ({ page }) => {
    const errors = collectErrors(page);
    const painted = await watchHeading(page, EN.welcomeBack);
    const entry = await holdAppEntry(page);
    await page.goto('/#/register', { waitUntil: 'commit' });
    await entry.requested;
    await expect(page.locator('#root form')).toBeAttached();
    await expect(html(page)).toHaveAttribute(PRERENDER_HIDDEN_ATTRIBUTE, '');
    await expect(page.locator('#root form')).toBeHidden();

    entry.release();
    await expect(page.getByText('Student Registration')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
    await expect(html(page)).not.toHaveAttribute(PRERENDER_HIDDEN_ATTRIBUTE);
    const watched = await painted();
    expect(watched.frames).toBeGreaterThan(0);
    expect(watched.shown).toBe(false);
    expect(errors).toEqual([]);
  });
});
