import lighthouse, { type Artifacts, type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import type { LoginAnswer } from '@academy/contract';
import { launchChromium } from './chromium';
import { storeSession } from './signed-in-student';

// One Lighthouse run as the Lighthouse benches make it: a fresh system Chromium (its own empty
// profile), Lighthouse's default mobile preset (simulated slow 4G, 4x CPU slowdown), and, for a
// signed-in page, the session stored first and kept (disableStorageReset, so also the service
// worker the first visit installed). Also the figures every such bench reads from a report.

export interface LighthouseOptions {
  /** Lighthouse categories to run: 'performance', 'accessibility', 'best-practices'. */
  categories: string[];
  /** A signed-in student: their session stored on `base` before the run, and kept. */
  session?: { base: string; login: LoginAnswer };
}

export interface LighthouseRun {
  lhr: Result;
  /** What Lighthouse gathered (MainDocumentContent: the page's first HTML response, as the browser got it). */
  artifacts: Artifacts;
  /** The page Lighthouse measured, still open: `read` may go on with it. */
  page: Page;
}

/** Lighthouse on `url`; `read` takes what it needs from the run before the browser is closed. */
export async function lighthouseRun<T>(url: string, options: LighthouseOptions, read: (run: LighthouseRun) => Promise<T> | T): Promise<T> {
  const chrome = await launchChromium();
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    if (options.session) await storeSession(page, options.session.base, options.session.login);
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: options.categories, disableStorageReset: Boolean(options.session) };
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error('Lighthouse returned no result');
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    return await read({ lhr: result.lhr, artifacts: result.artifacts, page });
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/** The figures of a page's load; a category that was not run is NaN. */
export interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export function pageFigures(lhr: Result): PageFigures {
  const score = (id: string) => {
    const value = lhr.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : NaN;
  };
  const figure = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: figure('first-contentful-paint'),
    lcpMs: figure('largest-contentful-paint'),
    tbtMs: figure('total-blocking-time'),
    cls: figure('cumulative-layout-shift'),
  };
}

/** Audits of a category that count and were not passed, as 'category/audit-id': what to fix when a score is below its goal. */
export function failedAudits(lhr: Result, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1)
    .map((audit) => `${category}/${audit?.id}`);
}

/** The median of some figures (the mean of the middle two for an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** Each figure of `runs` as its own median (median LCP, median TBT, ...), not one run's. */
export function medianFigures(runs: PageFigures[]): PageFigures {
  const of = (key: keyof PageFigures) => median(runs.map((run) => run[key]));
  return {
    performance: Math.round(of('performance')),
    accessibility: Math.round(of('accessibility')),
    bestPractices: Math.round(of('bestPractices')),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
  };
}
