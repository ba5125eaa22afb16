import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'scripts/**/*.test.ts', 'site/**/*.test.ts', 'extension/**/*.test.ts'],
          // Limits against a hang, not a speed check: on a loaded 2-core machine starting an embedded PostgreSQL
          // (PGlite) or a real cluster took over a minute.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          // Golden images render shared/ code in a plain page: they need no built extension or site.
          exclude: ['tests/browser/golden*.test.ts'],
          // The global setup builds the extension and the site in the background while the unit and golden tests
          // run (vitest runs them first); each browser test file waits for the builds in its setup file.
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/wait-for-test-builds.ts'],
          // Two cores: one browser at a time keeps timings honest.
          fileParallelism: false,
          // expect.poll waits on events, not on the clock: its 1 s default failed on a loaded machine where a page
          // took longer to answer. The limit only guards against a hang.
          expect: { poll: { timeout: 15_000 } },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'golden',
          environment: 'node',
          include: ['tests/browser/golden*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
