// `npm run test:scripts`: the dependency check (audit-deps.mjs) run as CI runs it, on sample
// lockfiles and snapshots: a vulnerable production version fails it, a fixed one passes, and a
// refresh writes what the registry's bulk advisory call answers (a local stand-in for it here, as
// this machine's registry mirror answers that call 405).
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'audit-deps.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'audit-deps-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const MINIMIST = { id: 'GHSA-xvch-5gv4-984h', severity: 'critical', vulnerable_versions: '<0.2.4 || >=1.0.0 <1.2.6', title: 'Prototype Pollution in minimist', url: 'https://github.com/advisories/GHSA-xvch-5gv4-984h' };
const SEMVER = { id: 'GHSA-c2qf-rxjj-qqgw', severity: 'moderate', vulnerable_versions: '<5.7.2 || >=6.0.0 <6.3.1 || >=7.0.0 <7.5.2', title: 'semver vulnerable to Regular Expression Denial of Service', url: '' };
const SNAPSHOT = { source: 'test', updated: '2026-11-28', lockfile: null, advisories: { minimist: [MINIMIST], semver: [SEMVER] } };

let files = 0;
/** Writes `value` as JSON to a file of its own, answering its path. */
function jsonFile(value) {
  const file = path.join(dir, `${++files}.json`);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

/** A lockfileVersion 3 lockfile installing `packages` ({ path: entry }) beside a workspace. */
const lockfile = (packages) => jsonFile({ lockfileVersion: 3, packages: { '': { workspaces: ['apps/server'] }, 'apps/server': { version: '1.0.0' }, 'node_modules/@academy/server': { resolved: 'apps/server', link: true }, ...packages } });

/** Runs the check, answering its exit code and everything it printed. */
async function audit(...args) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    return { code: error.code, output: String(error.stdout) + String(error.stderr) };
  }
}

describe('the dependency check', () => {
  it('fails on a production package at a version with a critical advisory, naming it', async () => {
    const result = await audit('--lockfile', lockfile({ 'node_modules/minimist': { version: '1.2.5' } }), '--advisories', jsonFile(SNAPSHOT));
    assert.equal(result.code, 1, result.output);
    assert.match(result.output, /1 production package\(s\) with a high or worse advisory/);
    assert.match(result.output, /critical\s+minimist@1\.2\.5 \(node_modules\/minimist\) GHSA-xvch-5gv4-984h: Prototype Pollution in minimist/);
  });

  it('passes the same package at a fixed version', async () => {
    const result = await audit('--lockfile', lockfile({ 'node_modules/minimist': { version: '1.2.8' } }), '--advisories', jsonFile(SNAPSHOT));
    assert.equal(result.code, 0, result.output);
    assert.match(result.output, /no production package with a high or worse advisory/);
  });

  it('finds a nested copy, and fails on it however many fixed copies sit beside it', async () => {
    const result = await audit('--lockfile', lockfile({ 'node_modules/minimist': { version: '1.2.8' }, 'node_modules/mkdirp/node_modules/minimist': { version: '0.0.8' } }), '--advisories', jsonFile(SNAPSHOT));
    assert.equal(result.code, 1, result.output);
    assert.match(result.output, /minimist@0\.0\.8 \(node_modules\/mkdirp\/node_modules\/minimist\)/);
  });

  it('lists, without failing, a development package\'s advisory and a production one under the bar', async () => {
    const result = await audit(
      '--lockfile', lockfile({ 'node_modules/minimist': { version: '1.2.0', dev: true }, 'node_modules/semver': { version: '7.5.1' } }),
      '--advisories', jsonFile(SNAPSHOT),
    );
    assert.equal(result.code, 0, result.output);
    assert.match(result.output, /2 finding\(s\) below the bar/);
    assert.match(result.output, /minimist@1\.2\.0 \(node_modules\/minimist, development\)/);
    assert.match(result.output, /moderate\s+semver@7\.5\.1/);
    // The bar moves with --level.
    const strict = await audit('--lockfile', lockfile({ 'node_modules/semver': { version: '7.5.1' } }), '--advisories', jsonFile(SNAPSHOT), '--level', 'moderate');
    assert.equal(strict.code, 1, strict.output);
  });

  it('refuses a snapshot it cannot read, by what is wrong', async () => {
    const broken = { ...SNAPSHOT, advisories: { minimist: [{ ...MINIMIST, vulnerable_versions: 'before 1.2.6' }] } };
    const result = await audit('--lockfile', lockfile({}), '--advisories', jsonFile(broken));
    assert.equal(result.code, 1);
    assert.match(result.output, /malformed: minimist GHSA-xvch-5gv4-984h: "before 1\.2\.6" is not a semver range/);
  });

  it('passes the portal\'s own lockfile against the snapshot it keeps (what npm test runs)', async () => {
    const result = await audit();
    assert.equal(result.code, 0, result.output);
    assert.match(result.output, /no production package with a high or worse advisory/);
  });
});

