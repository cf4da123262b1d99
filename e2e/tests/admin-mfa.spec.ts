import { expect } from '@playwright/test';
import { ADMIN_MFA_TEXT, type SecondFactorNeeded } from '@academy/contract';
import { base32Decode, stepAt, totpCode } from '../../apps/server/src/features/admin-mfa/totp';
import { openLoginPage } from '../support/accounts';
import { test } from '../support/fresh-portal';
import { useLanguage, type Language } from '../support/languages';
import { saveScreen } from '../support/screenshots';
import { ADMIN } from '../support/server-env';
import { nextCode, rememberKey } from '../support/second-factor';

// Admins' two-step sign-in end to end (docs/security.md, 'Admins' second factor'), on a portal of
// its own whose admin has no authenticator app yet: the first sign-in leads only to setting one
// up (a QR code and the key, a code typed from it, ten recovery codes shown once); the next sign-in
// asks for a code before any session exists.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

async function signInWithPassword(page: import('@playwright/test').Page) {
  await openLoginPage(page);
  await page.locator('input[type="email"]').fill(ADMIN.email);
  await page.locator('input[type="password"]').fill(ADMIN.password);
  await page.locator('form button[type="submit"]').click();
}

test('an admin sets up an authenticator app (QR code, a typed code, recovery codes) and then signs in with a code; a wrong code opens nothing', async ({ freshPortal }) => {
  const page = await freshPortal.newPage({ viewport: DESKTOP });
  await signInWithPassword(page);
  // No second factor yet: the set-up page only, and the admin pages stay closed.
  await expect(page).toHaveURL(/#\/twoStepSetup$/);
  await expect(page.getByText(ADMIN_MFA_TEXT.requiredNotice)).toBeVisible();
  await page.goto('/#/students');
  await expect(page).toHaveURL(/#\/twoStepSetup$/);
  await saveScreen(page, 'admin-mfa-setup-start-en-desktop');

  await page.getByRole('button', { name: ADMIN_MFA_TEXT.start }).click();
  const qr = page.getByRole('img', { name: ADMIN_MFA_TEXT.qrAlt });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  const key = ((await page.getByTestId('totp-key').textContent()) ?? '').replace(/\s+/g, '');
  expect(base32Decode(key)).toHaveLength(20);
  await saveScreen(page, 'admin-mfa-setup-qr-en-desktop');

  // A wrong code turns nothing on.
  const right = totpCode(base32Decode(key), stepAt(Date.now()));
  await page.getByLabel(ADMIN_MFA_TEXT.confirmLabel).fill(right === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: ADMIN_MFA_TEXT.confirm }).click();
  await expect(page.getByText(ADMIN_MFA_TEXT.wrongCode)).toBeVisible();

  rememberKey(freshPortal.baseURL, ADMIN.email, key);
  await page.getByLabel(ADMIN_MFA_TEXT.confirmLabel).fill(await nextCode(freshPortal.baseURL, ADMIN.email));
  await page.getByRole('button', { name: ADMIN_MFA_TEXT.confirm }).click();
  const codes = page.getByRole('list', { name: ADMIN_MFA_TEXT.recoveryTitle }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await saveScreen(page, 'admin-mfa-recovery-codes-en-desktop');
  await page.getByRole('button', { name: ADMIN_MFA_TEXT.recoverySaved }).click();
  await expect(page.getByText('Hi Administrator')).toBeVisible();

  // The password alone now opens no session: the answer is a challenge for the code step.
  const passwordOnly = await freshPortal.request.post('/api/students/student/login', { data: ADMIN });
  const step = (await passwordOnly.json()) as SecondFactorNeeded;
  expect(step).toMatchObject({ secondFactor: 'code' });
  expect(step).not.toHaveProperty('token');

  // Signing in again on another browser: the code step, where a wrong code is refused.
  const second = await freshPortal.newPage({ viewport: DESKTOP });
  await signInWithPassword(second);
  await expect(second).toHaveURL(/#\/twoStep$/);
  await saveScreen(second, 'admin-mfa-code-step-en-desktop');
  await second.getByLabel(ADMIN_MFA_TEXT.codeLabel).fill('12345x');
  await second.getByRole('button', { name: ADMIN_MFA_TEXT.verify }).click();
  await expect(second.getByText(/must be the 6-digit code|That code is not correct/)).toBeVisible();
  await expect(second).toHaveURL(/#\/twoStep$/);
  await second.getByLabel(ADMIN_MFA_TEXT.codeLabel).fill(await nextCode(freshPortal.baseURL, ADMIN.email));
  await second.getByRole('button', { name: ADMIN_MFA_TEXT.verify }).click();
  await expect(second.getByText('Hi Administrator')).toBeVisible();
  await second.goto('/#/students');
  await expect(second).toHaveURL(/#\/students$/);
});

// Every set-up and code screen in both languages on phone and desktop, asserted in every run;
// SHOTS_DIR=<folder> also saves them as pictures.
for (const [language, viewport] of [['si', PHONE], ['en', PHONE], ['si', DESKTOP], ['en', DESKTOP]] as [Language, { width: number; height: number }][]) {
  test(`the two-step screens in ${language} at ${viewport.width} px`, async ({ freshPortal }) => {
    const size = viewport.width === PHONE.width ? 'phone' : 'desktop';
    const page = await freshPortal.newPage({ viewport });
    await useLanguage(page, language);
    await signInWithPassword(page);
    await expect(page).toHaveURL(/#\/twoStepSetup$/);
    await expect(page.locator('main button.MuiButton-contained')).toBeVisible();
    await saveScreen(page, `admin-mfa-setup-start-${language}-${size}`);
    await page.locator('main button.MuiButton-contained').click();
    const key = ((await page.getByTestId('totp-key').textContent()) ?? '').replace(/\s+/g, '');
    await saveScreen(page, `admin-mfa-setup-qr-${language}-${size}`);
    rememberKey(freshPortal.baseURL, ADMIN.email, key);
    await page.locator('input[autocomplete="one-time-code"]').fill(await nextCode(freshPortal.baseURL, ADMIN.email));
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('main ul li')).toHaveCount(10);
    await saveScreen(page, `admin-mfa-recovery-codes-${language}-${size}`);
    const second = await freshPortal.newPage({ viewport });
    await useLanguage(second, language);
    await signInWithPassword(second);
    await expect(second).toHaveURL(/#\/twoStep$/);
    await expect(second.locator('input[autocomplete="one-time-code"]')).toBeVisible();
    await saveScreen(second, `admin-mfa-code-step-${language}-${size}`);
  });
}
