import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startNginx, type Nginx } from './nginx';
import { benchPort } from './server';

// The reference a page of the portal is compared with: the same page as plain files, served by
// nginx. Its first HTML response (as the browser got it) is written as index.html beside a copy of
// the built web app, and every address of the portal that a load of the page requested is fetched
// from the portal and written under the same path (the manifest, uploaded banners, whatever a
// render of the page refers to). Text files of 1 KB or more get .br and .gz copies, which nginx
// sends as the portal sends its own, compressed.

/** nginx's types for what the web app and the portal serve. */
export const STATIC_TYPES: Record<string, string> = {
  html: 'text/html',
  js: 'application/javascript',
  mjs: 'application/javascript',
  css: 'text/css',
  json: 'application/json',
  webmanifest: 'application/manifest+json',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  txt: 'text/plain',
};

const COMPRESSIBLE = new Set(['html', 'js', 'mjs', 'css', 'json', 'webmanifest', 'svg', 'txt']);
/** The portal's own threshold: smaller answers go uncompressed. */
const COMPRESS_FROM_BYTES = 1024;

export interface StaticSnapshot {
  /** nginx's address: `${base}/` answers the snapshot of the page. */
  base: string;
  /** Fetches from the portal and writes each portal address not written yet: what was, and what could not be. */
  mirror: (urls: string[]) => Promise<{ copied: string[]; missed: string[] }>;
  stop: () => void;
}

/** `body` at `file`, with .br and .gz copies when it is text worth compressing (stale copies removed). */
function writeServed(file: string, body: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
  const compress = COMPRESSIBLE.has(path.extname(file).slice(1).toLowerCase()) && body.length >= COMPRESS_FROM_BYTES;
  for (const [extension, encode] of [
    ['.br', () => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
    ['.gz', () => gzipSync(body, { level: 9 })],
  ] as const) {
    if (compress) writeFileSync(file + extension, encode());
    else rmSync(file + extension, { force: true });
  }
}

/**
 * The page `html` of the portal at `origin`, with the built web app (`webDist`), served by nginx
 * on a bench port until stop().
 */
export async function startStaticSnapshot(options: { html: string; origin: string; webDist: string }): Promise<StaticSnapshot> {
  const folder = mkdtempSync(path.join(tmpdir(), 'academy-bench-snapshot-'));
  const www = path.join(folder, 'www');
  cpSync(options.webDist, www, { recursive: true });
  writeServed(path.join(www, 'index.html'), Buffer.from(options.html));
  let nginx: Nginx;
  try {
    nginx = await startNginx({ port: await benchPort(), root: www, prefix: path.join(folder, 'nginx'), types: STATIC_TYPES, precompressed: true });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const written = new Set(['/', '/index.html']);
  const mirror = async (urls: string[]) => {
    const copied: string[] = [];
    const missed: string[] = [];
    for (const url of urls) {
      const address = new URL(url);
      if (address.origin !== options.origin || written.has(address.pathname)) continue;
      written.add(address.pathname);
      const relative = decodeURIComponent(address.pathname).replace(/\/$/, '/index.html');
      const file = path.join(www, relative);
      if (!file.startsWith(www + path.sep)) {
        missed.push(`${address.pathname} (outside the folder)`);
        continue;
      }
      try {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`the portal answered ${response.status}`);
        writeServed(file, Buffer.from(await response.arrayBuffer()));
        copied.push(address.pathname);
      } catch (error) {
        missed.push(`${address.pathname} (${(error as Error).message})`);
      }
    }
    return { copied, missed };
  };
  const stop = () => {
    nginx.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  return { base: nginx.base, mirror, stop };
}
