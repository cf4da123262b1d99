import { buildApp } from './app';
import { closeDataFolder, ConfigError, loadConfig } from './config';
import { warmUpNextTick } from './lib/tick-warm-up';

// Only the process's own settings, listening and shutting down live here; everything else is
// built by buildApp().

async function main(): Promise<void> {
  // Whatever the server writes (the SQLite database, uploads, lessons, class files in a FILES_DIR
  // of their own) is for its own user alone, 0600 and 0700, whatever umask the shell or the
  // service manager gave it (ASVS 12.4.1).
  process.umask(0o077);
  const config = loadConfig();
  const openMode = closeDataFolder(config.dataDir);
  await warmUpNextTick();
  const app = await buildApp(config);
  if (openMode !== null) {
    app.log.warn({ dataDir: config.dataDir, mode: openMode.toString(8) }, 'the data folder was open to other users of this machine: closed to them now (0700)');
  }
  let closing = false;
  // `on`, not `once`: a signal sent to npm start's process group arrives twice (once from the
  // group, once passed on by scripts/start.mjs), and a second one without a listener would kill
  // the process mid-shutdown.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // Let requests in flight finish; a stuck one must not keep the process alive forever.
      const timer = setTimeout(() => process.exit(1), 10_000);
      timer.unref();
      app.close().then(() => process.exit(0), () => process.exit(1));
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
