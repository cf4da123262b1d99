import { expect, test, type Browser } from '@playwright/test';
import { registerByApi, signInByApi, signInByUi } from '../support/accounts';
import { ADMIN } from '../support/server-env';

// Sessions end to end: a student sees their sign-ins on the Profile page and ends the
// others, giving their password again; the admin's session limit pushes out the oldest sign-in.

async function studentBrowser(browser: Browser, email: string, password: string, name: string) {
  const page = await (await browser.newContext()).newPage();
  await signInByUi(page, email, password, name);
  return page;
}

test('a student ends another sign-in from the Profile page, which is signed out at its next step', async ({ browser, request }) => {
  const { body } = await registerByApi(request);
  const laptop = await studentBrowser(browser, body.email, body.password, body.name);
  const phone = await studentBrowser(browser, body.email, body.password, body.name);

  await phone.goto('/#/profile');
  const list = phone.getByRole('list', { name: 'Active Sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('This device')).toHaveCount(1);
  await phone.getByRole('button', { name: 'Sign out other sessions' }).click();
  // The password is asked again; a wrong one ends nothing and says so.
  const confirm = phone.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm.getByText('Enter your password to sign out every other device.')).toBeVisible();
  await confirm.getByLabel('Password', { exact: true }).fill('not-my-password');
  await confirm.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(confirm.getByText('Current password is incorrect')).toBeVisible();
  const laptopToken = await laptop.evaluate(() => localStorage.getItem('token'));
  expect((await request.get('/api/sessions/mine', { headers: { authorization: `Bearer ${laptopToken}` } })).status()).toBe(200);
  await confirm.getByLabel('Password', { exact: true }).fill(body.password);
  await confirm.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expect(confirm).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  await laptop.goto('/#/profile');
  await expect(laptop.getByRole('button', { name: 'Sign In to Account' })).toBeVisible();
  expect(await laptop.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('Log Out ends the session on the server too', async ({ page, request }) => {
  const { body } = await registerByApi(request);
  await signInByUi(page, body.email, body.password, body.name);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In to Account' })).toBeVisible();
  await expect
    .poll(async () => (await request.get('/api/sessions/mine', { headers: { authorization: `Bearer ${token}` } })).status())
    .toBe(401);
});

test("the admin's session limit ends a student's oldest sign-in", async ({ browser, page, request }) => {
  await signInByUi(page, ADMIN.email, ADMIN.password, 'Administrator');
  await page.goto('/#/profile');
  const limit = page.getByLabel('Sessions allowed');
  await expect(limit).toHaveValue('2');
  await limit.fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.swal2-title')).toHaveText('Session limit saved');

  try {
    const { body } = await registerByApi(request);
    const first = await studentBrowser(browser, body.email, body.password, body.name);
    await signInByApi(request, body.email, body.password);
    await first.goto('/#/profile');
    await expect(first.getByRole('button', { name: 'Sign In to Account' })).toBeVisible();
  } finally {
    const admin = await signInByApi(request, ADMIN.email, ADMIN.password);
    const reset = await request.put('/api/sessions/limit', { data: { maxSessions: 2 }, headers: { authorization: `Bearer ${admin.token}` } });
    expect(reset.status()).toBe(200);
  }
});
