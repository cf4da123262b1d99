import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { testVideo } from '../../apps/server/test/videos';
import { APP_READY_ATTRIBUTE, NOTIFICATIONS_PATHS, type NotificationListAnswer, type RegisterBody, type SentNotification } from '@academy/contract';
import { openSignedIn, registerByApi, signedInPage, signedInPageIn, signInByApi, uniqueTag } from '../support/accounts';
import { emptyClassGivenToStudent, LESSON_READY_TIMEOUT_MS } from '../support/drive';
import { pushesTo } from '../support/fake-push';
import { test } from '../support/fresh-portal';
import { mailsTo } from '../support/outbox';
import {
  deviceEndpoint,
  keepWorkerMessages,
  permissionRequests,
  preferencesOf,
  recordWorkerNotifications,
  settingsCard,
  standInPushManager,
  subscribeCalls,
  workerReady,
  workerRegistrationId,
} from '../support/push-device';
import { ADMIN, BASE_URL } from '../support/server-env';

// The bell of the notification centre, end to end: an announcement becomes a notification for
// exactly the students it is aimed at, reaches their open bells live, opens its screen through
// /n/{id} (which records the open and reads it), and that address survives a sign-in. Each test
// makes its own students and announcements, with words no other test uses.

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const feedCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

/** An announcement to the 2027 Europe Paper students, sent by the admin through the API; its id. */
async function announce(request: APIRequestContext, message: string): Promise<string> {
  const admin = await signInByApi(request, ADMIN.email, ADMIN.password);
  const response = await request.post('/api/messages/message/send', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { message, batch: '2027', region: ['Europe'], classType: ['Paper'] },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { _id: string } }).data._id;
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

// Push, end to end in Chromium: the card subscribes through the page's PushManager (a stand-in
// answering with a subscription the run's local push service made, support/push-device.ts), the
// server pushes there (verified and decrypted by that service), and DevTools delivers the exact
// plaintext to the portal's service worker, which shows it.

/** A page of `baseURL`'s portal, signed in, with service workers, the notification permission and the PushManager stand-ins. */
async function pushCapablePage(browser: Browser, account: { email: string; password: string; name: string }, baseURL = BASE_URL): Promise<Page> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  await standInPushManager(context);
  await recordWorkerNotifications(context);
  const page = await context.newPage();
  await openSignedIn(page, account.email, account.password, account.name);
  await workerReady(page);
  return page;
}

/** Profile → Turn on notifications on this device, until the card says it is on; the endpoint the server now holds. */
async function turnOnHere(page: Page): Promise<string> {
  await page.goto('/#/profile');
  const card = settingsCard(page);
  await card.getByRole('button', { name: 'Turn on notifications on this device' }).click();
  await expect(card.getByText(/^On for this device/)).toBeVisible();
  const endpoint = await deviceEndpoint(page);
  expect(endpoint).not.toBeNull();
  return endpoint as string;
}

