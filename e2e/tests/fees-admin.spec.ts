import type { Readable } from 'node:stream';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openSignedIn, openWithSession } from '../support/accounts';
import {
  adminHeaders,
  cashPayment,
  feeClass,
  feeStudent,
  monthState,
  receiptText,
  sendSlip,
  shadedSlipPicture,
  studentFees,
  type FeeClass,
  type FeeStudent,
} from '../support/fee-admin';
import { FEE_ADMIN_SCREENS } from '../support/fee-admin-screens';
import { englishMonth } from '../support/fees';
import { buildFeeAdminWorld } from '../support/fee-admin-world';
import { LANGUAGES, useLanguage } from '../support/languages';
import { DEVICES, visit } from '../support/screens';
import { saveScreen } from '../support/screenshots';
import { ADMIN } from '../support/server-env';
import { findStudentRow } from '../support/student-list';
import type { World } from '../support/world';

// The admins' fees screen (docs/fees.md, 'The admins' fees screen') through the real server:
// an admin records a cash payment from a student's profile and the receipt shows, refunds it from
// the Payments tab, gives a free card; the slips queue approves one slip and rejects another with
// its reason. Each test makes its own class with a plan and its own students. The last walks every
// admin fee screen (support/fee-admin-screens.ts, which the axe, reflow and keyboard walks read
// too) on desktop and phone in English and Sinhala; SHOTS_DIR=<folder> saves them as pictures.

/** The admin's page, signed in, at the Student List with `student`'s profile open. */
async function openProfile(page: Page, student: FeeStudent) {
  await page.goto('/#/students');
  const row = await findStudentRow(page, student.email);
  await row.getByRole('button', { name: `View ${student.name}` }).click();
  const profile = page.getByRole('dialog', { name: 'Student Profile' });
  await expect(profile.getByRole('heading', { name: 'Fees', exact: true })).toBeVisible();
  return profile;
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  // The shell has drawn before the test moves to its screen by address.
  await openSignedIn(page, ADMIN.email, ADMIN.password, 'Administrator');
  return page;
}

/** A download's bytes as text. */
async function streamText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

