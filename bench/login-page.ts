// Benchmark for the login page, as a student on a phone first meets it.
//
//   npm run bench:login                      # builds the web app, starts the real server, runs Lighthouse
//   BENCH_PORTS=19200-19299 BENCH_RUNS=3 npm run bench:login
//
// For the built app and the real server (temporary data folder), in the system Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium), Lighthouse's default mobile preset (simulated slow
// 4G, 4x CPU slowdown), twice: with the academy's default images, and with a posted campaign of
// three uploaded banners. Reports, against the goals:
//   - the gzip size of the JavaScript the login route loads (every script request of the page
//     load, gzip -9 of the built file): 150 KB or less;
//   - Lighthouse performance >= 90, accessibility >= 95, largest contentful paint < 2.5 s.
// Each scenario is run BENCH_RUNS times (3); the run with the median performance score is
// reported. Exits 1 when a goal is missed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { recordFigure } from './support/results';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { BANNERS_PATHS, STUDENTS_PATHS } from '@academy/contract';
import { CHROMIUM, launchChromium } from './support/chromium';
import { root, runAgainstServer, BENCH_ADMIN } from './support/server';

const GOALS = { jsGzipKb: 150, performance: 90, accessibility: 95, lcpMs: 2500 };
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const webDist = path.join(root, 'apps/web/dist');

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface Outcome {
  scenario: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  lcpElement: string;
  scripts: { file: string; gzip: number; sent: number }[];
  failedAudits: string[];
}

/** The gzip size of a script the page requested, from the build (what the goal counts). */
function gzipSizeOf(url: string): number {
  const file = path.join(webDist, new URL(url).pathname);
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : NaN;
}

async function runLighthouse(url: string): Promise<Omit<Outcome, 'scenario'>> {
  const chrome = await launchChromium();
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []).filter(
      (request) => request.resourceType === 'Script',
    );
    const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined)?.items;
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '?',
      scripts: requests.map((request) => ({ file: new URL(request.url).pathname, gzip: gzipSizeOf(request.url), sent: request.transferSize ?? 0 })),
      failedAudits: Object.values(lhr.categories.accessibility?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit?.id ?? ''),
    };
  } finally {
    chrome.kill();
  }
}

async function measure(scenario: string, url: string): Promise<Outcome> {
  const runs = [];
  // A run Lighthouse itself could not finish (e.g. the machine too busy to paint in time) is
  // reported and repeated, at most twice per wanted run.
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt += 1) {
    try {
      runs.push(await runLighthouse(url));
    } catch (error) {
      console.log(`  ${scenario}: a run failed, repeated (${(error as Error).message})`);
    }
  }
  runs.sort((a, b) => a.performance - b.performance);
  const median = runs[Math.floor(runs.length / 2)];
  if (!median) throw new Error('no Lighthouse run');
  console.log(`  ${scenario}: performance ${runs.map((r) => r.performance).join(', ')} over ${RUNS} runs`);
  return { scenario, ...median };
}

/** A campaign of three uploaded banners, through the API as the Banners tab posts one. */
async function postCampaign(base: string): Promise<void> {
  const login = await fetch(`${base}/api/${STUDENTS_PATHS.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const form = new FormData();
  for (const [index, colour] of ['#0A5F6F', '#8B2E16', '#3C2A6B'].entries()) {
    // A photo-like picture (a gradient with detail), 2400 px wide, as a phone camera gives.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1000"><defs><linearGradient id="g"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#C2E8F8"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><text x="160" y="560" font-size="200" fill="white" font-family="sans-serif">Campaign ${index + 1}</text></svg>`;
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
    form.append(`image${index + 1}`, new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `campaign-${index + 1}.jpg`);
  }
  const headers = { authorization: `Bearer ${token}` };
  const upload = await fetch(`${base}/api/${BANNERS_PATHS.uploadImage}`, { method: 'POST', headers, body: form });
  const { imageUrl } = (await upload.json()) as { imageUrl: string[] };
  const saved = await fetch(`${base}/api/${BANNERS_PATHS.saveUrl}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ imageUrl }),
  });
  if (!saved.ok) throw new Error(`posting the campaign failed: ${await saved.text()}`);
}

function report(outcome: Outcome): boolean {
  const jsKb = outcome.scripts.reduce((sum, script) => sum + script.gzip, 0) / 1024;
  const sentKb = outcome.scripts.reduce((sum, script) => sum + script.sent, 0) / 1024;
  const rows: [string, string, string, boolean][] = [
    ['JavaScript, gzip', `${jsKb.toFixed(1)} KB (${outcome.scripts.length} files; ${sentKb.toFixed(1)} KB sent as Brotli)`, `<= ${GOALS.jsGzipKb} KB`, jsKb <= GOALS.jsGzipKb],
    ['Performance', String(outcome.performance), `>= ${GOALS.performance}`, outcome.performance >= GOALS.performance],
    ['Accessibility', String(outcome.accessibility), `>= ${GOALS.accessibility}`, outcome.accessibility >= GOALS.accessibility],
    ['Largest contentful paint', `${(outcome.lcpMs / 1000).toFixed(2)} s`, `< ${GOALS.lcpMs / 1000} s`, outcome.lcpMs < GOALS.lcpMs],
  ];
  console.log(`\n${outcome.scenario}`);
  for (const [name, value, goal, met] of rows) console.log(`  ${met ? 'ok  ' : 'MISS'} ${name.padEnd(26)} ${value.padEnd(52)} goal ${goal}`);
  for (const [name, value, goal, met] of rows) recordFigure({ bench: 'login', figure: `${outcome.scenario}: ${name}`, value, goal, met });
  console.log(
    `       first contentful paint ${(outcome.fcpMs / 1000).toFixed(2)} s, total blocking time ${Math.round(outcome.tbtMs)} ms, layout shift ${outcome.cls.toFixed(3)}`,
  );
  console.log(`       largest paint: ${outcome.lcpElement}`);
  for (const script of outcome.scripts) console.log(`       ${(script.gzip / 1024).toFixed(1).padStart(6)} KB  ${script.file}`);
  if (outcome.failedAudits.length > 0) console.log(`       accessibility audits failed: ${outcome.failedAudits.join(', ')}`);
  return rows.every(([, , , met]) => met);
}

async function main(): Promise<void> {
  await runAgainstServer('login', BENCH_ADMIN, async (base) => {
    console.log(`Lighthouse (mobile preset) on ${base}/ in ${CHROMIUM}, ${RUNS} runs per scenario`);
    const outcomes = [await measure("the academy's default images", `${base}/`)];
    await postCampaign(base);
    outcomes.push(await measure('a posted campaign of three uploaded banners', `${base}/`));
    return outcomes.map(report).every(Boolean);
  });
}

await main();
