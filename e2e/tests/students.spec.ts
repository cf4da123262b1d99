import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { newStudent, openLoginPage, openSignedIn, registerByApi, signInByApi, signInByUi } from '../support/accounts';
import { ADMIN } from '../support/server-env';
import { approveOnSecurityScreen, ensureSecondAdmin, SECOND_ADMIN } from '../support/second-admin';
import { findStudentRow, suspendStudent } from '../support/student-list';

// Students end to end: the Student List, the profile modal, Add Student and the Profile page, each
// against the real server, in two browsers at once where an admin's action must reach a student.

/** An 8x8 PNG made by sharp: small enough to inline, real enough for the server's content check. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGPgis/HihiGlgQAAMM2AYuCUHgAAAAASUVORK5CYII=',
  'base64',
);

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, ADMIN.email, ADMIN.password, 'Administrator');
  return page;
}

/** Opens the Student List filtered down to one student by e-mail and waits for the row. */
async function findStudent(page: Page, email: string, name: string) {
  await page.goto('/#/students');
  const row = await findStudentRow(page, email);
  await expect(row.getByRole('cell').first()).toHaveText(name);
  return row;
}

async function closeAlert(page: Page, title: string, text?: string) {
  const popup = page.locator('.swal2-popup');
  await expect(popup.locator('.swal2-title')).toHaveText(title);
  if (text) await expect(popup.locator('.swal2-html-container')).toHaveText(text);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
}

async function signInAttempt(page: Page, email: string, password: string) {
  await openLoginPage(page);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In to Account' }).click();
}

