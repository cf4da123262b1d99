import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase, type DatabaseTarget } from '../db/database';
import { DATABASE_FILE, describeFile, FILES_FOLDER, MANIFEST_FILE, manifestSchema, type Manifest } from './manifest';
import { runTool } from './run-tool';

export interface RestoreOptions {
  dataDir: string;
  database: DatabaseTarget;
  /** A folder made by createBackup. */
  from: string;
  /** Move what the data folder (or database) holds now aside instead of refusing. */
  replace: boolean;
  now?: Date;
}

/** A refusal with a sentence for the operator; nothing has been changed when it is thrown. */
export class RestoreRefused extends Error {}

/**
 * Puts a backup back, with the server stopped. Every file is checked against the manifest before
 * anything is touched; a data folder or database that already holds a portal is only replaced
 * when asked, and then the old data folder is kept beside it (`<DATA_DIR>-replaced-<time>`).
 */
export async function restoreBackup(options: RestoreOptions): Promise<void> {
  const manifest = await readVerifiedManifest(options.from);
  if (manifest.engine !== options.database.kind) {
    throw new RestoreRefused(`This backup is of a ${manifest.engine} database; the configured database is ${options.database.kind}.`);
  }
  const occupied = await holdsPortal(options);
  if (occupied && !options.replace) {
    throw new RestoreRefused(`${occupied} already holds the portal's data. Stop the server and run again with --replace.`);
  }
  if (options.replace) await moveAside(options.dataDir, options.from, options.now ?? new Date());

  await mkdir(options.dataDir, { recursive: true });
  for (const entry of manifest.entries.slice(1)) {
    const target = path.join(options.dataDir, path.relative(FILES_FOLDER, entry.path));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(options.from, entry.path), target);
  }
  const databaseCopy = path.join(options.from, DATABASE_FILE[manifest.engine]);
  if (options.database.kind === 'sqlite') {
    // Copied beside and renamed, so a crash mid-copy never leaves half a database under the real name.
    await copyFile(databaseCopy, `${options.database.file}.partial`);
    await rename(`${options.database.file}.partial`, options.database.file);
  } else {
    await runTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${options.database.url}`, databaseCopy]);
  }
}

async function readVerifiedManifest(from: string): Promise<Manifest> {
  const file = path.join(from, MANIFEST_FILE);
  if (!existsSync(file)) throw new RestoreRefused(`${from} is not a finished backup: it has no ${MANIFEST_FILE}.`);
  const parsed = manifestSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new RestoreRefused(`${file} is not a backup manifest this version can read.`);
  const manifest = parsed.data;
  if (manifest.entries[0]?.path !== DATABASE_FILE[manifest.engine]) throw new RestoreRefused(`${file} lists no database copy.`);
  for (const entry of manifest.entries) {
    const absolute = path.resolve(from, entry.path);
    if (!absolute.startsWith(path.resolve(from) + path.sep)) throw new RestoreRefused(`${file} names a path outside the backup: ${entry.path}`);
    const actual = existsSync(absolute) ? await describeFile(absolute, entry.path) : null;
    if (!actual || actual.size !== entry.size || actual.sha256 !== entry.sha256) {
      throw new RestoreRefused(`The backup is damaged: ${entry.path} is missing or differs from the manifest. Nothing was restored.`);
    }
  }
  return manifest;
}

/** Where the portal's data already is, if anywhere: the SQLite file, or the PostgreSQL tables. */
async function holdsPortal(options: RestoreOptions): Promise<string | null> {
  if (options.database.kind === 'sqlite') return existsSync(options.database.file) ? options.database.file : null;
  const db = createDatabase(options.database);
  try {
    const { rows } = await sql<{ found: string | null }>`select to_regclass('accounts')::text as found`.execute(db);
    return rows[0]?.found ? 'The PostgreSQL database' : null;
  } finally {
    await db.destroy();
  }
}

async function moveAside(dataDir: string, from: string, now: Date): Promise<void> {
  if (!existsSync(dataDir)) return;
  const aside = `${path.resolve(dataDir)}-replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
  await mkdir(aside, { recursive: true });
  const keep = path.resolve(from);
  for (const name of await readdir(dataDir)) {
    const entry = path.resolve(dataDir, name);
    // A backup kept inside the data folder stays where it is: it is what is being restored.
    if (keep === entry || keep.startsWith(entry + path.sep)) continue;
    await rename(entry, path.join(aside, name));
  }
}
