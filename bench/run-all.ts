// `npm run bench`: every benchmark of the issues, one after another (they share the machine, so
// never at once), each as its own npm script; a summary at the end, and exit 1 if any missed its goal.
import { spawnSync } from 'node:child_process';
import { root } from './support/server';

const BENCHES = [
  'bench:login',
  'bench:lighthouse',
  'bench:feed',
  'bench:stream',
  'bench:audit-log',
  'bench:students',
  'bench:load',
];

const outcomes: [string, number | null][] = [];
for (const name of BENCHES) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync('npm', ['run', name], { cwd: root, stdio: 'inherit' });
  outcomes.push([name, run.status]);
}
console.log('\n=== summary ===');
for (const [name, status] of outcomes) console.log(`${status === 0 ? 'PASS' : 'FAIL'}  ${name}${status === 0 ? '' : ` (exit ${String(status)})`}`);
process.exitCode = outcomes.every(([, status]) => status === 0) ? 0 : 1;
