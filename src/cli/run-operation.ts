import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../platform/config.ts';
import { restrictDataDir } from '../platform/data-dir.ts';
import { acquireEmbeddedLock, embeddedDbHolder } from '../platform/db/embedded-lock.ts';
import { migrate } from '../platform/db/migrate.ts';
import { buildServices, checkConfiguredFiles, openDatabase } from '../service.ts';
import { callAdminSocket } from './admin-socket.ts';
import { globalOptions, UsageError } from '../platform/cli.ts';
import { OPERATIONS } from './operations.ts';

/** An embedded database has been created in `dataDir` (by `npm start` or an earlier command). */
export function embeddedDbExists(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'));
}

/**
 * Run from another folder without DATA_DIR, a command used to create a second, empty database there
 * silently; its credentials then got 401 from the running service. It now says which database it uses, and
 * creates one only when asked: DATA_DIR set explicitly, or `--init`.
 */
function embeddedDatabaseNote(config: Config, env: Record<string, string | undefined>): string {
  if (embeddedDbExists(config.dataDir)) return `kyc: embedded database in ${config.dataDir}`;
  if (!env.DATA_DIR && !globalOptions.init) {
    throw new UsageError(
      `no database in ${config.dataDir} (DATA_DIR is unset, so ./data of the current folder ${process.cwd()}). ` +
        'Run kyc from the folder where the service runs, or set DATA_DIR to its data folder; ' +
        '--init creates a new, empty database here instead.',
    );
  }
  return `kyc: creating a new embedded database in ${config.dataDir}`;
}

/**
 * Runs one operation wherever the database is: on PostgreSQL directly; on the embedded database through the
 * running service if one holds it, otherwise by opening it here for the length of the command. On the embedded
 * database it tells (on stderr) which DATA_DIR it uses.
 */
export async function runOperation(op: string, args: Record<string, unknown>, env: Record<string, string | undefined> = process.env): Promise<unknown> {
  const config = loadConfig(env);
  if (!config.databaseUrl && embeddedDbHolder(config.dataDir) !== undefined) {
    process.stderr.write(`kyc: through the running service on the embedded database in ${config.dataDir}\n`);
    return callAdminSocket(config.dataDir, op, args);
  }
  checkConfiguredFiles(config);
  if (!config.databaseUrl) process.stderr.write(`${embeddedDatabaseNote(config, env)}\n`);
  restrictDataDir(config.dataDir, { create: !config.databaseUrl });
  const release = config.databaseUrl ? undefined : acquireEmbeddedLock(config.dataDir);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    // A one-off command reads the lists already downloaded; only the service and its workers fetch them.
    const services = await buildServices(config, db, { fetchLists: false });
    return await OPERATIONS[op]!(services, args);
  } finally {
    await db.close();
    release?.();
  }
}
