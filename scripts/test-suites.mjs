// `npm test`: every check at once, each line prefixed with its name. Three streams start together:
// the static checks (type-check, lint, the web app's unit tests), the server suite (one process per
// database engine), and the web build followed by the browser suite in its two halves
// (playwright.config.ts's projects), each half with its own server and data folder. One after the
// other they took twice as long on a two-core machine: the browser specs wait on pages, the server
// suite on its databases, tsc on nothing but a single core. The exit code is the first failure's,
// or 0 when all pass.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testEngines } from '../apps/server/test/engines.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const basePort = Number(process.env.E2E_PORT ?? 18765);

// A failure's cause is printed once, amid thousands of lines of three suites side by side; a CI log
// is often read from its end. So the first lines of each failed step's cause are printed again last.
// A runner's own failure summary (vitest's, Playwright's numbered failures) wins over the first
// error-looking line (tsc's, eslint's, a log line), which is kept only until a summary appears.
const SUMMARY_START = /Failed Tests \d|Unhandled Errors?\b|^\s+\d+\) \[/;
const ERROR_START = /error TS\d|\d+:\d+\s+error\s|Error:|✘/;
const CAUSE_LINES = 60;
// eslint-disable-next-line no-control-regex -- the escape character is exactly what colour codes start with
const ANSI = /\x1b\[[0-9;]*m/g;
const causes = [];

function prefixed(stream, name, out, cause) {
  let rest = '';
  const keep = (line) => {
    const plain = line.replace(ANSI, '');
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

function run(name, args, env = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const cause = { summary: false, lines: [] };
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    prefixed(child.stdout, name, process.stdout, cause);
    prefixed(child.stderr, name, process.stderr, cause);
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`[${name}] ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
      if (code !== 0) causes.push({ name, lines: cause.lines });
      resolve(code ?? 1);
    });
  });
}

/** Runs the steps one after the other, stopping at the first that fails. */
async function inTurn(steps) {
  for (const step of steps) {
    const code = await step();
    if (code !== 0) return code;
  }
  return 0;
}

const staticChecks = () =>
  inTurn([() => run('typecheck', ['run', 'typecheck']), () => run('lint', ['run', 'lint']), () => run('web', ['run', 'test:web'])]);

const browserSuite = () =>
  inTurn([
    // A machine with only Node.js gets a Chromium first (scripts/ensure-chromium.mjs says how).
    () => run('chromium', ['run', 'ensure-chromium']),
    () => run('build', ['run', 'build']),
    async () => {
      const halves = ['flows', 'screens'].map((project, index) =>
        run(`e2e ${project}`, ['test', '--workspace', '@academy/e2e', '--', '--project', project], {
          E2E_PORT: String(basePort + index),
          E2E_OUTPUT_DIR: `test-results/${project}`,
          E2E_TRACE: 'off',
        }),
      );
      return (await Promise.all(halves)).find((code) => code !== 0) ?? 0;
    },
  ]);

// The server suite's projects (apps/server/vitest.config.ts, one per engine of testEngines) run
// as a process each, side by side. Vitest gives a two-core machine one
// worker, so each engine's files run one at a time, as the PostgreSQL files must (two at once, one
// found its fresh schema gone).
const serverSuites = testEngines(process.env).map((engine) => run(`server ${engine}`, ['test', '--workspace', '@academy/server', '--', '--project', engine]));

const codes = await Promise.all([browserSuite(), ...serverSuites, staticChecks()]);
for (const { name, lines } of causes) {
  console.log(`\n[${name}] failed; its first error lines again:`);
  for (const line of lines.length > 0 ? lines : ['(none recognised: read its lines above)']) console.log(`[${name}] ${line}`);
}
process.exitCode = codes.find((code) => code !== 0) ?? 0;
