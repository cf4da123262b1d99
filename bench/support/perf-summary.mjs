// Sums `perf script` output of the server by where its CPU went, the way docs/performance.md
// reports it. V8's own profiler (--cpu-prof, profile-summary.mjs) samples wall time, so a thread
// descheduled inside a system call counts as busy there; perf samples CPU time, the kernel's
// included. Each sample goes to its innermost JavaScript function (with the builtins, runtime and
// kernel code it called), and then to that function's module: a package, a source file of ours
// (from the bundle's `// src/...` comments), or Node's own `node:` module.
//
//   node --perf-basic-prof apps/server/dist/server.js          (the server, JIT symbols written for perf)
//   perf record -g -F 2999 -p <pid> -o perf.data -- sleep 6     (while the load runs)
//   perf script -i perf.data | node bench/support/perf-summary.mjs apps/server/dist [rows=30]
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const [bundleDir, rowsArg] = process.argv.slice(2);
if (!bundleDir) {
  console.error('usage: perf script | node bench/support/perf-summary.mjs <bundle dir> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);

// Where each module of a bundle starts: esbuild writes a `// path` comment before each one.
const modulesOf = new Map();
for (const name of readdirSync(bundleDir).filter((file) => file.endsWith('.js'))) {
  const starts = [];
  readFileSync(path.join(bundleDir, name), 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (/^\/\/ (\.\.\/)*(node_modules|src|packages|apps)\//.test(line)) starts.push({ line: index + 1, module: line.slice(3).trim() });
    });
  modulesOf.set(name, starts);
}

const packageOf = (file) => file.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, 'package $1');

function moduleOf(frame) {
  const bundled = /\/([\w.-]+\.js):(\d+)/.exec(frame);
  const starts = bundled && !frame.includes('node_modules/') ? modulesOf.get(bundled[1]) : undefined;
  if (bundled && starts) {
    const line = Number(bundled[2]);
    let found = '?';
    for (const start of starts) if (start.line <= line) found = start.module;
    return found.includes('node_modules/') ? packageOf(found) : found.replace(/^(\.\.\/)+/, '');
  }
  if (frame.includes('node_modules/')) return packageOf(frame);
  const core = /\s(node:[\w/_]+)/.exec(frame);
  return core ? core[1] : 'other JavaScript';
}

const byModule = new Map();
const byFunction = new Map();
let samples = 0;
let stack = [];
const add = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

function endSample() {
  if (stack.length === 0) return;
  samples += 1;
  const jsAt = stack.findIndex((frame) => frame.startsWith('JS:'));
  const js = stack[jsAt];
  if (!js) {
    add(byModule, `native, no JavaScript above (${stack[0].slice(0, 40)})`);
  } else if (stack.slice(0, jsAt).some((frame) => /writev/i.test(frame))) {
    // Node's socket write, whichever stream function it was inlined into: the writev system call
    // and the loopback delivery below it.
    add(byModule, 'writing answers to sockets (writev and the kernel under it)');
  } else {
    add(byModule, moduleOf(js));
  }
  add(byFunction, js ?? stack[0]);
  stack = [];
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === '') {
    endSample();
    continue;
  }
  if (!/^\s/.test(line)) continue;
  // "\t  7f12ab symbol+0x1f (dso)": the symbol, without its offset and object file.
  const symbol = line.trim().split(' ').slice(1).join(' ').replace(/\s*\([^)]*\)$/, '').replace(/\+0x[0-9a-f]+$/, '');
  if (symbol) stack.push(symbol);
}
endSample();

const table = (title, map) => {
  console.log(`\n${title} (${samples} samples)`);
  for (const [key, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${((100 * count) / samples).toFixed(1).padStart(5)}%  ${key.slice(0, 140)}`);
  }
};
table('by module', byModule);
table('by function', byFunction);
