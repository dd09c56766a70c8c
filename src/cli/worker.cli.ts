import { loadConfig } from '../platform/config.ts';
import { restrictDataDir } from '../platform/data-dir.ts';
import { migrate } from '../platform/db/migrate.ts';
import { buildServices, checkConfiguredFiles, openDatabase } from '../service.ts';
import { startWorkers } from '../workers.ts';

/** `kyc worker`: background workers without the HTTP API, for scale-out on PostgreSQL. */
export async function run(_command: string, _argv: string[]): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    process.stderr.write('kyc worker runs beside the API on a shared PostgreSQL: set DATABASE_URL. With the embedded database, `npm start` already runs the workers.\n');
    return 2;
  }
  checkConfiguredFiles(config);
  restrictDataDir(config.dataDir, { create: false }); // keys are generated into DATA_DIR when none are given
  const db = await openDatabase(config);
  await migrate(db);
  const workers = await startWorkers(await buildServices(config, db, { worker: true }));
  process.stderr.write('worker started\n');
  await new Promise<void>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  await workers.stop();
  await db.close();
  return 0;
}
