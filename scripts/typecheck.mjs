// `npm run typecheck`: every workspace's tsconfig.json checked by TypeScript 7's native compiler
// (package `@typescript/native`, an alias of typescript@7), which does in about ten seconds of CPU
// what TypeScript 5.9's took forty, on every CI run. The `typescript` 5.9 package stays for
// typescript-eslint's parser, which supports TypeScript below 6.1 only; both read the same
// tsconfig files. Run with folders, it checks those; inside a workspace (its own `npm run
// typecheck`), that workspace; at the root, every workspace that has a tsconfig.json.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('@typescript/native/package.json')), 'bin', 'tsc');

function workspaceFolders() {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return workspaces.map((folder) => path.join(root, folder)).filter((folder) => existsSync(path.join(folder, 'tsconfig.json')));
}

const asked = process.argv.slice(2);
const folders = asked.length > 0 ? asked.map((folder) => path.resolve(folder)) : path.resolve(process.cwd()) === root ? workspaceFolders() : [process.cwd()];
let failed = 0;
for (const folder of folders) {
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(folder, 'tsconfig.json')], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.error(`typecheck: ${path.relative(root, folder) || '.'} has errors`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
