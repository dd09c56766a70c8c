import { defineConfig } from 'vitest/config';

// Two projects: everything on the embedded database (PGlite), and the database-facing tests again on a
// PostgreSQL server (TEST_DATABASE=postgres). scripts/test.sh runs both.
export default defineConfig({
  test: {
    // Generous: the engines' tests load models, and a shared 2-core machine can be slow; none asserts on time.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // No test downloads the official sanctions lists (ADR 0099): every process a test starts inherits this.
    env: { SCREENING_SOURCES: 'none' },
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'pglite', include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/test/**/*.test.ts'], exclude: ['test/browser/**', 'node_modules/**'] },
      },
      {
        extends: true,
        test: { name: 'postgres', include: ['test/http/**/*.test.ts', 'test/db/**/*.test.ts', 'test/fault/**/*.test.ts', 'test/fuzz/openapi.fuzz.test.ts'], env: { TEST_DATABASE: 'postgres', SCREENING_SOURCES: 'none' } },
      },
    ],
  },
});
