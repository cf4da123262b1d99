// `npm run audit:deps`: the dependency check (ASVS 14.2.1) that runs without a network. Every
// package package-lock.json installs is matched, by semver range, against the advisory snapshot
// kept in security/advisories.json; a production package at a version with a high or critical
// advisory fails the command, and `npm test`, which runs it. Development packages and lesser
// advisories are listed without failing.
//
// `npm run audit:deps -- --refresh`, on a machine whose registry answers npm's bulk advisory call
// (POST /-/npm/v1/security/advisories/bulk, what `npm audit` asks), fetches the advisories for the
// lockfile's packages and rewrites the snapshot; commit it. This machine's registry mirror answers
// that call 405, which is why the check reads a snapshot instead of asking at each run.
//
// Options: --lockfile <file>, --advisories <file>, --level <severity> (default high),
// --registry <url> (default: npm's configured registry, else registry.npmjs.org).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { advisoriesFromBulk, failsAt, findings, installedPackages, lockDigest, SEVERITIES, snapshotProblem, versionsByName } from './support/advisories.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    lockfile: { type: 'string', default: path.join(root, 'package-lock.json') },
    advisories: { type: 'string', default: path.join(root, 'security', 'advisories.json') },
    level: { type: 'string', default: 'high' },
    registry: { type: 'string', default: process.env.npm_config_registry || 'https://registry.npmjs.org/' },
    refresh: { type: 'boolean', default: false },
  },
});

function fail(message) {
  console.error(`audit:deps: Error: ${message}`);
  process.exit(1);
}

const readJson = (file, what) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(`cannot read the ${what} ${file}: ${error.message}`);
  }
};

if (!SEVERITIES.includes(options.level)) fail(`--level must be one of ${SEVERITIES.join(', ')}`);
let packages;
try {
  packages = installedPackages(readJson(options.lockfile, 'lockfile'));
} catch (error) {
  fail(`${options.lockfile}: ${error.message}`);
}

if (options.refresh) await refresh();
else check();

function check() {
  const snapshot = readJson(options.advisories, 'advisory snapshot');
  const problem = snapshotProblem(snapshot);
  if (problem) fail(`the advisory snapshot ${options.advisories} is malformed: ${problem}`);
  const found = findings(packages, snapshot);
  const failing = found.filter((finding) => failsAt(finding, options.level));
  const production = packages.filter((installed) => installed.production).length;
  const advisoryCount = Object.values(snapshot.advisories).flat().length;
  console.log(`audit:deps: ${packages.length} packages (${production} production) checked against ${advisoryCount} advisories (${snapshot.source ?? 'unknown source'}, ${snapshot.updated ?? 'undated'})`);
  if (snapshot.lockfile !== lockDigest(packages)) {
    console.log('audit:deps: the snapshot was not fetched for this lockfile\'s packages: run `npm run audit:deps -- --refresh` where the registry answers, and commit security/advisories.json');
  }
  const line = (finding) => `  ${finding.advisory.severity.padEnd(8)} ${finding.name}@${finding.version} (${finding.path}${finding.production ? '' : ', development'}) ${finding.advisory.id}: ${finding.advisory.title} [vulnerable ${finding.advisory.vulnerable_versions}]`;
  const notFailing = found.filter((finding) => !failing.includes(finding));
  if (notFailing.length > 0) console.log(`audit:deps: ${notFailing.length} finding(s) below the bar (development, or under ${options.level}):\n${notFailing.map(line).join('\n')}`);
  if (failing.length > 0) {
    fail(`${failing.length} production package(s) with a ${options.level} or worse advisory; update them (npm update <name>, or an override in package.json):\n${failing.map(line).join('\n')}`);
  }
  console.log(`audit:deps: no production package with a ${options.level} or worse advisory`);
}

async function refresh() {
  const address = new URL('-/npm/v1/security/advisories/bulk', options.registry.endsWith('/') ? options.registry : `${options.registry}/`);
  let answer;
  try {
    answer = await fetch(address, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(versionsByName(packages)), signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    fail(`the advisory service at ${address} could not be reached (${error.cause?.code ?? error.message}); the snapshot is unchanged`);
  }
  if (!answer.ok) {
    fail(`the advisory service at ${address} answered ${answer.status} ${answer.statusText}: it offers no bulk advisories (a registry mirror often does not); refresh on a machine that reaches the public registry's advisory service (--registry). The snapshot is unchanged`);
  }
  const advisories = advisoriesFromBulk(await answer.json());
  const snapshot = { source: `npm bulk advisories from ${address.origin}`, updated: new Date().toISOString().slice(0, 10), lockfile: lockDigest(packages), advisories };
  const problem = snapshotProblem(snapshot);
  if (problem) fail(`the advisory service answered something the check cannot read (${problem}); the snapshot is unchanged`);
  // Written beside and renamed: a check running meanwhile never reads half a file.
  const partial = `${options.advisories}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify(snapshot, null, 2)}\n`);
  renameSync(partial, options.advisories);
  console.log(`audit:deps: ${Object.values(advisories).flat().length} advisories for ${Object.keys(advisories).length} of ${Object.keys(versionsByName(packages)).length} packages written to ${path.relative(root, options.advisories)}`);
  check();
}
