/** The companies module (company verification, KYB, against Companies House): its front door. */
export { createCompaniesService, type CompaniesService } from './companies.service.ts';
export type { CompaniesHouseIdentity } from './domain/identity.ts';
export { registerCompanyRoutes } from './companies.routes.ts';
export { defineCompanyQueues, startCompanyWorkers, COMPANY_REFRESH_JOB } from './companies.jobs.ts';
export { createChClient, RegisterUnavailableError } from './ch-client.ts';
export { createBulkSource, importBulkFile } from './bulk.import.ts';
export type { RegisterSource } from './domain/register.ts';
export { normaliseCompanyNumber } from './domain/company-number.ts';
export { createCheckStarter, type CheckStarter } from './check-start.ts';
export { companiesSource } from './sources.ts';
export { followStreams, followOnce, STREAMS, STREAM_LEASE } from './stream-client.ts';
