import { defineConfig } from 'vitest/config';

// Browser tests (Debian's Chromium through playwright-core): run with `npm run test:browser`.
// One retry: a real Chromium on a shared 2-core machine now and then stops answering (CI once lost a whole run
// to one hung key event); a test that fails twice is a failure, and a retried test shows in the report.
// expect.poll waits 10 s for a page to show what it should (vitest's default is 1 s: a page that calls the API
// and renders can take longer than that on a loaded machine).
export default defineConfig({
  test: {
    name: 'browser', retry: 1, include: ['test/browser/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 120_000, pool: 'forks', maxWorkers: 1, fileParallelism: false, env: { SCREENING_SOURCES: 'none' },
    expect: { poll: { timeout: 10_000 } },
  },
});
