import { loadConfig } from '../platform/config.ts';
import { acquireEmbeddedLock, embeddedDbHolder } from '../platform/db/embedded-lock.ts';
import { migrate } from '../platform/db/migrate.ts';
import { buildServices, openDatabase } from '../service.ts';
import { callAdminSocket } from './admin-socket.ts';
import { OPERATIONS } from './operations.ts';

/**
 * Runs one operation wherever the database is: on PostgreSQL directly; on the embedded database through the
 * running service if one holds it, otherwise by opening it here for the length of the command.
 */
export async function runOperation(op: string, args: Record<string, unknown>): Promise<unknown> {
  const config = loadConfig();
  if (!config.databaseUrl && embeddedDbHolder(config.dataDir) !== undefined) return callAdminSocket(config.dataDir, op, args);
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
