// Makes sure better-sqlite3's native module is built before anything opens a SQLite file. `npm ci`
// builds it (from source here: its prebuilt download is out of reach, over a minute on one core);
// .ci/run installs with --ignore-scripts and leaves the build to this step, which `npm test` runs
// beside the type-check, lint and web build, so the compile no longer holds the second core idle.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const opens = () =>
  spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: path.join(root, 'apps/server'), stdio: 'ignore' }).status === 0;

if (opens()) {
  console.log('better-sqlite3: built');
} else {
  console.log('better-sqlite3: not built yet; building it (npm rebuild better-sqlite3)');
  const build = spawnSync('npm', ['rebuild', 'better-sqlite3'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0 || !opens()) {
    console.error('ensure-native: better-sqlite3 could not be built (a C++ compiler and Python are needed)');
    process.exit(build.status || 1);
  }
}
