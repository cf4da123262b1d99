// One step of a test run (an npm script in a child process), its output prefixed with the step's
// name, and the first lines of its failure's cause kept to be printed again at the end: a CI log
// is read from its tail, where the cause of a failure amid three suites' lines would be lost.
// Shared by `npm test` (scripts/test-suites.mjs) and `npm run test:repeat` (scripts/test-repeat.mjs).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// A runner's own failure summary (vitest's, Playwright's numbered failures) wins over the first
// error-looking line (tsc's, eslint's, a log line), which is kept only until a summary appears.
const SUMMARY_START = /Failed Tests \d|Unhandled Errors?\b|^\s+\d+\) \[/;
const ERROR_START = /error TS\d|\d+:\d+\s+error\s|Error:|✘/;
const CAUSE_LINES = 60;
// eslint-disable-next-line no-control-regex -- the escape character is exactly what colour codes start with
const ANSI = /\x1b\[[0-9;]*m/g;

function prefixed(stream, name, out, cause) {
  let rest = '';
  const keep = (line) => {
    const plain = line.replace(ANSI, '');
    if (/^\S*trace\.zip$/.test(plain.trim())) cause.traces.push(plain.trim());
    if (!cause.summary && SUMMARY_START.test(plain)) Object.assign(cause, { summary: true, lines: [] });
    else if (cause.lines.length === 0 && !ERROR_START.test(plain)) return;
    if (cause.lines.length < CAUSE_LINES) cause.lines.push(plain);
  };
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      out.write(`[${name}] ${line}\n`);
      keep(line);
    }
  });
  stream.on('end', () => {
    if (!rest) return;
    out.write(`[${name}] ${rest}\n`);
    keep(rest);
  });
}

/**
 * CPU seconds of this process's children that have ended (Linux's /proc: cutime + cstime, in
 * clock ticks of 1/100 s), or undefined elsewhere. Read as each step ends, the growth since the
 * last reading is that step's CPU, its whole process tree's: where a two-core machine's time goes.
 */
function endedChildrenCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}
let cpuSeen = endedChildrenCpuSeconds();

/**
 * Runs `npm ...args` as the step `name`, writing its prefixed lines to `out` (standard output by
 * default). Resolves with its exit code, its seconds, and, when it failed, the first lines of the
 * cause and the paths of any Playwright traces it named.
 * @returns {Promise<{ name: string, code: number, seconds: number, cause: string[], traces: string[] }>}
 */
export function runStep(name, args, env = {}, out = process.stdout) {
  return new Promise((resolve) => {
    const started = Date.now();
    const cause = { summary: false, lines: [], traces: [] };
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    prefixed(child.stdout, name, out, cause);
    prefixed(child.stderr, name, out, cause);
    child.on('close', (exit) => {
      const code = exit ?? 1;
      const seconds = Math.round((Date.now() - started) / 1000);
      const cpuNow = endedChildrenCpuSeconds();
      const cpu = cpuNow === undefined || cpuSeen === undefined ? '' : ` (CPU ${Math.round(cpuNow - cpuSeen)} s)`;
      cpuSeen = cpuNow;
      out.write(`[${name}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s${cpu}\n`);
      resolve({ name, code, seconds, cause: code === 0 ? [] : cause.lines, traces: code === 0 ? [] : [...new Set(cause.traces)] });
    });
  });
}

/** Prints each failed step's cause again, for a log read from its end. */
export function printCauses(results, out = process.stdout) {
  for (const { name, code, cause, traces } of results) {
    if (code === 0) continue;
    out.write(`\n[${name}] failed; its first error lines again:\n`);
    for (const line of cause.length > 0 ? cause : ['(none recognised: read its lines above)']) out.write(`[${name}] ${line}\n`);
    for (const trace of traces) out.write(`[${name}] trace: ${trace}\n`);
  }
}
