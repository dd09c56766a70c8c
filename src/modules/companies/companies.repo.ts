import { one, type Sql } from '../../platform/db/db.ts';
import type { ChCompanyProfile, ChPsc } from './domain/register.ts';

export interface CompanyReportRow {
  account_id: string;
  client_id: string;
  status: 'INITIAL' | 'READY' | 'ERROR';
  revision: number;
  run_id: string;
  company_number: string;
  source: string | null;
  decision: string | null;
  needs_review: boolean;
  data_enc: Uint8Array | null;
  monitored: boolean;
  error: string | null;
  requested_at: Date;
  refreshed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface CompanyPersonRow {
  contact_id: string;
  client_id: string;
  account_id: string;
  person_id: string;
  kind: 'OFFICER' | 'PSC';
  role: string;
  source_enc: Uint8Array;
  created_at: Date;
}

/** SQL for company checks; every tenant query takes `clientId` first. */
export const companiesRepo = {
  get: (sql: Sql, clientId: string, accountId: string, forUpdate = false) =>
    one<CompanyReportRow>(sql, `SELECT * FROM company_reports WHERE client_id = $1 AND account_id = $2${forUpdate ? ' FOR UPDATE' : ''}`, [clientId, accountId]),

  /** A new check: a new run id, status INITIAL, the previous result kept until the run replaces it. */
  startRun: (sql: Sql, clientId: string, row: { accountId: string; runId: string; companyNumber: string; requestedAt: Date }) =>
    one<CompanyReportRow>(sql,
      `INSERT INTO company_reports (account_id, client_id, status, run_id, company_number, requested_at)
       VALUES ($1, $2, 'INITIAL', $3, $4, $5)
       ON CONFLICT (account_id) DO UPDATE SET status = 'INITIAL', run_id = EXCLUDED.run_id, company_number = EXCLUDED.company_number,
         requested_at = EXCLUDED.requested_at, error = NULL, revision = company_reports.revision + 1, updated_at = now()
       WHERE company_reports.client_id = EXCLUDED.client_id
       RETURNING *`,
      [row.accountId, clientId, row.runId, row.companyNumber, row.requestedAt]) as Promise<CompanyReportRow | undefined>,

  /** Writes a finished run, only while it is still the current one (a job that runs twice changes nothing the second time). */
  finishRun: (sql: Sql, clientId: string, accountId: string, runId: string, result: {
    status: 'READY' | 'ERROR'; source: string | null; decision: string | null; needsReview: boolean; dataEnc: Buffer | null; error: string | null; at: Date;
  }) =>
    one<CompanyReportRow>(sql,
      `UPDATE company_reports SET status = $4, source = COALESCE($5, source), decision = COALESCE($6, decision),
              needs_review = CASE WHEN $4 = 'READY' THEN $7 ELSE needs_review END, data_enc = COALESCE($8, data_enc), error = $9,
              refreshed_at = CASE WHEN $4 = 'READY' THEN $10 ELSE refreshed_at END, revision = revision + 1, updated_at = now()
        WHERE client_id = $1 AND account_id = $2 AND run_id = $3 AND status = 'INITIAL' RETURNING *`,
      [clientId, accountId, runId, result.status, result.source, result.decision, result.needsReview, result.dataEnc, result.error, result.at]),

  /** Monitoring wrote a refreshed result over a READY report (no new run: the report stays readable throughout). */
  saveRefresh: (sql: Sql, clientId: string, accountId: string, expectedRevision: number, change: { decision: string; needsReview: boolean; dataEnc: Buffer; at: Date }) =>
    one<CompanyReportRow>(sql,
      `UPDATE company_reports SET decision = $4, needs_review = $5, data_enc = $6, refreshed_at = $7, revision = revision + 1, updated_at = now()
        WHERE client_id = $1 AND account_id = $2 AND revision = $3 RETURNING *`,
      [clientId, accountId, expectedRevision, change.decision, change.needsReview, change.dataEnc, change.at]),

  /** Monitored READY reports last refreshed before `before`, oldest first (all clients: a system job). */
  dueForRefresh: (sql: Sql, before: Date, limit: number) =>
    sql.query<CompanyReportRow>(
      `SELECT * FROM company_reports WHERE monitored AND status = 'READY' AND (refreshed_at IS NULL OR refreshed_at < $1)
        ORDER BY refreshed_at NULLS FIRST LIMIT $2`, [before, limit]),

  /** Monitored READY reports of one company, every client's (the streaming API names a company, not a client). */
  monitoredOf: (sql: Sql, companyNumber: string) =>
    sql.query<CompanyReportRow>(`SELECT * FROM company_reports WHERE monitored AND status = 'READY' AND company_number = $1`, [companyNumber]),

  people: (sql: Sql, clientId: string, accountId: string) =>
    sql.query<CompanyPersonRow>('SELECT * FROM company_people WHERE client_id = $1 AND account_id = $2', [clientId, accountId]),

  personOfContact: (sql: Sql, clientId: string, contactId: string) =>
    one<CompanyPersonRow>(sql, 'SELECT * FROM company_people WHERE client_id = $1 AND contact_id = $2 ORDER BY created_at, person_id LIMIT 1', [clientId, contactId]),

  addPerson: (sql: Sql, clientId: string, row: Omit<CompanyPersonRow, 'client_id' | 'created_at' | 'source_enc'> & { sourceEnc: Buffer }) =>
    sql.query(
      `INSERT INTO company_people (contact_id, client_id, account_id, person_id, kind, role, source_enc) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [row.contact_id, clientId, row.account_id, row.person_id, row.kind, row.role, row.sourceEnc]),
};

/** The imported bulk products (public register, no tenant). */
export const registerRepo = {
  profile: (sql: Sql, number: string) =>
    one<{ profile: ChCompanyProfile }>(sql, 'SELECT profile FROM companies_register WHERE company_number = $1', [number]),

  pscs: async (sql: Sql, number: string) =>
    (await sql.query<{ psc: ChPsc }>('SELECT psc FROM companies_register_pscs WHERE company_number = $1 ORDER BY psc_id', [number])).map((r) => r.psc),

  upsertProfiles: (sql: Sql, rows: Array<{ number: string; profile: ChCompanyProfile }>) =>
    sql.query(
      `INSERT INTO companies_register (company_number, profile)
       SELECT n, p::jsonb FROM unnest($1::text[], $2::text[]) AS t(n, p)
       ON CONFLICT (company_number) DO UPDATE SET profile = EXCLUDED.profile, imported_at = now()`,
      [rows.map((r) => r.number), rows.map((r) => JSON.stringify(r.profile))]),

  upsertPscs: (sql: Sql, rows: Array<{ number: string; id: string; psc: ChPsc }>) =>
    sql.query(
      `INSERT INTO companies_register_pscs (company_number, psc_id, psc)
       SELECT n, i, p::jsonb FROM unnest($1::text[], $2::text[], $3::text[]) AS t(n, i, p)
       ON CONFLICT (company_number, psc_id) DO UPDATE SET psc = EXCLUDED.psc`,
      [rows.map((r) => r.number), rows.map((r) => r.id), rows.map((r) => JSON.stringify(r.psc))]),

  importOf: (sql: Sql, file: string) =>
    one<{ size: string; mtime_ms: string }>(sql, 'SELECT size, mtime_ms FROM companies_register_imports WHERE file = $1', [file]),

  recordImport: (sql: Sql, file: string, size: number, mtimeMs: number, records: number) =>
    sql.query(
      `INSERT INTO companies_register_imports (file, size, mtime_ms, records) VALUES ($1, $2, $3, $4)
       ON CONFLICT (file) DO UPDATE SET size = EXCLUDED.size, mtime_ms = EXCLUDED.mtime_ms, records = EXCLUDED.records, imported_at = now()`,
      [file, size, Math.floor(mtimeMs), records]),
};
