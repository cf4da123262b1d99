import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { MessageListAnswer, NotificationListAnswer, RegisterBody } from '@academy/contract';
import { openSignedIn, registerByApi, signInByApi } from '../support/accounts';
import { test } from '../support/fresh-portal';
import { ADMIN } from '../support/server-env';

// Announcements end to end: the admin's Messages tab and a student's live feed, in two browsers at
// once, against the real server. The empty states and the exact counts ("0 sent", "1 Messages")
// are about every message the portal holds, so those tests run on a portal of their own that no
// other spec has sent a message on (support/fresh-portal.ts); the others, on the suite's shared
// portal, look only at the students and messages they make.

/** A page in a browser context of its own, on the suite's shared portal. */
async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** The admin, signed in on `page`, on the Social Media Manager's Messages tab. */
async function adminOnSocial(page: Page): Promise<Page> {
  await openSignedIn(page, ADMIN.email, ADMIN.password, 'Administrator');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Social' }).click();
  await expect(page.getByRole('heading', { name: 'Social Media Manager' })).toBeVisible();
  return page;
}

type Profile = Pick<RegisterBody, 'batch' | 'historyType' | 'classType'>;

function profile(batch: string, historyType: 'Indian' | 'Europe', classType: string): Partial<RegisterBody> {
  return { batch, historyType, classType, indianHistory: historyType === 'Indian', europeHistory: historyType === 'Europe' } as Profile;
}

/** A new student with this profile, signed in on `page` (a browser context of their own), on the feed. */
async function studentOnFeed(page: Page, request: APIRequestContext, overrides: Partial<RegisterBody>) {
  const { body } = await registerByApi(request, overrides);
  await openSignedIn(page, body.email, body.password, body.name);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Message' }).click();
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  return { page, body };
}

/** The message card in a feed, found by its text. */
const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

