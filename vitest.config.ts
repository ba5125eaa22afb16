import { defineConfig } from 'vitest/config';
import TestOrder from './tests/support/test-order';

// Two test files run at once, on two workers (the suite's budget is 15 minutes on 2 cores): the unit tests beside the
// builds, then the browser tests two by two. A file that measures time or memory, or changes what other files read,
// runs alone (tests/support/machine-share.ts).
const MACHINE_SHARE = 'tests/support/machine-share-setup.ts';

export default defineConfig({
  test: {
    maxWorkers: 2,
    globalSetup: ['tests/support/machine-share-dir.ts'],
    sequence: { sequencer: TestOrder },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'scripts/**/*.test.ts', 'site/**/*.test.ts', 'extension/**/*.test.ts'],
          setupFiles: [MACHINE_SHARE],
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
          // run (tests/support/test-order.ts hands them out first); each browser test file waits for the builds in
          // its setup file, then for its share of the machine.
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/wait-for-test-builds.ts', MACHINE_SHARE],
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
          setupFiles: [MACHINE_SHARE],
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
