import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The build the e2e server serves: WEB_DIST when a developer set it, else apps/web/dist. */
export function webDist(): string {
  return process.env.WEB_DIST ?? path.join(repoRoot, 'apps', 'web', 'dist');
}

/** Every text file of the build (precompressed copies hold the same text), by path inside it. */
export function bundleTexts(root = webDist()): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(js|mjs|css|html|json|map|txt|svg|webmanifest)$/.test(entry.name)) texts.set(path.relative(root, full), readFileSync(full, 'utf8'));
    }
  };
  walk(root);
  return texts;
}

/** Builds the web app into `outDir` with extra environment variables, as `npm run build` would. */
export async function buildWebApp(outDir: string, env: Record<string, string>): Promise<void> {
  const webRoot = path.join(repoRoot, 'apps', 'web');
  await promisify(execFile)(path.join(repoRoot, 'node_modules', '.bin', 'vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: webRoot,
    env: { ...process.env, ...env },
  });
}
