import type { Sql } from '../../platform/db/db.ts';

export interface EventRow {
  seq: number;
  id: string;
  client_id: string;
  event: string;
  entity: string;
  report_type: string | null;
  account_id: string;
  contact_id: string | null;
  report_id: string | null;
  revision: string | null;
  reasons: string[] | null;
  occurred_at: Date;
}

export const eventsRepo = {
  insert: (sql: Sql, row: Omit<EventRow, 'seq' | 'occurred_at'>) =>
    sql.query(
      `INSERT INTO events (id, client_id, event, entity, report_type, account_id, contact_id, report_id, revision, reasons)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [row.id, row.client_id, row.event, row.entity, row.report_type, row.account_id, row.contact_id, row.report_id, row.revision, row.reasons],
    ),

  list: (sql: Sql, clientId: string, page: { afterSeq: number; limit: number; event?: string; accountId?: string }) =>
    sql.query<EventRow>(
      `SELECT * FROM events WHERE client_id = $1 AND seq > $2
          AND ($3::text IS NULL OR event = $3) AND ($4::text IS NULL OR account_id = $4)
        ORDER BY seq LIMIT $5`,
      [clientId, page.afterSeq, page.event ?? null, page.accountId ?? null, page.limit + 1],
    ),

  get: (sql: Sql, clientId: string, eventId: string) =>
    sql.query<EventRow>('SELECT * FROM events WHERE client_id = $1 AND id = $2', [clientId, eventId]).then((r) => r[0]),
};
