import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/platform/config.ts';
import { createPgliteDb } from '../../../src/platform/db/pglite.ts';
import { createService } from '../../../src/service.ts';

/** The service's own OpenAPI document, built from its route schemas without listening on a port. */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-openapi-'));
  const db = await createPgliteDb(undefined);
  const service = await createService(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8080', LOG_LEVEL: 'silent', WORKERS: 'false', SCREENING_SOURCES: 'none' }), { db, logger: false });
  try {
    await service.app.ready();
    return service.app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await service.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
