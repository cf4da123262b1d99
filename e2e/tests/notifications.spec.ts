import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { APP_READY_ATTRIBUTE, type NotificationListAnswer, type RegisterBody } from '@academy/contract';
import { registerByApi, signedInPage, signedInPageIn, signInByApi, uniqueTag } from '../support/accounts';
import { ADMIN } from '../support/server-env';

// The bell of the notification centre, end to end: an announcement becomes a notification for
// exactly the students it is aimed at, reaches their open bells live, opens its screen through
// /n/{id} (which records the open and reads it), and that address survives a sign-in. Each test
// makes its own students and announcements, with words no other test uses.

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const feedCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

/** An announcement to the 2027 Europe Paper students, sent by the admin through the API. */
async function announce(request: APIRequestContext, message: string): Promise<void> {
  const admin = await signInByApi(request, ADMIN.email, ADMIN.password);
  const response = await request.post('/api/messages/message/send', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { message, batch: '2027', region: ['Europe'], classType: ['Paper'] },
  });
  expect(response.status(), await response.text()).toBe(200);
}

const AIMED: Partial<RegisterBody> = { batch: '2027', historyType: 'Europe', indianHistory: false, europeHistory: true, classType: 'Paper' };
const ELSEWHERE: Partial<RegisterBody> = { batch: '2025', historyType: 'Indian', indianHistory: true, europeHistory: false, classType: 'Theory' };

async function bellByApi(request: APIRequestContext, token: string): Promise<NotificationListAnswer['data']> {
  const response = await request.get('/api/notifications', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as NotificationListAnswer).data;
}

test('a new announcement rises in the bell live; its item opens the feed and the count falls; a student outside its audience sees nothing', async ({ browser, request }) => {
  const aimed = await registerByApi(request, AIMED);
  const elsewhere = await registerByApi(request, ELSEWHERE);
  const student = await signedInPage(browser, aimed.body.email, aimed.body.password, aimed.body.name);
  const outsider = await signedInPage(browser, elsewhere.body.email, elsewhere.body.password, elsewhere.body.name);
  await expect(bell(student)).toHaveAccessibleName('Notifications');

  const text = `Paper class starts at 8 in Hall D ${uniqueTag()}`;
  await announce(request, text);
  await expect(bell(student)).toHaveAccessibleName('Notifications: 1 unread');
  await expect(bell(student).getByText('1', { exact: true })).toBeVisible();

  await bell(student).click();
  const list = student.getByRole('dialog', { name: 'Notifications' });
  const item = list.getByRole('link').filter({ hasText: text });
  await expect(item).toContainText('New announcement');
  await expect(item).toContainText('Unread');
  await item.click();
  await expect(student).toHaveURL(/#\/message$/);
  await expect(feedCard(student, text)).toBeVisible();
  await expect(bell(student)).toHaveAccessibleName('Notifications');

  // The server recorded the open, and the item is read in the list.
  const token = (await signInByApi(request, aimed.body.email, aimed.body.password)).token;
  const held = await bellByApi(request, token);
  expect(held.unread).toBe(0);
  expect(held.items.map((i) => [i.params.excerpt, i.openedAt !== null, i.readAt !== null])).toEqual([[text, true, true]]);
  await bell(student).click();
  await expect(list.getByRole('link').filter({ hasText: text })).not.toContainText('Unread');
  await student.keyboard.press('Escape');
  await expect(list).toBeHidden();

  // It reached its students together: the outsider's bell has nothing, live or on the server.
  await expect(bell(outsider)).toHaveAccessibleName('Notifications');
  await bell(outsider).click();
  await expect(outsider.getByRole('dialog', { name: 'Notifications' }).getByText('Nothing new yet')).toBeVisible();
  const outsiderToken = (await signInByApi(request, elsewhere.body.email, elsewhere.body.password)).token;
  expect(await bellByApi(request, outsiderToken)).toEqual({ items: [], unread: 0, before: null });

  await student.context().close();
  await outsider.context().close();
});

test('on a phone the bell opens the notifications page: Unread only, Mark all as read', async ({ browser, request }) => {
  const aimed = await registerByApi(request, AIMED);
  const page = await signedInPage(browser, aimed.body.email, aimed.body.password, aimed.body.name, { width: 390, height: 844 });
  const texts = [`Bring the atlas ${uniqueTag()}`, `Paper 4 is on Sunday ${uniqueTag()}`];
  for (const text of texts) await announce(request, text);
  await expect(bell(page)).toHaveAccessibleName('Notifications: 2 unread');

  await bell(page).click();
  await expect(page).toHaveURL(/#\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('link')).toHaveCount(2);
  await expect(list.getByRole('link').first()).toContainText(texts[1] as string);

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await expect(list.getByRole('link').filter({ hasText: 'Unread' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Unread only' }).check();
  await expect(page.getByText('Nothing new yet')).toBeVisible();
  await page.context().close();
});

test('/n/{id} opened signed out comes back after sign-in and opens its screen; an unknown one is no longer available', async ({ browser, request }) => {
  const aimed = await registerByApi(request, AIMED);
  const token = (await signInByApi(request, aimed.body.email, aimed.body.password)).token;
  const text = `Results of Paper 2 are out ${uniqueTag()}`;
  await announce(request, text);
  let id = '';
  await expect
    .poll(async () => {
      id = (await bellByApi(request, token)).items.find((i) => i.params.excerpt === text)?.id ?? '';
      return id;
    })
    .not.toBe('');

  // As from an e-mail's button: the portal asks for a sign-in first, then goes on to the notification.
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/#/n/${id}?via=email`);
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '');
  await page.getByLabel('Email Address').fill(aimed.body.email);
  await page.getByLabel('Password', { exact: true }).fill(aimed.body.password);
  await page.getByRole('button', { name: 'Sign In to Account' }).click();
  await expect(page).toHaveURL(/#\/message$/);
  await expect(feedCard(page, text)).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  const held = await bellByApi(request, token);
  expect(held.items.find((i) => i.id === id)).toMatchObject({ openedAt: expect.any(String), readAt: expect.any(String) });

  // Opened once, the way back is not kept: the next sign-in goes Home.
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.getByLabel('Email Address').fill(aimed.body.email);
  await page.getByLabel('Password', { exact: true }).fill(aimed.body.password);
  await page.getByRole('button', { name: 'Sign In to Account' }).click();
  await expect(page).toHaveURL(/#\/home$/);

  await page.goto('/#/n/no-such-notification');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(page.getByText('This notification is no longer available')).toBeVisible();
  await page.getByRole('link', { name: 'See all' }).click();
  await expect(page).toHaveURL(/#\/notifications$/);
  await page.context().close();
});

test('the bell speaks Sinhala to a Sinhala reader', async ({ browser, request }) => {
  const aimed = await registerByApi(request, AIMED);
  const page = await signedInPageIn(browser, { ...aimed.body }, 'si', { width: 1366, height: 768 });
  const sinhalaBell = page.getByRole('banner').getByRole('button', { name: /^දැනුම්දීම්/ });
  await expect(sinhalaBell).toHaveAccessibleName('දැනුම්දීම්');
  const text = `Sinhala bell ${uniqueTag()}`;
  await announce(request, text);
  await expect(sinhalaBell).toHaveAccessibleName('දැනුම්දීම්: නොකියවූ 1');
  await sinhalaBell.click();
  const item = page.getByRole('dialog', { name: 'දැනුම්දීම්' }).getByRole('link').filter({ hasText: text });
  await expect(item).toContainText('නව නිවේදනයක්');
  await page.context().close();
});
