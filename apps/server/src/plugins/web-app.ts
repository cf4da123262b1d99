import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BRANDING_ELEMENT_ID, type Branding } from '@academy/contract';
import { inlineStylesheets } from './inline-stylesheets';
import { jsonDataBlock } from './json-data-block';
import { loginPageBootHead, withoutAppScripts } from './login-page-boot';
import { loadLoginPrerender } from './login-prerender';
import { MANIFEST_PATH, webAppManifest } from './web-app-manifest';

export interface WebAppOptions {
  webDist: string;
  branding: Branding;
  /** The login page's published banners, read for each request: the page shows them and is drawn with them. */
  loginBanners?: () => Promise<{ urls: string[]; head: string }>;
}

const PLACEHOLDER = '<!--academy-branding-->';
const EMPTY_ROOT = '<div id="root"></div>';
const OFFLINE_PAGE = 'offline.html';
/** The service worker: browsers look for a new one on every visit, so no cache may hold it back. */
const SERVICE_WORKER = 'sw.js';


function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The offline page (shown by the service worker) under the academy's own name. */
function brandedOfflinePage(html: string, title: string): string {
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}: offline</title>`)
    .replace(/(<p class="academy" id="academy-name">)[^<]*/, `$1${escapeHtml(title)}`);
}

/**
 * Serves the built web app on the API's port. index.html and the offline page are rendered once
 * at start with the academy's branding; hashed assets are cached for a year; index.html, the
 * manifest and the service worker are revalidated on every load.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: WebAppOptions) => {
  const indexFile = path.join(options.webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist: options.webDist }, 'web app not built; run `npm run build`');
    app.get('/', { schema: { hide: true } }, (_request, reply) => {
      reply.status(503).type('text/plain').send('The web app is not built yet. Run `npm run build`, then restart.');
    });
    return;
  }
  const indexHtml = inlineStylesheets(readFileSync(indexFile, 'utf8'), options.webDist)
    .replace(PLACEHOLDER, jsonDataBlock(BRANDING_ELEMENT_ID, options.branding))
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(options.branding.title)}</title>`);

  await app.register(fastifyStatic, {
    root: options.webDist,
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.startsWith(path.join(options.webDist, 'assets') + path.sep);
      // A precompressed copy (sw.js.br) is the same file to the browser.
      const worker = filePath.replace(/\.(br|gz)$/, '') === path.join(options.webDist, SERVICE_WORKER);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=3600');
    },
  });

  const manifest = JSON.stringify(webAppManifest(options.branding));
  app.get(MANIFEST_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('Cache-Control', 'no-cache').send(manifest),
  );
  const offlineFile = path.join(options.webDist, OFFLINE_PAGE);
  if (existsSync(offlineFile)) {
    const offlinePage = brandedOfflinePage(readFileSync(offlineFile, 'utf8'), options.branding.title);
    app.get(`/${OFFLINE_PAGE}`, { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(offlinePage),
    );
  }

  // The login page is drawn into index.html on the server, so it shows before any script runs;
  // a page with it drawn starts the app's scripts from its boot script (login-page-boot.ts).
  const bootable = indexHtml.includes(EMPTY_ROOT) ? withoutAppScripts(indexHtml) : null;
  const prerender = bootable ? await loadLoginPrerender(options.webDist, options.branding, app.log) : null;
  const drawLogin = (banners: string[]) => {
    if (!prerender) return null;
    try {
      return prerender(banners);
    } catch (error) {
      // The browser draws the page itself, as it did before the server could.
      app.log.error({ err: error }, 'drawing the login page failed; sent without it');
      return null;
    }
  };
  const sendIndex = async (_request: unknown, reply: import('fastify').FastifyReply) => {
    const banners = options.loginBanners ? await options.loginBanners() : { urls: [], head: '' };
    const login = drawLogin(banners.urls);
    const page =
      login && bootable
        ? bootable.html
            // First in the head: an inline script after a stylesheet would wait for it, and hold up the page.
            .replace('<head>', `<head>${loginPageBootHead(bootable.scripts)}`)
            .replace('</head>', `${banners.head}${login.head}</head>`)
            .replace(EMPTY_ROOT, `<div id="root">${login.root}</div>`)
        : indexHtml.replace('</head>', `${banners.head}</head>`);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  };
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.get('/index.html', { schema: { hide: true } }, sendIndex);
});
