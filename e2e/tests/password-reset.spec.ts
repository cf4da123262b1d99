import { expect, test, type Page } from '@playwright/test';
import { openLoginPage, registerByApi, signInByUi } from '../support/accounts';
import { mailsTo, otpFromOutbox } from '../support/outbox';

// Password reset end to end: from 'Forgot Password?' on the login screen to signing in with the new
// password, with the code read from the real mail the server wrote to its outbox.

async function openForgotPassword(page: Page, email: string) {
  await openLoginPage(page);
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/#\/forgotPassword$/);
  await expect(page.getByText('Enter your email to send OTP')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

const otpBoxes = (page: Page) => page.getByRole('group', { name: 'OTP' }).getByRole('textbox');

test('a student resets a forgotten password with the mailed code and signs in with the new one', async ({ page, request }) => {
  const { body } = await registerByApi(request, { email: `sameera.${Date.now()}@example.lk` });
  await openForgotPassword(page, body.email);

  const masked = `s${'*'.repeat(body.email.indexOf('@') - 2)}${body.email[body.email.indexOf('@') - 1]}@example.lk`;
  await expect(page.getByText(`OTP sent to ${masked}`)).toBeVisible();
  const code = await otpFromOutbox(body.email, 1);

  // Typing moves forward box by box; Backspace on an empty box goes back and clears the one before.
  const boxes = otpBoxes(page);
  await expect(boxes).toHaveCount(5);
  await boxes.nth(0).click();
  await page.keyboard.type('12x3');
  await expect(boxes.nth(2)).toHaveValue('3');
  await expect(boxes.nth(3)).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(boxes.nth(2)).toHaveValue('');
  await expect(boxes.nth(2)).toBeFocused();

  // A wrong code is refused with what is left; the boxes empty for the next try.
  const wrong = code === '00000' ? '11111' : '00000';
  await boxes.nth(0).click();
  await page.keyboard.type(wrong);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('The OTP is not correct. 4 tries left.');

  // A pasted code is cut to five digits.
  await boxes.nth(0).focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text', text);
    document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, `${code}99`);
  for (let i = 0; i < 5; i += 1) await expect(boxes.nth(i)).toHaveValue(code[i] ?? '');
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByText('Enter your new password ..!')).toBeVisible();
  const newPassword = 'a-fresh-password-7';
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm Password', { exact: true }).fill('something-else-7');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');

  await page.getByLabel('Confirm Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.locator('.swal2-title')).toHaveText('Password Reset Success !');
  // The account's owner is told by mail that the password changed.
  await expect.poll(() => mailsTo(body.email).map((mail) => mail.subject)).toContain('History Academy: your password was changed');

  // The old password is dead, the new one works.
  const old = await request.post('/api/students/student/login', { data: { email: body.email, password: body.password } });
  expect(old.status()).toBe(401);
  await signInByUi(page, body.email, newPassword, body.name);
});

test('an unknown address gets the same screen and no mail; a used code is refused', async ({ page, request }) => {
  const unknown = `nobody.${Date.now()}@example.lk`;
  await openForgotPassword(page, unknown);
  await expect(page.getByText(/^OTP sent to n\*+\d@example\.lk$/)).toBeVisible();

  const { body } = await registerByApi(request);
  await openForgotPassword(page, body.email);
  const code = await otpFromOutbox(body.email, 1);
  // The known address's mail, asked for later, has arrived; the unknown one never got any.
  expect(mailsTo(unknown)).toHaveLength(0);
  const first = await request.post('/api/students/student/forgot-password/confirm-otp', { data: { email: body.email, otp: code } });
  expect(first.status()).toBe(200);
  await otpBoxes(page).nth(0).click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toHaveText('This OTP has already been used. Send a new one.');

  await page.getByRole('button', { name: 'Send a new OTP' }).click();
  const second = await otpFromOutbox(body.email, 2);
  await otpBoxes(page).nth(0).click();
  await page.keyboard.type(second);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Enter your new password ..!')).toBeVisible();
});
