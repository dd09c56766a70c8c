import { defineConfig } from 'vitest/config';

// Browser tests (Debian's Chromium through playwright-core): run with `npm run test:browser`.
export default defineConfig({
  test: { name: 'browser', include: ['test/browser/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 120_000, pool: 'forks', maxWorkers: 1, fileParallelism: false, env: { SCREENING_SOURCES: 'none' } },
});
