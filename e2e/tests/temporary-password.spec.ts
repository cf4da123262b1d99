import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ImportAnswer } from '@academy/contract';
import { openLoginPage, uniqueTag } from '../support/accounts';
import { adminHeaders } from '../support/fee-admin';
import { useLanguage, type Language } from '../support/languages';
import { saveScreen } from '../support/screenshots';

// A student imported without a password gets a temporary one (ASVS 2.3.1): after signing in with
// it they are taken to choose their own, and can go nowhere else until they have. Every
// new-password field shows a strength meter in words (ASVS 2.1.8).

const HEADER = 'name,email,whatsAppNo,district,historyType,batch,classType';
const PHONE = { width: 390, height: 844 };

/** Imports one student without a password, as the admin's CSV import does; answers how they sign in. */
async function importedStudent(request: APIRequestContext) {
  const tag = uniqueTag();
  const name = `Sachini Fernando ${tag}`;
  const email = `sachini.${tag}@example.lk`;
  const response = await request.post('/api/students/student/import', {
    headers: await adminHeaders(request),
    multipart: { file: { name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(`${HEADER}\r\n${name},${email},0771234567,Galle,Indian,2026,Theory\r\n`) } },
  });
  expect(response.status(), await response.text()).toBe(200);
  const [added] = ((await response.json()) as ImportAnswer).data.added;
  expect(added?.temporaryPassword).toMatch(/^[\w-]{12}$/);
  return { name, email, password: added?.temporaryPassword ?? '' };
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await openLoginPage(page);
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

test('a student signed in with a temporary password must choose their own before anything else', async ({ page }) => {
  const student = await importedStudent(page.request);
  await signIn(page, student.email, student.password);
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await expect(page).toHaveURL(/#\/changePassword$/);

  // Any other page leads back here: the server would refuse its calls anyway.
  await page.goto('/#/home');
  await expect(page.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await expect(page).toHaveURL(/#\/changePassword$/);

  await page.getByLabel('Current Password').fill(student.password);
  const meter = page.getByTestId('password-strength');
  await expect(meter).toHaveText('Use at least 12 characters. A few unrelated words make a strong password.');
  await page.getByLabel('New Password').fill('river-mango-lantern-seven');
  await expect(meter).toHaveText('Password strength: strong.');
  await expect(meter).toHaveAttribute('data-level', 'strong');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText(`Hi ${student.name}`)).toBeVisible();
  await expect(page).toHaveURL(/#\/home$/);

  // From now on the new password is theirs: signing in again goes straight home.
  await page.evaluate(() => localStorage.clear());
  await signIn(page, student.email, 'river-mango-lantern-seven');
  await expect(page.getByText(`Hi ${student.name}`)).toBeVisible();
});

test('the registration form rates the password in words as it is typed', async ({ page }) => {
  await page.goto('/#/register');
  const meter = page.getByTestId('password-strength');
  const password = page.getByLabel('Password', { exact: true });
  await expect(meter).toHaveText('Use at least 12 characters. A few unrelated words make a strong password.');
  await expect(meter.getByText(/12 characters/)).toHaveAttribute('aria-live', 'polite');
  await password.fill('qwerty123456');
  await expect(meter).toHaveAttribute('data-level', 'weak');
  await expect(meter).toContainText('Password strength: weak.');
  await password.fill('Tq7#vR2m!pL9@xWz');
  await expect(meter).toHaveAttribute('data-level', 'strong');
});

for (const language of ['en', 'si'] as const satisfies readonly Language[]) {
  for (const [device, viewport] of [['desktop', { width: 1366, height: 768 }], ['phone', PHONE]] as const) {
    test(`screens: the temporary password's screen and the meter, ${language}, ${device}`, async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await useLanguage(page, language);
      const student = await importedStudent(page.request);
      await signIn(page, student.email, student.password);
      await expect(page).toHaveURL(/#\/changePassword$/);
      await page.locator('input[autocomplete="new-password"]').fill('history-12ch');
      await expect(page.getByTestId('password-strength')).toHaveAttribute('data-level', 'fair');
      await saveScreen(page, `choose-password-${language}-${device}`);
      await page.goto('/#/register');
      await page.locator('input[autocomplete="new-password"]').fill('qwerty123456');
      await expect(page.getByTestId('password-strength')).toHaveAttribute('data-level', 'weak');
      await page.getByTestId('password-strength').scrollIntoViewIfNeeded();
      await saveScreen(page, `register-meter-${language}-${device}`);
      await context.close();
    });
  }
}