async function feedByApi(request: APIRequestContext, token: string, path: string): Promise<MessageListAnswer> {
  const response = await request.get(`/api/messages/message/get-by-batch/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as MessageListAnswer;
}

/** The account's bell as the server holds it: its unread count and its items' words. */
async function bellByApi(request: APIRequestContext, token: string): Promise<NotificationListAnswer['data']> {
  const response = await request.get('/api/notifications', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as NotificationListAnswer).data;
}

test('before any message: skeletons while the feed loads, then the empty states of the feed and of Sent Messages', async ({ freshPortal }) => {
  const { body } = await registerByApi(freshPortal.request, profile('2027', 'Europe', 'Paper'));
  const page = await freshPortal.newPage();
  await openSignedIn(page, body.email, body.password, body.name);
  // Hold the feed's answer back so the loading state can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/messages/message/get-by-batch/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Message' }).click();
  const skeletons = page.locator('[aria-label="Loading messages"] .MuiSkeleton-root');
  await expect(skeletons).toHaveCount(4);
  const heights = await skeletons.evaluateAll((nodes) => nodes.map((node) => Math.round(node.getBoundingClientRect().height)));
  expect(heights).toEqual([80, 200, 200, 200]);
  release();

  await expect(page.getByText('Stay updated with the latest announcements')).toBeVisible();
  await expect(page.getByText('0 Messages')).toBeVisible();
  await expect(page.getByText('Live Updates')).toBeVisible();
  await expect(page.getByText('No messages yet')).toBeVisible();
  await expect(page.getByText('Check back later for new announcements and updates!')).toBeVisible();
  await page.context().close();

  const admin = await adminOnSocial(await freshPortal.newPage());
  await expect(admin.getByRole('tab', { name: 'Messages', selected: true })).toBeVisible();
  await expect(admin.getByText('No messages yet')).toBeVisible();
  await expect(admin.getByText('Create your first message above to get started!')).toBeVisible();
  await expect(admin.getByLabel('0 sent')).toBeVisible();
  await admin.context().close();
});

test("a targeted message reaches exactly its students' open feeds, live, and follows edits and deletes", async ({ freshPortal }) => {
  const { request } = freshPortal;
  const admin = await adminOnSocial(await freshPortal.newPage());
  const { page: student } = await studentOnFeed(await freshPortal.newPage(), request, profile('2026', 'Indian', 'Theory&Revision'));
  const europe = await registerByApi(request, profile('2026', 'Europe', 'Theory'));
  const older = await registerByApi(request, profile('2025', 'Indian', 'Theory'));
  const others = await Promise.all([
    signInByApi(request, europe.body.email, europe.body.password),
    signInByApi(request, older.body.email, older.body.password),
  ]);
  await expect(bell(student)).toHaveAccessibleName('Notifications');

  const text = `Theory class for 2026 Indian moves to Hall B ${Date.now()}`;
  const form = admin.getByRole('tabpanel');
  const send = form.getByRole('button', { name: 'Send Message' });
  await expect(send).toBeDisabled();
  await form.getByPlaceholder("What's on your mind? Share your thoughts...").fill('   ');
  await expect(send).toBeDisabled();
  await form.getByLabel('Message Content').fill(text);
  await form.getByLabel('Link URL').fill('https://academy.example.lk/hall-b');
  await form.getByPlaceholder('Enter batch identifier').fill('2026');
  await form.getByRole('checkbox', { name: 'Indian' }).check();
  await form.getByRole('checkbox', { name: 'Theory' }).check();
  await send.click();
  await expect(form.getByLabel('Message Content')).toHaveValue('');
  const sent = admin.getByRole('listitem').filter({ hasText: text });
  await expect(sent).toBeVisible();
  await expect(sent.getByText('Batch 2026')).toBeVisible();
  await expect(admin.getByLabel('1 sent')).toBeVisible();

  // The student's open feed shows it without a reload, and the bell goes up.
  const message = card(student, text);
  await expect(message).toBeVisible();
  await expect(bell(student)).toHaveAccessibleName('Notifications: 1 unread');
  await expect(student.getByText('1 Messages')).toBeVisible();
  await expect(message.getByText('Class Admin')).toBeVisible();
  await expect(message.getByText('CA', { exact: true })).toBeVisible();
  await expect(message.getByText('0 views')).toBeVisible();
  await expect(message.getByText('Resource Link')).toBeVisible();
  const link = message.getByRole('link', { name: 'https://academy.example.lk/hall-b' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(message.getByText('India', { exact: true })).toBeVisible();
  await expect(message.getByText('Theory', { exact: true })).toBeVisible();

  // The 2026 Europe and the 2025 students never get it, whatever path values they try, nor in
  // their bells (the notification reached its students together, before the bell above rose).
  for (const login of others) {
    for (const path of ['2026/Indian/Theory', '2026/Indian/Theory%26Revision', '2025/Europe/Paper']) {
      const feed = await feedByApi(request, login.token, path);
      expect(feed.data.map((m) => m.message)).not.toContain(text);
    }
    expect(await bellByApi(request, login.token)).toEqual({ items: [], unread: 0, before: null });
  }

  // The admin edits it: the open feed follows.
  const edited = `${text} (moved to Hall C)`;
  await sent.getByRole('button', { name: 'Edit message' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit Message' });
  await expect(dialog.getByLabel('Message Content')).toHaveValue(text);
  await expect(dialog.getByRole('checkbox', { name: 'Indian' })).toBeChecked();
  await dialog.getByLabel('Message Content').fill(edited);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('listitem').filter({ hasText: 'moved to Hall C' })).toBeVisible();
  await expect(card(student, 'moved to Hall C')).toBeVisible();

  // The admin deletes it after confirming: the open feed drops it and the bell clears.
  await admin.getByRole('listitem').filter({ hasText: 'moved to Hall C' }).getByRole('button', { name: 'Delete message' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Delete message?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByRole('listitem').filter({ hasText: 'moved to Hall C' })).toHaveCount(0);
  await expect(card(student, 'moved to Hall C')).toHaveCount(0);
  await expect(student.getByText('No messages yet')).toBeVisible();
  await expect(bell(student)).toHaveAccessibleName('Notifications');

  await admin.context().close();
  await student.context().close();
});

test('the bell counts messages aimed at the student on any page; its list opens the feed, which reads them on every device; views count', async ({ browser, request }) => {
  const { body } = await registerByApi(request, profile('2026', 'Europe', 'Revision'));
  const page = await newPage(browser);
  await openSignedIn(page, body.email, body.password, body.name);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  const admin = await signInByApi(request, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${admin.token}` };
  const texts = [`Revision paper due Friday ${Date.now()}`, `Bring the map exercise ${Date.now()}`] as const;
  for (const message of texts) {
    const response = await request.post('/api/messages/message/send', { headers, data: { message, batch: '2026', region: ['Europe'], classType: ['Revision'] } });
    expect(response.status()).toBe(200);
  }
  await expect(bell(page)).toHaveAccessibleName('Notifications: 2 unread');
  await expect(bell(page).getByText('2')).toBeVisible();

  // The bell opens its list, newest first; an item opens the feed.
  await bell(page).click();
  const list = page.getByRole('dialog', { name: 'Notifications' });
  const items = list.getByRole('list', { name: 'Notifications' }).getByRole('link');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(texts[1]);
  await expect(items.first()).toContainText('New announcement');
  await expect(items.last()).toContainText(texts[0]);
  await items.first().click();
  await expect(page).toHaveURL(/#\/message$/);
  await expect(list).toBeHidden();
  await expect(card(page, texts[1])).toBeVisible();
  // The feed served both, which read both: the bell agrees.
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  // Opening the feed was this student's view of both.
  await expect(card(page, texts[0]).getByText('1 view')).toBeVisible();

  // Held on the server: another device of the same student has nothing unread either.
  const other = await signInByApi(request, body.email, body.password);
  expect((await bellByApi(request, other.token)).unread).toBe(0);
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await page.context().close();
});

