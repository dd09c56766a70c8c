import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/platform/config.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { createPgliteDb } from '../../src/platform/db/pglite.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { createPostgresDb } from '../../src/platform/db/postgres.ts';
import { createService } from '../../src/service.ts';
import { randomToken } from '../../src/platform/crypto/ids.ts';

export const databaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh database for one test file (or a benchmark): in-memory PGlite, or a new database on the PostgreSQL
 * server. The PostgreSQL pool connects only when first used. It is left empty, not migrated: the database
 * layer's own tests (prepared statements, jobs) want bare tables of their own; callers that want the schema call
 * `migrate(db)`.
 */
export async function freshDatabase(kind: 'pglite' | 'postgres' = databaseKind): Promise<{ db: Db; url?: string; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await createPgliteDb(undefined, { loadDataDir: await pgliteTemplate() });
    return { db, drop: async () => db.close() };
  }
  const name = `kyc_test_${randomToken(8)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const db = createPostgresDb(url);
  return {
    db,
    url,
    drop: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export interface TestClient {
  clientId: string;
  client_id: string;
  client_secret: string;
  token: string;
  auth: { authorization: string };
}

/** The real service (every route, hook and migration) on a fresh database, driven with `app.inject`. */
export async function startTestService(env: Record<string, string> = {}, options: { now?: () => Date; wrapDb?: (db: Db) => Db; logStream?: { write(line: string): void } } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-test-'));
  // Tests never reach the internet: no default list downloads unless a test points SCREENING_SOURCES at a local server.
  const config: Config = loadConfig({
    DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://kyc.test', WEBHOOK_ALLOW_PRIVATE: 'true', MAIL_ALLOW_PRIVATE: 'true', WORKERS: 'false', SCREENING_SOURCES: 'none', ...env,
  });
  const database = await freshDatabase();
  const service = await createService(config, { db: options.wrapDb ? options.wrapDb(database.db) : database.db, logger: options.logStream !== undefined, logStream: options.logStream, now: options.now });
  const { app, services } = service;

  async function newClient(name = 'Test client', scopes?: string): Promise<TestClient> {
    let created = await services.clients.createClient({ name });
    if (scopes !== undefined) {
      const limited = await services.clients.createCredential(created.clientId, { scopes });
      created = { ...created, client_id: limited.client_id, client_secret: limited.client_secret };
    }
    const response = await app.inject({
      method: 'POST', url: '/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: created.client_id, client_secret: created.client_secret },
    });
    if (response.statusCode !== 200) throw new Error(`token: ${response.body}`);
    const token = response.json().access_token as string;
    return { ...created, token, auth: { authorization: `Bearer ${token}` } };
  }

  return {
    app,
    services,
    config,
    db: database.db,
    databaseUrl: database.url,
    newClient,
    async close() {
      await service.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestService = Awaited<ReturnType<typeof startTestService>>;

export const sampleAccount = (overrides: Record<string, unknown> = {}) => ({
  name: 'Hartley Bakery Ltd',
  type: 'COMPANY',
  reg_number: '01234567',
  primary_contact: {
    first_name: 'Ada',
    middle_name: 'Mary',
    last_name: 'Hartley',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    date_of_birth: '1985-04-12',
    primary_address: { street: '1 Mill Lane', postcode: 'AB1 2CD', city: 'York', country_code: 'GB', type: 'PRIMARY' },
  },
  ...overrides,
});
