import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * The build's stylesheets, written into index.html instead of linked: a few kilobytes that would
 * otherwise cost a phone a round trip before the first paint (the login page arrives drawn, and
 * only waits for its styles). Their font and image addresses are absolute, so they read the same inline.
 */
export function inlineStylesheets(html: string, webDist: string): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const file = path.join(webDist, href);
    return existsSync(file) ? `<style>${readFileSync(file, 'utf8')}</style>` : link;
  });
}
