import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { APP_READY_ATTRIBUTE } from '@academy/contract';
import { openLoginPage, signInByApi, signInByUi } from '../support/accounts';
import { onePagePdf } from '../support/pdf';
import { settle } from '../support/screens';
import { ADMIN, e2eDataDir } from '../support/server-env';
import { buildWebApp, bundleTexts } from '../support/web-bundle';

// Security headers and secrets, seen from outside: the built web app holds no secret, and every
// screen runs under the server's Content-Security-Policy (no inline script) without a violation.

/** Server settings whose values must never reach a browser. */
const SECRET_SETTINGS = ['JWT_SECRET', 'ADMIN_PASSWORD', 'SMTP_URL', 'DATABASE_URL', 'REDIS_URL', 'GOOGLE_DRIVE_KEY_FILE', 'TEST_DATABASE_URL'];

test('the built web app holds no secret: not the server\'s, not the build machine\'s environment', async () => {
  const texts = bundleTexts();
  expect(texts.size).toBeGreaterThan(3);
  // The server running this suite: its generated JWT secret and its admin password.
  const needles: Record<string, string> = {
    'the JWT secret': readFileSync(path.join(e2eDataDir(), 'jwt-secret'), 'utf8').trim(),
    'the admin password': ADMIN.password,
  };
  // The environment this suite (and, in CI, the build before it) runs in: any secret-looking value,
  // and PATH, which is there only if the whole environment was baked into the bundle.
  for (const [name, value] of Object.entries(process.env)) {
    if (value && value.length >= 8 && (/SECRET|PASSWORD|TOKEN|_KEY|_URL$/i.test(name) || name === 'PATH')) needles[`$${name}`] = value;
  }
  const found: string[] = [];
  for (const [file, text] of texts) {
    for (const [label, needle] of Object.entries(needles)) if (text.includes(needle)) found.push(`${file}: ${label}`);
    for (const setting of SECRET_SETTINGS) if (text.includes(setting)) found.push(`${file}: the name ${setting}`);
    if (/-----BEGIN [A-Z ]*PRIVATE KEY-----|"private_key"\s*:/.test(text)) found.push(`${file}: a private key`);
  }
  expect(found).toEqual([]);
});

test('a build made with the server\'s secrets in its environment carries none of them', async () => {
  test.setTimeout(120_000);
  const canaries = Object.fromEntries(SECRET_SETTINGS.map((name) => [name, `canary-${name.toLowerCase()}-${Date.now().toString(36)}`]));
  const outDir = mkdtempSync(path.join(tmpdir(), 'academy-web-canary-'));
  try {
    await buildWebApp(outDir, canaries);
    const texts = bundleTexts(outDir);
    expect(texts.size).toBeGreaterThan(3);
    const found = [...texts].flatMap(([file, text]) => Object.keys(canaries).filter((name) => text.includes(canaries[name] ?? '')).map((name) => `${file}: ${name}`));
    expect(found).toEqual([]);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});

/** Collects the page's CSP violations as the browser reports them, from before any script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('every screen runs under the CSP without a violation, the PDF viewer included', async ({ page, request }) => {
  const violations = await watchViolations(page);
  const landing = await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute(APP_READY_ATTRIBUTE, '');
  const csp = landing?.headers()['content-security-policy'] ?? '';
  // This origin, and the login page's one inline boot script by its hash: nothing inline besides.
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(landing?.headers()['x-content-type-options']).toBe('nosniff');

  await page.goto('/#/register');
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  await page.goto('/#/forgotPassword');
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();

  // A class with a PDF, made through the API, for the viewer (PDF.js) at the end.
  const admin = { authorization: `Bearer ${(await signInByApi(request, ADMIN.email, ADMIN.password)).token}` };
  const folder = await request.post('/api/folders/create/folder', { headers: admin, data: { folderName: `CSP class ${Date.now().toString(36)}` } });
  expect(folder.status()).toBe(200);
  const classId = ((await folder.json()) as { data: { id: string } }).data.id;
  const uploaded = await request.post(`/api/folders/folder/${encodeURIComponent(classId)}/files`, {
    headers: admin,
    multipart: { file: { name: 'handout.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Content policy handout') } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const fileId = ((await uploaded.json()) as { data: { id: string } }).data.id;

  await openLoginPage(page);
  await signInByUi(page, ADMIN.email, ADMIN.password, 'Administrator');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const screen of ['Home', 'Student', 'Add Student', 'Social', 'Message', 'Profile']) {
    await nav.getByRole('link', { name: screen, exact: true }).click();
    await expect(page.getByRole('main')).toBeVisible();
    // The screen has drawn what it loads (no spinner or skeleton left), so all of it ran under the policy.
    await settle(page);
  }
  await page.goto(`/#/view/${encodeURIComponent(fileId)}`);
  await expect(page.getByRole('img', { name: 'Page 1' })).toHaveAttribute('data-drawn', 'true');
  expect(violations).toEqual([]);
});
