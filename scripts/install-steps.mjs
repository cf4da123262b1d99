// `node scripts/install-steps.mjs --except NAME ...`: runs the install steps (npm rebuild) of every
// installed package that has one, but the packages named, after an `npm ci --ignore-scripts`.
// .ci/run leaves out better-sqlite3, whose compile `npm test` runs beside other work
// (scripts/ensure-native.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './support/steps.mjs';

const args = process.argv.slice(2);
const except = new Set(args[0] === '--except' ? args.slice(1) : []);
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const names = Object.entries(lock.packages)
  .filter(([where, entry]) => entry.hasInstallScript && where.startsWith('node_modules/') && existsSync(path.join(root, where)))
  .map(([where]) => where.slice('node_modules/'.length))
  .filter((name) => !except.has(name));
console.log(`install steps: ${names.join(', ')}`);
const rebuilt = spawnSync('npm', ['rebuild', ...names], { cwd: root, stdio: 'inherit' });
process.exit(rebuilt.status ?? 1);
