import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['test/**/*.test.ts'],
          // `*.postgres.test.ts`: PostgreSQL's own behaviour, run only in the PostgreSQL pass (never counted as skipped).
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DB === 'postgres' ? [] : ['test/**/*.postgres.test.ts']),
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: a few files at a time, each on its own database.
          maxWorkers: 3,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
