// Builds the server ahead of time: apps/server/src/server.ts, the contract's TypeScript and the
// plain-JavaScript packages it imports, bundled by esbuild into apps/server/dist/ as JavaScript
// that `node` runs (npm start), so no transpiler runs in production. One bundle instead of some
// 900 module files halves the start (docs/performance.md): Node resolves, reads and compiles each
// file on its own. Code splitting keeps a dynamic import() a separate file, so what is loaded only
// when chosen (the Google Drive store, PostgreSQL's driver, Redis, SMTP) is not loaded at start.
//
//   node scripts/build-server.mjs        (npm run build --workspace @academy/server)
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST = path.join(root, 'apps/server/dist');
export const SERVER_ENTRY = path.join(SERVER_DIST, 'server.js');
/** What the built server is made from: a change to any of these makes the build stale. */
export const SERVER_SOURCES = ['apps/server/src', 'apps/server/package.json', 'packages/contract/src', 'scripts/build-server.mjs', 'package-lock.json'];

/**
 * Packages that stay imports from node_modules: native ones (a compiled addon beside their
 * JavaScript), and ones that read files beside themselves at run time (their package.json, static
 * pages, a worker thread's script), which a bundle would not have.
 */
const KEEP_IN_NODE_MODULES = [
  'better-sqlite3',
  'sharp',
  '@node-rs/argon2',
  'pg-native',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'ioredis',
  'pino',
  'thread-stream',
  // Find their platform's ffmpeg/ffprobe binary beside themselves.
  '@ffmpeg-installer/ffmpeg',
  '@ffprobe-installer/ffprobe',
];

/** Bundled CommonJS calls require() for Node's own modules; an ES module has none of its own. */
const REQUIRE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * A bundled package that looks for files beside itself (__dirname, __filename) would fail at run
 * time, and only on the path that does so: refuse the build instead, naming the package to keep.
 */
function assertNoFileLookups(outdir) {
  for (const name of readdirSync(outdir).filter((file) => file.endsWith('.js'))) {
    let current = '';
    for (const line of readFileSync(path.join(outdir, name), 'utf8').split('\n')) {
      if (line.startsWith('// node_modules/')) current = line.slice(3);
      if (/\b__(dirname|filename)\b/.test(line)) {
        throw new Error(`${current || name} reads files beside itself (__dirname): add its package to KEEP_IN_NODE_MODULES in scripts/build-server.mjs`);
      }
    }
  }
}

/**
 * Bundles the server into `outdir` (apps/server/dist/ unless said; another folder must also sit
 * inside the repository, where the kept packages resolve from node_modules).
 */
export async function buildServer(outdir = SERVER_DIST) {
  const { build, stop } = await import('esbuild');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { server: path.join(root, 'apps/server/src/server.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    external: KEEP_IN_NODE_MODULES,
    banner: { js: REQUIRE_BANNER },
    logLevel: 'warning',
  });
  // esbuild's service process would otherwise live on beside the server npm start runs.
  await stop();
  assertNoFileLookups(outdir);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`Built the server into ${path.relative(root, SERVER_DIST)}/ in ${Date.now() - started} ms`);
}
