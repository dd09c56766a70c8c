import { one, type Sql } from '../../platform/db/db.ts';

export interface ReportRef {
  kind: 'AML' | 'ONBOARDING';
  account_id: string;
  contact_id: string;
  status: string;
  needs_review: boolean;
  summary: string | null;
  updated_at: Date;
}

export interface ConsoleSettingsRow {
  client_id: string;
  firm_name: string | null;
  brand_colour: string | null;
  logo_url: string | null;
  second_review_for_alert: boolean;
  revision: number;
}

/**
 * The console's own queries. The report tables' clear columns (status, needs_review, decisions) exist for the
 * queues and this console to filter on (see their migrations); the reports themselves are read through their
 * services, which decrypt them.
 */
export const consoleRepo = {
  reports: (sql: Sql, clientId: string, opts: { needsReview?: boolean; limit: number }) =>
    sql.query<ReportRef>(
      `SELECT * FROM (
         SELECT 'AML' AS kind, account_id, contact_id, status, needs_review, decision || ' / PEP ' || COALESCE(pep_matches, '-') || ' / sanctions ' || COALESCE(sanctions_matches, '-') AS summary, updated_at
           FROM aml_reports WHERE client_id = $1 AND ($2::boolean IS NULL OR needs_review = $2)
         UNION ALL
         SELECT 'ONBOARDING', account_id, contact_id, status, needs_review, COALESCE(document_decision, '-') || ' / face ' || COALESCE(face_match_decision, '-'), updated_at
           FROM onboarding_reports WHERE client_id = $1 AND ($2::boolean IS NULL OR needs_review = $2)
       ) r ORDER BY updated_at DESC LIMIT $3`,
      [clientId, opts.needsReview ?? null, opts.limit]),

  reportsOfAccount: (sql: Sql, clientId: string, accountId: string) =>
    sql.query<ReportRef>(
      `SELECT 'AML' AS kind, account_id, contact_id, status, needs_review, decision AS summary, updated_at FROM aml_reports WHERE client_id = $1 AND account_id = $2
       UNION ALL
       SELECT 'ONBOARDING', account_id, contact_id, status, needs_review, document_decision, updated_at FROM onboarding_reports WHERE client_id = $1 AND account_id = $2`,
      [clientId, accountId]),

  /** Accounts with a report waiting for a person (the "needs review" filter). */
  accountsNeedingReview: async (sql: Sql, clientId: string) =>
    new Set((await sql.query<{ account_id: string }>(
      'SELECT account_id FROM aml_reports WHERE client_id = $1 AND needs_review UNION SELECT account_id FROM onboarding_reports WHERE client_id = $1 AND needs_review',
      [clientId])).map((r) => r.account_id)),

  settings: (sql: Sql, clientId: string) => one<ConsoleSettingsRow>(sql, 'SELECT * FROM console_settings WHERE client_id = $1', [clientId]),

  saveSettings: (sql: Sql, clientId: string, s: { firm_name: string | null; brand_colour: string | null; logo_url: string | null; second_review_for_alert: boolean }) =>
    one<ConsoleSettingsRow>(sql,
      `INSERT INTO console_settings (client_id, firm_name, brand_colour, logo_url, second_review_for_alert) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (client_id) DO UPDATE SET firm_name = EXCLUDED.firm_name, brand_colour = EXCLUDED.brand_colour, logo_url = EXCLUDED.logo_url,
         second_review_for_alert = EXCLUDED.second_review_for_alert, revision = console_settings.revision + 1, updated_at = now()
       RETURNING *`, [clientId, s.firm_name, s.brand_colour, s.logo_url, s.second_review_for_alert]),
};
