import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerSrcSet } from '@academy/contract';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { adminHeaders, api, image, part, uploaded } from './test-helpers';

describe('index.html carries the published banners', () => {
  const t = {} as TestApp;
  const webDist = mkdtempSync(path.join(tmpdir(), 'academy-web-'));
  beforeAll(async () => {
    mkdirSync(`${webDist}/assets`, { recursive: true });
    writeFileSync(`${webDist}/index.html`, '<html><head><title>x</title><!--academy-branding--></head><body></body></html>');
    const script = 'console.log("a hashed asset");'.repeat(100);
    writeFileSync(`${webDist}/assets/app-abc123.js`, script);
    writeFileSync(`${webDist}/assets/app-abc123.js.gz`, gzipSync(script));
    Object.assign(t, await startTestApp({ WEB_DIST: webDist }));
  });
  afterAll(async () => {
    await t.app?.close();
    await t.database?.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  const bannersIn = (html: string) => JSON.parse(/id="academy-banners">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');

  it('as a JSON data block, fresh on every request: empty, then the posted campaign', async () => {
    const before = (await t.app.inject({ url: '/' })).body;
    expect(bannersIn(before)).toEqual([]);
    expect(before).toContain('<link rel="preload" as="image" fetchpriority="high" href="/banners/banner-1.svg">');
    const headers = await adminHeaders(t);
    const urls = await uploaded(t, headers, [part('image1', await image('png', 1300, 600))]);
    await t.app.inject({ method: 'POST', url: api('saveUrl'), headers, payload: { imageUrl: urls } });
    const page = await t.app.inject({ url: '/' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(bannersIn(page.body)).toEqual(urls);
    // The first banner is preloaded in the widths the carousel offers.
    expect(page.body).toContain(`imagesrcset="${bannerSrcSet(urls[0] ?? '')}"`);
  });

  it('sends the build-time gzip copy of an asset to a browser that accepts gzip', async () => {
    const asset = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.rawPayload.length).toBeLessThan(200);
  });
});
