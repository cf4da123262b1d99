// Sums a V8 CPU profile (`node --cpu-prof`, or SERVER_NODE_FLAGS="--cpu-prof --cpu-prof-dir=DIR" npm start)
// by function, the way docs/performance.md reports it: self time, and time inclusive of callees,
// as shares of the busy time (idle and the program itself left out).
//
//   node bench/support/profile-summary.mjs <file.cpuprofile> [rows=30]
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/support/profile-summary.mjs <file.cpuprofile> [rows]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const rows = Number(rowsArg ?? 30);
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Each sample's time is the gap to the next one.
const selfMs = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
}

const IDLE = new Set(['(idle)', '(program)', '(root)']);
const label = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};

const self = new Map();
const inclusive = new Map();
let busy = 0;
for (const [id, ms] of selfMs) {
  const node = nodes.get(id);
  if (IDLE.has(node.callFrame.functionName)) continue;
  busy += ms;
  self.set(label(node), (self.get(label(node)) ?? 0) + ms);
  // A function counted once per sample, however deep it recurses.
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const name = label(nodes.get(at));
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  }
}

const table = (title, map) => {
  console.log(`\n${title} (busy ${busy.toFixed(0)} ms)`);
  for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${name}`);
  }
};
table('self time', self);
table('inclusive time', inclusive);