test('admin suspends a signed-in student only with their own password (a wrong one leaves them active): the next action signs them out, sign-in shows the warning; reactivating restores access', async ({
  browser,
  page,
  request,
}) => {
  const { body } = await registerByApi(request);
  await openSignedIn(page, body.email, body.password, body.name);

  const admin = await adminPage(browser);
  const row = await findStudent(admin, body.email, body.name);
  const stateSwitch = row.getByRole('switch', { name: `Account active: ${body.name}` });
  await expect(stateSwitch).toBeChecked();
  // A wrong password is refused in the dialog: the student stays active and signed in.
  await stateSwitch.click();
  const ask = admin.getByRole('dialog', { name: 'Confirm it is you' });
  await ask.getByLabel('Password', { exact: true }).fill('not-the-admin-password');
  await ask.getByRole('button', { name: 'Suspend' }).click();
  await expect(ask.getByText('Current password is incorrect')).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(stateSwitch).toBeChecked();

  await suspendStudent(admin, row, body.name, ADMIN.password);

  // The student's next action meets the dead session and lands on the login screen.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('button', { name: 'Sign In to Account' })).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await signInAttempt(page, body.email, body.password);
  await closeAlert(page, 'Login Fail !', 'Your account is suspended! Contact admin');
  await expect(page).toHaveURL(/#\/$/);

  await stateSwitch.click();
  await expect(stateSwitch).toBeChecked();
  await openSignedIn(page, body.email, body.password, body.name);
  await admin.context().close();
});

test('admin deletes a student after a confirmation with their own password and a second admin approval, then restores them from Deleted Students', async ({ browser, request }) => {
  const { body } = await registerByApi(request);
  await ensureSecondAdmin();
  const admin = await adminPage(browser);
  const row = await findStudent(admin, body.email, body.name);

  await row.getByRole('button', { name: `Delete ${body.name}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Delete student?' });
  await expect(confirm.getByText(`Enter your password to delete ${body.name} (${body.email})`)).toBeVisible();
  await confirm.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // Nothing is deleted until a second admin approves (docs/security.md 'Two admins for a deletion').
  await expect(admin.locator('.swal2-title')).toHaveText('Waiting for a second admin to approve the deletion');
  await admin.locator('.swal2-confirm').click();
  await signInByApi(request, body.email, body.password);

  const second = await (await browser.newContext()).newPage();
  await openSignedIn(second, SECOND_ADMIN.email, SECOND_ADMIN.password, SECOND_ADMIN.name);
  await approveOnSecurityScreen(second, `Delete student ${body.name}`, SECOND_ADMIN.password);
  await second.context().close();
  expect((await request.post('/api/students/student/login', { data: { email: body.email, password: body.password } })).status()).toBe(401);

  await admin.reload();
  await admin.getByRole('searchbox', { name: 'Search' }).fill(body.email);
  await expect(admin.getByText('No students found.')).toBeVisible();

  await admin.getByRole('button', { name: 'Deleted Students' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Deleted Students' });
  await dialog.getByRole('searchbox', { name: 'Search' }).fill(body.email);
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await dialog.getByRole('button', { name: `Restore ${body.name}` }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`Student restored: ${body.name}`);
  await expect(dialog.getByText('No deleted students.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('row').filter({ hasText: body.email })).toHaveCount(1);
  await signInByApi(request, body.email, body.password);
  await admin.context().close();
});

test("admin changes a student's e-mail only with their own password, a wrong one changes nothing; Export CSV asks it too", async ({ browser, request }) => {
  const { body } = await registerByApi(request);
  const newEmail = `moved.${body.email}`;
  const admin = await adminPage(browser);
  const row = await findStudent(admin, body.email, body.name);

  await row.getByRole('button', { name: `Edit ${body.name}` }).click();
  const edit = admin.getByRole('dialog', { name: 'Edit Student' });
  await edit.getByLabel('Email', { exact: true }).fill(newEmail);
  await edit.getByRole('button', { name: 'Save' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm.getByText(`Enter your password to change the e-mail address of ${body.name} to ${newEmail}.`)).toBeVisible();
  await confirm.getByLabel('Password', { exact: true }).fill('not-the-admin-password');
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(confirm.getByText('Current password is incorrect')).toBeVisible();
  // Nothing changed: the old address still signs in, the new one does not.
  await signInByApi(request, body.email, body.password);
  expect((await request.post('/api/students/student/login', { data: { email: newEmail, password: body.password } })).status()).toBe(401);

  await confirm.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByRole('dialog', { name: 'Edit Student' })).toBeHidden();
  await signInByApi(request, newEmail, body.password);

  await findStudentRow(admin, newEmail);
  await admin.getByRole('button', { name: 'Export CSV' }).click();
  const ask = admin.getByRole('dialog', { name: 'Confirm it is you' });
  await ask.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  const download = admin.waitForEvent('download');
  await ask.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv.trim().split(/\r\n/)).toHaveLength(2);
  expect(csv).toContain(newEmail);
  await expect(ask).toBeHidden();
  await admin.context().close();
});

test('a student changes their password: this session goes on, the old password stops working', async ({ page, request }) => {
  const { body } = await registerByApi(request);
  const otherDevice = await signInByApi(request, body.email, body.password);
  await openSignedIn(page, body.email, body.password, body.name);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();

  await page.getByLabel('Current Password').fill('not-the-password');
  await page.getByLabel('New Password').fill('a-better-password-7');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await closeAlert(page, 'Password Change Fail !', 'Current password is incorrect');

  await page.getByLabel('Current Password').fill(body.password);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await closeAlert(page, 'Password Change Success !');

  // Still signed in here: a reload reads the profile with the fresh token.
  await page.reload();
  await expect(page.getByRole('heading', { name: body.name })).toBeVisible();
  // The other device's session ended.
  const old = await request.get(`/api/students/student/getbyid/${otherDevice.studentId}`, {
    headers: { authorization: `Bearer ${otherDevice.token}` },
  });
  expect(old.status()).toBe(401);

  await page.getByRole('button', { name: 'Log Out' }).click();
  // Signed out once the login screen shows (Log Out first ends the device's push subscription):
  // opening the page before that would find the session still there.
  await expect(page.getByRole('button', { name: 'Sign In to Account' })).toBeVisible();
  await signInAttempt(page, body.email, body.password);
  await expect(page.locator('.swal2-title')).toHaveText('Invalid Credentials');
  await signInByUi(page, body.email, 'a-better-password-7', body.name);
});

test('the Student List shows the six columns, copies an e-mail, and opens the profile modal', async ({ browser, request }) => {
  const { body, student } = await registerByApi(request, { additionalNo: '', batch: '2025', classType: 'Paper' });
  const admin = await adminPage(browser);
  await admin.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const row = await findStudent(admin, body.email, body.name);

  const headers = await admin.getByRole('columnheader').allInnerTexts();
  expect(headers.slice(0, 6)).toEqual(['Name', 'Batch', 'ClassType', 'Email', 'Whats AppNo', 'RegNo']);
  await expect(row.getByRole('cell')).toHaveText([body.name, '2025', 'Paper', body.email, body.whatsAppNo, student.regNo, /View/]);

  await row.getByRole('button', { name: `Copy email ${body.email}` }).click();
  expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(body.email);

  await row.getByRole('button', { name: `View ${body.name}` }).click();
  const modal = admin.getByRole('dialog', { name: 'Student Profile' });
  await expect(modal.getByText(`ID: ${student.studentId}`)).toBeVisible();
  await expect(modal.getByText('Whats App No')).toBeVisible();
  await expect(modal.locator('dt', { hasText: 'Additional No' }).locator('xpath=following-sibling::dd')).toHaveText('N/A');
  await expect(modal.locator('dt', { hasText: 'Reg No' }).locator('xpath=following-sibling::dd')).toHaveText(student.regNo);
  for (const hidden of ['Profile Img', 'Password', 'Token', 'Otp']) await expect(modal.getByText(hidden, { exact: true })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(modal).toBeHidden();

  // Filters and search work together: the student is found by regNo within batch and class type.
  await admin.getByRole('searchbox', { name: 'Search' }).fill(student.regNo);
  await admin.getByRole('combobox', { name: 'Batch' }).click();
  await admin.getByRole('option', { name: '2026' }).click();
  await expect(admin.getByText('No students found.')).toBeVisible();
  await admin.getByRole('combobox', { name: 'Batch' }).click();
  await admin.getByRole('option', { name: '2025' }).click();
  await expect(admin.getByRole('row').filter({ hasText: body.email })).toHaveCount(1);
  await admin.context().close();
});

test('a student edits their profile, uploads a picture, and cannot edit batch, class type or e-mail', async ({ page, request }) => {
  const { body } = await registerByApi(request);
  await openSignedIn(page, body.email, body.password, body.name);
  await page.goto('/#/profile');

  await expect(page.getByText('student • active')).toBeVisible();
  for (const locked of ['Batch', 'Class Type', 'Email']) {
    await expect(page.getByRole('button', { name: `${locked} cannot be changed` })).toBeDisabled();
  }
  const whatsApp = page.getByRole('textbox', { name: 'WhatsApp No', exact: true });
  await expect(whatsApp).toBeDisabled();
  await page.getByRole('button', { name: 'Edit WhatsApp No' }).click();
  await whatsApp.fill('0719876543');
  await page.getByRole('button', { name: 'Save WhatsApp No' }).click();
  await expect(page.locator('.swal2-title')).toHaveText('Updating Success !');
  await expect(whatsApp).toBeDisabled();
  await expect(whatsApp).toHaveValue('0719876543');
  await page.reload();
  await expect(whatsApp).toHaveValue('0719876543');

  await page.getByRole('button', { name: 'Edit Full Name' }).click();
  await page.getByRole('textbox', { name: 'Full Name', exact: true }).fill('');
  await page.getByRole('button', { name: 'Save Full Name' }).click();
  await closeAlert(page, 'Updating Fail !', 'name is required');

  // A text file dressed as a PNG is refused by its content, then a real PNG is accepted.
  await page.locator('input[type=file]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await closeAlert(page, 'Only JPEG, PNG or WebP images are accepted');
  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: `${body.name}'s profile picture` })).toHaveAttribute('src', /\/api\/students\/profile-images\/[a-f0-9]{64}\.webp$/);
});

test('admin adds a student on Add Student; the form resets, and a taken e-mail is refused', async ({ browser }) => {
  const student = newStudent();
  const admin = await adminPage(browser);
  await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Add Student' }).click();
  await expect(admin.getByRole('heading', { name: 'Student Registration' })).toBeVisible();
  await expect(admin.getByText('Join our academic community today')).toBeVisible();

  const fill = async () => {
    await admin.getByLabel('Full Name').fill(student.name);
    await admin.getByLabel('Email Address').fill(student.email);
    await admin.getByLabel('WhatsApp Number').fill(student.whatsAppNo);
    await admin.getByLabel('Telephone Number').fill(student.additionalNo ?? '');
    await admin.getByRole('combobox', { name: 'District' }).click();
    await admin.getByRole('option', { name: 'Matara' }).click();
    await admin.getByLabel('School/Institution').fill(student.scl ?? '');
    await admin.getByRole('textbox', { name: 'Address', exact: true }).fill(student.address ?? '');
    await admin.getByLabel('Password', { exact: true }).fill(student.password);
    await admin.getByRole('combobox', { name: 'Batch' }).click();
    await admin.getByRole('option', { name: '2027' }).click();
    await admin.getByRole('combobox', { name: 'Class Type' }).click();
    await admin.getByRole('option', { name: 'Theory&Revision' }).click();
    await admin.getByLabel('Student ID').fill('200712345678');
    await admin.getByLabel('European History').check();
  };
  await fill();
  await admin.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(admin.locator('.swal2-title')).toHaveText('Registration Success');
  await expect(admin.getByLabel('Full Name')).toHaveValue('');
  await expect(admin.getByLabel('Email Address')).toHaveValue('');
  await expect(admin.getByLabel('European History')).not.toBeChecked();

  // The success alert closes by itself after 3 s; until then it covers the form.
  await expect(admin.locator('.swal2-container')).toHaveCount(0);
  await fill();
  await admin.getByRole('button', { name: 'Complete Registration' }).click();
  await expect(admin.locator('.swal2-title')).toHaveText('Registration Failed');
  await expect(admin.locator('.swal2-html-container')).toHaveText('Email already registered');
  await expect(admin.getByLabel('Full Name')).toHaveValue(student.name);

  const row = await findStudent(admin, student.email, student.name);
  await expect(row.getByRole('cell').nth(5)).toHaveText(/^27TR\d{2,}LE$/);
  await admin.context().close();
});
