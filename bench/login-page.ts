// Benchmark for the login page as a student on a phone first meets it, and for the student's drive
// right after signing in.
//
//   npm run bench:login                      # builds what is stale, starts the real server, runs Lighthouse
//   BENCH_PORTS=19200-19299 BENCH_RUNS=3 npm run bench:login
//
// The built app and the real server (`npm start`, temporary data folder, the README's defaults), in
// the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium), Lighthouse's default mobile
// preset (simulated slow 4G, 4x CPU slowdown), each page loaded BENCH_RUNS times (5) in a fresh
// browser; every figure reported is the median of its own over those runs (median LCP, median
// TBT, ...), not one run's.
//
// The login page, twice: with the academy's default images, and with a posted campaign of three
// uploaded banners. Goals for each:
//   - Lighthouse performance >= 98, accessibility 100, best practices >= 95;
//   - largest contentful paint <= 1.5 s, total blocking time <= 100 ms, layout shift <= 0.02;
//   - the JavaScript the page load requests (every Script request, gzip -9 of the built file):
//     100 KB or less;
//   - against a reference measured in the same run, interleaved run by run: the page's first HTML
//     response, exactly as the browser got it, saved as a file beside a copy of the built app and of
//     every portal address the page's loads requested (manifest, uploaded banners, ...), served by
//     nginx with the same compressed copies. Our largest contentful paint <= 1.15 x the
//     reference's: the server and the hydration may cost little over plain files.
// The student's drive (/#/home) after signing in: a student registered through the API, the session
// written to localStorage as the login screen writes it, Lighthouse told to keep storage. Goal:
// largest contentful paint <= 2.0 s (performance and total blocking time printed too).
//
// Every figure goes to recordFigure (`npm run bench` prints them all); a table says ok or MISS
// for each goal, and the exit code is 1 when a goal is missed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { BANNERS_PATHS, type LoginAnswer } from '@academy/contract';
import { CHROMIUM } from './support/chromium';
import { failedAudits, lighthouseRun, median, medianFigures, pageFigures, type LighthouseRun, type PageFigures } from './support/lighthouse-run';
import { api } from './support/portal-api';
import { recordFigure, type Figure } from './support/results';
import { root, runAgainstServer, BENCH_ADMIN } from './support/server';
import { signedInStudent } from './support/signed-in-student';
import { startStaticSnapshot, type StaticSnapshot } from './support/static-snapshot';
import { adminSignIn } from './support/admin-sign-in';

const GOALS = {
  performance: 98,
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0.02,
  accessibility: 100,
  bestPractices: 95,
  jsGzipKb: 100,
  /** Our login LCP over the nginx reference's. */
  lcpOverReference: 1.15,
  driveLcpMs: 2000,
};
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LOGIN_CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const webDist = path.join(root, 'apps/web/dist');

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  statusCode?: number;
}

interface Script {
  file: string;
  /** gzip -9 of the built file (of the bytes served, for a script the build does not have). */
  gzip: number;
  /** What went over the wire (Brotli, as the portal sends it). */
  sent: number;
}

/** One load of a page: its figures and what to tell when a goal is missed. */
interface Load extends PageFigures {
  lcpElement: string;
  finalUrl: string;
  scripts: Script[];
  jsGzipKb: number;
  /** The same-origin addresses the load requested (what the reference mirrors). */
  requested: string[];
  failedAudits: string[];
  /** The first HTML response, as the browser got it (or, failing that, fetched as a browser asks). */
  html: string;
  htmlFrom: 'the browser' | 'a fetch';
}

