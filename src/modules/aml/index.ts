export { createAmlService, type AmlService } from './aml.service.ts';
export { registerAmlRoutes } from './aml.routes.ts';
export { AmlReviewBody, type AmlReviewInput } from './aml.schemas.ts';
export { defineAmlQueues, startAmlWorkers, AML_RESCREEN_JOB } from './aml.jobs.ts';
export { amlReads, type AmlReportRef } from './aml.repo.ts';