test('an admin records a cash payment from the profile, the receipt shows, refunds it, opens the month for a week, and gives a free card', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await adminHeaders(request);
  const fees: FeeClass = await feeClass(request, admin, 'Fees cash');
  const student = await feeStudent(request, admin, fees.className, 'Nimali Cash');
  const [thisMonth, nextMonth, lastMonth] = fees.months;
  const page = await adminPage(browser);

  // The Fees panel of the student's profile: the class's months, all unpaid.
  let profile = await openProfile(page, student);
  await expect(profile.getByRole('list', { name: `Months of ${fees.className}` }).getByRole('listitem')).toHaveCount(3);
  await expect(profile.getByText(`${englishMonth(thisMonth)}: Unpaid`)).toBeVisible();

  // Record payment: cash for this month. The dialog has no amount field; its total is the fee.
  await profile.getByRole('button', { name: 'Record payment' }).click();
  const record = page.getByRole('dialog', { name: `Record a payment from ${student.name}` });
  await expect(record.getByRole('textbox', { name: /amount/i })).toHaveCount(0);
  await record.getByRole('checkbox', { name: `${englishMonth(thisMonth)} · LKR 2,500.00` }).check();
  await expect(record.getByText('Total: LKR 2,500.00')).toBeVisible();
  await expect(record.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await record.getByRole('button', { name: 'Record payment' }).click();
  await expect(record).toBeHidden();
  const recorded = (await studentFees(request, admin, student.id)).payments[0];
  expect(recorded).toMatchObject({ method: 'cash', amountCents: 250_000, months: [{ month: thisMonth, state: 'paid' }] });
  const receipt = receiptText(recorded?.receiptNo ?? 0);
  await expect(page.getByText(`Payment recorded: receipt No. ${receipt}`)).toBeVisible();
  await expect(profile.getByText(`${englishMonth(thisMonth)}: Paid · ${receipt}`)).toBeVisible();

  // The receipt shows.
  await profile.getByRole('link', { name: `Receipt No. ${receipt}` }).click();
  await expect(page.getByTestId('receipt-number')).toContainText(receipt);
  await expect(page.getByText(student.name)).toBeVisible();

  // Refund it from the Payments tab, by the class's filter.
  await page.goto('/#/fees?tab=payments');
  await page.getByRole('combobox', { name: 'Class' }).click();
  await page.getByRole('option', { name: fees.className }).click();
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('row')).toHaveCount(2);
  await payments.getByRole('button', { name: `Refund receipt No. ${receipt}` }).click();
  const refundDialog = page.getByRole('dialog', { name: `Refund receipt No. ${receipt}` });
  await expect(refundDialog.getByRole('checkbox', { name: `${englishMonth(thisMonth)} · LKR 2,500.00` })).toBeChecked();
  await expect(refundDialog.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await refundDialog.getByRole('textbox', { name: 'Reason' }).fill('Paid at the class twice by mistake');
  await refundDialog.getByRole('button', { name: 'Refund' }).click();
  await expect(refundDialog).toBeHidden();
  await expect(payments.getByRole('row').filter({ hasText: receipt })).toContainText('Refunded');
  await expect(payments.getByRole('button', { name: `Refund receipt No. ${receipt}` })).toBeDisabled();
  await expect.poll(() => monthState(request, admin, student.id, fees.classId, thisMonth)).toBe('unpaid');

  // The refunded month opened without payment for a week ("pays next week"): the reason is required.
  profile = await openProfile(page, student);
  await profile.getByRole('button', { name: 'Exception', exact: true }).click();
  const exception = page.getByRole('dialog', { name: `Open a month for ${student.name}` });
  await expect(exception.getByRole('combobox', { name: 'Month' })).toHaveText(englishMonth(thisMonth));
  await exception.getByRole('button', { name: 'Open month' }).click();
  await expect(exception.getByText('Required')).toBeVisible();
  await exception.getByRole('textbox', { name: 'Reason' }).fill('Pays at the class next Saturday');
  await exception.getByRole('button', { name: 'Open month' }).click();
  await expect(exception).toBeHidden();
  await expect.poll(() => monthState(request, admin, student.id, fees.classId, thisMonth)).toBe('exception');

  // A full free card from next month to the end of the class year, from the same profile.
  await profile.getByRole('button', { name: 'Free card' }).click();
  const card = page.getByRole('dialog', { name: `Free card for ${student.name}` });
  await card.getByRole('radio', { name: /^Full/ }).check();
  await card.getByRole('combobox', { name: 'From' }).click();
  await page.getByRole('option', { name: englishMonth(nextMonth) }).click();
  await card.getByRole('textbox', { name: 'Reason' }).fill('Scholarship for the top student of the district');
  await card.getByRole('button', { name: 'Give free card' }).click();
  await expect(card).toBeHidden();
  await expect(profile.getByText(`${englishMonth(nextMonth)}: Free`)).toBeVisible();
  await expect(profile.getByText(`${englishMonth(lastMonth)}: Free`)).toBeVisible();
  await expect(profile.getByText(`${englishMonth(thisMonth)}: Opened by the academy`)).toBeVisible();
  const given = await studentFees(request, admin, student.id);
  expect(given.freeCards).toMatchObject([{ kind: 'full', fromMonth: nextMonth, untilMonth: null, endedAt: null }]);
  await page.context().close();
});