/** The admin's counts of the announcement whose text is `text`. */
async function adminCounts(request: APIRequestContext, text: string): Promise<SentNotification | undefined> {
  const admin = await signInByApi(request, ADMIN.email, ADMIN.password);
  const response = await request.get(`/api/${NOTIFICATIONS_PATHS.sent}?kind=message.new`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(response.status()).toBe(200);
  const { items } = ((await response.json()) as { data: { items: SentNotification[] } }).data;
  return items.find((item) => item.params.excerpt === text);
}

test('a student turns notifications on: the browser subscribes once, after the tap, with the server key, and the card says On for this device', async ({ browser, request }) => {
  const { body } = await registerByApi(request, AIMED);
  const page = await pushCapablePage(browser, body);
  await page.goto('/#/profile');
  const card = settingsCard(page);
  const turnOn = card.getByRole('button', { name: 'Turn on notifications on this device' });
  await expect(turnOn).toBeVisible();
  expect(await subscribeCalls(page)).toEqual([]);
  expect(await permissionRequests(page)).toBe(0);

  await turnOn.click();
  await expect(card.getByText('On for this device (Chrome on Linux)')).toBeVisible();
  const { pushKey } = await preferencesOf(page);
  expect(pushKey).toMatch(/^[\w-]{80,}$/);
  expect(await subscribeCalls(page)).toEqual([{ userVisibleOnly: true, applicationServerKey: pushKey }]);
  expect(await permissionRequests(page)).toBe(1);
  await expect(card.getByRole('button', { name: 'Turn off on this device' })).toBeVisible();

  // The server keeps the subscription: its test push reaches the push service for this endpoint.
  const endpoint = (await deviceEndpoint(page)) as string;
  await card.getByRole('button', { name: 'Send a test notification' }).click();
  await expect(card.getByRole('status')).toHaveText('A test notification is on its way to your devices.');
  await expect.poll(async () => (await pushesTo(endpoint)).length).toBe(1);

  // Reloaded, the browser still holds it, and no second subscribe was asked for.
  await page.reload();
  await expect(settingsCard(page).getByText(/^On for this device/)).toBeVisible();
  expect(await subscribeCalls(page)).toEqual([]);
  await page.context().close();
});

test('a lesson made ready is pushed; the service worker shows it (read from its message: the headless shell shows none) and tells the page; its address opens the lesson, and the bell lists it read', async ({ browser, request }) => {
  // A real upload and transcode: the lesson notifies its class once it is ready to stream.
  test.setTimeout(LESSON_READY_TIMEOUT_MS + 120_000);
  const made = await emptyClassGivenToStudent(request, 'Pushed');
  const page = await pushCapablePage(browser, made.student);
  const endpoint = await turnOnHere(page);

  const upload = await request.post(`/api/folders/folder/${encodeURIComponent(made.classId)}/files`, {
    headers: made.headers,
    multipart: { file: { name: 'Cold War.mp4', mimeType: 'video/mp4', buffer: testVideo({ seconds: 2, width: 160, height: 90, audio: false }) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  let payload: { title?: string; body?: string; url?: string } = {};
  await expect
    .poll(
      async () => {
        payload = ((await pushesTo(endpoint)).find((push) => (push.payload as { kind?: string }).kind === 'lesson.new')?.payload ?? {}) as typeof payload;
        return payload.url ?? '';
      },
      { timeout: LESSON_READY_TIMEOUT_MS },
    )
    .toMatch(/^\/#\/n\/[\w-]+$/);
  expect(payload).toMatchObject({ kind: 'lesson.new', title: `New lesson in ${made.className}`, body: 'Cold War is ready to watch.', lang: 'en', unread: 1 });
  await expect(bell(page)).toHaveAccessibleName('Notifications: 1 unread');

  // The exact plaintext the push service decrypted, delivered to the worker as a push message.
  const cdp = await page.context().newCDPSession(page);
  const registrationId = await workerRegistrationId(cdp, BASE_URL);
  const workerMessages = await keepWorkerMessages(page);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: BASE_URL, registrationId, data: JSON.stringify(payload) });
  // What it showed, then what it told the page (the bell's count), in that order.
  await expect
    .poll(workerMessages)
    .toEqual([
      { type: 'shown', title: payload.title, body: payload.body, icon: '/icons/icon-192.png', tag: 'lesson.new', url: payload.url },
      { type: 'notification', unread: 1 },
    ]);

  await page.goto(payload.url as string);
  await expect(page).toHaveURL(/#\/view\//);
  await expect(page.locator('video')).toBeVisible();
  // The viewer fills the screen; the bell is the shell's.
  await page.goto('/#/home');
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await bell(page).click();
  const item = page.getByRole('dialog', { name: 'Notifications' }).getByRole('link').filter({ hasText: 'Cold War is ready to watch.' });
  await expect(item).toBeVisible();
  await expect(item).not.toContainText('Unread');
  await page.context().close();
});

test("preferences turn a kind off: the admin's counts show push turned off and the push service gets nothing; the bell still lists it", async ({ browser, freshPortal }) => {
  // A portal of its own, so the announcement reaches this one student and the counts are exact.
  const { body } = await registerByApi(freshPortal.request, AIMED);
  const page = await pushCapablePage(browser, body, freshPortal.baseURL);
  const endpoint = await turnOnHere(page);
  const card = settingsCard(page);
  const announcementsByPhone = card.getByRole('switch', { name: 'Announcements: Phone' });
  await expect(announcementsByPhone).toBeChecked();
  await announcementsByPhone.uncheck();
  await expect(announcementsByPhone).not.toBeChecked();
  await expect(announcementsByPhone).toBeEnabled();
  expect((await preferencesOf(page)).kinds.find((kind) => kind.kind === 'message.new')).toMatchObject({ push: false });

  const text = `Bring last year's paper ${uniqueTag()}`;
  await announce(freshPortal.request, text);
  await expect
    .poll(async () => {
      const counts = await adminCounts(freshPortal.request, text);
      return counts && { recipients: counts.recipients, push: counts.push };
    })
    .toEqual({ recipients: 1, push: { sent: 0, held: 0, failed: 0, off: 1, gone: 0, capped: 0 } });
  expect(await pushesTo(endpoint)).toEqual([]);
  await expect(bell(page)).toHaveAccessibleName('Notifications: 1 unread');

  // The admin's Notifications tab says the same in words.
  const admin = await freshPortal.newPage();
  await openSignedIn(admin, ADMIN.email, ADMIN.password, 'Administrator');
  await admin.goto('/#/social');
  await admin.getByRole('tab', { name: 'Notifications' }).click();
  const row = admin.getByRole('list', { name: 'Sent notifications' }).getByRole('listitem').filter({ hasText: text });
  await expect(row).toContainText('Notified 1 · phones 0 · e-mail 0 · SMS 0 · opened 0');
  await expect(row).toContainText('Phone: sent 0 · waiting 0 · failed 0 · turned off 1 · gone 0 · over the cap 0');
  await page.context().close();
});

test('an iPhone in Safari is told to add the portal to the Home Screen first, with no button', async ({ browser, request }) => {
  const { body } = await registerByApi(request, AIMED);
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await openSignedIn(page, body.email, body.password, body.name);
  await page.goto('/#/profile');
  const card = settingsCard(page);
  await expect(card.getByText(/^On iPhone, add the portal to your Home Screen first/)).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveText(['Tap Share', 'Choose Add to Home Screen', 'Open the portal from the new icon and turn notifications on there']);
  await expect(card.getByRole('button', { name: /Turn on/ })).toHaveCount(0);
  await context.close();
});

test("an e-mail's Stop these e-mails link turns that kind's e-mail off after one tap; a made-up link is not valid", async ({ browser, request }) => {
  const { body } = await registerByApi(request, AIMED);
  const token = (await signInByApi(request, body.email, body.password)).token;
  const put = await request.put(`/api/${NOTIFICATIONS_PATHS.preferences}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { kinds: [{ kind: 'message.new', email: true }] },
  });
  expect(put.status(), await put.text()).toBe(200);
  const text = `Seminar moved to Hall B ${uniqueTag()}`;
  await announce(request, text);
  let link = '';
  await expect
    .poll(() => {
      const mail = mailsTo(body.email).find((sent) => sent.text.includes(text));
      link = /\/#\/unsubscribe\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');

  // Signed out, as from a mail client: nothing changes until the button is pressed.
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(page.getByText('Stop e-mails of this kind from the portal.', { exact: false })).toBeVisible();
  const preferences = async () => {
    const answer = await request.get(`/api/${NOTIFICATIONS_PATHS.preferences}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await answer.json()) as { data: { kinds: { kind: string; email: boolean | null }[] } }).data.kinds.find((kind) => kind.kind === 'message.new')?.email;
  };
  expect(await preferences()).toBe(true);
  await page.getByRole('button', { name: 'Stop these e-mails' }).click();
  await expect(page.getByText('Done: no more e-mails about Announcements.')).toBeVisible();
  expect(await preferences()).toBe(false);

  await page.goto('/#/unsubscribe/not-a-real-token');
  await page.getByRole('button', { name: 'Stop these e-mails' }).click();
  await expect(page.getByText('This unsubscribe link is not valid')).toBeVisible();
  await page.context().close();
});
