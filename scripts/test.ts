import { readFileSync, rmSync } from 'node:fs';
import { bin, run } from './lib/processes';
import { ensureTestTools } from './lib/system-tools';

// npm test: every check, in the order a failure is cheapest to find.
const REPORT = 'dist/test-report.json';
const steps: Array<[string, () => boolean]> = [
  ['lint and format (biome)', () => run(bin('biome'), ['check', '.'])],
  [
    'typecheck (tsc)',
    () => run(bin('wxt'), ['prepare']) && run(bin('astro'), ['sync']) && run(bin('tsc'), ['--noEmit']),
  ],
  // An export nothing imports, or a file nothing reaches (knip.json names the entry points), is dead code.
  ['unused exports and files (knip)', () => run(bin('knip'), ['--no-progress'])],
  ['browser, ffmpeg, PostgreSQL, Xvfb, xdotool and unzip present', () => ensureTestTools()],
  [
    'unit and browser tests (vitest)',
    () =>
      run(
        bin('vitest'),
        [
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${REPORT}`,
          // Where the time goes, file by file (the suite's budget is 15 minutes on 2 cores): dist/test-timings.json.
          '--reporter=./tests/support/timing-reporter.ts',
        ],
        {
          ...process.env,
          ASTRO_TELEMETRY_DISABLED: '1',
        },
      ),
  ],
];

rmSync(REPORT, { force: true });
let failed: string | undefined;
for (const [name, step] of steps) {
  console.log(`\n=== ${name}`);
  if (!step()) {
    failed = name;
    break;
  }
}

// One plain closing line, readable by any CI: the test counts from vitest's report.
let passed = 0;
let failedTests = 0;
try {
  const report = JSON.parse(readFileSync(REPORT, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed = report.numPassedTests;
  failedTests = report.numFailedTests;
} catch {
  // No report: a step before the tests failed.
}
if (failed) console.error(`\nnpm test failed at: ${failed}`);
console.log(`\n${passed} passed, ${failedTests + (failed && failedTests === 0 ? 1 : 0)} failed`);
process.exit(failed ? 1 : 0);
