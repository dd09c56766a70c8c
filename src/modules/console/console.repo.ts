import { one, type Sql } from '../../platform/db/db.ts';
import { amlReads, type AmlReportRef } from '../aml/index.ts';
import { onboardingReads, type OnboardingReportRef } from '../onboarding/index.ts';

/** A report in the console's lists: each module reads its own table (aml_reports, onboarding_reports). */
export type ReportRef = AmlReportRef | OnboardingReportRef;

const newestFirst = (a: ReportRef, b: ReportRef) => b.updated_at.getTime() - a.updated_at.getTime();

export interface ConsoleSettingsRow {
  client_id: string;
  firm_name: string | null;
  brand_colour: string | null;
  logo_url: string | null;
  second_review_for_alert: boolean;
  revision: number;
}

/**
 * The console's own table (console_settings), and its lists over the report tables, read through the modules
 * that own them. The reports themselves are read through their services, which decrypt them.
 */
export const consoleRepo = {
  reports: async (sql: Sql, clientId: string, opts: { needsReview?: boolean; limit: number }): Promise<ReportRef[]> => {
    const [aml, onboarding] = await Promise.all([amlReads.reportRefs(sql, clientId, opts), onboardingReads.reportRefs(sql, clientId, opts)]);
    return [...aml, ...onboarding].sort(newestFirst).slice(0, opts.limit);
  },

  reportsOfAccount: async (sql: Sql, clientId: string, accountId: string): Promise<ReportRef[]> => [
    ...(await amlReads.reportRefsOfAccount(sql, clientId, accountId)),
    ...(await onboardingReads.reportRefsOfAccount(sql, clientId, accountId)),
  ],

  /** Accounts with a report waiting for a person (the "needs review" filter). */
  accountsNeedingReview: async (sql: Sql, clientId: string) =>
    new Set([...(await amlReads.accountsNeedingReview(sql, clientId)), ...(await onboardingReads.accountsNeedingReview(sql, clientId))]),

  settings: (sql: Sql, clientId: string) => one<ConsoleSettingsRow>(sql, 'SELECT * FROM console_settings WHERE client_id = $1', [clientId]),

  saveSettings: (sql: Sql, clientId: string, s: { firm_name: string | null; brand_colour: string | null; logo_url: string | null; second_review_for_alert: boolean }) =>
    one<ConsoleSettingsRow>(sql,
      `INSERT INTO console_settings (client_id, firm_name, brand_colour, logo_url, second_review_for_alert) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (client_id) DO UPDATE SET firm_name = EXCLUDED.firm_name, brand_colour = EXCLUDED.brand_colour, logo_url = EXCLUDED.logo_url,
         second_review_for_alert = EXCLUDED.second_review_for_alert, revision = console_settings.revision + 1, updated_at = now()
       RETURNING *`, [clientId, s.firm_name, s.brand_colour, s.logo_url, s.second_review_for_alert]),
};
