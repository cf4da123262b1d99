import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../../scripts/build-server.mjs';

// The engines' projects' global setup: the server bundled as `npm start` runs it
// (scripts/build-server.mjs), once per project, for the tests that start it as a process of its
// own (test/server-process.ts). Each start then loads one bundle instead of compiling some 900
// TypeScript files with tsx, seconds of CPU a start on a machine the whole suite keeps busy. The
// folder sits beside apps/server/dist/, at its depth, where the bundle finds ../package.json and
// the packages it leaves out; each project has its own, as `npm test` runs them side by side.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled server's entry file. */
    serverEntry: string;
  }
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default async function bundleServer(project: TestProject): Promise<() => void> {
  const outdir = path.join(serverRoot, `.test-server-${project.name}-${randomUUID().slice(0, 8)}`);
  await buildServer(outdir);
  project.provide('serverEntry', path.join(outdir, 'server.js'));
  return () => rmSync(outdir, { recursive: true, force: true });
}
