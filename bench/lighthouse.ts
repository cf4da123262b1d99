// Benchmark: Lighthouse on the login page and the student's messages feed.
//
//   npm run bench:lighthouse                         # builds the web app, starts the real server
//   BENCH_PORTS=19200-19299 npm run bench:lighthouse
//
// The built app and the real server (temporary data folder), in the system Chromium (CHROME_PATH,
// else CHROMIUM_PATH, else /usr/bin/chromium; never a downloaded one), Lighthouse's default mobile
// preset (simulated slow 4G, 4x CPU slowdown). Goals, on both pages:
//   - accessibility 100 and best practices 95 or more;
//   - installable: Lighthouse 12 dropped its PWA category and the installable-manifest audit, so
//     the page is asked what Chromium itself decides before it offers to install an app:
//     `Page.getInstallabilityErrors` (DevTools protocol) must list none, and `Page.getAppManifest`
//     must parse the manifest without errors;
//   - the performance figures are printed (the login page's speed budget is bench:login's).
// The feed is measured as a signed-in student sees it: a student registered through the API, the
// session written to localStorage the way the login screen writes it (the contract's sessionFromLogin), and
// Lighthouse told to keep storage (so also the service worker a first visit installed).
// Exits 1 when a goal is missed.
import type { Page } from 'puppeteer-core';
import { MESSAGES_PATHS, type LoginAnswer } from '@academy/contract';
import { CHROMIUM } from './support/chromium';
import { failedAudits, lighthouseRun, pageFigures, type PageFigures } from './support/lighthouse-run';
import { api } from './support/portal-api';
import { recordFigure } from './support/results';
import { runAgainstServer, BENCH_ADMIN } from './support/server';
import { signedInStudent } from './support/signed-in-student';
import { adminSignIn } from './support/admin-sign-in';

const GOALS = { accessibility: 100, bestPractices: 95 };

interface Outcome extends PageFigures {
  page: string;
  failedAudits: string[];
  installabilityErrors: string[];
}

/** A student with a message in their feed, signed in: the login answer the page will be given. */
async function seedStudent(base: string): Promise<LoginAnswer> {
  const login = await signedInStudent(base);
  const admin = await adminSignIn(base);
  const message = { message: 'Revision class on Saturday at 9.00', link: 'https://example.lk/revision', batch: '2026', region: ['Indian'], classType: ['Theory'] };
  await api(base, MESSAGES_PATHS.send, { token: admin.token, body: message });
  return login;
}

/** What Chromium itself says stands between this page and an install prompt. */
async function installabilityErrors(page: Page): Promise<string[]> {
  const session = await page.createCDPSession();
  const { installabilityErrors: errors } = await session.send('Page.getInstallabilityErrors');
  const manifest = await session.send('Page.getAppManifest');
  await session.detach();
  return [
    ...errors.map((error) => `${error.errorId}${error.errorArguments.length ? ` (${error.errorArguments.map((a) => `${a.name}=${a.value}`).join(', ')})` : ''}`),
    ...manifest.errors.map((error) => `manifest: ${error.message}`),
    ...(manifest.url ? [] : ['no manifest linked']),
  ];
}

async function measure(name: string, url: string, base: string, login?: LoginAnswer): Promise<Outcome> {
  const categories = ['performance', 'accessibility', 'best-practices'];
  return lighthouseRun(url, { categories, session: login ? { base, login } : undefined }, async ({ lhr, page }) => {
    await page.goto(url, { waitUntil: 'load' });
    return {
      page: name,
      ...pageFigures(lhr),
      failedAudits: [...failedAudits(lhr, 'accessibility'), ...failedAudits(lhr, 'best-practices')],
      installabilityErrors: await installabilityErrors(page),
    };
  });
}

function report(outcome: Outcome): boolean {
  const rows: [string, string, string, boolean][] = [
    ['Accessibility', String(outcome.accessibility), `= ${GOALS.accessibility}`, outcome.accessibility >= GOALS.accessibility],
    ['Best practices', String(outcome.bestPractices), `>= ${GOALS.bestPractices}`, outcome.bestPractices >= GOALS.bestPractices],
    ['Installable', outcome.installabilityErrors.length === 0 ? 'yes' : outcome.installabilityErrors.join('; '), 'no installability error', outcome.installabilityErrors.length === 0],
  ];
  console.log(`\n${outcome.page}`);
  for (const [name, value, goal, met] of rows) console.log(`  ${met ? 'ok  ' : 'MISS'} ${name.padEnd(16)} ${value.padEnd(40)} goal ${goal}`);
  for (const [name, value, goal, met] of rows) recordFigure({ bench: 'lighthouse', figure: `${outcome.page}: ${name}`, value, goal, met });
  console.log(
    `       performance ${outcome.performance}: first contentful paint ${(outcome.fcpMs / 1000).toFixed(2)} s, largest contentful paint ${(outcome.lcpMs / 1000).toFixed(2)} s, total blocking time ${Math.round(outcome.tbtMs)} ms, layout shift ${outcome.cls.toFixed(3)}`,
  );
  if (outcome.failedAudits.length > 0) console.log(`       audits not passed: ${outcome.failedAudits.join(', ')}`);
  return rows.every(([, , , met]) => met);
}

async function main(): Promise<void> {
  await runAgainstServer('lighthouse', BENCH_ADMIN, async (base) => {
    console.log(`Lighthouse (mobile preset) on ${base} in ${CHROMIUM}`);
    const login = await seedStudent(base);
    const outcomes = [await measure('Login page (/)', `${base}/`, base), await measure("Student's messages feed (/#/message)", `${base}/#/message`, base, login)];
    return outcomes.map(report).every(Boolean);
  });
}

await main();
