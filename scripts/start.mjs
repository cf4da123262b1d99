// `npm start`: builds what is stale (the web app, the server's JavaScript) so a fresh clone just
// works and a second start is quick, then runs the built server with plain `node` on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_ENTRY, SERVER_SOURCES } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The web build writes the app (dist/) and then the login page's prerender (dist-prerender/): the
// prerender is its last file.
const WEB_BUILT = path.join(root, 'apps/web/dist-prerender/login-page.js');
const WEB_SOURCES = ['apps/web/src', 'apps/web/public', 'apps/web/build', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];

function newestChange(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((newest, name) => Math.max(newest, newestChange(path.join(target, name))), stat.mtimeMs);
}

/** A build is stale when any of its sources changed after it was made (or it was never made). */
function stale(built, sources) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return builtAt < Math.max(...sources.map(newestChange));
}

if (stale(WEB_BUILT, WEB_SOURCES)) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@academy/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (stale(SERVER_ENTRY, SERVER_SOURCES)) {
  console.log('Building the server...');
  await buildServer();
}

// Memory: glibc keeps a malloc arena per thread that allocates (argon2 hashes passwords on
// libuv's threads), and each arena holds on to what it once used; two are enough for this
// server. V8's heap is left to size itself: starving its young generation to save memory doubled
// the garbage collector's work and halved streaming throughput (docs/performance.md). A setting
// the operator gives wins: MALLOC_ARENA_MAX, NODE_OPTIONS, and SERVER_NODE_FLAGS (flags for this
// server's node only, e.g. --max-old-space-size=512 or --cpu-prof).
const flags = (process.env.SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
const env = { MALLOC_ARENA_MAX: '2', ...process.env };
const server = spawn(process.execPath, [...flags, SERVER_ENTRY], { cwd: root, stdio: 'inherit', env });
// A signal sent to the whole process group (Ctrl-C in a terminal, a supervisor) already reaches
// the server; passing it on as well is harmless, as the server treats a repeat as the same request.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
