// `npm run bench`: every benchmark of the issues, one after another (they share the machine, so
// never at once), each as its own npm script; a summary at the end, and exit 1 if any missed its goal.
import { spawnSync } from 'node:child_process';
import { root } from './support/server';

const BENCHES: [script: string, command: string[]][] = [
  ['bench:login', ['npm', 'run', 'bench:login']],
  ['bench:feed', ['npm', 'run', 'bench:feed']],
  ['bench:stream', ['npm', 'run', 'bench:stream']],
  ['bench:audit-log', ['npm', 'run', 'bench:audit-log']],
  ['students list', ['npx', 'tsx', 'bench/students-list.ts']],
  ['bench:load', ['npm', 'run', 'bench:load']],
];

const outcomes: [string, number | null][] = [];
for (const [name, [command, ...args]] of BENCHES) {
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(command as string, args, { cwd: root, stdio: 'inherit' });
  outcomes.push([name, run.status]);
}
console.log('\n=== summary ===');
for (const [name, status] of outcomes) console.log(`${status === 0 ? 'PASS' : 'FAIL'}  ${name}${status === 0 ? '' : ` (exit ${String(status)})`}`);
process.exitCode = outcomes.every(([, status]) => status === 0) ? 0 : 1;
