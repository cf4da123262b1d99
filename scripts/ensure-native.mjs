// Makes sure better-sqlite3's native module is built before anything opens a SQLite file. Its
// prebuilt download is out of reach here, so `npm ci` compiles it from source: over a minute of
// one core. .ci/run installs with --ignore-scripts and leaves the module to this step, which
// `npm test` runs beside the type-check, lint and web build. A module built once is kept in the
// user's cache folder (as npm keeps its tarballs in ~/.npm), keyed by the package's version and
// Node's ABI, and copied in on the next clean install; a machine without it compiles, as before.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { root } from './support/steps.mjs';

const driver = path.join(root, 'node_modules/better-sqlite3');
const built = path.join(driver, 'build/Release/better_sqlite3.node');
const { version } = JSON.parse(readFileSync(path.join(driver, 'package.json'), 'utf8'));
const kept = path.join(
  process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache'),
  'academy-portal',
  `better-sqlite3-${version}-abi${process.versions.modules}-${process.platform}-${process.arch}.node`,
);

const opens = () =>
  spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: path.join(root, 'apps/server'), stdio: 'ignore' }).status === 0;

if (opens()) {
  console.log('better-sqlite3: built');
  process.exit(0);
}
if (existsSync(kept)) {
  mkdirSync(path.dirname(built), { recursive: true });
  copyFileSync(kept, built);
  if (opens()) {
    console.log(`better-sqlite3: the module built before, from ${kept}`);
    process.exit(0);
  }
}
console.log('better-sqlite3: not built yet; building it (npm rebuild better-sqlite3)');
const build = spawnSync('npm', ['rebuild', 'better-sqlite3'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0 || !opens()) {
  console.error('ensure-native: better-sqlite3 could not be built (a C++ compiler and Python are needed)');
  process.exit(build.status || 1);
}
mkdirSync(path.dirname(kept), { recursive: true });
copyFileSync(built, kept);
console.log(`better-sqlite3: built, and kept in ${kept}`);
