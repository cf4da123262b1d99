import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { PrivacyExport, RegisterBody } from '@academy/contract';
import { en } from '../../apps/web/src/i18n/en';
import { si } from '../../apps/web/src/i18n/si';
import { newStudent, registerByApi, signedInPageIn, signInByUi } from '../support/accounts';
import { useLanguage, type Language } from '../support/languages';
import { saveScreen } from '../support/screenshots';
import { DEVICES } from '../support/screens';

// Privacy (docs/data-inventory.md): the notice and its consent at registration, the student's
// own data as a download, and an erasure request that signing in and "Keep my account" cancels.

const WORDS = { en: en.privacy, si: si.privacy } as const;

async function fillStepOne(page: Page, student: RegisterBody): Promise<void> {
  await page.getByLabel('Name').fill(student.name);
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('WhatsApp No').fill(student.whatsAppNo);
  await page.getByLabel('District').click();
  await page.getByRole('option', { name: student.district, exact: true }).click();
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByLabel('Batch').click();
  await page.getByRole('option', { name: student.batch, exact: true }).click();
  await page.getByLabel('Class Type').click();
  await page.getByRole('option', { name: student.classType, exact: true }).click();
  await page.getByRole('button', { name: 'Next' }).click();
}

test('the server refuses a registration without consent, naming it', async ({ request }) => {
  const response = await request.post('/api/students/student/register', { data: newStudent({ consent: undefined }) });
  expect(response.status()).toBe(400);
  expect(((await response.json()) as { errors: { field: string }[] }).errors).toEqual([expect.objectContaining({ field: 'consent' })]);
});

test('a student reads the notice, consents, registers, downloads their data, asks for erasure and cancels it', async ({ page }) => {
  const student = newStudent();
  await page.goto('/#/register');
  await fillStepOne(page, student);
  await page.getByLabel('Indian History').check();
  const notice = page.getByRole('region', { name: 'How we use your details' });
  await expect(notice).toContainText('What we keep:');
  await expect(notice).toContainText('Who sees it:');
  await expect(notice).toContainText('How long:');

  // Unticked, the form says why and sends nothing.
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Privacy notice must be accepted to register')).toBeVisible();
  await expect(page).toHaveURL(/#\/register$/);
  await page.getByLabel('I have read how my details are used and I agree').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration Success')).toBeVisible();

  await signInByUi(page, student.email, student.password, student.name);
  await page.goto('/#/profile');
  const card = page.getByRole('region', { name: 'Your Data' });
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as PrivacyExport;
  expect(data.profile).toMatchObject({ name: student.name, email: student.email });
  expect(data.consent?.noticeVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(data.sessions.length).toBeGreaterThanOrEqual(1);

  await card.getByRole('button', { name: 'Erase my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase your account?' });
  await expect(dialog).toContainText('after 14 days');
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password-at-all');
  await dialog.getByRole('button', { name: 'Erase my account' }).click();
  await expect(dialog.getByText(/password/i).last()).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill(student.password);
  await dialog.getByRole('button', { name: 'Erase my account' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(/Your account will be erased on .+\. Sign in before then and cancel to keep it\./)).toBeVisible();

  // After signing in again, the request is still there, and "Keep my account" ends it.
  await page.reload();
  await card.getByRole('button', { name: 'Keep my account' }).click();
  await expect(page.getByText('Erasure cancelled')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Erase my account' })).toBeVisible();
  await expect(card.getByText(/Your account will be erased/)).toBeHidden();
});

/** Step 1 in the reader's language: text fields by their labels, each list's first choice. */
async function fillStepOneIn(page: Page, language: Language, student: RegisterBody): Promise<void> {
  const students = (language === 'en' ? en : si).students;
  const labels = students.labelsA;
  await page.getByLabel(labels.name, { exact: true }).fill(student.name);
  await page.getByLabel(labels.email, { exact: true }).fill(student.email);
  await page.getByLabel(labels.whatsAppNo, { exact: true }).fill(student.whatsAppNo);
  await page.getByLabel(labels.password, { exact: true }).fill(student.password);
  for (const list of [labels.district, labels.batch, labels.classType]) {
    await page.getByRole('combobox', { name: list }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
  }
  await page.getByRole('button', { name: students.next }).click();
  await page.getByLabel(labels.indianHistory, { exact: true }).check();
}

for (const language of ['en', 'si'] as const satisfies readonly Language[]) {
  for (const [device, viewport] of DEVICES) {
    test(`screens: the notice at registration and Your Data with erasure pending, ${language}, ${device}`, async ({ browser, request }) => {
      const words = WORDS[language];
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await useLanguage(page, language);
      await page.goto('/#/register');
      await fillStepOneIn(page, language, newStudent());
      const notice = page.getByRole('region', { name: words.noticeTitle });
      await expect(notice).toContainText(words.noticeHowLong);
      await expect(page.getByLabel(words.consentLabel)).not.toBeChecked();
      await notice.scrollIntoViewIfNeeded();
      await saveScreen(page, `privacy-notice-${language}-${device}`);

      const { body } = await registerByApi(request);
      const signedIn = await signedInPageIn(browser, body, language, viewport);
      await signedIn.goto('/#/profile');
      const card = signedIn.getByRole('region', { name: words.sectionTitle });
      await card.getByRole('button', { name: words.erase }).click();
      const dialog = signedIn.getByRole('dialog', { name: words.eraseConfirmTitle });
      await expect(dialog).toBeVisible();
      await saveScreen(signedIn, `privacy-erase-dialog-${language}-${device}`);
      await dialog.locator('input[type="password"]').fill(body.password);
      await dialog.getByRole('button', { name: words.erase }).click();
      await expect(dialog).toBeHidden();
      await expect(card.getByRole('button', { name: words.cancelErasure })).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await saveScreen(signedIn, `privacy-your-data-${language}-${device}`);
      await signedIn.context().close();
      await context.close();
    });
  }
}
