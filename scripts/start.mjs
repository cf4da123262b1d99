// `npm start`: builds the web app when its sources are newer than the last build (so a fresh
// clone just works and a second start is quick), then runs the server on one port.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];

function newestChange(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((newest, name) => Math.max(newest, newestChange(path.join(target, name))), stat.mtimeMs);
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestChange))) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@academy/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Memory: the portal is meant to serve an exam-week rush within 200 MB (bench/load.ts). Left to
// itself V8 grows its heap lazily under load and glibc keeps a memory arena per thread (argon2
// runs on libuv's threads), which together took the server past 280 MB; a 128 MB old space, a
// small young generation and two arenas keep it near 180 MB at 200 connections. A setting the
// operator gives (NODE_OPTIONS, MALLOC_ARENA_MAX) wins.
const nodeOptions = process.env.NODE_OPTIONS ?? '';
const memory = /max-old-space-size|max-semi-space-size/.test(nodeOptions) ? '' : '--max-old-space-size=128 --max-semi-space-size=1';
const env = { MALLOC_ARENA_MAX: '2', ...process.env, NODE_OPTIONS: `${nodeOptions} ${memory}`.trim() };
const server = spawn('npm', ['start', '--workspace', '@academy/server'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
