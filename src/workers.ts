import type { Services } from './service.ts';
import { startAmlWorkers } from './modules/aml/index.ts';
import { startOnboardingWorkers } from './modules/onboarding/index.ts';
import { startPrivacyWorkers } from './modules/privacy/index.ts';
import { startCompanyWorkers } from './modules/companies/index.ts';

/**
 * Background work of one process: the webhook dispatcher (outbox fan-out and deliveries) and the job workers
 * of every module. `npm start` runs it beside the API; `kyc worker` runs only this (scale-out on PostgreSQL).
 */
export async function startWorkers(services: Services) {
  services.dispatcher.start();
  await services.jobs.start();
  await startOnboardingWorkers(services.jobs, services.onboarding);
  await startPrivacyWorkers(services.jobs, { retention: services.privacy.retention });
  await startAmlWorkers(services.jobs, { aml: services.aml, screening: services.screening, refreshCron: services.config.screeningRefreshCron });
  const companyWorkers = await startCompanyWorkers(services.jobs, {
    companies: services.companies, db: services.db, refreshCron: services.config.companiesHouse.refreshCron, bulkFiles: services.config.companiesHouse.bulkFiles,
    stream: { key: services.config.companiesHouse.streamKey, url: services.config.companiesHouse.streamUrl },
  });
  return {
    async stop() {
      await companyWorkers.stop();
      await services.dispatcher.stop();
      await services.jobs.stop();
    },
  };
}
