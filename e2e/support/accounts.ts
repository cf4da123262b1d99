import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN_MFA_PATHS, APP_READY_ATTRIBUTE, isAdmin, sessionFromLogin, type LoginAnswer, type RegisterBody, type SignInStepAnswer, type Student } from '@academy/contract';
import { LANGUAGE_STORAGE_KEY, type Language } from './languages';
import { finishSignInByApi, finishSignInOnScreen, onSecondFactorPage } from './second-factor';

let counter = 0;

/** A short text no other call in the run gets (the time, and a count for calls in the same millisecond), for names of a test's own. */
export function uniqueTag(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
}

/** A registration payload the server accepts; each call gets a new e-mail. */
export function newStudent(overrides: Partial<RegisterBody> = {}): RegisterBody {
  const tag = uniqueTag();
  return {
    name: `Kasun Perera ${tag}`,
    email: `kasun.${tag}@example.lk`,
    whatsAppNo: '0771234567',
    additionalNo: '0112345678',
    district: 'Kandy',
    scl: 'Dharmaraja College',
    address: '5 Peradeniya Road, Kandy',
    password: 'lesson-pass-2026',
    studentIdImg: '200612345678',
    indianHistory: true,
    europeHistory: false,
    historyType: 'Indian',
    batch: '2026',
    classType: 'Theory',
    consent: true,
    ...overrides,
  };
}

/**
 * Opens the login page and waits until the app has taken it over. The server sends the page drawn,
 * so its fields and buttons show before the app's code has arrived; until then a click does
 * nothing (a Sign In is kept for the app), as it would for a person on a slow line.
 */
export async function openLoginPage(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '');
}

/** Registers through the API, for specs that are about something after registration. */
export async function registerByApi(request: APIRequestContext, overrides: Partial<RegisterBody> = {}) {
  const body = newStudent(overrides);
  const response = await request.post('/api/students/student/register', { data: body });
  expect(response.status(), await response.text()).toBe(200);
  return { body, student: ((await response.json()) as { data: Student }).data };
}

/**
 * Signs in through the API; an admin's second step is answered too (support/second-factor.ts).
 * An admin's session is kept for the next call with the same account to the same portal while it
 * still lets its token in: each step's code signs in once, so a fresh admin sign-in per call would
 * wait half a minute for the clock, time and again.
 */
export async function signInByApi(request: APIRequestContext, email: string, password: string): Promise<LoginAnswer> {
  const kept = adminSessions.get(`${email} ${password}`);
  if (kept && (await request.get(`/api/${ADMIN_MFA_PATHS.mine}`, { headers: { authorization: `Bearer ${kept.token}` } })).status() === 200) return kept;
  const response = await request.post('/api/students/student/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const answer = await finishSignInByApi(request, response.url(), email, (await response.json()) as SignInStepAnswer);
  if (isAdmin(answer.accountType)) adminSessions.set(`${email} ${password}`, answer);
  return answer;
}

/** The admins' API sessions of this worker (signInByApi), by account; checked before each reuse. */
const adminSessions = new Map<string, LoginAnswer>();

/** Signs in through the login screen and waits for the shell's greeting. */
export async function signInByUi(page: Page, email: string, password: string, name: string): Promise<void> {
  await openLoginPage(page);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In to Account' }).click();
  const greeting = page.getByText(`Hi ${name}`);
  // An admin's second step comes first (support/second-factor.ts).
  await expect.poll(async () => onSecondFactorPage(page) || (await greeting.isVisible())).toBe(true);
  if (onSecondFactorPage(page)) await finishSignInOnScreen(page, email);
  await expect(greeting).toBeVisible();
}

/**
 * Opens the portal signed in as the login screen leaves it (spec section 3's localStorage keys)
 * and waits for the shell's greeting, for specs about what comes after signing in. Signing in
 * through the screen is the subject of foundation, languages, password-reset and sessions specs;
 * elsewhere it cost a page load and a 3-second alert each time.
 */
export async function openSignedIn(page: Page, email: string, password: string, name: string): Promise<void> {
  await openWithSession(page, email, password);
  await expect(page.getByText(`Hi ${name}`)).toBeVisible();
}

/**
 * Leaves the session in the page's storage as the login screen would and opens the drive, without
 * waiting for the English greeting: for a page in another language, or one in a context of its own.
 */
export async function openWithSession(page: Page, email: string, password: string): Promise<void> {
  const answer = await signInByApi(page.request, email, password);
  // Any page of the portal's origin holds its localStorage: the offline page is the lightest (no
  // script). Not an API address: its JSON answers are attachments, which the browser would download.
  await page.goto('/offline.html');
  await page.evaluate((session) => {
    for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
  }, sessionFromLogin(answer));
  await page.goto('/#/home');
}

/** A page in a browser context of its own (the project's viewport unless one is given), signed in as the account. */
export async function signedInPage(browser: Browser, email: string, password: string, name: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  await openSignedIn(page, email, password, name);
  return page;
}

/**
 * A signed-in page showing the portal in `language`, for the screen walks: the language is the
 * device's choice (local storage), set once signed in (openSignedIn waits for the English
 * greeting), then the page is loaded again.
 */
export async function signedInPageIn(browser: Browser, account: { email: string; password: string; name: string }, language: Language, viewport: { width: number; height: number }): Promise<Page> {
  const page = await signedInPage(browser, account.email, account.password, account.name, viewport);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, language] as const);
  await page.reload();
  return page;
}
