import { one, type Sql } from '../../platform/db/db.ts';
import { PERSONAL_TABLES, RECORD_TABLES } from './personal-data.ts';
import { clientReads } from '../auth/index.ts';

export interface PolicyRow {
  client_id: string;
  aml_records_years: number;
  revision: number;
  updated_at: Date;
}

export interface ErasureRow {
  seq: number;
  id: string;
  client_id: string;
  account_id: string;
  contact_id: string | null;
  status: 'RESTRICTED' | 'COMPLETED';
  requested_at: Date;
  completed_at: Date | null;
}

export interface DueRecord {
  owner_id: string;
  client_id: string;
  account_id: string;
  kind: 'CONTACT' | 'ACCOUNT';
  storage_keys: string[];
}

/** SQL of the privacy module; tenant-scoped functions take the client id first. */
export const privacyRepo = {
  /** The client's policy row, if it set one, and whether it is a sandbox client (the default period differs). */
  policy: async (sql: Sql, clientId: string) => {
    const sandbox = await clientReads.isSandbox(sql, clientId);
    const row = await one<PolicyRow>(sql, 'SELECT client_id, aml_records_years, revision, updated_at FROM retention_policies WHERE client_id = $1', [clientId]);
    return { client_id: clientId, sandbox, aml_records_years: row?.aml_records_years ?? null, revision: row?.revision ?? null, updated_at: row?.updated_at ?? null };
  },

  savePolicy: (sql: Sql, clientId: string, years: number) =>
    one<PolicyRow>(sql,
      `INSERT INTO retention_policies (client_id, aml_records_years) VALUES ($1, $2)
       ON CONFLICT (client_id) DO UPDATE SET aml_records_years = EXCLUDED.aml_records_years, revision = retention_policies.revision + 1, updated_at = now()
       RETURNING *`,
      [clientId, years]) as Promise<PolicyRow>,

  contactsOf: async (sql: Sql, clientId: string, accountId: string) =>
    (await sql.query<{ id: string }>('SELECT id FROM contacts WHERE client_id = $1 AND account_id = $2 ORDER BY seq', [clientId, accountId])).map((r) => r.id),

  /** Contacts among `ids` with due diligence records (an onboarding or AML report). */
  withRecords: async (sql: Sql, clientId: string, ids: string[]) =>
    new Set((await sql.query<{ contact_id: string }>(
      RECORD_TABLES.map((t) => `SELECT contact_id FROM ${t} WHERE client_id = $1 AND contact_id = ANY($2::text[])`).join(' UNION '), [clientId, ids])).map((r) => r.contact_id)),

  /** Every personal row of the owners, by table, as JSON (sealed columns stay sealed: bytea becomes \x hex). */
  async snapshot(sql: Sql, clientId: string, kind: 'CONTACT' | 'ACCOUNT', ownerIds: string[]) {
    const byOwner = new Map<string, Record<string, unknown[]>>(ownerIds.map((id) => [id, {}]));
    for (const t of PERSONAL_TABLES.filter((p) => p.kind === kind)) {
      const rows = await sql.query<{ owner: string; row: unknown }>(
        `SELECT ${t.owner} AS owner, to_jsonb(t) AS row FROM ${t.table} t WHERE client_id = $1 AND ${t.owner} = ANY($2::text[])`, [clientId, ownerIds]);
      for (const r of rows) (byOwner.get(r.owner)![t.table] ??= []).push(r.row);
    }
    return byOwner;
  },

  storageKeysOf: async (sql: Sql, clientId: string, contactIds: string[]) =>
    sql.query<{ contact_id: string; storage_key: string }>(
      `SELECT contact_id, storage_key FROM onboarding_files WHERE client_id = $1 AND contact_id = ANY($2::text[])
       UNION ALL SELECT contact_id, storage_key FROM liveness_frames WHERE client_id = $1 AND contact_id = ANY($2::text[])`, [clientId, contactIds]),

  retain: (sql: Sql, r: { ownerId: string; clientId: string; accountId: string; kind: string; reason: string; endedAt: Date; erasureId: string | null; rows: unknown; storageKeys: string[] }) =>
    sql.query(
      `INSERT INTO retained_records (owner_id, client_id, account_id, kind, reason, ended_at, erasure_id, rows, storage_keys)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [r.ownerId, r.clientId, r.accountId, r.kind, r.reason, r.endedAt, r.erasureId, JSON.stringify(r.rows), r.storageKeys]),

  /**
   * Retained records whose period has run out at `now`, under each client's current policy. The one read of
   * the auth module's clients table outside it: the sandbox flag picks the default period inside the statement
   * that locks the due rows (SKIP LOCKED), which a lookup per client could not do.
   */
  due: (sql: Sql, now: Date, defaults: { regulated: number; sandbox: number }, limit: number) =>
    sql.query<DueRecord>(
      `SELECT r.owner_id, r.client_id, r.account_id, r.kind, r.storage_keys FROM retained_records r
         JOIN clients c ON c.id = r.client_id LEFT JOIN retention_policies p ON p.client_id = r.client_id
        WHERE r.ended_at + make_interval(years => COALESCE(p.aml_records_years, CASE WHEN c.sandbox THEN $2::int ELSE $3::int END)) <= $1
        ORDER BY r.ended_at, r.owner_id LIMIT $4 FOR UPDATE OF r SKIP LOCKED`,
      [now, defaults.sandbox, defaults.regulated, limit]),

  dropRetained: (sql: Sql, ownerIds: string[]) => sql.query('DELETE FROM retained_records WHERE owner_id = ANY($1::text[])', [ownerIds]),

  /** Erasure requests none of whose retained records is left are complete. */
  completeErasures: (sql: Sql, now: Date) =>
    sql.query<{ id: string; client_id: string }>(
      `UPDATE erasure_requests e SET status = 'COMPLETED', completed_at = $1
        WHERE e.status = 'RESTRICTED' AND NOT EXISTS (SELECT 1 FROM retained_records r WHERE r.erasure_id = e.id)
        RETURNING e.id, e.client_id`, [now]),

  insertErasure: (sql: Sql, e: { id: string; clientId: string; accountId: string; contactId: string | null; status: string; requestedAt: Date }) =>
    one<ErasureRow>(sql,
      `INSERT INTO erasure_requests (id, client_id, account_id, contact_id, status, requested_at, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $5 = 'COMPLETED' THEN $6::timestamptz END) RETURNING *`,
      [e.id, e.clientId, e.accountId, e.contactId, e.status, e.requestedAt]) as Promise<ErasureRow>,

  erasure: (sql: Sql, clientId: string, id: string) => one<ErasureRow>(sql, 'SELECT * FROM erasure_requests WHERE client_id = $1 AND id = $2', [clientId, id]),

  erasures: (sql: Sql, clientId: string, page: { afterSeq: number; limit: number }) =>
    sql.query<ErasureRow>('SELECT * FROM erasure_requests WHERE client_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [clientId, page.afterSeq, page.limit + 1]),

  /** The RESTRICTED request covering an account, or one of its contacts (a request for the account covers them all). */
  restriction: (sql: Sql, clientId: string, accountId: string, contactId: string | null) =>
    one<ErasureRow>(sql,
      `SELECT * FROM erasure_requests WHERE client_id = $1 AND account_id = $2 AND status = 'RESTRICTED'
         AND (contact_id IS NULL OR contact_id = $3) ORDER BY contact_id NULLS FIRST LIMIT 1`,
      [clientId, accountId, contactId]),

  /** Stored idempotent responses naming any of `ids`, by the ids stored beside them. */
  dropIdempotencyNaming: (sql: Sql, clientId: string, ids: string[]) =>
    sql.query('DELETE FROM idempotency_keys WHERE client_id = $1 AND subject_ids && $2::text[]', [clientId, ids]),

  /** Responses stored before their ids were kept beside them (at most a day of them, then they expire). */
  idempotencyRecordsWithoutIds: (sql: Sql, clientId: string) =>
    sql.query<{ key: string; response_enc: Uint8Array }>('SELECT key, response_enc FROM idempotency_keys WHERE client_id = $1 AND response_enc IS NOT NULL AND subject_ids IS NULL', [clientId]),

  dropIdempotency: (sql: Sql, clientId: string, keys: string[]) =>
    sql.query('DELETE FROM idempotency_keys WHERE client_id = $1 AND key = ANY($2::text[])', [clientId, keys]),
};
