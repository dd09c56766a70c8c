import { one, type Sql } from '../../platform/db/db.ts';
import type { Parameters } from './domain/parameters.ts';

export type OnboardingStatus = 'INITIAL' | 'IN_PROGRESS' | 'READY' | 'EXPIRED' | 'ERROR' | 'CREDIT_BALANCE_EXCEEDED';

export interface OnboardingRow {
  contact_id: string;
  client_id: string;
  account_id: string;
  status: OnboardingStatus;
  revision: number;
  run_id: string;
  parameters: Parameters;
  ttl_in_days: number;
  auto_refresh: boolean;
  link_hash: string | null;
  link_enc: Uint8Array | null;
  link_expires_at: Date | null;
  flow_enc: Uint8Array | null;
  data_enc: Uint8Array | null;
  review_enc: Uint8Array | null;
  document_decision: string | null;
  face_match_decision: string | null;
  needs_review: boolean;
  error: string | null;
  requested_at: Date;
  request_sent_at: Date | null;
  started_at: Date | null;
  submitted_at: Date | null;
  completed_at: Date | null;
  refreshed_at: Date | null;
  expires_at: Date | null;
}

export interface FileRow {
  id: string;
  contact_id: string;
  client_id: string;
  run_id: string;
  slot: string;
  storage_key: string;
  media_type: string;
  size_bytes: number;
  sha256: string;
  feedback_enc: Uint8Array | null;
  created_at: Date;
}

