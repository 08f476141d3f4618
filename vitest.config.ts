import { defineConfig } from 'vitest/config';

/**
 * The tests by what they test (docs/architecture.md): unit (one module), integration (whole builds and
 * commands on fixture sites), content (the portal's own content and its build) and e2e (the site in
 * Chromium). The three Node projects run first, side by side; then the browser tests, which need both
 * cores for themselves on CI. Two files at a time in each group: vitest's default on two cores is one
 * (cores - 1), which leaves a core idle while a test waits on a child build or a browser.
 *
 * The Node files share their worker's modules (`isolate: false`): each file evaluating unified, shiki,
 * zod, Ajv and the pipeline again cost 17 of the unit project's 42 s (import), and a build in a later
 * file starts with the highlighter and the ISO lists already loaded. The setup file still runs for every
 * file (its own temporary folder); no test mocks a module or leaves a global changed.
 */
const node = { setupFiles: ['test/helpers/private-tmp.ts'], testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 2, isolate: false, sequence: { groupOrder: 0 } };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], ...node } },
      { test: { name: 'integration', include: ['test/integration/**/*.test.ts'], ...node } },
      // Isolated: its highlighting check compares with a highlighter of its own making, which a module
      // state left by an engine test in the same worker (the shared highlighter's cached scanners) changed.
      { test: { name: 'content', include: ['test/content/**/*.test.ts'], ...node, isolate: true } },
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
          // The files of a worker in one process, one after another: with a fresh process per file, each
          // of the 15 files started a worker and imported Playwright and the CLI modules again, 3-10 s of
          // a core apiece between two files (the setup file still runs for each file: test/helpers/private-tmp.ts).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
