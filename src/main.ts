/**
 * Composition root: read the configuration, open the database, start the HTTP service (and, in one process
 * by default, the background workers). Everything it builds comes from service.ts.
 */
import { ConfigError, loadConfig } from './platform/config.ts';
import { restrictDataDir } from './platform/data-dir.ts';
import { acquireEmbeddedLock, EmbeddedDbBusyError } from './platform/db/embedded-lock.ts';
import { startAdminSocket } from './cli/admin-socket.ts';
import { checkConfiguredFiles, createService } from './service.ts';

async function start() {
  const config = loadConfig();
  checkConfiguredFiles(config); // before the lock creates DATA_DIR
  restrictDataDir(config.dataDir, { create: !config.databaseUrl });
  const releaseLock = config.databaseUrl ? undefined : acquireEmbeddedLock(config.dataDir);
  const service = await createService(config);
  const { app, services } = service;
  // The CLI reaches the embedded database through this socket while the service holds it.
  const admin = config.databaseUrl ? undefined : await startAdminSocket(config.dataDir, services);
  const background = config.workers ? await (await import('./workers.ts')).startWorkers(services) : undefined;
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ publicUrl: config.publicUrl, database: config.databaseUrl ? 'postgres' : 'embedded' }, 'service started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    await admin?.close();
    await background?.stop();
    await service.close();
    releaseLock?.();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDbBusyError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${(error as Error).stack ?? error}\n`);
  }
  process.exit(1);
});
