import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { MessageListAnswer } from '@academy/contract';
import { openSignedIn, registerByApi, signInByApi } from '../support/accounts';
import { ADMIN } from '../support/server-env';
import { findStudentRow, suspendStudent } from '../support/student-list';

// The Audit Log end to end: the admin suspends a student and sends a message, then finds both in
// the Audit Log and narrows it with each filter, against the real server. The suite shares one
// server, so the log also holds other specs' entries: the checks look for this test's own rows.
// The message is deleted again at the end (which is logged too), and after a failure as well.

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const table = (page: Page) => page.getByRole('table', { name: 'Audit entries' });
/** A row of the log (not the header), found by text it holds. */
const entryRow = (page: Page, ...texts: string[]) => texts.reduce((rows, text) => rows.filter({ hasText: text }), table(page).getByRole('row'));

/** A Sri Lanka day as YYYY-MM-DD, `days` after today there. */
function academyDay(days = 0): string {
  return new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** Removes this spec's message if a failure left it behind: the shared portal keeps no more than the specs need. */
async function deleteLeftoverMessages(request: APIRequestContext, text: string) {
  const { token } = await signInByApi(request, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const feed = (await (await request.get('/api/messages/message/get-all', { headers })).json()) as MessageListAnswer;
  for (const message of feed.data.filter((m) => m.message === text)) {
    await request.delete(`/api/messages/message/delete/${message._id}`, { headers });
  }
}

test('the admin suspends a student and sends a message, then finds both in the Audit Log and filters it', async ({ page, request }) => {
  const { body: student } = await registerByApi(request);
  const text = `Revision class moves to Hall D ${Date.now()}`;
  try {
    await openSignedIn(page, ADMIN.email, ADMIN.password, 'Administrator');

    // Suspend on the Student List.
    await nav(page).getByRole('link', { name: 'Student', exact: true }).click();
    const studentRow = await findStudentRow(page, student.email);
    await suspendStudent(page, studentRow, student.name, ADMIN.password);

    // Send a message from the Social Media Manager.
    await nav(page).getByRole('link', { name: 'Social' }).click();
    const form = page.getByRole('tabpanel');
    await form.getByLabel('Message Content').fill(text);
    await form.getByRole('checkbox', { name: 'Europe' }).check();
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: text })).toBeVisible();

    // Both are in the Audit Log, newest first, by this admin, with readable rows.
    await nav(page).getByRole('link', { name: 'Audit Log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Audit Log' })).toHaveAttribute('aria-current', 'page');
    const suspended = entryRow(page, 'Suspend student', student.name);
    const sent = entryRow(page, 'Send message', text.slice(0, 40));
    await expect(suspended).toHaveCount(1);
    await expect(sent).toHaveCount(1);
    await expect(suspended).toContainText(`Suspended ${student.name}`);
    await expect(suspended).toContainText(ADMIN.email);
    await expect(sent).toContainText('Sent a message to Europe');
    const rows = await table(page).getByRole('row').allInnerTexts();
    expect(rows.findIndex((row) => row.includes(text.slice(0, 40)))).toBeLessThan(rows.findIndex((row) => row.includes(`Suspended ${student.name}`)));

    // The details of the suspension: the state before and after.
    await suspended.getByRole('button', { name: `Details: Suspended ${student.name}` }).click();
    await expect(table(page).getByText('active → de-active')).toBeVisible();

    // Action: only suspensions.
    await chooseOption(page, 'Action', 'Suspend student');
    await expect(suspended).toHaveCount(1);
    await expect(sent).toHaveCount(0);
    const actions = await table(page).locator('tbody .MuiChip-label').allInnerTexts();
    expect(new Set(actions)).toEqual(new Set(['Suspend student']));

    // Search: the student's e-mail finds only the rows about them.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(student.email);
    await expect(sent).toHaveCount(0);
    await expect(suspended).toHaveCount(1);
    await expect(page.getByText('1–1 of 1')).toBeVisible();

    // Dates: today in Sri Lanka holds both; from tomorrow on holds nothing.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('From', { exact: true }).fill(academyDay());
    await page.getByLabel('To', { exact: true }).fill(academyDay());
    await expect(suspended).toHaveCount(1);
    await expect(sent).toHaveCount(1);
    await page.getByLabel('To', { exact: true }).fill('');
    await page.getByLabel('From', { exact: true }).fill(academyDay(1));
    await expect(table(page).getByText('No audit entries match these filters.')).toBeVisible();

    // Admin: this admin's entries hold both.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await chooseOption(page, 'Admin', `Administrator (${ADMIN.email})`);
    await expect(suspended).toHaveCount(1);
    await expect(sent).toHaveCount(1);

    // A target's name narrows the log to that target.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await suspended.getByRole('button', { name: `Show only entries about ${student.name}` }).click();
    await expect(page.getByText(`Target: ${student.name}`)).toBeVisible();
    await expect(page.getByText('1–1 of 1')).toBeVisible();
    await expect(suspended).toHaveCount(1);

    // Deleting the message is recorded too.
    await nav(page).getByRole('link', { name: 'Social' }).click();
    await page.getByRole('listitem').filter({ hasText: text }).getByRole('button', { name: 'Delete message' }).click();
    await page.getByRole('dialog', { name: 'Delete message?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: text })).toHaveCount(0);
    await nav(page).getByRole('link', { name: 'Audit Log' }).click();
    await expect(entryRow(page, 'Delete message', text.slice(0, 40))).toHaveCount(1);
  } finally {
    await deleteLeftoverMessages(request, text);
  }
});

test('a student is not shown the Audit Log and cannot read it', async ({ page, request }) => {
  const { body } = await registerByApi(request);
  await openSignedIn(page, body.email, body.password, body.name);
  await expect(nav(page).getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
  await page.goto('/#/audit');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  const { token } = await signInByApi(request, body.email, body.password);
  const response = await request.get('/api/audit-log/entries', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(403);
});
