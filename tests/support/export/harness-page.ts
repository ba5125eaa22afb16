import { type OpenTestPage, openTestPage } from '../test-page';

/** The export harness (export-harness.ts), served with the real export worker and open in headless Chromium. */
export type ExportHarnessPage = OpenTestPage;

/** Serves the export harness with the export worker bundled, and opens it once it says it is ready. */
export function openExportHarness(): Promise<ExportHarnessPage> {
  return openTestPage(
    'tests/support/export/export-harness.ts',
    { '/export-worker.js': 'site/src/export/export-worker.ts' },
    () => (globalThis as { harnessReady?: boolean }).harnessReady === true,
  );
}