describe('--refresh', () => {
  /** A registry whose bulk advisory call answers `status` and `body`; `asked` keeps what it was sent. */
  async function registry(status, body) {
    const asked = [];
    const server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => {
        asked.push({ method: request.method, url: request.url, body: text });
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    after(() => server.close());
    return { url: `http://127.0.0.1:${server.address().port}/`, asked };
  }

  it('asks for every installed version, writes the answer as the snapshot, and checks against it', async () => {
    const bulk = { minimist: [{ id: 1179, url: 'https://github.com/advisories/GHSA-xvch-5gv4-984h', title: 'Prototype Pollution in minimist', severity: 'critical', vulnerable_versions: '>=1.0.0 <1.2.6', cwe: ['CWE-1321'] }] };
    const { url, asked } = await registry(200, bulk);
    const lock = lockfile({ 'node_modules/minimist': { version: '1.2.5' }, 'node_modules/a/node_modules/minimist': { version: '1.2.8', dev: true }, 'node_modules/ms': { version: '2.1.3' } });
    const snapshotFile = jsonFile(SNAPSHOT);
    const result = await audit('--refresh', '--registry', url, '--lockfile', lock, '--advisories', snapshotFile);
    assert.deepEqual(asked.map(({ method, url: address }) => `${method} ${address}`), ['POST /-/npm/v1/security/advisories/bulk']);
    assert.deepEqual(JSON.parse(asked[0].body), { minimist: ['1.2.5', '1.2.8'], ms: ['2.1.3'] });
    const written = JSON.parse(readFileSync(snapshotFile, 'utf8'));
    assert.deepEqual(written.advisories, { minimist: [{ id: 'GHSA-xvch-5gv4-984h', severity: 'critical', vulnerable_versions: '>=1.0.0 <1.2.6', title: 'Prototype Pollution in minimist', url: bulk.minimist[0].url }] });
    assert.match(written.lockfile, /^[0-9a-f]{64}$/);
    // The check that follows fails on the vulnerable copy, and no longer says the snapshot is stale.
    assert.equal(result.code, 1, result.output);
    assert.match(result.output, /minimist@1\.2\.5/);
    assert.doesNotMatch(result.output, /not fetched for this lockfile/);
  });

  it('leaves the snapshot as it was when the registry has no advisory service', async () => {
    const { url } = await registry(405, { error: 'Method Not Allowed' });
    const snapshotFile = jsonFile(SNAPSHOT);
    const before = readFileSync(snapshotFile, 'utf8');
    const result = await audit('--refresh', '--registry', url, '--lockfile', lockfile({ 'node_modules/ms': { version: '2.1.3' } }), '--advisories', snapshotFile);
    assert.equal(result.code, 1);
    assert.match(result.output, /answered 405 Method Not Allowed: it offers no bulk advisories/);
    assert.equal(readFileSync(snapshotFile, 'utf8'), before);
  });
});
