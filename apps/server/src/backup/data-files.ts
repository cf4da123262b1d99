import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** The live database and its journal are copied by the engine's own online backup, never as files. */
const DATABASE_FILES = new Set(['portal.sqlite', 'portal.sqlite-wal', 'portal.sqlite-shm', 'portal.sqlite-journal']);

/**
 * Every file of the data folder a backup must carry (uploads, pictures, banners, the JWT secret,
 * branding), as paths relative to it. Skips the database, half-written uploads (`*.part`,
 * `*.partial`) and any folder given in `skip` (a backup folder kept inside the data folder).
 */
export async function listDataFiles(dataDir: string, skip: string[] = []): Promise<string[]> {
  const skipped = skip.map((folder) => path.resolve(folder));
  const found: string[] = [];
  async function walk(folder: string): Promise<void> {
    if (skipped.includes(path.resolve(folder))) return;
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && !isTransient(entry.name) && !(folder === dataDir && DATABASE_FILES.has(entry.name))) {
        found.push(path.relative(dataDir, full));
      }
    }
  }
  await walk(dataDir);
  return found.sort();
}

function isTransient(name: string): boolean {
  return name.endsWith('.part') || name.endsWith('.partial');
}
