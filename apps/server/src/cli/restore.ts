import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../backup/restore';
import { ConfigError, loadConfig } from '../config';

// npm run restore -- --from ./backups/academy-backup-... [--replace]
// Stop every server first. Checks the whole backup before it changes anything.

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, replace: { type: 'boolean', default: false } } });
  if (!values.from) {
    console.error('Usage: npm run restore -- --from <backup folder> [--replace]   (stop the server first)');
    process.exit(2);
  }
  const config = loadConfig();
  const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from);
  await restoreBackup({ dataDir: config.dataDir, database: config.database, from, replace: values.replace });
  console.log(`Restored ${from} into ${config.dataDir}${config.database.kind === 'postgres' ? ' and the PostgreSQL database' : ''}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
