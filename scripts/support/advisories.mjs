// The dependency check's rules (scripts/audit-deps.mjs): the packages a lockfile installs, matched
// against a snapshot of security advisories by semver range. Kept apart from the command so its
// test (audit-deps.test.mjs) drives them on sample lockfiles and snapshots.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

// semver is installed for sharp (the server's image library) and hoisted to the root node_modules.
const semver = createRequire(import.meta.url)('semver');

export const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'];

/**
 * Every package a package-lock.json (lockfileVersion 2 or 3) installs from a registry, as
 * { name, version, path, production }. Workspaces and links are the portal's own code, not
 * dependencies. Production is what `npm ci --omit=dev` keeps: neither dev nor devOptional.
 */
export function installedPackages(lock) {
  if (!lock || typeof lock.packages !== 'object') throw new Error('the lockfile has no "packages" map (lockfileVersion 2 or later is needed)');
  const found = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.includes('node_modules/') || entry.link || typeof entry.version !== 'string') continue;
    const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    found.push({ name, version: entry.version, path, production: !entry.dev && !entry.devOptional });
  }
  return found;
}

/** Each installed package's versions by name, as the bulk advisory endpoint takes them: { name: [versions] }. */
export function versionsByName(packages) {
  const byName = {};
  for (const { name, version } of packages) {
    const versions = (byName[name] ??= []);
    if (!versions.includes(version)) versions.push(version);
  }
  for (const versions of Object.values(byName)) versions.sort(semver.compare);
  return Object.fromEntries(Object.entries(byName).sort(([a], [b]) => a.localeCompare(b)));
}

/** A digest of what the lockfile installs (names and versions): the snapshot says which lockfile it was fetched for. */
export function lockDigest(packages) {
  return createHash('sha256').update(JSON.stringify(versionsByName(packages))).digest('hex');
}

/** What is wrong with a snapshot's shape, or null. */
export function snapshotProblem(snapshot) {
  if (!snapshot || typeof snapshot.advisories !== 'object') return 'it has no "advisories" map';
  for (const [name, list] of Object.entries(snapshot.advisories)) {
    if (!Array.isArray(list)) return `${name}: its advisories are not a list`;
    for (const advisory of list) {
      if (typeof advisory.id !== 'string' || !advisory.id) return `${name}: an advisory has no id`;
      if (!SEVERITIES.includes(advisory.severity)) return `${name} ${advisory.id}: severity "${advisory.severity}" is not one of ${SEVERITIES.join(', ')}`;
      if (semver.validRange(advisory.vulnerable_versions) === null) return `${name} ${advisory.id}: "${advisory.vulnerable_versions}" is not a semver range`;
    }
  }
  return null;
}

/** Every installed package at a version an advisory names, with the advisory: { ...package, advisory }. */
export function findings(packages, snapshot) {
  const found = [];
  for (const installed of packages) {
    for (const advisory of snapshot.advisories[installed.name] ?? []) {
      if (semver.satisfies(installed.version, advisory.vulnerable_versions, { includePrerelease: true })) found.push({ ...installed, advisory });
    }
  }
  return found.sort((a, b) => SEVERITIES.indexOf(b.advisory.severity) - SEVERITIES.indexOf(a.advisory.severity) || a.name.localeCompare(b.name));
}

/** Whether a finding fails the check: a production package, at `level` or worse. */
export function failsAt(finding, level) {
  return finding.production && SEVERITIES.indexOf(finding.advisory.severity) >= SEVERITIES.indexOf(level);
}

/**
 * The npm registry's bulk advisory answer ({ name: [{ id, url, title, severity, vulnerable_versions }] })
 * as the snapshot keeps it: named by the GitHub advisory id its address carries when it has one.
 */
export function advisoriesFromBulk(answer) {
  const advisories = {};
  for (const [name, list] of Object.entries(answer).sort(([a], [b]) => a.localeCompare(b))) {
    if (!Array.isArray(list) || list.length === 0) continue;
    advisories[name] = list.map((advisory) => ({
      id: /GHSA(-[23456789cfghjmpqrvwx]{4}){3}/.exec(String(advisory.url ?? ''))?.[0] ?? String(advisory.id),
      severity: advisory.severity,
      vulnerable_versions: advisory.vulnerable_versions,
      title: advisory.title ?? '',
      url: advisory.url ?? '',
    }));
  }
  return advisories;
}
