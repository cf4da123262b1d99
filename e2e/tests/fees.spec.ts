import { expect, test, type Browser, type Page } from '@playwright/test';
import { receiptNumberLabel, type SlipDecisionAnswer } from '@academy/contract';
import { testVideo } from '../../apps/server/test/videos';
import { openWithSession, signedInPage, signInByApi } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { driveCard, LESSON_READY_TIMEOUT_MS } from '../support/drive';
import { FEE_SCREENS } from '../support/fee-screens';
import { buildFeeWorld } from '../support/fee-world';
import { englishMonth, feeClassGivenToStudent, feeUrl, listedItem, pendingSlips, slipPicture, sriLankaMonth } from '../support/fees';
import { LANGUAGES, useLanguage, type Language } from '../support/languages';
import { PAYHERE_STAND_IN_URL, setStandInSettings } from '../support/payhere-stand-in';
import { onePagePdf } from '../support/pdf';
import { DEVICES, settle, visit } from '../support/screens';
import { saveScreen } from '../support/screenshots';
import { ADMIN } from '../support/server-env';
import { buildWorld, clearWorld, type Account } from '../support/world';

// Class fees end to end (docs/fees.md), on the real server with the run's local PayHere
// (support/payhere-stand-in.ts): a student finds this Sri Lanka month's folder locked with its
// amount, pays it on the stand-in's checkout page, comes back to the return page, which shows the
// server's "Paid" and the receipt number, and the month's lesson plays; another student sends a
// bank slip, an admin approves it, and the month opens with its receipt. The last test walks the
// student's fee screens and the drive's fee dialogs on desktop and phone in both languages;
// SHOTS_DIR=<folder> saves them as pictures (support/screenshots.ts).

/** 'Open Folder' on a card of the drive screen, in English. */
async function openFolder(page: Page, name: string): Promise<void> {
  await driveCard(page, name).getByRole('button', { name: 'Open Folder' }).click();
}

