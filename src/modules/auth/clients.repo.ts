import type { Sql } from '../../platform/db/db.ts';
import { one } from '../../platform/db/db.ts';

export interface ClientRow {
  id: string;
  name: string;
  sandbox: boolean;
  /** The GPG 45 confidence required for an AML identity PASS (migration 202611261050). */
  identity_confidence: IdentityConfidence;
  created_at: Date;
}

export interface CredentialRow {
  id: string;
  client_id: string;
  name: string;
  secret_hash: string;
  scopes: string;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  issued_to: string | null;
}

/** SQL for tenants and their API credentials. Tenant-scoped functions take `clientId` first. */
export const clientsRepo = {
  insertClient: (sql: Sql, row: { id: string; name: string; sandbox: boolean }) =>
    sql.query('INSERT INTO clients (id, name, sandbox) VALUES ($1, $2, $3)', [row.id, row.name, row.sandbox]),

  getClient: (sql: Sql, clientId: string) => one<ClientRow>(sql, 'SELECT * FROM clients WHERE id = $1', [clientId]),

  listClients: (sql: Sql) => sql.query<ClientRow & { credentials: number }>(
    `SELECT c.*, (SELECT count(*) FROM api_credentials k WHERE k.client_id = c.id AND k.revoked_at IS NULL)::int AS credentials
       FROM clients c ORDER BY c.created_at, c.id`),

  insertCredential: (sql: Sql, clientId: string, row: { id: string; name: string; secretHash: string; scopes: string; issuedTo?: string }) =>
    sql.query('INSERT INTO api_credentials (id, client_id, name, secret_hash, scopes, issued_to) VALUES ($1, $2, $3, $4, $5, $6)', [
      row.id, clientId, row.name, row.secretHash, row.scopes, row.issuedTo ?? null,
    ]),

  /** Who was shown the credential's secret (a console user), or null (the operator, or no such credential). */
  issuedTo: async (sql: Sql, clientId: string, credentialId: string) =>
    (await one<{ issued_to: string | null }>(sql, 'SELECT issued_to FROM api_credentials WHERE client_id = $1 AND id = $2', [clientId, credentialId]))?.issued_to ?? null,

  /** By OAuth client_id alone: the token endpoint learns the tenant from the credential. */
  getCredential: (sql: Sql, credentialId: string) =>
    one<CredentialRow & { sandbox: boolean }>(
      sql,
      'SELECT k.*, c.sandbox FROM api_credentials k JOIN clients c ON c.id = k.client_id WHERE k.id = $1',
      [credentialId],
    ),

  listCredentials: (sql: Sql, clientId: string) =>
    sql.query<CredentialRow>('SELECT * FROM api_credentials WHERE client_id = $1 ORDER BY created_at, id', [clientId]),

  revokeCredential: async (sql: Sql, clientId: string, credentialId: string) =>
    (await sql.query('UPDATE api_credentials SET revoked_at = now() WHERE client_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING id', [
      clientId, credentialId,
    ])).length > 0,

  /** Sets the GPG 45 confidence the client requires; false when there is no such client. */
  setIdentityConfidence: async (sql: Sql, clientId: string, level: IdentityConfidence) =>
    (await sql.query('UPDATE clients SET identity_confidence = $2 WHERE id = $1 RETURNING id', [clientId, level])).length > 0,

  touchCredential: (sql: Sql, credentialId: string) =>
    sql.query('UPDATE api_credentials SET last_used_at = now() WHERE id = $1', [credentialId]),
};

/**
 * What other modules read of the clients table (through auth's index): whether a client exists and whether it
 * is a sandbox client. The table stays this module's.
 */
export const clientReads = {
  exists: async (sql: Sql, clientId: string) => (await sql.query('SELECT 1 FROM clients WHERE id = $1', [clientId])).length > 0,

  /** Which of `clientIds` exist. */
  existing: async (sql: Sql, clientIds: readonly string[]) =>
    (await sql.query<{ id: string }>('SELECT id FROM clients WHERE id = ANY($1::text[])', [clientIds])).map((r) => r.id),

  /** False for a client that does not exist. */
  isSandbox: async (sql: Sql, clientId: string) =>
    (await one<{ sandbox: boolean }>(sql, 'SELECT sandbox FROM clients WHERE id = $1', [clientId]))?.sandbox ?? false,

  /** The GPG 45 confidence the client requires for an AML identity PASS (MEDIUM for a client that does not exist). */
  requiredConfidence: async (sql: Sql, clientId: string): Promise<IdentityConfidence> =>
    (await one<{ identity_confidence: IdentityConfidence }>(sql, 'SELECT identity_confidence FROM clients WHERE id = $1', [clientId]))?.identity_confidence ?? 'MEDIUM',
};

export type IdentityConfidence = 'LOW' | 'MEDIUM' | 'HIGH';