function networkRequests(lhr: LighthouseRun['lhr']): NetworkRequest[] {
  return (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
}

async function gzipSizeOf(url: string): Promise<number> {
  const file = path.join(webDist, decodeURIComponent(new URL(url).pathname));
  if (file.startsWith(webDist + path.sep) && existsSync(file)) return gzipSync(readFileSync(file), { level: 9 }).length;
  const response = await fetch(url);
  return response.ok ? gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length : NaN;
}

/**
 * The page's first HTML response: what the browser got in the run (Lighthouse reads it for its
 * charset audit), else fetched as a browser asks for it.
 */
async function firstHtml({ lhr, artifacts }: LighthouseRun): Promise<Pick<Load, 'html' | 'htmlFrom'>> {
  if (typeof artifacts.MainDocumentContent === 'string' && artifacts.MainDocumentContent.length > 0) return { html: artifacts.MainDocumentContent, htmlFrom: 'the browser' };
  const response = await fetch(lhr.requestedUrl ?? lhr.finalDisplayedUrl, {
    headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-language': 'en-US,en;q=0.9', 'user-agent': lhr.environment.networkUserAgent },
  });
  return { html: await response.text(), htmlFrom: 'a fetch' };
}

async function readLoad(run: LighthouseRun): Promise<Load> {
  const { lhr } = run;
  const origin = new URL(lhr.requestedUrl ?? lhr.finalDisplayedUrl).origin;
  const requests = networkRequests(lhr).filter((request) => /^https?:/.test(request.url));
  const scriptRequests = new Map<string, NetworkRequest>();
  for (const request of requests) if (request.resourceType === 'Script' && !scriptRequests.has(request.url)) scriptRequests.set(request.url, request);
  const scripts: Script[] = [];
  for (const [url, request] of scriptRequests) scripts.push({ file: new URL(url).pathname, gzip: await gzipSizeOf(url), sent: request.transferSize ?? 0 });
  const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items;
  return {
    ...pageFigures(lhr),
    lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '?',
    finalUrl: lhr.finalDisplayedUrl,
    scripts,
    jsGzipKb: scripts.reduce((sum, script) => sum + script.gzip, 0) / 1024,
    requested: requests.filter((request) => new URL(request.url).origin === origin && (request.statusCode ?? 200) < 400).map((request) => request.url),
    failedAudits: LOGIN_CATEGORIES.filter((category) => category !== 'performance').flatMap((category) => failedAudits(lhr, category)),
    ...(await firstHtml(run)),
  };
}

/** A run Lighthouse itself could not finish (e.g. the machine too busy to paint in time) is told and left out. */
async function attempt<T>(label: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    console.log(`  ${label}: a run failed, repeated (${(error as Error).message})`);
    return undefined;
  }
}

const seconds = (ms: number) => (Number.isNaN(ms) ? 'no run' : `${(ms / 1000).toFixed(2)} s`);
const millis = (ms: number) => (Number.isNaN(ms) ? 'no run' : `${Math.round(ms)} ms`);
const score = (value: number) => (Number.isNaN(value) ? 'no run' : String(value));

function runLine(label: string, load: PageFigures & { jsGzipKb?: number }): void {
  const js = load.jsGzipKb === undefined ? '' : `, JS ${load.jsGzipKb.toFixed(1)} KB gzip`;
  console.log(`  ${label}: performance ${score(load.performance)}, LCP ${seconds(load.lcpMs)}, FCP ${seconds(load.fcpMs)}, TBT ${millis(load.tbtMs)}, CLS ${load.cls.toFixed(3)}${js}`);
}

interface LoginScenario {
  name: string;
  ours: Load[];
  reference: Load[];
  /** How the reference was made: its HTML, and the portal addresses copied or not. */
  snapshot: { htmlBytes: number; htmlFrom: string; copied: string[]; missed: string[] };
}

