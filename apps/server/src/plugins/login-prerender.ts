import type { FastifyBaseLogger } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Branding } from '@academy/contract';

/** The login page drawn for index.html: the markup inside #root and what goes into the head. */
export interface LoginPrerender {
  root: string;
  head: string;
}

/** What the web build's prerender module (apps/web/src/prerender/login-page.tsx) exports. */
interface PrerenderModule {
  createLoginPageRenderer(branding: Branding): Promise<(banners: string[]) => { html: string; styles: string }>;
}

/** The web build writes the prerender beside the app: `apps/web/dist-prerender/login-page.js`. */
export function prerenderFile(webDist: string): string {
  return path.join(path.dirname(webDist), 'dist-prerender', 'login-page.js');
}

/** Drawings kept, one per set of banners: a new campaign replaces the last; a few cover a change back. */
const KEPT = 4;

// React places the preloads it wants (the first banner, the logo) before the markup when it
// renders without a <head> of its own; they belong in the head.
const LEADING_PRELOADS = /^(?:<link [^>]*\/>)+/;

/**
 * Loads the web build's prerender of the login page for this branding, or answers null when the
 * build has none (the page then draws in the browser, as before). A drawing costs milliseconds,
 * and the page is the same for every visitor with the same banners: each is kept.
 */
export async function loadLoginPrerender(webDist: string, branding: Branding, log: FastifyBaseLogger): Promise<((banners: string[]) => LoginPrerender) | null> {
  const file = prerenderFile(webDist);
  if (!existsSync(file)) {
    log.warn({ file }, 'the login page has no prerender; it is drawn in the browser');
    return null;
  }
  const module = (await import(pathToFileURL(file).href)) as PrerenderModule;
  const render = await module.createLoginPageRenderer(branding);
  const drawn = new Map<string, LoginPrerender>();
  return (banners) => {
    const key = JSON.stringify(banners);
    const kept = drawn.get(key);
    if (kept) return kept;
    const { html, styles } = render(banners);
    const preloads = LEADING_PRELOADS.exec(html)?.[0] ?? '';
    const page = { root: html.slice(preloads.length), head: preloads + styles };
    if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value ?? '');
    drawn.set(key, page);
    return page;
  };
}
