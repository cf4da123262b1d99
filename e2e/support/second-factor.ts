import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_MFA_PATHS, needsSecondFactor, type LoginAnswer, type SignInStepAnswer } from '@academy/contract';
import { base32Decode, stepAt, totpCode } from '../../apps/server/src/features/admin-mfa/totp';
import { e2eDataDir } from './server-env';

// Admins sign in in two steps (docs/security.md, 'Admins' second factor'). The suite answers the
// second step as the admin's authenticator app would: an admin without a factor enrols on their
// first sign-in to a portal, and the key is kept in the run's data folder (beside the portal's, so
// a worker that restarts after a failure still has it), with the last 30-second step used. The
// portal accepts each step's code once (ASVS 2.8.4), and its clock is real: a sign-in takes the
// next unused step, and waits for the clock when it is more than one step ahead.

type Keys = Record<string, { secret: string; lastStep: number }>;

const keysFile = () => path.join(e2eDataDir(), 'admin-second-factors.json');

function readKeys(): Keys {
  return existsSync(keysFile()) ? (JSON.parse(readFileSync(keysFile(), 'utf8')) as Keys) : {};
}

function writeKeys(keys: Keys): void {
  writeFileSync(keysFile(), JSON.stringify(keys));
}

/** One admin on one portal. */
const keyOf = (origin: string, email: string) => `${new URL(origin).origin} ${email.toLowerCase()}`;

export function rememberKey(origin: string, email: string, secret: string): void {
  writeKeys({ ...readKeys(), [keyOf(origin, email)]: { secret: secret.replace(/\s+/g, ''), lastStep: 0 } });
}

export function hasKey(origin: string, email: string): boolean {
  return keyOf(origin, email) in readKeys();
}

/** The code the admin's app shows for the next step no sign-in has used, waiting for the clock if it must. */
export async function nextCode(origin: string, email: string): Promise<string> {
  const key = keyOf(origin, email);
  const entry = readKeys()[key];
  if (!entry) throw new Error(`no authenticator key for ${key}: sign the admin in with the helpers first`);
  const step = Math.max(stepAt(Date.now()), entry.lastStep + 1);
  // The portal takes a code one step ahead of its clock, no further.
  await expect.poll(() => stepAt(Date.now()) >= step - 1, { timeout: 35_000, intervals: [250] }).toBe(true);
  writeKeys({ ...readKeys(), [key]: { ...entry, lastStep: step } });
  return totpCode(base32Decode(entry.secret), step);
}

/**
 * Takes a password step's answer to a session through the API: the code step, or (an admin with no
 * factor yet) enrolment with the key kept. A student's answer comes back as it was.
 */
export async function finishSignInByApi(request: APIRequestContext, origin: string, email: string, answer: SignInStepAnswer): Promise<LoginAnswer> {
  if (needsSecondFactor(answer)) {
    const response = await request.post(`/api/${ADMIN_MFA_PATHS.signIn}`, { data: { challenge: answer.challenge, code: await nextCode(origin, email) } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as LoginAnswer;
  }
  const { secondFactor, ...session } = answer;
  if (secondFactor !== 'enrol') return session;
  const headers = { authorization: `Bearer ${session.token}` };
  const started = await request.post(`/api/${ADMIN_MFA_PATHS.enrolment}`, { headers });
  expect(started.status(), await started.text()).toBe(200);
  rememberKey(origin, email, ((await started.json()) as { data: { secret: string } }).data.secret);
  const confirmed = await request.post(`/api/${ADMIN_MFA_PATHS.confirm}`, { headers, data: { code: await nextCode(origin, email) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return session;
}

/** Whether the login screen moved on to a second-factor page (the code step or set-up). */
export const onSecondFactorPage = (page: Page) => /#\/twoStep/.test(page.url());

/**
 * On the code step or the set-up page after Sign In: answers the code, or sets the app up (reading
 * the key the page shows, as a person types it into their app), by the fields' kinds and the
 * buttons' variants, which read the same in every language.
 */
export async function finishSignInOnScreen(page: Page, email: string): Promise<void> {
  const origin = page.url();
  const mainAction = page.locator('main button.MuiButton-contained');
  if (/#\/twoStepSetup/.test(page.url())) {
    await mainAction.click();
    const key = (await page.getByTestId('totp-key').textContent()) ?? '';
    rememberKey(origin, email, key);
    await page.locator('input[autocomplete="one-time-code"]').fill(await nextCode(origin, email));
    await page.locator('form button[type="submit"]').click();
    // The recovery codes, shown once; then on to Home.
    await expect(page.locator('main ul li')).toHaveCount(10);
    await mainAction.click();
  } else if (/#\/twoStep/.test(page.url())) {
    await page.locator('input[autocomplete="one-time-code"]').fill(await nextCode(origin, email));
    await page.locator('form button[type="submit"]').click();
  }
  await expect(page).not.toHaveURL(/#\/twoStep/);
}
