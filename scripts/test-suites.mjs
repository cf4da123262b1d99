// `npm test`: every check at once, each line prefixed with its name. Three streams start together:
// the static checks (type-check, lint, the web app's and the contract's unit tests, the SBOM), the
// server suite (a process per vitest project: one per database engine, and one for the files that
// open no database), and the web build followed by the browser suite in its two halves
// (playwright.config.ts's projects), each half with its own server and data folder. One after the
// other they took twice as long on a two-core machine: the browser specs wait on pages, the server
// suite on its databases, tsc on nothing but a single core. The exit code is the first failure's,
// or 0 when all pass.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { NO_DATABASE, serverTestProjects } from '../apps/server/test/engines.js';
import { BROWSER_HALVES } from '../e2e/support/browser-halves.js';
import { printCauses, runStep } from './support/steps.mjs';

// What the tests write for themselves (SQLite files, generated videos and their ladders, uploads,
// the browser suite's data folders and browser profiles) goes to the machine's memory file system
// when it has one and TMPDIR names no other place: the same files, without a journalling disk's
// work for data deleted minutes later. PostgreSQL keeps its own disk.
const MEMORY_FILES = '/dev/shm';
const ownTmp = !process.env.TMPDIR && existsSync(MEMORY_FILES) ? mkdtempSync(path.join(MEMORY_FILES, 'academy-test-')) : undefined;
if (ownTmp) process.env.TMPDIR = ownTmp;

const basePort = Number(process.env.E2E_PORT ?? 18765);
const results = [];

/** Runs the steps one after the other, stopping at the first that fails; true when all passed. */
async function inTurn(steps) {
  for (const step of steps) {
    const result = await step();
    results.push(result);
    if (result.code !== 0) return false;
  }
  return true;
}

/** Runs one step, keeping its result. */
async function alone(step) {
  results.push(await step());
}

const staticChecks = () =>
  inTurn([
    () => runStep('typecheck', ['run', 'typecheck']),
    () => runStep('lint', ['run', 'lint']),
    () => runStep('web', ['run', 'test:web']),
    () => runStep('contract', ['run', 'test', '--workspace', '@academy/contract']),
    () => runStep('sbom', ['run', 'sbom']),
  ]);

// SQLite's driver, built here when the install left it out (.ci/run): what opens a database waits
// for it, the static checks, the web build and the files that open no database do not.
const driverBuilt = inTurn([() => runStep('sqlite driver', ['run', 'ensure-native'])]);

async function browserSuite() {
  // A machine with only Node.js gets a Chromium first (scripts/ensure-chromium.mjs says how).
  const built = await inTurn([() => runStep('chromium', ['run', 'ensure-chromium']), () => runStep('build', ['run', 'build'])]);
  if (!built || !(await driverBuilt)) return;
  const halves = BROWSER_HALVES.map((project, index) =>
    alone(() =>
      runStep(`e2e ${project}`, ['test', '--workspace', '@academy/e2e', '--', '--project', project], {
        E2E_PORT: String(basePort + index),
        E2E_OUTPUT_DIR: `test-results/${project}`,
        // A trace records every step of every test, minutes over the suite: off unless asked for.
        E2E_TRACE: process.env.E2E_TRACE ?? 'off',
      }),
    ),
  );
  await Promise.all(halves);
}

// The server suite's projects (apps/server/vitest.config.ts) run as a process each, side by side.
// Vitest gives a two-core machine one worker per process, so a project's files would run one at a
// time and the longest project would finish alone, minutes after the rest, on one core. The
// databases' projects get more workers: each takes the next file as it finishes one, so the files
// spread over the workers by their real length (a static --shard split them by name, one half
// twice as long as the other), and a file waiting on its database or a timer leaves the core to
// the others.
const WORKERS = { sqlite: 2, postgres: 3 };
const serverSuites = serverTestProjects(process.env).map(async (project) => {
  if (project !== NO_DATABASE && !(await driverBuilt)) return;
  const workers = WORKERS[project] ? [`--maxWorkers=${WORKERS[project]}`] : [];
  await alone(() => runStep(`server ${project}`, ['test', '--workspace', '@academy/server', '--', `--project=${project}`, ...workers]));
});

await Promise.all([browserSuite(), ...serverSuites, staticChecks()]);
if (ownTmp) rmSync(ownTmp, { recursive: true, force: true });
const failed = results.filter((result) => result.code !== 0);
printCauses(failed);
process.exitCode = failed[0]?.code ?? 0;