test('the slips queue: one slip approved with its receipt, another rejected with the reason the student reads', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await adminHeaders(request);
  const fees = await feeClass(request, admin, 'Fees slips');
  const payer = await feeStudent(request, admin, fees.className, 'Kasun Slip');
  const other = await feeStudent(request, admin, fees.className, 'Sunil Slip');
  const [thisMonth] = fees.months;
  await sendSlip(request, payer, fees, [thisMonth]);
  // The second slip says less than the month costs, and the admin sees it.
  await sendSlip(request, other, fees, [thisMonth], { amountCents: 200_000, picture: await shadedSlipPicture('#eef3fb') });
  const page = await adminPage(browser);

  await page.goto('/#/fees?tab=slips');
  await expect(page.getByRole('tab', { name: /^Slips, \d+ waiting for review$/ })).toHaveAttribute('aria-selected', 'true');
  const queue = page.getByRole('table', { name: 'Bank slips' });
  await page.getByRole('searchbox', { name: 'Search' }).fill(payer.name);
  await expect(queue.getByRole('row')).toHaveCount(2);
  await queue.getByRole('button', { name: `Review the slip of ${payer.name}` }).click();
  let review = page.getByRole('dialog', { name: `Bank slip of ${payer.name}` });
  await expect(review.getByRole('img', { name: `The bank slip of ${payer.name}` })).toBeVisible();
  await expect(review.getByText('The amount typed is the amount due.')).toBeVisible();
  // Beside it, the student's months of the class: this one waits on the slip.
  await expect(review.getByText(`${englishMonth(thisMonth)}: Pending`)).toBeVisible();
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(review).toBeHidden();
  const paid = await studentFees(request, admin, payer.id);
  expect(paid.classes[0]?.months[0]).toMatchObject({ month: thisMonth, state: 'paid' });
  expect(paid.payments[0]).toMatchObject({ method: 'bank', amountCents: 250_000 });
  await expect(page.getByText(`Approved: receipt No. ${receiptText(paid.payments[0]?.receiptNo ?? 0)}`)).toBeVisible();
  await expect(queue.getByRole('row')).toHaveCount(2);
  await expect(queue).toContainText('No slip is waiting for review.');

  await page.getByRole('searchbox', { name: 'Search' }).fill(other.name);
  await queue.getByRole('button', { name: `Review the slip of ${other.name}` }).click();
  review = page.getByRole('dialog', { name: `Bank slip of ${other.name}` });
  await expect(review.getByText('The amount typed (LKR 2,000.00) is not the amount due (LKR 2,500.00). Check the slip before approving.')).toBeVisible();
  await review.getByRole('button', { name: 'Reject' }).click();
  // A rejection needs its reason.
  await review.getByRole('button', { name: 'Reject slip' }).click();
  await expect(review.getByText('Give the reason the student will read.')).toBeVisible();
  await review.getByRole('textbox', { name: 'Reason' }).fill('The slip shows LKR 2,000.00; the month is LKR 2,500.00. Send the rest with a new slip.');
  await review.getByRole('button', { name: 'Reject slip' }).click();
  await expect(review).toBeHidden();
  const rejected = await studentFees(request, admin, other.id);
  expect(rejected.slips[0]).toMatchObject({ state: 'rejected', reason: 'The slip shows LKR 2,000.00; the month is LKR 2,500.00. Send the rest with a new slip.' });
  expect(rejected.classes[0]?.months[0]).toMatchObject({ month: thisMonth, state: 'unpaid' });

  // The decided slips stay findable, with who decided.
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Rejected' }).click();
  await queue.getByRole('button', { name: `Review the slip of ${other.name}` }).click();
  review = page.getByRole('dialog', { name: `Bank slip of ${other.name}` });
  await expect(review.getByText(/^Rejected by .+ on .+ · The slip shows LKR 2,000\.00/)).toBeVisible();
  await expect(review.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await page.context().close();
});