test('the form refuses a bad link or batch under the field; text is shown as text; Translate opens Google Translate', async ({ browser, request }) => {
  const admin = await adminOnSocial(await newPage(browser));
  const form = admin.getByRole('tabpanel');
  const tag = Date.now().toString(36);
  const text = `<b>Not bold</b> & <script>alert(1)</script> ${tag}`;
  await form.getByLabel('Message Content').fill(text);
  await form.getByLabel('Link URL').fill('javascript:alert(1)');
  await form.getByLabel('Batch Name').fill('2030');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Link URL must be a web address starting with http:// or https://')).toBeVisible();
  await expect(form.getByText('Batch Name must be one of 2025, 2026, 2027, or empty for every batch')).toBeVisible();

  await form.getByLabel('Link URL').fill('');
  await form.getByLabel('Batch Name').fill('2027');
  await form.getByRole('checkbox', { name: 'Paper' }).check();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByLabel('Message Content')).toHaveValue('');

  const { page } = await studentOnFeed(await newPage(browser), request, profile('2027', 'Indian', 'Paper'));
  const message = card(page, tag);
  await expect(message.getByText(text)).toBeVisible();
  await expect(message.locator('b, script')).toHaveCount(0);
  await expect(message.getByText('All regions')).toBeVisible();
  await expect(message.getByText('Paper', { exact: true })).toBeVisible();

  await page.context().route('https://translate.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>translated</p>' }));
  const translate = message.getByRole('link', { name: 'Translate' });
  await expect(translate).toHaveAttribute('rel', 'noopener noreferrer');
  const [popup] = await Promise.all([page.waitForEvent('popup'), translate.click()]);
  const url = new URL(popup.url());
  expect(url.origin + url.pathname).toBe('https://translate.google.com/');
  expect(Object.fromEntries(url.searchParams)).toEqual({ sl: 'auto', tl: 'si', text, op: 'translate' });
  await admin.context().close();
  await page.context().close();
});
