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
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { MESSAGES_PATHS, sessionFromLogin, STUDENTS_PATHS, type LoginAnswer } from '@academy/contract';
import { CHROMIUM, launchChromium } from './support/chromium';
import { recordFigure } from './support/results';
import { runAgainstServer, BENCH_ADMIN } from './support/server';

const GOALS = { accessibility: 100, bestPractices: 95 };
const STUDENT = {
  name: 'Nimali Perera',
  email: 'nimali.bench@example.lk',
  whatsAppNo: '0771234567',
  additionalNo: '0112345678',
  district: 'Kandy',
  scl: 'Mahamaya College',
  address: '12 Peradeniya Road, Kandy',
  password: 'lesson-pass-2026',
  studentIdImg: '200612345678',
  indianHistory: true,
  europeHistory: false,
  historyType: 'Indian',
  batch: '2026',
  classType: 'Theory',
};

interface Outcome {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedAudits: string[];
  installabilityErrors: string[];
}

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A student with a message in their feed, signed in: the login answer the page will be given. */
async function seedStudent(base: string): Promise<LoginAnswer> {
  await post(`${base}/api/${STUDENTS_PATHS.register}`, STUDENT);
  const admin = await post<LoginAnswer>(`${base}/api/${STUDENTS_PATHS.login}`, BENCH_ADMIN);
  const message = { message: 'Revision class on Saturday at 9.00', link: 'https://example.lk/revision', batch: '2026', region: ['Indian'], classType: ['Theory'] };
  await post(`${base}/api/${MESSAGES_PATHS.send}`, message, admin.token);
  return post<LoginAnswer>(`${base}/api/${STUDENTS_PATHS.login}`, { email: STUDENT.email, password: STUDENT.password });
}

/** Failed binary audits of a category, by id: what to fix when a score is below its goal. */
function failedAudits(lhr: import('lighthouse').Result, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => `${category}/${audit?.id}`);
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
  const chrome = await launchChromium();
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    if (login) {
      await page.goto(`${base}/`);
      await page.evaluate((session) => {
        for (const [key, value] of Object.entries(session)) localStorage.setItem(key, value);
      }, sessionFromLogin(login));
    }
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], disableStorageReset: Boolean(login) },
      undefined,
      page,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const figure = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    await page.goto(url, { waitUntil: 'load' });
    return {
      page: name,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: figure('first-contentful-paint'),
      lcpMs: figure('largest-contentful-paint'),
      tbtMs: figure('total-blocking-time'),
      cls: figure('cumulative-layout-shift'),
      failedAudits: [...failedAudits(lhr, 'accessibility'), ...failedAudits(lhr, 'best-practices')],
      installabilityErrors: await installabilityErrors(page),
    };
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
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
