export { createAmlService, type AmlService } from './aml.service.ts';
export { registerAmlRoutes } from './aml.routes.ts';
export { defineAmlQueues, startAmlWorkers, AML_RESCREEN_JOB } from './aml.jobs.ts';
