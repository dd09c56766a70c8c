import { one, type Sql } from '../../platform/db/db.ts';

export interface ContactRow {
  seq: number;
  id: string;
  client_id: string;
  account_id: string;
  role: 'PRIMARY' | 'ADDITIONAL';
  pii: Uint8Array;
  revision: number;
  created_at: Date;
  updated_at: Date;
}

/** SQL for contacts; scoped by `clientId` and, where it applies, the account in the path. */
export const contactsRepo = {
  insert: (sql: Sql, clientId: string, row: { id: string; accountId: string; role: string; pii: Buffer; emailIndex: string | null }) =>
    one<ContactRow>(
      sql,
      'INSERT INTO contacts (id, client_id, account_id, role, pii, email_index) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
      [row.id, clientId, row.accountId, row.role, row.pii, row.emailIndex],
    ) as Promise<ContactRow>,

  get: (sql: Sql, clientId: string, accountId: string, contactId: string, options: { forUpdate?: boolean } = {}) =>
    one<ContactRow>(
      sql,
      `SELECT * FROM contacts WHERE client_id = $1 AND account_id = $2 AND id = $3${options.forUpdate ? ' FOR UPDATE' : ''}`,
      [clientId, accountId, contactId],
    ),

  primaryOf: (sql: Sql, clientId: string, accountIds: string[]) =>
    sql.query<ContactRow>("SELECT * FROM contacts WHERE client_id = $1 AND account_id = ANY($2::text[]) AND role = 'PRIMARY'", [clientId, accountIds]),

  countByAccount: (sql: Sql, clientId: string, accountIds: string[]) =>
    sql.query<{ account_id: string; n: number }>(
      'SELECT account_id, count(*)::int AS n FROM contacts WHERE client_id = $1 AND account_id = ANY($2::text[]) GROUP BY account_id',
      [clientId, accountIds],
    ),

  listByAccount: (sql: Sql, clientId: string, accountId: string, page: { afterSeq: number; limit: number }) =>
    sql.query<ContactRow>('SELECT * FROM contacts WHERE client_id = $1 AND account_id = $2 AND seq > $3 ORDER BY seq LIMIT $4', [
      clientId, accountId, page.afterSeq, page.limit + 1,
    ]),

  update: (sql: Sql, clientId: string, contactId: string, change: { pii: Buffer; emailIndex: string | null; role: string }) =>
    one<ContactRow>(
      sql,
      `UPDATE contacts SET pii = $3, email_index = $4, role = $5, revision = revision + 1, updated_at = now()
        WHERE client_id = $1 AND id = $2 RETURNING *`,
      [clientId, contactId, change.pii, change.emailIndex, change.role],
    ),

  /** Makes room for a new primary contact (one per account, enforced by a unique index). */
  demotePrimary: (sql: Sql, clientId: string, accountId: string) =>
    sql.query(
      "UPDATE contacts SET role = 'ADDITIONAL', revision = revision + 1, updated_at = now() WHERE client_id = $1 AND account_id = $2 AND role = 'PRIMARY'",
      [clientId, accountId],
    ),

  remove: async (sql: Sql, clientId: string, accountId: string, contactId: string) =>
    (await sql.query('DELETE FROM contacts WHERE client_id = $1 AND account_id = $2 AND id = $3 RETURNING id', [clientId, accountId, contactId]))
      .length > 0,
};
