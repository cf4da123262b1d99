import { expect, test } from '@playwright/test';
import { openWithSession } from '../support/accounts';
import { ADMIN } from '../support/server-env';

// The API documentation is served to signed-in admins only (API_DOCS' default, plugins/api-docs.ts):
// the page at /api/docs opens for anyone, and the document behind it reaches the browser with the
// token of the admin signed in to the portal in it, and not without one.

/** The document's first operation, as Swagger UI lists it (the page draws the long list in turn). */
const OPERATION = '/api/health';

test('the API documentation lists the calls for an admin signed in to the portal, and none for a visitor', async ({ page, browser }) => {
  await openWithSession(page, ADMIN.email, ADMIN.password);
  const adminDocument = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/docs/json');
  await page.goto('/api/docs/');
  expect((await adminDocument).status()).toBe(200);
  await expect(page.getByText(OPERATION, { exact: true }).first()).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  const documentAnswer = visitor.waitForResponse((response) => new URL(response.url()).pathname === '/api/docs/json');
  await visitor.goto('/api/docs/');
  expect((await documentAnswer).status()).toBe(401);
  await expect(visitor.getByText(/Failed to load API definition/i)).toBeVisible();
  await expect(visitor.getByText(OPERATION, { exact: true })).toHaveCount(0);
  await visitor.context().close();
});
