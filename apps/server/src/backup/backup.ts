import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { DatabaseTarget } from '../db/database';
import { listDataFiles } from './data-files';
import { DATABASE_FILE, describeFile, FILES_FOLDER, MANIFEST_FILE, type Manifest } from './manifest';
import { runTool } from './run-tool';

export interface BackupOptions {
  dataDir: string;
  database: DatabaseTarget;
  /** The folder the backup folder is made in; it may lie inside the data folder (it is skipped). */
  outDir: string;
  now?: Date;
}

/**
 * An online, consistent copy of the portal while it keeps serving: the database through the
 * engine's own snapshot (SQLite `VACUUM INTO`, one read transaction; PostgreSQL `pg_dump`, one
 * snapshot), then the data folder's files. The database goes first: a file uploaded meanwhile is
 * merely extra, while a row always finds the file it names unless that file was deleted meanwhile.
 * The folder appears under its final name only once complete. Answers its path.
 */
export async function createBackup(options: BackupOptions): Promise<string> {
  const now = options.now ?? new Date();
  const folder = path.resolve(options.outDir, `academy-backup-${now.toISOString().replace(/[:.]/g, '-')}`);
  const work = `${folder}.partial`;
  await mkdir(work, { recursive: true });

  const databaseCopy = path.join(work, DATABASE_FILE[options.database.kind]);
  if (options.database.kind === 'sqlite') {
    snapshotSqlite(options.database.file, databaseCopy);
  } else {
    const schema = options.database.schema ? [`--schema=${options.database.schema}`] : [];
    await runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${databaseCopy}`, ...schema, options.database.url]);
  }
  const entries = [await describeFile(databaseCopy, DATABASE_FILE[options.database.kind])];

  for (const relative of await listDataFiles(options.dataDir, [options.outDir])) {
    const inBackup = path.join(FILES_FOLDER, relative);
    await mkdir(path.dirname(path.join(work, inBackup)), { recursive: true });
    await copyFile(path.join(options.dataDir, relative), path.join(work, inBackup));
    entries.push(await describeFile(path.join(work, inBackup), inBackup));
  }

  const manifest: Manifest = { format: 1, createdAt: now.toISOString(), engine: options.database.kind, entries };
  await writeFile(path.join(work, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  await rename(work, folder);
  return folder;
}

function snapshotSqlite(live: string, copy: string): void {
  const source = new SQLite(live, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    source.prepare('VACUUM INTO ?').run(copy);
  } finally {
    source.close();
  }
  const check = new SQLite(copy, { readonly: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`the database copy failed its integrity check: ${String(result)}`);
  } finally {
    check.close();
  }
}
