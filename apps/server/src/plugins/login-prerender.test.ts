import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { adminHeaders, api, image, part, uploaded } from '../features/banners/test-helpers';
import { prerenderFile } from './login-prerender';

// The server draws the login page into index.html with the web build's prerender module. These
// tests give it a prerender of their own (the same exports as apps/web/src/prerender/login-page.tsx)
// that writes what it was given, and count its drawings; the real one is walked in a browser by
// e2e/tests/login-prerender.spec.ts.

/** As the web build writes it: the app's entry module and a module it imports at once. */
const INDEX =
  '<!doctype html><html><head><title>x</title><!--academy-branding-->' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react-def.js">\n' +
  '</head><body><div id="root"></div></body></html>';

/** A prerender that draws the branding's title and the banners, after a preload React would hoist. */
const PRERENDER = `
let drawings = 0;
export async function createLoginPageRenderer(branding) {
  return (banners) => {
    drawings += 1;
    if (branding.title.startsWith('Broken')) throw new Error('drawing failed');
    return {
      html: '<link rel="preload" as="image" href="/logo.svg"/><main data-drawing="' + drawings + '"><h1>' + branding.title + '</h1>' +
        banners.map((url) => '<img src="' + url + '"/>').join('') + '<form><input name="email"/></form></main>',
      styles: '<style data-emotion="css abc">.css-abc{color:red}</style>',
    };
  };
}
`;

function webBuild(withPrerender: boolean): string {
  const root = mkdtempSync(path.join(tmpdir(), 'academy-prerender-'));
  const webDist = path.join(root, 'dist');
  mkdirSync(webDist);
  writeFileSync(path.join(webDist, 'index.html'), INDEX);
  if (withPrerender) {
    mkdirSync(path.dirname(prerenderFile(webDist)));
    writeFileSync(prerenderFile(webDist), PRERENDER);
  }
  return webDist;
}

const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? '';
const headOf = (html: string) => /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';

describe('the login page drawn into index.html', () => {
  const started: TestApp[] = [];
  const folders: string[] = [];
  async function portal(withPrerender: boolean, title = 'Sejaya Academy'): Promise<TestApp> {
    const webDist = webBuild(withPrerender);
    folders.push(path.dirname(webDist));
    const t = await startTestApp({ WEB_DIST: webDist, BRANDING_TITLE: title });
    started.push(t);
    return t;
  }
  afterAll(async () => {
    for (const t of started) {
      await t.app.close();
      await t.database.drop();
    }
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it('arrives drawn with the branding, its styles and preloads in the head, and the script that hides it allowed by hash', async () => {
    const t = await portal(true);
    const page = await t.app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    const root = rootOf(page.body);
    expect(root).toMatch(/^<main data-drawing="\d+"><h1>Sejaya Academy<\/h1>/);
    expect(root).toContain('<form>');
    const head = headOf(page.body);
    expect(head).toContain('<link rel="preload" as="image" href="/logo.svg"/>');
    expect(head).toContain('<style data-emotion="css abc">');
    // The app's scripts are not in the page: its boot script starts them, from this block.
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('<link rel="modulepreload"');
    const scripts = /^<script type="application\/json" id="academy-app-scripts">([^<]*)<\/script>/.exec(head)?.[1];
    expect(JSON.parse(scripts ?? 'null')).toEqual({ entry: '/assets/index-abc.js', preloads: ['/assets/react-def.js'] });
    // First in the head, so no stylesheet holds it up; the policy allows it and nothing else inline.
    const script = /^<script type="application\/json"[^>]*>[^<]*<\/script><style>[^<]*<\/style><script>([^<]*)<\/script>/.exec(head)?.[1];
    expect(script).toContain('academy-app-scripts');
    const hash = createHash('sha256').update(script ?? '').digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
  });

  it('is drawn once per set of banners and again with a new campaign', async () => {
    const t = await portal(true);
    const drawing = async () => /data-drawing="(\d+)"/.exec((await t.app.inject({ url: '/' })).body)?.[1];
    const first = await drawing();
    expect(await drawing()).toBe(first);
    const headers = await adminHeaders(t);
    const urls = await uploaded(t, headers, [part('image1', await image('png', 1300, 600))]);
    expect((await t.app.inject({ method: 'POST', url: api('saveUrl'), headers, payload: { imageUrl: urls } })).statusCode).toBe(200);
    const page = (await t.app.inject({ url: '/' })).body;
    expect(rootOf(page)).toContain(`<img src="${urls[0]}"/>`);
    expect(/data-drawing="(\d+)"/.exec(page)?.[1]).not.toBe(first);
  });

  it('is sent undrawn, for the browser to draw, when drawing fails', async () => {
    // The drawing module above fails for an academy of this name.
    const t = await portal(true, 'Broken Academy');
    const page = await t.app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(rootOf(page.body)).toBe('');
    expect(headOf(page.body)).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(page.body).toContain('<title>Broken Academy</title>');
  });

  it('without a prerender in the build, index.html is sent as built, with no inline script', async () => {
    const t = await portal(false);
    const page = await t.app.inject({ url: '/' });
    expect(rootOf(page.body)).toBe('');
    expect(headOf(page.body)).not.toContain('<script>');
    expect(headOf(page.body)).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(String(page.headers['content-security-policy'])).toContain('script-src');
  });
});
