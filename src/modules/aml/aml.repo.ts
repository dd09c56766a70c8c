import { one, type Sql } from '../../platform/db/db.ts';

export interface AmlRow {
  contact_id: string;
  client_id: string;
  account_id: string;
  status: 'INITIAL' | 'READY' | 'CREDIT_BALANCE_EXCEEDED' | 'ERROR';
  revision: number;
  run_id: string;
  ttl_in_days: number;
  auto_refresh: boolean;
  decision: string | null;
  pep_matches: string | null;
  sanctions_matches: string | null;
  match_ids: string[];
  data_enc: Uint8Array | null;
  review_enc: Uint8Array | null;
  needs_review: boolean;
  error: string | null;
  requested_at: Date;
  last_decision_at: Date | null;
  refreshed_at: Date | null;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** SQL for AML reports; tenant-scoped functions take `clientId` first. */
export const amlRepo = {
  get: (sql: Sql, clientId: string, accountId: string, contactId: string, forUpdate = false) =>
    one<AmlRow>(sql, `SELECT * FROM aml_reports WHERE client_id = $1 AND account_id = $2 AND contact_id = $3${forUpdate ? ' FOR UPDATE' : ''}`, [
      clientId, accountId, contactId,
    ]),

  /** A new check (trigger or refresh): a new run id, status as given, the previous result kept until replaced. */
  startRun: (sql: Sql, clientId: string, row: { accountId: string; contactId: string; runId: string; status: string; ttl: number; autoRefresh: boolean; requestedAt: Date; error: string | null }) =>
    one<AmlRow>(sql,
      `INSERT INTO aml_reports (contact_id, client_id, account_id, status, run_id, ttl_in_days, auto_refresh, requested_at, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (contact_id) DO UPDATE SET status = EXCLUDED.status, run_id = EXCLUDED.run_id, ttl_in_days = EXCLUDED.ttl_in_days,
         auto_refresh = EXCLUDED.auto_refresh, requested_at = EXCLUDED.requested_at, error = EXCLUDED.error,
         revision = aml_reports.revision + 1, updated_at = now()
       WHERE aml_reports.client_id = EXCLUDED.client_id
       RETURNING *`,
      [row.contactId, clientId, row.accountId, row.status, row.runId, row.ttl, row.autoRefresh, row.requestedAt, row.error]) as Promise<AmlRow>,

  /**
   * Writes a finished check, only if it is still the current run and not finished yet: a job can run twice (its
   * worker was killed after this commit but before the job was marked done), and the second run changes nothing.
   */
  finishRun: (sql: Sql, clientId: string, contactId: string, runId: string, result: {
    status: 'READY' | 'ERROR'; decision: string | null; pep: string | null; sanctions: string | null; matchIds: string[];
    dataEnc: Buffer | null; reviewEnc: Buffer | null; needsReview: boolean; error: string | null; decidedAt: Date | null; expiresAt: Date | null;
  }) =>
    one<AmlRow>(sql,
      `UPDATE aml_reports SET status = $3, decision = COALESCE($4, decision),
              pep_matches = CASE WHEN $3 = 'READY' THEN $5 ELSE COALESCE($5, pep_matches) END,
              sanctions_matches = CASE WHEN $3 = 'READY' THEN $6 ELSE COALESCE($6, sanctions_matches) END, match_ids = CASE WHEN $3 = 'READY' THEN $7::text[] ELSE match_ids END,
              data_enc = COALESCE($8, data_enc), review_enc = COALESCE($9, review_enc), needs_review = CASE WHEN $3 = 'READY' THEN $10 ELSE needs_review END,
              error = $11, last_decision_at = COALESCE($12, last_decision_at), refreshed_at = COALESCE($12, refreshed_at),
              expires_at = COALESCE($13, expires_at), revision = revision + 1, updated_at = now()
        WHERE contact_id = $1 AND run_id = $2 AND client_id = $14 AND status = 'INITIAL' RETURNING *`,
      [contactId, runId, result.status, result.decision, result.pep, result.sanctions, result.matchIds, result.dataEnc, result.reviewEnc,
        result.needsReview, result.error, result.decidedAt, result.expiresAt, clientId]),

  saveReview: (sql: Sql, clientId: string, contactId: string, reviewEnc: Buffer, dataEnc: Buffer) =>
    one<AmlRow>(sql,
      `UPDATE aml_reports SET review_enc = $3, data_enc = $4, needs_review = false, revision = revision + 1, updated_at = now()
        WHERE client_id = $1 AND contact_id = $2 RETURNING *`, [clientId, contactId, reviewEnc, dataEnc]),

  /** Ongoing monitoring found new matches: new data, back to review. */
  saveRescreen: (sql: Sql, clientId: string, contactId: string, expectedRevision: number, change: { pep: string | null; sanctions: string | null; matchIds: string[]; dataEnc: Buffer; reviewEnc: Buffer }) =>
    one<AmlRow>(sql,
      `UPDATE aml_reports SET pep_matches = $3, sanctions_matches = $4, match_ids = $5, data_enc = $6, review_enc = $7, needs_review = true,
              refreshed_at = now(), revision = revision + 1, updated_at = now()
        WHERE contact_id = $1 AND revision = $2 AND client_id = $8 RETURNING *`,
      [contactId, expectedRevision, change.pep, change.sanctions, change.matchIds, change.dataEnc, change.reviewEnc, clientId]),

  /** Reports due an automatic refresh: enabled, finished, and within the last tenth of their validity (at most 7 days). */
  dueForRefresh: (sql: Sql, now: Date, limit: number) =>
    sql.query<AmlRow>(
      `SELECT * FROM aml_reports WHERE auto_refresh AND status IN ('READY', 'ERROR') AND expires_at IS NOT NULL
          AND expires_at - LEAST(interval '7 days', make_interval(days => ttl_in_days) / 10) <= $1
        ORDER BY expires_at LIMIT $2`, [now, limit]),

  /** Active (READY, unexpired) reports, a page at a time, for re-screening. */
  activePage: (sql: Sql, afterContactId: string, limit: number, now: Date) =>
    sql.query<AmlRow>(
      `SELECT * FROM aml_reports WHERE status = 'READY' AND (expires_at IS NULL OR expires_at > $3) AND contact_id > $1
        ORDER BY contact_id LIMIT $2`, [afterContactId, limit, now]),
};

/** Reads for the console, through aml's index: the table stays this module's. */
export const amlReads = {
  /** The console's queue: the newest reports, optionally only those waiting for a person. */
  reportRefs: (sql: Sql, clientId: string, opts: { needsReview?: boolean; limit: number }) =>
    sql.query<AmlReportRef>(
      `SELECT 'AML' AS kind, account_id, contact_id, status, needs_review, decision || ' / PEP ' || COALESCE(pep_matches, '-') || ' / sanctions ' || COALESCE(sanctions_matches, '-') AS summary, updated_at
         FROM aml_reports WHERE client_id = $1 AND ($2::boolean IS NULL OR needs_review = $2) ORDER BY updated_at DESC LIMIT $3`,
      [clientId, opts.needsReview ?? null, opts.limit]),

  reportRefsOfAccount: (sql: Sql, clientId: string, accountId: string) =>
    sql.query<AmlReportRef>(
      `SELECT 'AML' AS kind, account_id, contact_id, status, needs_review, decision AS summary, updated_at FROM aml_reports WHERE client_id = $1 AND account_id = $2`,
      [clientId, accountId]),

  accountsNeedingReview: async (sql: Sql, clientId: string) =>
    (await sql.query<{ account_id: string }>('SELECT DISTINCT account_id FROM aml_reports WHERE client_id = $1 AND needs_review', [clientId]))
      .map((r) => r.account_id),
};

/** An AML report in the console's lists. */
export interface AmlReportRef {
  kind: 'AML';
  account_id: string;
  contact_id: string;
  status: string;
  needs_review: boolean;
  summary: string | null;
  updated_at: Date;
}
