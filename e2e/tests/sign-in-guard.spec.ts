import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openLoginPage, registerByApi, signInByUi } from '../support/accounts';
import { useLanguage } from '../support/languages';

// Sign-in failures in the browser: an account guessed at until it is locked for unknown devices
// still lets its owner in from the browser that signed in before (its known-device cookie), and a
// fresh browser is refused with the alert saying when to try again, in English and in Sinhala.

/**
 * Wrong passwords from the test's own request context (no device cookie) until the place limit
 * locks the account. Each guess either fails (401, counted) or is refused while the server's short
 * delay after the first few failures runs (429 with a Retry-After of seconds; a refused guess is
 * not counted); the account is locked once a guess is refused for minutes.
 */
async function lockOut(request: APIRequestContext, email: string): Promise<void> {
  let tries = 0;
  await expect
    .poll(
      async () => {
        tries += 1;
        const answer = await request.post('/api/students/student/login', { data: { email, password: `guess-${tries}` } });
        if (answer.status() === 401) return 'failed';
        if (answer.status() !== 429) throw new Error(`a wrong password was answered ${answer.status()}: ${await answer.text()}`);
        const wait = Number(answer.headers()['retry-after']);
        return wait > 60 ? 'locked' : `refused for ${wait} s`;
      },
      { timeout: 60_000, intervals: [250, 500, 1000] },
    )
    .toBe('locked');
}

async function submitSignIn(page: Page, email: string, password: string) {
  await openLoginPage(page);
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.locator('button[type=submit]').click();
}

test('a locked account signs in from the browser that signed in before, and is refused with the retry message in a fresh one', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const { body } = await registerByApi(request);
  const known = await (await browser.newContext()).newPage();
  await signInByUi(known, body.email, body.password, body.name);
  await known.getByRole('button', { name: 'Log Out' }).click();
  await expect(known.getByRole('button', { name: 'Sign In to Account' })).toBeVisible();

  await lockOut(request, body.email);

  const fresh = await (await browser.newContext()).newPage();
  await submitSignIn(fresh, body.email, body.password);
  await expect(fresh.locator('.swal2-title')).toHaveText('Login Fail !');
  await expect(fresh.locator('.swal2-html-container')).toHaveText(/^Too many failed sign-ins\. Try again in \d+ minutes\.$/);

  const sinhala = await (await browser.newContext()).newPage();
  await useLanguage(sinhala, 'si');
  await submitSignIn(sinhala, body.email, body.password);
  await expect(sinhala.locator('.swal2-html-container')).toHaveText(/^අසාර්ථක පිවිසුම් උත්සාහයන් වැඩියි\. මිනිත්තු \d+ කින් නැවත උත්සාහ කරන්න\.$/);

  await signInByUi(known, body.email, body.password, body.name);
});
