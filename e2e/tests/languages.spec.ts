import { expect, test } from '@playwright/test';
import type { MessageListAnswer } from '@academy/contract';
import { openLoginPage, registerByApi, signInByApi } from '../support/accounts';

// Languages: Sinhala chosen on the login screen stays through sign-in, a reload and
// Log Out; the server's own refusals reach the screen in Sinhala too. The words are the Sinhala
// dictionary's (apps/web/src/i18n/si.ts).

test('a student switches to Sinhala, signs in, reads the shell and a server refusal in Sinhala, and keeps it after a reload and Log Out', async ({ page, request }) => {
  const { body: student } = await registerByApi(request);
  await openLoginPage(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'සිංහල' }).click();

  await expect(page.getByRole('heading', { name: 'නැවතත් සාදරයෙන් පිළිගනිමු' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'si');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('si');

  // A wrong password: the login outcome in Sinhala.
  await page.getByLabel('ඊමේල් ලිපිනය').fill(student.email);
  await page.getByLabel('මුරපදය', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'ගිණුමට පිවිසෙන්න' }).click();
  await expect(page.getByRole('heading', { name: 'ඊමේල් ලිපිනය හෝ මුරපදය වැරදියි' })).toBeVisible();
  await page.getByRole('button', { name: 'හරි' }).click();

  await page.getByLabel('මුරපදය', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'ගිණුමට පිවිසෙන්න' }).click();
  await expect(page.getByText(`ආයුබෝවන් ${student.name}`)).toBeVisible();
  await expect(page.getByText('සිසුවා', { exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'ප්‍රධාන සංචාලනය' });
  await expect(nav.getByRole('link', { name: 'පණිවිඩ' })).toBeVisible();

  // The server answers 'Current password is incorrect'; the screen says it in Sinhala.
  await nav.getByRole('link', { name: 'පැතිකඩ' }).click();
  await page.getByLabel('වත්මන් මුරපදය').fill('not-the-current-password');
  await page.getByLabel('නව මුරපදය').fill('a-brand-new-password');
  await page.getByRole('button', { name: 'මුරපදය යාවත්කාලීන කරන්න' }).click();
  await expect(page.getByRole('heading', { name: 'මුරපදය වෙනස් කිරීම අසාර්ථකයි !' })).toBeVisible();
  await expect(page.getByText('වත්මන් මුරපදය වැරදියි', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'හරි' }).click();

  await page.reload();
  await expect(page.getByText(`ආයුබෝවන් ${student.name}`)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'si');

  await page.getByRole('button', { name: 'පිටවන්න' }).click();
  await expect(page.getByRole('heading', { name: 'නැවතත් සාදරයෙන් පිළිගනිමු' })).toBeVisible();
  expect(await page.evaluate(() => ({ token: localStorage.getItem('token'), language: localStorage.getItem('language') }))).toEqual({ token: null, language: 'si' });

  // And back: English is one click away, with the spec's words.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a language remembered by the browser opens in Sinhala from the first screen, down to the feed and its count', async ({ page, request }) => {
  const { body: student } = await registerByApi(request);
  // The shared portal may hold other specs' messages for this student: the count is whatever the server says.
  const { token } = await signInByApi(request, student.email, student.password);
  const feed = await request.get(`/api/messages/message/get-by-batch/${student.batch}/${student.historyType}/${student.classType}`, { headers: { authorization: `Bearer ${token}` } });
  expect(feed.status()).toBe(200);
  const { total } = ((await feed.json()) as MessageListAnswer).paging;
  await openLoginPage(page);
  await page.evaluate(() => localStorage.setItem('language', 'si'));
  await page.reload();
  await page.getByLabel('ඊමේල් ලිපිනය').fill(student.email);
  await page.getByLabel('මුරපදය', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'ගිණුමට පිවිසෙන්න' }).click();
  await page.getByRole('navigation', { name: 'ප්‍රධාන සංචාලනය' }).getByRole('link', { name: 'පණිවිඩ' }).click();
  await expect(page.getByRole('heading', { name: 'පණිවිඩ', exact: true })).toBeVisible();
  await expect(page.getByText(`පණිවිඩ ${total}`, { exact: true })).toBeVisible();
});