/** SQL of onboarding reports, their files and invitations; tenant-scoped functions take `clientId` first. */
export const onboardingRepo = {
  get: (sql: Sql, clientId: string, accountId: string, contactId: string, forUpdate = false) =>
    one<OnboardingRow>(sql, `SELECT * FROM onboarding_reports WHERE client_id = $1 AND account_id = $2 AND contact_id = $3${forUpdate ? ' FOR UPDATE' : ''}`, [
      clientId, accountId, contactId,
    ]),

  /** The link's report (by the token's hash); not tenant-scoped: the token is the credential. */
  byLinkHash: (sql: Sql, hash: string, forUpdate = false) =>
    one<OnboardingRow>(sql, `SELECT * FROM onboarding_reports WHERE link_hash = $1${forUpdate ? ' FOR UPDATE' : ''}`, [hash]),

  byContact: (sql: Sql, clientId: string, contactId: string) =>
    one<OnboardingRow>(sql, 'SELECT * FROM onboarding_reports WHERE client_id = $1 AND contact_id = $2', [clientId, contactId]),

  /** Some contacts' reports, of one client. */
  byContacts: (sql: Sql, clientId: string, contactIds: readonly string[]) =>
    sql.query<OnboardingRow>('SELECT * FROM onboarding_reports WHERE client_id = $1 AND contact_id = ANY($2::text[])', [clientId, [...contactIds]]),

  /** The reports of one account's contacts (the portal's picture). */
  byAccount: (sql: Sql, clientId: string, accountId: string) =>
    sql.query<OnboardingRow>('SELECT * FROM onboarding_reports WHERE client_id = $1 AND account_id = $2', [clientId, accountId]),

  /** Spec rule 3: an account is complete when none of its contacts has a request still waiting for them or for processing. */
  outstandingRequests: async (sql: Sql, clientId: string, accountId: string) => (await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM onboarding_reports WHERE client_id = $1 AND account_id = $2 AND status IN ('INITIAL', 'IN_PROGRESS')`, [clientId, accountId]))[0]!.n,

  /** Whether the client is a sandbox (its contacts' uploads are read by the simulated engines). */
  /** A new request: new run and link (the old link stops working), answers cleared, earlier results kept until replaced. */
  startRun: (sql: Sql, clientId: string, r: {
    accountId: string; contactId: string; runId: string; status: OnboardingStatus; parameters: Parameters; ttl: number; autoRefresh: boolean;
    linkHash: string | null; linkEnc: Buffer | null; linkExpiresAt: Date | null; requestedAt: Date; requestSentAt: Date | null; error: string | null;
  }) =>
    one<OnboardingRow>(sql,
      `INSERT INTO onboarding_reports (contact_id, client_id, account_id, status, run_id, parameters, ttl_in_days, auto_refresh, link_hash, link_enc,
                                       link_expires_at, requested_at, request_sent_at, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (contact_id) DO UPDATE SET status = EXCLUDED.status, run_id = EXCLUDED.run_id, parameters = EXCLUDED.parameters,
         ttl_in_days = EXCLUDED.ttl_in_days, auto_refresh = EXCLUDED.auto_refresh, link_hash = EXCLUDED.link_hash, link_enc = EXCLUDED.link_enc,
         link_expires_at = EXCLUDED.link_expires_at, requested_at = EXCLUDED.requested_at, request_sent_at = EXCLUDED.request_sent_at,
         error = EXCLUDED.error, flow_enc = NULL, started_at = NULL, submitted_at = NULL,
         revision = onboarding_reports.revision + 1, updated_at = now()
       WHERE onboarding_reports.client_id = EXCLUDED.client_id
       RETURNING *`,
      [r.contactId, clientId, r.accountId, r.status, r.runId, JSON.stringify(r.parameters), r.ttl, r.autoRefresh, r.linkHash, r.linkEnc,
        r.linkExpiresAt, r.requestedAt, r.requestSentAt, r.error]) as Promise<OnboardingRow>,

  /** The contact's answers; the first save moves INITIAL to IN_PROGRESS. */
  saveFlow: (sql: Sql, clientId: string, contactId: string, runId: string, flowEnc: Buffer, now: Date) =>
    one<OnboardingRow>(sql,
      `UPDATE onboarding_reports SET flow_enc = $3, started_at = COALESCE(started_at, $4),
              status = CASE WHEN status = 'INITIAL' THEN 'IN_PROGRESS' ELSE status END,
              revision = revision + CASE WHEN status = 'INITIAL' THEN 1 ELSE 0 END, updated_at = now()
        WHERE contact_id = $1 AND run_id = $2 AND client_id = $5 RETURNING *`, [contactId, runId, flowEnc, now, clientId]),

  markStarted: (sql: Sql, clientId: string, contactId: string, runId: string, now: Date) =>
    one<OnboardingRow>(sql,
      `UPDATE onboarding_reports SET status = 'IN_PROGRESS', started_at = COALESCE(started_at, $3), revision = revision + 1, updated_at = now()
        WHERE contact_id = $1 AND run_id = $2 AND client_id = $4 AND status = 'INITIAL' RETURNING *`, [contactId, runId, now, clientId]),

  markSubmitted: (sql: Sql, clientId: string, contactId: string, runId: string, flowEnc: Buffer, now: Date) =>
    one<OnboardingRow>(sql,
      `UPDATE onboarding_reports SET flow_enc = $3, submitted_at = $4, status = 'IN_PROGRESS', revision = revision + 1, updated_at = now()
        WHERE contact_id = $1 AND run_id = $2 AND client_id = $5 AND submitted_at IS NULL RETURNING *`, [contactId, runId, flowEnc, now, clientId]),

  markSent: (sql: Sql, clientId: string, contactId: string, runId: string, at: Date) =>
    one<OnboardingRow>(sql,
      `UPDATE onboarding_reports SET request_sent_at = $3, revision = revision + 1, updated_at = now() WHERE contact_id = $1 AND run_id = $2 AND client_id = $4 RETURNING *`,
      [contactId, runId, at, clientId]),

  /**
   * Writes the processing result, only if the request is still the current one and, with `unfinished`, still
   * IN_PROGRESS: a job that runs again (its worker died after this commit) must not finish it twice, nor clear a
   * review recorded since.
   */
  finishRun: (sql: Sql, clientId: string, contactId: string, runId: string, r: {
    status: 'READY' | 'ERROR'; dataEnc: Buffer | null; documentDecision: string | null; faceMatchDecision: string | null; needsReview: boolean;
    error: string | null; completedAt: Date; expiresAt: Date | null;
  }, options: { unfinished?: boolean } = {}) =>
    one<OnboardingRow>(sql,
      `UPDATE onboarding_reports SET status = $3, data_enc = COALESCE($4, data_enc), document_decision = COALESCE($5, document_decision),
              face_match_decision = CASE WHEN $3 = 'READY' THEN $6 ELSE face_match_decision END, needs_review = $7, error = $8,
              completed_at = $9, refreshed_at = CASE WHEN $3 = 'READY' THEN $9 ELSE refreshed_at END, expires_at = COALESCE($10, expires_at),
              review_enc = CASE WHEN $3 = 'READY' THEN NULL ELSE review_enc END, revision = revision + 1, updated_at = now()
        WHERE contact_id = $1 AND run_id = $2 AND client_id = $12 AND (NOT $11 OR status = 'IN_PROGRESS') RETURNING *`,
      [contactId, runId, r.status, r.dataEnc, r.documentDecision, r.faceMatchDecision, r.needsReview, r.error, r.completedAt, r.expiresAt, options.unfinished ?? false, clientId]),

  /** Links unused past their expiry, and results past their validity (without automatic refresh). */
  expire: (sql: Sql, now: Date) =>
    sql.query<OnboardingRow>(
      `UPDATE onboarding_reports SET status = 'EXPIRED', revision = revision + 1, updated_at = now()
        WHERE (status IN ('INITIAL', 'IN_PROGRESS') AND submitted_at IS NULL AND link_expires_at <= $1)
           OR (status = 'READY' AND expires_at <= $1)
       RETURNING *`, [now]),

  /** READY reports with automatic refresh inside the last tenth of their validity (at most 7 days). */
  dueForRefresh: (sql: Sql, now: Date, limit: number) =>
    sql.query<OnboardingRow>(
      `SELECT * FROM onboarding_reports WHERE auto_refresh AND status = 'READY' AND expires_at IS NOT NULL
          AND expires_at - LEAST(interval '7 days', make_interval(days => ttl_in_days) / 10) <= $1
        ORDER BY expires_at LIMIT $2`, [now, limit]),

  saveReview: (sql: Sql, clientId: string, contactId: string, reviewEnc: Buffer) =>
    one<OnboardingRow>(sql,
      `UPDATE onboarding_reports SET review_enc = $3, needs_review = false, revision = revision + 1, updated_at = now()
        WHERE client_id = $1 AND contact_id = $2 RETURNING *`, [clientId, contactId, reviewEnc]),

  files: (sql: Sql, clientId: string, contactId: string, runId: string) =>
    sql.query<FileRow>('SELECT * FROM onboarding_files WHERE client_id = $1 AND contact_id = $2 AND run_id = $3 ORDER BY slot', [clientId, contactId, runId]),

  /** Stores a file row; returns the storage key it replaced (to delete), if any. */
  putFile: async (sql: Sql, f: Omit<FileRow, 'feedback_enc' | 'created_at'> & { feedback_enc: Buffer | null }) => {
    const old = await one<{ storage_key: string }>(sql, 'SELECT storage_key FROM onboarding_files WHERE contact_id = $1 AND run_id = $2 AND slot = $3 AND client_id = $4 FOR UPDATE',
      [f.contact_id, f.run_id, f.slot, f.client_id]);
    await sql.query(
      `INSERT INTO onboarding_files (id, contact_id, client_id, run_id, slot, storage_key, media_type, size_bytes, sha256, feedback_enc)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (contact_id, run_id, slot) DO UPDATE SET id = EXCLUDED.id, storage_key = EXCLUDED.storage_key, media_type = EXCLUDED.media_type,
         size_bytes = EXCLUDED.size_bytes, sha256 = EXCLUDED.sha256, feedback_enc = EXCLUDED.feedback_enc, created_at = now()`,
      [f.id, f.contact_id, f.client_id, f.run_id, f.slot, f.storage_key, f.media_type, f.size_bytes, f.sha256, f.feedback_enc]);
    return old?.storage_key;
  },

  /** Files of replaced requests (their keys, for deletion from the store). */
  staleFiles: (sql: Sql, limit: number) =>
    sql.query<{ id: string; storage_key: string }>(
      `SELECT f.id, f.storage_key FROM onboarding_files f JOIN onboarding_reports r ON r.contact_id = f.contact_id
        WHERE f.run_id <> r.run_id ORDER BY f.created_at LIMIT $1`, [limit]),

  deleteFiles: (sql: Sql, ids: string[]) => sql.query('DELETE FROM onboarding_files WHERE id = ANY($1::text[])', [ids]),
};

/**
 * Reads for other modules (the console, accounts), through onboarding's index: the tables stay this module's.
 */
export const onboardingReads = {
  get: onboardingRepo.get,

  /** Spec rule 3: an account is complete when none of its contacts has a request still waiting for them or for processing. */
  outstandingRequests: async (sql: Sql, clientId: string, accountId: string) =>
    (await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM onboarding_reports WHERE client_id = $1 AND account_id = $2 AND status IN ('INITIAL', 'IN_PROGRESS')`,
      [clientId, accountId]))[0]!.n,

  /** The files of the report's current run. */
  currentFiles: (sql: Sql, clientId: string, accountId: string, contactId: string) =>
    sql.query<Pick<FileRow, 'id' | 'slot' | 'media_type' | 'size_bytes' | 'storage_key' | 'created_at'>>(
      `SELECT f.id, f.slot, f.media_type, f.size_bytes, f.storage_key, f.created_at FROM onboarding_files f
         JOIN onboarding_reports r ON r.contact_id = f.contact_id AND r.run_id = f.run_id
        WHERE r.client_id = $1 AND r.account_id = $2 AND r.contact_id = $3 ORDER BY f.slot`, [clientId, accountId, contactId]),

  /** One frame of a liveness capture session of the contact's current request (the console shows it). */
  livenessFrame: (sql: Sql, clientId: string, accountId: string, contactId: string, sessionId: string, seq: number) =>
    one<{ storage_key: string; step: number }>(sql,
      `SELECT f.storage_key, f.step FROM liveness_frames f
         JOIN liveness_sessions s ON s.id = f.session_id AND s.client_id = f.client_id
         JOIN onboarding_reports r ON r.contact_id = s.contact_id AND r.run_id = s.run_id AND r.client_id = s.client_id
        WHERE r.client_id = $1 AND r.account_id = $2 AND r.contact_id = $3 AND s.id = $4 AND f.seq = $5`, [clientId, accountId, contactId, sessionId, seq]),

  /** The console's queue: the newest reports, optionally only those waiting for a person. */
  reportRefs: (sql: Sql, clientId: string, opts: { needsReview?: boolean; limit: number }) =>
    sql.query<OnboardingReportRef>(
      `SELECT 'ONBOARDING' AS kind, account_id, contact_id, status, needs_review, COALESCE(document_decision, '-') || ' / face ' || COALESCE(face_match_decision, '-') AS summary, updated_at
         FROM onboarding_reports WHERE client_id = $1 AND ($2::boolean IS NULL OR needs_review = $2) ORDER BY updated_at DESC LIMIT $3`,
      [clientId, opts.needsReview ?? null, opts.limit]),

  reportRefsOfAccount: (sql: Sql, clientId: string, accountId: string) =>
    sql.query<OnboardingReportRef>(
      `SELECT 'ONBOARDING' AS kind, account_id, contact_id, status, needs_review, document_decision AS summary, updated_at
         FROM onboarding_reports WHERE client_id = $1 AND account_id = $2`, [clientId, accountId]),

  accountsNeedingReview: async (sql: Sql, clientId: string) =>
    (await sql.query<{ account_id: string }>('SELECT DISTINCT account_id FROM onboarding_reports WHERE client_id = $1 AND needs_review', [clientId]))
      .map((r) => r.account_id),
};

/** An onboarding report in the console's lists. */
export interface OnboardingReportRef {
  kind: 'ONBOARDING';
  account_id: string;
  contact_id: string;
  status: string;
  needs_review: boolean;
  summary: string | null;
  updated_at: Date;
}
