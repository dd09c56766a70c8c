import type { Db } from '../../platform/db/db.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { importBulkFile } from './bulk.import.ts';
import { followStreams } from './stream-client.ts';
import { COMPANY_RETRY_LIMIT, type CompaniesService } from './companies.service.ts';
import { COMPANY_CHECK_JOB, type CompanyCheckJob } from './check-start.ts';

export const COMPANY_REFRESH_JOB = 'company-refresh';
export const COMPANY_BULK_IMPORT_JOB = 'company-bulk-import';

export function defineCompanyQueues(jobs: Jobs) {
  // A register that does not answer is asked again after 30 s, 60 s, 120 s, then the report ends in ERROR.
  jobs.define(COMPANY_CHECK_JOB, { retryLimit: COMPANY_RETRY_LIMIT, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 });
  jobs.define(COMPANY_REFRESH_JOB, { retryLimit: 1, expireInSeconds: 3600 });
  jobs.define(COMPANY_BULK_IMPORT_JOB, { retryLimit: 1, expireInSeconds: 6 * 3600 });
}

/**
 * Workers: the checks, monitoring on COMPANIES_HOUSE_REFRESH_CRON (and the streaming API when a stream key is
 * set), and the bulk import once at start (skipped when the files did not change). Returns what stops the streams.
 */
export async function startCompanyWorkers(jobs: Jobs, deps: { companies: CompaniesService; db: Db; refreshCron: string; bulkFiles: string[]; stream?: { key: string | undefined; url: string } }) {
  await jobs.work<CompanyCheckJob>(COMPANY_CHECK_JOB, (data, job) => deps.companies.runCheck(data, job), { batchSize: 2 });
  await jobs.work(COMPANY_REFRESH_JOB, async () => void (await deps.companies.refreshDue()));
  await jobs.work<{ files: string[] }>(COMPANY_BULK_IMPORT_JOB, async (data) => {
    for (const file of data.files) {
      const result = await importBulkFile(deps.db, file);
      if (!result.skipped) process.stderr.write(`companies house bulk import: ${result.kind} ${result.records} records from ${file}\n`);
    }
  });
  await jobs.schedule(COMPANY_REFRESH_JOB, deps.refreshCron);
  if (deps.bulkFiles.length) await jobs.send(COMPANY_BULK_IMPORT_JOB, { files: deps.bulkFiles }, { singletonKey: 'bulk-import' });
  const streams = deps.stream?.key && deps.companies.configured()
    ? followStreams({
      key: deps.stream.key, baseUrl: deps.stream.url, db: deps.db,
      onCompany: async (number) => void (await deps.companies.refreshCompany(number)),
      log: (message) => process.stderr.write(`${message}\n`),
    })
    : undefined;
  return { stop: async () => streams?.stop() };
}