/** The login page on the portal and its nginx reference, run after run, BENCH_RUNS of each. */
async function measureLogin(name: string, base: string): Promise<LoginScenario> {
  const scenario: LoginScenario = { name, ours: [], reference: [], snapshot: { htmlBytes: 0, htmlFrom: '', copied: [], missed: [] } };
  let snapshot: StaticSnapshot | undefined;
  try {
    // At most twice the wanted runs: a failed run is repeated, not retried forever.
    for (let round = 0; round < RUNS * 2 && (scenario.ours.length < RUNS || scenario.reference.length < RUNS); round += 1) {
      if (scenario.ours.length < RUNS) {
        const load = await attempt(`${name}, the portal`, () => lighthouseRun(`${base}/`, { categories: LOGIN_CATEGORIES }, readLoad));
        if (load) {
          scenario.ours.push(load);
          runLine(`${name}, the portal, run ${scenario.ours.length}`, load);
          if (!snapshot) {
            snapshot = await startStaticSnapshot({ html: load.html, origin: base, webDist });
            Object.assign(scenario.snapshot, { htmlBytes: Buffer.byteLength(load.html), htmlFrom: load.htmlFrom });
          }
          const { copied, missed } = await snapshot.mirror(load.requested);
          scenario.snapshot.copied.push(...copied);
          scenario.snapshot.missed.push(...missed);
        }
      }
      const reference = snapshot;
      if (reference && scenario.reference.length < RUNS) {
        const load = await attempt(`${name}, nginx`, () => lighthouseRun(`${reference.base}/`, { categories: LOGIN_CATEGORIES }, readLoad));
        if (load) {
          scenario.reference.push(load);
          runLine(`${name}, nginx reference, run ${scenario.reference.length}`, load);
        }
      }
    }
  } finally {
    snapshot?.stop();
  }
  return scenario;
}

interface DriveLoad extends PageFigures {
  lcpElement: string;
  finalUrl: string;
}

/** The student's drive, signed in, BENCH_RUNS loads. */
async function measureDrive(base: string, login: LoginAnswer): Promise<DriveLoad[]> {
  const loads: DriveLoad[] = [];
  for (let tries = 0; loads.length < RUNS && tries < RUNS * 2; tries += 1) {
    const load = await attempt("the student's drive", () =>
      lighthouseRun(`${base}/#/home`, { categories: ['performance'], session: { base, login } }, ({ lhr }) => {
        const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items;
        return { ...pageFigures(lhr), lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '?', finalUrl: lhr.finalDisplayedUrl };
      }),
    );
    if (load) {
      loads.push(load);
      runLine(`the student's drive, run ${loads.length}`, load);
    }
  }
  return loads;
}

