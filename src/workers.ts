import type { Services } from './service.ts';

/** Background work of one process: job workers and the outbox dispatcher. `kyc worker` runs only this. */
export async function startWorkers(_services: Services) {
  return {
    async stop() {},
  };
}
