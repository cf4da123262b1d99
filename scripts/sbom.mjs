// `npm run sbom`: the portal's bill of materials (ASVS 14.2.5), every production dependency of every
// workspace as installed, in CycloneDX JSON, by npm's own `npm sbom`, which reads package-lock.json
// and node_modules (no network). Written to sbom/portal.cdx.json (git-ignored), to be kept with each
// release. It is checked before it is written: a bill that is not CycloneDX, misses a production
// dependency or lists a development one fails the command, and `npm test`, which runs it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SBOM_FILE = path.join(root, 'sbom', 'portal.cdx.json');

/** Packages the bill must list, each at its installed version: the server's framework and SQLite driver, the web app's UI library. */
const SHIPPED = ['fastify', 'better-sqlite3', 'react'];
/** Packages it must not list: the test runners, which never run in production. */
const DEVELOPMENT_ONLY = ['vitest', '@playwright/test'];

const installedVersion = (name) => JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

/** What is wrong with the bill `npm sbom` printed, or []. */
function problems(text) {
  let bom;
  try {
    bom = JSON.parse(text);
  } catch {
    return ['npm sbom printed no JSON'];
  }
  if (bom.bomFormat !== 'CycloneDX') return [`its bomFormat is ${bom.bomFormat}, not CycloneDX`];
  const listed = new Map((bom.components ?? []).map((component) => [component.name, component.version]));
  return [
    ...SHIPPED.filter((name) => listed.get(name) !== installedVersion(name)).map((name) => `${name}@${installedVersion(name)} is not listed (found ${listed.get(name) ?? 'none'})`),
    ...DEVELOPMENT_ONLY.filter((name) => listed.has(name)).map((name) => `the development dependency ${name} is listed`),
  ];
}

const result = spawnSync('npm', ['sbom', '--sbom-format', 'cyclonedx', '--omit', 'dev'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
if (result.status !== 0) {
  console.error(`sbom: Error: npm sbom failed (exit ${result.status}):`);
  process.stderr.write(result.stderr);
  process.exit(result.status ?? 1);
}
const found = problems(result.stdout);
if (found.length > 0) {
  console.error(`sbom: Error: the bill of materials is wrong: ${found.join('; ')}`);
  process.exit(1);
}
// Written beside and renamed: a reader (or a second run at once) never sees half a file.
mkdirSync(path.dirname(SBOM_FILE), { recursive: true });
const partial = `${SBOM_FILE}.${process.pid}.partial`;
writeFileSync(partial, result.stdout);
renameSync(partial, SBOM_FILE);
console.log(`sbom: ${JSON.parse(result.stdout).components.length} production components written to ${path.relative(root, SBOM_FILE)}`);