test('a student sees this month locked, pays through the local PayHere, returns, and the lesson plays', async ({ browser, request }) => {
  test.setTimeout(LESSON_READY_TIMEOUT_MS + 120_000);
  const month = sriLankaMonth();
  const made = await feeClassGivenToStudent(request, 'Fees', [month, sriLankaMonth(1)]);
  const folder = made.monthFolders[month];
  if (!folder) throw new Error('no month folder');
  // A short lesson in the month, processed into its stream while the student pays.
  const upload = await request.post(`/api/folders/folder/${encodeURIComponent(folder.id)}/files`, {
    headers: made.headers,
    multipart: { file: { name: 'Colombo port.mp4', mimeType: 'video/mp4', buffer: testVideo({ seconds: 6, width: 320, height: 180, audio: false }) } },
  });
  expect(upload.status(), await upload.text()).toBe(200);

  const page = await signedInPage(browser, made.student.email, made.student.password, made.student.name);
  await openFolder(page, made.className);
  const card = driveCard(page, folder.name);
  // Locked: the month, its amount and due day, Pay and Bank slip, and no way into the folder.
  await expect(card.getByTestId('month-lock')).toContainText(englishMonth(month));
  await expect(card.getByTestId('month-state')).toHaveText(/^LKR\s2,500\.00 · due \w+ 10$/);
  await expect(card.getByRole('button', { name: 'Open Folder' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Bank slip' })).toBeVisible();
  // Nothing of the month is listed to them, whatever they ask the server: a 403 that says what to pay.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const refused = await request.get(`/api/folders/folderContent/${encodeURIComponent(folder.id)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ message: `${englishMonth(month)} is not paid yet`, feeLocked: { classFolderId: made.classId, month, amountCents: 250_000 } });

  await card.getByRole('button', { name: 'Pay', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Pay for ${englishMonth(month)}` });
  await expect(dialog).toContainText('You will be taken to PayHere to pay LKR 2,500.00.');
  await expect(dialog).toContainText(made.className);
  await dialog.getByRole('button', { name: 'Go to PayHere' }).click();

  // PayHere's page (the stand-in checked the form's fields and hash), then its Pay.
  await expect(page).toHaveURL(`${PAYHERE_STAND_IN_URL}/pay/checkout`);
  await expect(page.getByText('LKR 2500.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back through the portal's return route: the server's state, paid, with the receipt number.
  await expect(page).toHaveURL(/#\/fees\/orders\/F\w{19}$/);
  await expect(page.getByTestId('order-state')).toHaveText(new RegExp(`^Paid: ${englishMonth(month)} is open\\. Receipt No\\. \\d{6}$`));
  await expect(page.getByRole('link', { name: 'View receipt' })).toBeVisible();

  // The month opens, and its lesson plays once it streams.
  await expect
    .poll(async () => (await listedItem(request, made.headers, folder.id, 'Colombo port.mp4'))?.processing?.state, { timeout: LESSON_READY_TIMEOUT_MS, intervals: [2000] })
    .toBe('ready');
  await page.getByRole('link', { name: `Open ${englishMonth(month)}` }).click();
  const lesson = driveCard(page, 'Colombo port.mp4');
  await expect(lesson.getByRole('button', { name: 'View File' })).toBeVisible();
  const [viewer] = await Promise.all([page.waitForEvent('popup'), lesson.getByRole('button', { name: 'View File' }).click()]);
  const player = viewer.locator('video');
  await viewer.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
  await page.context().close();
});

test("the return page waits for PayHere's notification, then says Paid without a reload", async ({ browser, request }) => {
  const month = sriLankaMonth();
  const made = await feeClassGivenToStudent(request, 'Waiting', [month]);
  const folder = made.monthFolders[month];
  if (!folder) throw new Error('no month folder');
  const page = await signedInPage(browser, made.student.email, made.student.password, made.student.name);
  await openFolder(page, made.className);
  await driveCard(page, folder.name).getByRole('button', { name: 'Pay', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Go to PayHere' }).click();
  await expect(page).toHaveURL(`${PAYHERE_STAND_IN_URL}/pay/checkout`);
  // PayHere sends the browser back first and its notification 4 s later (the stand-in's setting, for this payment only).
  await setStandInSettings({ notifyDelayMs: 4000 });
  try {
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByTestId('order-state')).toHaveText("Waiting for PayHere's confirmation…");
    await page.evaluate(() => Object.assign(window, { feesSamePage: true }));
    await expect(page.getByTestId('order-state')).toHaveText(/^Paid: .+ is open\. Receipt No\. \d{6}$/, { timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { feesSamePage?: boolean }).feesSamePage)).toBe(true);
  } finally {
    await setStandInSettings({ notifyDelayMs: 0 });
  }
  await page.context().close();
});

test('another student uploads a slip, an admin approves it, the month opens and the receipt shows', async ({ browser, request }) => {
  const month = sriLankaMonth();
  const made = await feeClassGivenToStudent(request, 'Slips', [month]);
  const folder = made.monthFolders[month];
  if (!folder) throw new Error('no month folder');
  const handout = await request.post(`/api/folders/folder/${encodeURIComponent(folder.id)}/files`, {
    headers: made.headers,
    multipart: { file: { name: 'Dutch period handout.pdf', mimeType: 'application/pdf', buffer: onePagePdf('The Dutch period') } },
  });
  expect(handout.status(), await handout.text()).toBe(200);

  const page = await signedInPage(browser, made.student.email, made.student.password, made.student.name);
  await openFolder(page, made.className);
  const card = driveCard(page, folder.name);
  await card.getByRole('button', { name: 'Bank slip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a bank slip' });
  await expect(dialog.getByRole('checkbox', { name: englishMonth(month) })).toBeChecked();
  await expect(dialog.getByRole('status').filter({ hasText: 'Due for these months' })).toHaveText('Due for these months: LKR 2,500.00');
  await dialog.getByTestId('slip-file-input').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: await slipPicture() });
  await expect(dialog.getByText('slip.png')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Bank' }).click();
  await page.getByRole('option', { name: 'Bank of Ceylon', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Reference' }).fill('BOC 7788-12');
  await expect(dialog.getByRole('textbox', { name: 'Amount transferred (LKR)' })).toHaveValue('2500.00');
  await dialog.getByRole('button', { name: 'Send slip' }).click();
  await expect(page.locator('.swal2-title')).toHaveText('Bank slip uploaded');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(card.getByTestId('month-state')).toHaveText('Bank slip under review');
  await expect(card.getByRole('button', { name: 'Open Folder' })).toHaveCount(0);

  // The admin approves it (the review queue's Approve is the admins' screen's own spec).
  const [slip, ...others] = (await pendingSlips(request, made.headers, made.classId)).filter((each) => each.student.regNo === made.student.regNo);
  expect(others).toEqual([]);
  expect(slip).toMatchObject({ bank: 'Bank of Ceylon', reference: 'BOC 7788-12', amountCents: 250_000, dueCents: 250_000, months: [month], fileType: 'image/webp' });
  const approved = await request.post(feeUrl('slipApprove', { slipId: slip?.id ?? '' }), { headers: made.headers });
  expect(approved.status(), await approved.text()).toBe(200);
  const { payment } = ((await approved.json()) as SlipDecisionAnswer).data;

  // The month opens on the drive, with its handout.
  await page.reload();
  await openFolder(page, made.className);
  await expect(card.getByTestId('month-lock')).toHaveCount(0);
  await expect(card.getByTestId('month-state')).toHaveText('Open');
  await openFolder(page, folder.name);
  await expect(driveCard(page, 'Dutch period handout.pdf').getByRole('button', { name: 'View File' })).toBeVisible();

  // Profile → Fees and receipts: the month paid, the slip approved, and the receipt's link.
  await page.goto('/#/profile');
  const fees = page.getByRole('region', { name: 'Fees and receipts' });
  const number = receiptNumberLabel(payment.receiptNo);
  await expect(fees.getByRole('listitem', { name: englishMonth(month) }).getByTestId('month-state')).toHaveText(`Paid · Receipt No. ${number}`);
  await expect(fees.getByText(`Approved · Receipt No. ${number}`)).toBeVisible();
  await fees.getByRole('link', { name: `Receipt No. ${number}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/fees/receipts/${payment.id}$`));
  await expect(page.getByTestId('receipt-number')).toHaveText(`Receipt No. / කුවිතාන්සි අංකය ${number}`);
  await expect(page.getByRole('heading', { name: 'Receipt / කුවිතාන්සිය' })).toBeVisible();
  await expect(page.getByRole('row', { name: englishMonth(month) })).toContainText('LKR 2,500.00');
  await expect(page.getByText(made.student.name)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});

test('a rejected slip shows its reason, and the month stays locked with Pay and Bank slip', async ({ browser, request }) => {
  const month = sriLankaMonth();
  const made = await feeClassGivenToStudent(request, 'Rejected', [month]);
  const folder = made.monthFolders[month];
  if (!folder) throw new Error('no month folder');
  // The student sends a slip (as the dialog sends it), and an admin rejects it with a reason.
  const { token } = await signInByApi(request, made.student.email, made.student.password);
  const sent = await request.post(feeUrl('slips'), {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      folderId: made.classId,
      months: month,
      bank: 'Sampath Bank',
      reference: 'SB-55120',
      amountCents: '250000',
      paidOn: new Date(Date.now() + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10),
      file: { name: 'slip.png', mimeType: 'image/png', buffer: await slipPicture() },
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const slipId = ((await sent.json()) as { data: { id: string } }).data.id;
  const rejected = await request.post(feeUrl('slipReject', { slipId }), { headers: made.headers, data: { reason: 'The reference is not on our bank statement' } });
  expect(rejected.status(), await rejected.text()).toBe(200);

  const page = await signedInPage(browser, made.student.email, made.student.password, made.student.name);
  await page.goto('/#/fees');
  await expect(page.getByRole('heading', { name: 'Fees and receipts' })).toBeVisible();
  await expect(page.getByText('Rejected: The reference is not on our bank statement')).toBeVisible();
  await expect(page.getByText('Sampath Bank · SB-55120 · LKR 2,500.00', { exact: false })).toBeVisible();
  const monthCard = page.getByRole('listitem', { name: englishMonth(month) });
  await expect(monthCard.getByTestId('month-state')).toHaveText(/^LKR\s2,500\.00 · (was )?due \w+ 10$/);
  await expect(monthCard.getByRole('button', { name: `Pay ${englishMonth(month)}` })).toBeVisible();
  await expect(monthCard.getByRole('button', { name: `Bank slip for ${englishMonth(month)}` })).toBeVisible();
  await page.context().close();
});

/** A page signed in through the API, showing the portal in `language`, at `viewport`. */
async function signedInIn(browser: Browser, account: Account, language: Language, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await useLanguage(page, language);
  await openWithSession(page, account.email, account.password);
  await settle(page);
  return page;
}

/** A screen's name as a file name: 'fees, pay dialog' → 'fees-pay-dialog'. */
function fileName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

test("the student's fee screens and the drive's fee dialogs, desktop and phone, in English and Sinhala", async ({ browser, request }) => {
  test.setTimeout(480_000);
  const world = await buildWorld(request);
  const { token } = await signInByApi(request, ADMIN.email, ADMIN.password);
  world.fees = await buildFeeWorld(request, { admin: { authorization: `Bearer ${token}` }, student: world.student });
  for (const language of LANGUAGES) {
    for (const [device, viewport] of DEVICES) {
      for (const role of ['student', 'admin'] as const) {
        const page = await signedInIn(browser, role === 'admin' ? world.admin : world.student, language, viewport);
        for (const screen of FEE_SCREENS[role]) {
          await visit(page, screen, world, language, viewport);
          await saveScreen(page, `${fileName(screen.name)}-${device}-${language}`);
          expect(await seriousViolations(page), `${screen.name}, ${device}, ${language}`).toEqual([]);
        }
        await page.context().close();
      }
    }
  }
  await clearWorld(request, world);
});
