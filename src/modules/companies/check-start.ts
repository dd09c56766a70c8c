/**
 * Starting a company check: the report row in INITIAL, REPORT_INITIATED, and the job, in the caller's
 * transaction. Built before the accounts module (service.ts), which calls `onAccountCreated` in the transaction
 * that creates an account (a COMPANY account with a UK registration number is checked as soon as it exists) and
 * `onCompanyDetailsChanged` in a PATCH's that changes its number or type (checked again).
 */
import type { Sql } from '../../platform/db/db.ts';
import { newId } from '../../platform/crypto/ids.ts';
import type { DomainEvent, EventRecorder } from '../../platform/events.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { companiesRepo, type CompanyReportRow } from './companies.repo.ts';
import { normaliseCompanyNumber } from './domain/company-number.ts';

export const COMPANY_CHECK_JOB = 'company-check';

export interface CompanyCheckJob {
  clientId: string;
  accountId: string;
  runId: string;
}

export const companyReportId = (accountId: string) => `${accountId}--company`;

/** A company check's event; `reasons`: codes without personal data (monitoring's change codes on ENTITY_UPDATED). */
export function companyEvent(events: EventRecorder, tx: Sql, row: CompanyReportRow, name: DomainEvent['event'], reasons?: string[]) {
  return events.record(tx, {
    clientId: row.client_id, event: name, entity: 'ACCOUNT', reportType: 'COMPANY', accountId: row.account_id, reportId: companyReportId(row.account_id), revision: String(row.revision),
    ...(reasons?.length ? { reasons } : {}),
  });
}

export function createCheckStarter(deps: { events: EventRecorder; jobs: Jobs; now: () => Date; configured: boolean }) {
  async function startRun(tx: Sql, clientId: string, accountId: string, companyNumber: string): Promise<CompanyReportRow> {
    const runId = newId('run');
    const row = await companiesRepo.startRun(tx, clientId, { accountId, runId, companyNumber, requestedAt: deps.now() });
    if (!row) throw notFound();
    await companyEvent(deps.events, tx, row, 'REPORT_INITIATED');
    await deps.jobs.send(COMPANY_CHECK_JOB, { clientId, accountId, runId } satisfies CompanyCheckJob, { tx, singletonKey: runId });
    return row;
  }
  return {
    startRun,
    /** The accounts module's creation hook: a check when the account is a COMPANY with a UK number and a source is configured. */
    async onAccountCreated(tx: Sql, account: { clientId: string; accountId: string; type: string; regNumber: string }): Promise<void> {
      if (!deps.configured || account.type !== 'COMPANY') return;
      const number = normaliseCompanyNumber(account.regNumber);
      if (number) await startRun(tx, account.clientId, account.accountId, number);
    },
    /**
     * The accounts module's PATCH hook (`reg_number` or type changed): a COMPANY account whose number now names
     * another company than its report's (or that has no report yet) is checked again. The same company written
     * another way (`9876543` for `09876543`) starts nothing; a number removed or malformed leaves the last report
     * as it is (a PUT answers 422 for it).
     */
    async onCompanyDetailsChanged(tx: Sql, account: { clientId: string; accountId: string; type: string; regNumber: string }): Promise<void> {
      if (!deps.configured || account.type !== 'COMPANY') return;
      const number = normaliseCompanyNumber(account.regNumber);
      if (!number) return;
      const current = await companiesRepo.get(tx, account.clientId, account.accountId, true);
      if (current?.company_number === number) return;
      await startRun(tx, account.clientId, account.accountId, number);
    },
  };
}

export type CheckStarter = ReturnType<typeof createCheckStarter>;
