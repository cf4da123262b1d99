import axe from 'axe-core';
import type { AxeResults } from 'axe-core';
import type { Page } from '@playwright/test';

// axe-core in the page itself, loaded once per document. @axe-core/playwright's AxeBuilder loads
// the 550 kB script again on every check and finishes each check in a second, blank page: 1.2 s
// a screen on CI's two cores, where axe's own run takes 0.1 s. The walks move inside one document
// (support/screens.ts, visit()), so one load serves a whole walk. The portal has no iframes, whose
// documents would need axe too.

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

async function axeResults(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate((tags) => window.axe!.run(document, { runOnly: { type: 'tag', values: tags } }), WCAG_AA);
}

/** The page's serious and critical WCAG 2.1 AA violations, each with its elements and axe's suggested fix. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await axeResults(page);
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')} ${node.html.slice(0, 160)}: ${node.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`);
}
