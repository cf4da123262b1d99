// `npm run test:repeat -- <times> [part] [filter ...]`: hunts a flake. Runs the suite, or one part
// of it, <times> times in a row, each on fresh data (a new database per server test file, a new
// data folder per browser-suite server), retries off as always. Each run's lines go to a log file;
// the screen gets one line a run and, for a failed one, its first error lines and the paths of
// its Playwright traces (kept for failures here, unlike `npm test`). docs/testing.md says more.
import { mkdirSync, createWriteStream } from 'node:fs';
import path from 'node:path';
import { serverTestProjects } from '../apps/server/test/engines.js';
import { BROWSER_HALVES as E2E_HALVES } from '../e2e/support/browser-halves.js';
import { printCauses, root, runStep } from './support/steps.mjs';

/** What each part runs: the npm arguments of one step per process, run side by side. */
function partSteps(part, filters, runFolder) {
  const e2e = (project, index) => ({
    name: `e2e ${project}`,
    args: ['test', '--workspace', '@academy/e2e', '--', `--project=${project}`, ...filters],
    env: { E2E_PORT: String(18865 + index), E2E_PAYHERE_PORT: String(19865 + index), E2E_OUTPUT_DIR: path.join(runFolder, project), E2E_TRACE: 'retain-on-failure' },
  });
  const server = (project) => ({ name: `server ${project}`, args: ['test', '--workspace', '@academy/server', '--', `--project=${project}`, ...filters], env: {} });
  if (part === 'all') return [{ name: 'npm test', args: ['test'], env: { E2E_TRACE: 'retain-on-failure' } }];
  if (part === 'server') return serverTestProjects(process.env).map(server);
  if (serverTestProjects(process.env).includes(part)) return [server(part)];
  if (part === 'e2e') return E2E_HALVES.map(e2e);
  if (E2E_HALVES.includes(part)) return [e2e(part, 0)];
  if (part === 'web') return [{ name: 'web', args: ['run', 'test:web', '--', ...filters], env: {} }];
  return undefined;
}

const [timesArg, part = 'all', ...filters] = process.argv.slice(2);
const times = Number(timesArg);
const runsFolder = path.join(root, 'test-results', 'repeat');
const parts = ['all', 'server', ...serverTestProjects(process.env), 'e2e', ...E2E_HALVES, 'web'];
if (!Number.isInteger(times) || times < 1 || !partSteps(part, [], '')) {
  console.error(`usage: npm run test:repeat -- <times> [part] [filter ...]
  part: ${parts.join(', ')} (default all: the whole of npm test)
  filter: passed to the runner, e.g. a test file (vitest) or spec path and -g 'title' (Playwright)
  example: npm run test:repeat -- 10 content tests/lessons.spec.ts`);
  process.exit(2);
}

// The browser suite runs against the built app: built once here, not once a run.
if (part === 'e2e' || E2E_HALVES.includes(part)) {
  const build = await runStep('build', ['run', 'build']);
  if (build.code !== 0) {
    printCauses([build]);
    process.exit(build.code);
  }
}

// Each run gets fresh data: no data folder handed down from this shell.
delete process.env.E2E_DATA_DIR;
const failedRuns = [];
for (let run = 1; run <= times; run++) {
  const runFolder = path.join(runsFolder, `run-${run}`);
  mkdirSync(runFolder, { recursive: true });
  const logFile = path.join(runFolder, 'output.log');
  const log = createWriteStream(logFile);
  const started = Date.now();
  const results = await Promise.all(partSteps(part, filters, runFolder).map((step) => runStep(step.name, step.args, step.env, log)));
  await new Promise((resolve) => log.end(resolve));
  const failed = results.filter((result) => result.code !== 0);
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`run ${run}/${times}: ${failed.length === 0 ? 'passed' : 'FAILED'} in ${seconds} s (log: ${path.relative(root, logFile)})`);
  if (failed.length > 0) {
    failedRuns.push(run);
    printCauses(failed);
  }
}
console.log(`\n${times - failedRuns.length} passed, ${failedRuns.length} failed${failedRuns.length ? ` (runs ${failedRuns.join(', ')})` : ''}`);
process.exitCode = failedRuns.length > 0 ? 1 : 0;
