import { one, type Sql } from '../../platform/db/db.ts';

export interface AccountRow {
  seq: number;
  id: string;
  client_id: string;
  type: 'INDIVIDUAL' | 'COMPANY';
  name_enc: Uint8Array;
  reg_number: string | null;
  revision: number;
  portal_token_enc: Uint8Array | null;
  portal_expires_at: Date | null;
  onboarding_completed: boolean;
  created_at: Date;
  updated_at: Date;
}

/** SQL for accounts. Every function is scoped by `clientId`, the first argument after the connection. */
export const accountsRepo = {
  insert: (sql: Sql, clientId: string, row: { id: string; type: string; nameEnc: Buffer; regNumber: string }) =>
    one<AccountRow>(sql, 'INSERT INTO accounts (id, client_id, type, name_enc, reg_number) VALUES ($1, $2, $3, $4, $5) RETURNING *', [
      row.id, clientId, row.type, row.nameEnc, row.regNumber,
    ]) as Promise<AccountRow>,

  get: (sql: Sql, clientId: string, accountId: string, options: { forUpdate?: boolean } = {}) =>
    one<AccountRow>(sql, `SELECT * FROM accounts WHERE client_id = $1 AND id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`, [clientId, accountId]),

  list: (sql: Sql, clientId: string, page: { afterSeq: number; limit: number; type?: string }) =>
    sql.query<AccountRow>(
      `SELECT * FROM accounts WHERE client_id = $1 AND seq > $2 AND ($3::text IS NULL OR type = $3)
        ORDER BY seq LIMIT $4`,
      [clientId, page.afterSeq, page.type ?? null, page.limit + 1],
    ),

  update: (sql: Sql, clientId: string, accountId: string, change: { type: string; nameEnc: Buffer; regNumber: string }) =>
    one<AccountRow>(
      sql,
      `UPDATE accounts SET type = $3, name_enc = $4, reg_number = $5, revision = revision + 1, updated_at = now()
        WHERE client_id = $1 AND id = $2 RETURNING *`,
      [clientId, accountId, change.type, change.nameEnc, change.regNumber],
    ),

  setPortal: (sql: Sql, clientId: string, accountId: string, portal: { tokenEnc: Buffer; tokenHash: string; expiresAt: Date } | null) =>
    one<AccountRow>(
      sql,
      `UPDATE accounts SET portal_token_enc = $3, portal_token_hash = $4, portal_expires_at = $5, revision = revision + 1, updated_at = now()
        WHERE client_id = $1 AND id = $2 RETURNING *`,
      [clientId, accountId, portal?.tokenEnc ?? null, portal?.tokenHash ?? null, portal?.expiresAt ?? null],
    ),

  /** The account behind a portal link; not tenant-scoped: the token is the credential. */
  byPortalHash: (sql: Sql, tokenHash: string) => one<AccountRow>(sql, 'SELECT * FROM accounts WHERE portal_token_hash = $1', [tokenHash]),

  /** Locks the row, so concurrent completions of two contacts see each other (the later one recomputes after the first commits). */
  lock: (sql: Sql, clientId: string, accountId: string) =>
    one<AccountRow>(sql, 'SELECT * FROM accounts WHERE client_id = $1 AND id = $2 FOR UPDATE', [clientId, accountId]),

  setCompleted: (sql: Sql, clientId: string, accountId: string, completed: boolean) =>
    one<AccountRow>(sql,
      'UPDATE accounts SET onboarding_completed = $3, revision = revision + 1, updated_at = now() WHERE client_id = $1 AND id = $2 RETURNING *',
      [clientId, accountId, completed]),

  /** A change to one of the account's contacts is a change of the account (its ENTITY_UPDATED follows). */
  touch: (sql: Sql, clientId: string, accountId: string) =>
    one<AccountRow>(sql, 'UPDATE accounts SET revision = revision + 1, updated_at = now() WHERE client_id = $1 AND id = $2 RETURNING *', [
      clientId, accountId,
    ]),

  remove: async (sql: Sql, clientId: string, accountId: string) =>
    (await sql.query('DELETE FROM accounts WHERE client_id = $1 AND id = $2 RETURNING id', [clientId, accountId])).length > 0,
};