/** A campaign of three uploaded banners, through the API as the Banners tab posts one. */
async function postCampaign(base: string): Promise<void> {
  const { token } = await adminSignIn(base);
  const form = new FormData();
  for (const [index, colour] of ['#0A5F6F', '#8B2E16', '#3C2A6B'].entries()) {
    // A photo-like picture (a gradient with detail), 2400 px wide, as a phone camera gives.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1000"><defs><linearGradient id="g"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#C2E8F8"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><text x="160" y="560" font-size="200" fill="white" font-family="sans-serif">Campaign ${index + 1}</text></svg>`;
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
    form.append(`image${index + 1}`, new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `campaign-${index + 1}.jpg`);
  }
  const upload = await fetch(`${base}/api/${BANNERS_PATHS.uploadImage}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  if (!upload.ok) throw new Error(`uploading the campaign failed: ${await upload.text()}`);
  const { imageUrl } = (await upload.json()) as { imageUrl: string[] };
  await api(base, BANNERS_PATHS.saveUrl, { token, body: { imageUrl } });
}

/** A row of the table: a goal (met or missed), or a figure only reported (met undefined). */
type Row = Omit<Figure, 'bench' | 'met'> & { page: string; met?: boolean };

/** The load nearest the median of `key`: whose detail (LCP element, scripts) to show. */
function nearestMedian<T extends PageFigures>(loads: T[], key: (load: T) => number): T | undefined {
  const middle = median(loads.map(key));
  return [...loads].sort((a, b) => Math.abs(key(a) - middle) - Math.abs(key(b) - middle))[0];
}

function loginRows(scenario: LoginScenario): Row[] {
  const page = `login, ${scenario.name}`;
  const ours = medianFigures(scenario.ours);
  const reference = medianFigures(scenario.reference);
  const jsKb = median(scenario.ours.map((load) => load.jsGzipKb));
  const ratio = ours.lcpMs / reference.lcpMs;
  const runs = `median of ${scenario.ours.length}`;
  return [
    { page, figure: 'Performance', value: `${score(ours.performance)} (${runs})`, goal: `>= ${GOALS.performance}`, met: ours.performance >= GOALS.performance },
    { page, figure: 'Largest contentful paint', value: seconds(ours.lcpMs), goal: `<= ${GOALS.lcpMs / 1000} s`, met: ours.lcpMs <= GOALS.lcpMs },
    { page, figure: 'Total blocking time', value: millis(ours.tbtMs), goal: `<= ${GOALS.tbtMs} ms`, met: ours.tbtMs <= GOALS.tbtMs },
    { page, figure: 'Cumulative layout shift', value: Number.isNaN(ours.cls) ? 'no run' : ours.cls.toFixed(3), goal: `<= ${GOALS.cls}`, met: ours.cls <= GOALS.cls },
    { page, figure: 'Accessibility', value: score(ours.accessibility), goal: `= ${GOALS.accessibility}`, met: ours.accessibility >= GOALS.accessibility },
    { page, figure: 'Best practices', value: score(ours.bestPractices), goal: `>= ${GOALS.bestPractices}`, met: ours.bestPractices >= GOALS.bestPractices },
    { page, figure: 'JavaScript, gzip', value: Number.isNaN(jsKb) ? 'no run' : `${jsKb.toFixed(1)} KB`, goal: `<= ${GOALS.jsGzipKb} KB`, met: jsKb <= GOALS.jsGzipKb },
    {
      page,
      figure: 'LCP over the nginx reference',
      value: `${seconds(ours.lcpMs)} vs ${seconds(reference.lcpMs)}`,
      reference: `${seconds(reference.lcpMs)} (nginx, median of ${scenario.reference.length})`,
      ratio,
      goal: `<= ${GOALS.lcpOverReference} x the reference`,
      met: ratio <= GOALS.lcpOverReference,
    },
    { page, figure: 'First contentful paint', value: seconds(ours.fcpMs), goal: 'reported' },
    { page: `${page}, nginx reference`, figure: 'Performance', value: `${score(reference.performance)} (median of ${scenario.reference.length})`, goal: 'reported' },
    { page: `${page}, nginx reference`, figure: 'Largest contentful paint', value: seconds(reference.lcpMs), goal: 'reported' },
    { page: `${page}, nginx reference`, figure: 'First contentful paint', value: seconds(reference.fcpMs), goal: 'reported' },
    { page: `${page}, nginx reference`, figure: 'Total blocking time', value: millis(reference.tbtMs), goal: 'reported' },
    { page: `${page}, nginx reference`, figure: 'Cumulative layout shift', value: Number.isNaN(reference.cls) ? 'no run' : reference.cls.toFixed(3), goal: 'reported' },
  ];
}

function loginDetail(scenario: LoginScenario): void {
  console.log(`\nlogin, ${scenario.name}`);
  const byLcp = nearestMedian(scenario.ours, (load) => load.lcpMs);
  const byJs = nearestMedian(scenario.ours, (load) => load.jsGzipKb);
  if (byLcp) console.log(`  largest paint (run nearest the median): ${byLcp.lcpElement}`);
  const referenceLcp = nearestMedian(scenario.reference, (load) => load.lcpMs);
  if (referenceLcp) console.log(`  largest paint on nginx: ${referenceLcp.lcpElement}`);
  if (byJs) {
    const sentKb = byJs.scripts.reduce((sum, script) => sum + script.sent, 0) / 1024;
    console.log(`  scripts (${byJs.scripts.length} files, ${sentKb.toFixed(1)} KB sent compressed):`);
    for (const script of byJs.scripts) console.log(`    ${(script.gzip / 1024).toFixed(1).padStart(6)} KB  ${script.file}`);
  }
  const audits = new Map<string, number>();
  for (const load of scenario.ours) for (const audit of load.failedAudits) audits.set(audit, (audits.get(audit) ?? 0) + 1);
  if (audits.size > 0) console.log(`  audits not passed: ${[...audits].map(([audit, count]) => `${audit} (${count} of ${scenario.ours.length})`).join(', ')}`);
  const { htmlBytes, htmlFrom, copied, missed } = scenario.snapshot;
  console.log(`  nginx reference: the first HTML response as ${htmlFrom} got it (${(htmlBytes / 1024).toFixed(1)} KB), the built app, and ${copied.length} addresses copied from the portal`);
  if (missed.length > 0) console.log(`  NOT copied for the reference: ${missed.join(', ')}`);
}

function driveRows(loads: DriveLoad[]): Row[] {
  const page = "student's drive (/#/home)";
  const figures = medianFigures(loads);
  return [
    { page, figure: 'Largest contentful paint', value: `${seconds(figures.lcpMs)} (median of ${loads.length})`, goal: `<= ${GOALS.driveLcpMs / 1000} s`, met: figures.lcpMs <= GOALS.driveLcpMs },
    { page, figure: 'Performance', value: score(figures.performance), goal: 'reported' },
    { page, figure: 'Total blocking time', value: millis(figures.tbtMs), goal: 'reported' },
    { page, figure: 'First contentful paint', value: seconds(figures.fcpMs), goal: 'reported' },
  ];
}

function driveDetail(loads: DriveLoad[]): void {
  console.log("\nstudent's drive (/#/home)");
  const byLcp = nearestMedian(loads, (load) => load.lcpMs);
  if (byLcp) console.log(`  largest paint (run nearest the median): ${byLcp.lcpElement}`);
  // A session the page did not take would have measured the login page instead.
  const elsewhere = loads.filter((load) => !load.finalUrl.endsWith('#/home'));
  if (elsewhere.length > 0) console.log(`  NOTE: ${elsewhere.length} load(s) ended elsewhere: ${elsewhere.map((load) => load.finalUrl).join(', ')}`);
}

/** Records every row, prints them as one table, and answers whether every goal was met. */
function reportTable(rows: Row[]): boolean {
  for (const { page, met, ratio, ...figure } of rows) {
    recordFigure({ bench: 'login', ...figure, ...(ratio !== undefined && Number.isFinite(ratio) ? { ratio } : {}), figure: `${page}: ${figure.figure}`, met: met ?? true });
  }
  const cells = [
    ['', 'page', 'figure', 'value', 'goal'],
    ...rows.map((row) => [row.met === undefined ? '' : row.met ? 'ok' : 'MISS', row.page, row.figure, row.ratio === undefined ? row.value : `${row.value} = ${row.ratio.toFixed(2)} x`, row.goal]),
  ];
  const widths = cells[0]?.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length))) ?? [];
  console.log('');
  for (const row of cells) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd());
  return rows.every((row) => row.met !== false);
}

async function main(): Promise<void> {
  await runAgainstServer('login', BENCH_ADMIN, async (base) => {
    console.log(`Lighthouse (mobile preset) in ${CHROMIUM}, ${RUNS} runs per page; the login page alternates with its nginx reference`);
    const scenarios = [await measureLogin("the academy's default images", base)];
    await postCampaign(base);
    scenarios.push(await measureLogin('a posted campaign of three banners', base));
    const drive = await measureDrive(base, await signedInStudent(base));
    for (const scenario of scenarios) loginDetail(scenario);
    driveDetail(drive);
    return reportTable([...scenarios.flatMap(loginRows), ...driveRows(drive)]);
  });
}

await main();