test("a class's month: its counts, Remind on the unpaid with what was sent and skipped, and the list as CSV", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await adminHeaders(request);
  const fees = await feeClass(request, admin, 'Fees month');
  const payer = await feeStudent(request, admin, fees.className, 'Isuru Paid');
  const owing = await feeStudent(request, admin, fees.className, 'Nadeesha Owes');
  const later = await feeStudent(request, admin, fees.className, 'Chamara Later');
  const [thisMonth] = fees.months;
  const payment = await cashPayment(request, admin, payer, fees, [thisMonth]);
  const page = await adminPage(browser);

  // From the overview's cell to the month.
  await page.goto('/#/fees');
  await page.getByRole('link', { name: `${fees.className}, ${englishMonth(thisMonth)}: 1 / 3 paid` }).click();
  await expect(page.getByRole('heading', { name: `${fees.className} · ${englishMonth(thisMonth)}`, level: 1 })).toBeVisible();
  const figures = page.getByRole('region', { name: 'Counts and amounts of the month' });
  await expect(figures).toContainText('1Paid');
  await expect(figures).toContainText('LKR 2,500.00');
  await expect(figures).toContainText('2Unpaid');
  await expect(figures).toContainText('LKR 5,000.00 not received yet');
  const students = page.getByRole('table', { name: `Students of ${englishMonth(thisMonth)}` });
  await expect(students.getByRole('row').filter({ hasText: payer.name })).toContainText(receiptText(payment.receiptNo));

  // One ticked student is reminded; then every unpaid one, and the one reminded a moment ago is skipped.
  await students.getByRole('checkbox', { name: `Select ${owing.name}` }).check();
  await page.getByRole('button', { name: 'Remind 1 selected' }).click();
  let confirm = page.getByRole('dialog', { name: 'Remind' });
  await expect(confirm).toContainText(`E-mail a reminder to 1 student who has not paid ${englishMonth(thisMonth)}?`);
  await confirm.getByRole('button', { name: 'Remind' }).click();
  await expect(page.getByRole('dialog', { name: 'Reminders sent: 1. Skipped (reminded in the last 24 hours): 0.' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(students.getByRole('row').filter({ hasText: owing.name }).getByRole('cell').last()).not.toHaveText('–');
  await page.getByRole('button', { name: 'Remind the unpaid' }).click();
  confirm = page.getByRole('dialog', { name: 'Remind' });
  await confirm.getByRole('button', { name: 'Remind' }).click();
  await expect(page.getByRole('dialog', { name: 'Reminders sent: 1. Skipped (reminded in the last 24 hours): 1.' })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  // The list as the screen shows it, unpaid only, as CSV.
  await page.getByRole('combobox', { name: 'Show' }).click();
  await page.getByRole('option', { name: 'Unpaid' }).click();
  await expect(students.getByRole('row')).toHaveCount(3);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  const text = await streamText(await download.createReadStream());
  expect(text.startsWith('\uFEFF"Name","Reg. No.","Batch","State","Method","Receipt","Amount","Reminded"\r\n')).toBe(true);
  expect(text).toContain(`"${owing.name}","${owing.regNo}"`);
  expect(text).toContain(`"${later.name}","${later.regNo}","2026","Unpaid","","","2500.00"`);
  expect(text).not.toContain(payer.name);
  await page.context().close();
});

test("copied slips are flagged and their alert marked handled with a note; the accountant's CSV downloads", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await adminHeaders(request);
  const fees = await feeClass(request, admin, 'Fees copies');
  const first = await feeStudent(request, admin, fees.className, 'Hasini First');
  const copier = await feeStudent(request, admin, fees.className, 'Pasan Copier');
  const [thisMonth] = fees.months;
  const reference = `SMP${Date.now().toString(36).toUpperCase()}`;
  await sendSlip(request, first, fees, [thisMonth], { reference });
  await sendSlip(request, copier, fees, [thisMonth], { reference, picture: await shadedSlipPicture('#eef3fb') });
  const paid = await cashPayment(request, admin, first, fees, [fees.months[1]]);
  const page = await adminPage(browser);

  // The queue flags the copy, and the review names whose slip it copies.
  await page.goto('/#/fees?tab=slips');
  await page.getByRole('searchbox', { name: 'Search' }).fill(copier.name);
  const queue = page.getByRole('table', { name: 'Bank slips' });
  await expect(queue.getByRole('row').filter({ hasText: copier.name })).toContainText('possible cop');
  await queue.getByRole('button', { name: `Review the slip of ${copier.name}` }).click();
  const review = page.getByRole('dialog', { name: `Bank slip of ${copier.name}` });
  await expect(review.getByText(`The same bank and reference are on another slip, of ${first.name} (${first.regNo}).`)).toBeVisible();
  await review.getByRole('button', { name: 'Close' }).click();

  // Needs attention: the copied slip's alert, marked handled with a note.
  await page.getByRole('tab', { name: 'Needs attention' }).click();
  const alert = page.getByRole('list', { name: 'Needs attention' }).getByRole('listitem').filter({ hasText: copier.name });
  await expect(alert).toContainText('Copied slip');
  await alert.getByRole('button', { name: 'Mark handled' }).click();
  const handle = page.getByRole('dialog', { name: 'Mark handled' });
  await handle.getByRole('textbox', { name: 'What was done' }).fill('Called both families: siblings who shared one transfer.');
  await handle.getByRole('button', { name: 'Mark handled' }).click();
  await expect(handle).toBeHidden();
  await expect(page.getByRole('list', { name: 'Needs attention' }).getByRole('listitem').filter({ hasText: copier.name })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Show handled ones too' }).check();
  await expect(page.getByRole('list', { name: 'Needs attention' }).getByRole('listitem').filter({ hasText: copier.name }).first()).toContainText(
    /Handled by .+: Called both families: siblings who shared one transfer\./,
  );

  // The accountant's CSV of today: the cash payment's line is in it.
  await page.getByRole('tab', { name: 'Export' }).click();
  await page.getByRole('button', { name: 'Export CSV…' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Payments for the accountant' });
  const [download] = await Promise.all([page.waitForEvent('download'), exportDialog.getByRole('button', { name: 'Download CSV' }).click()]);
  await expect(exportDialog).toBeHidden();
  const text = await streamText(await download.createReadStream());
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text).toContain(receiptText(paid.receiptNo));
  expect(text).toContain(first.name);
  await page.context().close();
});

test('the admin fee screens, desktop and phone, in English and Sinhala', async ({ browser, request }) => {
  // Four walks of the fee screens, beside the other half on a busy machine.
  test.setTimeout(480_000);
  const feesWorld = await buildFeeAdminWorld(request);
  // The screens read only the fee world's ids; the walk's other fields are not used here.
  const world = { admin: ADMIN, feesAdmin: feesWorld } as unknown as World;
  for (const language of LANGUAGES) {
    for (const [device, viewport] of DEVICES) {
      const page = await (await browser.newContext({ viewport })).newPage();
      await useLanguage(page, language);
      await openWithSession(page, ADMIN.email, ADMIN.password);
      for (const screen of FEE_ADMIN_SCREENS) {
        await visit(page, screen, world, language, viewport);
        await saveScreen(page, `fees-admin-${screen.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${device}-${language}`);
      }
      await page.context().close();
    }
  }
});
