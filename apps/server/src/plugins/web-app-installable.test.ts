import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';

// The installable app's pieces as the browser fetches them: the manifest (made from the
// branding), the service worker (never held back by a cache) and the branded offline page.
describe('the installable app', () => {
  let empty: TestApp;
  let withWeb: TestApp;

  beforeAll(async () => {
    empty = await startTestApp();
    await empty.app.close();
    const webDist = `${empty.database.dataDir}/web`;
    mkdirSync(`${webDist}/assets`, { recursive: true });
    writeFileSync(`${webDist}/index.html`, '<html><head><title>x</title><!--academy-branding--></head><body></body></html>');
    writeFileSync(`${webDist}/sw.js`, `self.addEventListener('fetch', () => undefined);\n${'//'.repeat(600)}`);
    writeFileSync(`${webDist}/sw.js.br`, 'compressed');
    writeFileSync(`${webDist}/offline.html`, '<title>History Academy: offline</title><p class="academy" id="academy-name">History Academy</p>');
    withWeb = await startTestApp({ WEB_DIST: webDist, BRANDING_TITLE: 'Sejaya <Academy>' });
  });

  afterAll(async () => {
    await withWeb.app.close();
    await withWeb.database.drop();
    await empty.database.drop();
  });

  it('serves a manifest with the academy name, icons, colours and standalone display', async () => {
    const response = await withWeb.app.inject({ url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = response.json();
    expect(manifest).toMatchObject({ name: 'Sejaya <Academy>', start_url: '/', display: 'standalone', theme_color: '#00173D' });
    const icons = manifest.icons as { sizes: string; purpose: string }[];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
  });

  it('serves the service worker as JavaScript that browsers revalidate on every visit, compressed or not', async () => {
    for (const encoding of ['identity', 'br']) {
      const response = await withWeb.app.inject({ url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the offline page under the academy name, escaped', async () => {
    const response = await withWeb.app.inject({ url: '/offline.html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<title>Sejaya &#60;Academy&#62;: offline</title>');
    expect(response.body).toContain('id="academy-name">Sejaya &#60;Academy&#62;</p>');
  });
});
