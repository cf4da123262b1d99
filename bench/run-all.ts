// `npm run bench`: every benchmark, one after another (they share the machine, so never at once),
// each as its own npm script; then one table of every figure, beside its reference and goal, and
// exit 1 if any goal was missed (or a bench failed before reporting).
//
//   npm run bench                                   # all
//   BENCH_ONLY=feed,stream,load,cold-start npm run bench
//   BENCH_PORTS=19200-19299 npm run bench           # the ports benches may use (free ones if unset)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Figure } from './support/results';
import { root } from './support/server';

const BENCHES = ['login', 'lighthouse', 'feed', 'stream', 'audit-log', 'students', 'load', 'cold-start', 'progress', 'paper', 'video', 'forensics', 'notify', 'fees', 'scripts'];
const only = (process.env.BENCH_ONLY ?? '').split(',').map((name) => name.trim().replace(/^bench:/, '')).filter(Boolean);
const unknown = only.filter((name) => !BENCHES.includes(name));
if (unknown.length > 0) throw new Error(`BENCH_ONLY names no bench ${unknown.join(', ')}; the benches: ${BENCHES.join(', ')}`);

const folder = mkdtempSync(path.join(tmpdir(), 'academy-bench-results-'));
const resultsFile = path.join(folder, 'figures.jsonl');
const failures: string[] = [];
for (const name of BENCHES.filter((bench) => only.length === 0 || only.includes(bench))) {
  console.log(`\n=== bench:${name} ===`);
  const run = spawnSync('npm', ['run', `bench:${name}`], { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_RESULTS: resultsFile } });
  if (run.status !== 0) failures.push(`bench:${name} (exit ${String(run.status)})`);
}

let figures: Figure[] = [];
try {
  figures = readFileSync(resultsFile, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Figure);
} catch {
  // no bench reported a figure
}
rmSync(folder, { recursive: true, force: true });

const rows = [
  ['', 'bench', 'figure', 'value', 'reference (same run)', 'ratio', 'goal'],
  ...figures.map((f) => [f.met ? 'PASS' : 'FAIL', f.bench, f.figure, f.value, f.reference ?? '', f.ratio === undefined ? '' : f.ratio.toFixed(2), f.goal]),
];
const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
console.log('\n=== summary ===');
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd());
for (const failure of failures) console.log(`FAIL  ${failure}`);
process.exitCode = failures.length === 0 && figures.every((f) => f.met) ? 0 : 1;
