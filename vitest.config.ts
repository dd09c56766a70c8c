import { defineConfig } from 'vitest/config';

// Two projects: everything on the embedded database (PGlite), and the database-facing tests again on a
// PostgreSQL server (TEST_DATABASE=postgres). scripts/test.sh runs both.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'pglite', include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'packages/*/test/**/*.test.ts'], exclude: ['test/browser/**', 'node_modules/**'] },
      },
      {
        extends: true,
        test: { name: 'postgres', include: ['test/http/**/*.test.ts', 'test/db/**/*.test.ts'], env: { TEST_DATABASE: 'postgres' } },
      },
    ],
  },
});
