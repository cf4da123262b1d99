// `npm test`: every check at once, each line prefixed with its name. Three streams start together:
// the static checks (type-check, lint, the web app's and the contract's unit tests, the SBOM, the
// dependency check), the
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
    // Known advisories against the lockfile, from the snapshot in security/ (scripts/audit-deps.mjs), and that check's own tests.
    () => runStep('scripts', ['run', 'test:scripts']),
    () => runStep('audit', ['run', 'audit:deps']),
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
        // Each half's own local PayHere (e2e/support/payhere-stand-in.ts), clear of the other half's portal.
        E2E_PAYHERE_PORT: String(basePort + 1000 + index),
        E2E_OUTPUT_DIR: `test-results/${project}`,
        // A trace records every step of every test, minutes over the suite: off unless asked for.
        E2E_TRACE: process.env.E2E_TRACE ?? 'off',
      }),
    ),
  );
  await Promise.all(halves);
}

// The server suite's projects (apps/server/vitest.config.ts) run as a process each, side by side.
// Vitest gives a two-core machine one worker, so each process runs its files one at a time.
// PostgreSQL's project, the longest, is split in two halves of its files (vitest --shard, each file
// on a schema of its own): run whole it finished alone, a minute after the rest, on one core.
// More workers per project (each taking the next file) ended the projects together, but on a
// machine that is never idle they only stretched every file: a test sized for its share of the
// machine (a 60 s video made, uploaded and probed in 20 s) timed out (docs/testing.md).
const SHARDS = { postgres: 2 };
const serverSuites = serverTestProjects(process.env).flatMap((project) => {
  const shards = SHARDS[project] ?? 1;
  return Array.from({ length: shards }, async (_, index) => {
    if (project !== NO_DATABASE && !(await driverBuilt)) return;
    const shard = shards > 1 ? [`--shard=${index + 1}/${shards}`] : [];
    const name = `server ${project}${shards > 1 ? ` ${index + 1}/${shards}` : ''}`;
    await alone(() => runStep(name, ['test', '--workspace', '@academy/server', '--', `--project=${project}`, ...shard]));
  });
});

await Promise.all([browserSuite(), ...serverSuites, staticChecks()]);
if (ownTmp) rmSync(ownTmp, { recursive: true, force: true });
const failed = results.filter((result) => result.code !== 0);
printCauses(failed);
process.exitCode = failed[0]?.code ?? 0;
