import path from 'node:path';
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/backup';
import { ConfigError, loadConfig } from '../config';

// npm run backup [-- --out ./backups]
// An online, consistent copy of the database and the data folder's files; the portal keeps serving.

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'backups' } } });
  const config = loadConfig();
  const outDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  const folder = await createBackup({ dataDir: config.dataDir, database: config.database, outDir });
  console.log(`Backup written to ${folder}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
