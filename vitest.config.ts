import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/e2e/**', 'node_modules/**'],
          setupFiles: ['test/helpers/private-tmp.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Unit tests first, then the browser tests: two cores are not enough for both at once.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          setupFiles: ['test/helpers/private-tmp.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // One browser per file; two cores on CI.
          maxWorkers: 2,
          fileParallelism: true,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
