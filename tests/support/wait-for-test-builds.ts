// Before each browser test file: the run's extension and site are built in the background by the global setup
// (tests/support/global-setup.ts); wait until the site answers.
import { inject } from 'vitest';
import { waitForTestBuilds } from './test-builds';

await waitForTestBuilds(inject('buildDir'));
