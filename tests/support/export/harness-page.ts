import { type Browser, chromium, type Page } from 'playwright-core';
import { findBrowser } from '../../../scripts/lib/system-tools';
import { CHROMIUM_FLAGS } from '../browser';
import { bundleForBrowser, serveTestPage, type TestPageServer } from '../test-page-server';

/** The export harness (export-harness.ts), served with the real export worker and open in headless Chromium. */
export interface ExportHarnessPage {
  readonly browser: Browser;
  readonly server: TestPageServer;
  /** The harness page, ready: its functions are on `globalThis` (ExportHarness). */
  readonly page: Page;
  close(): Promise<void>;
}

/** Serves the export harness with the export worker bundled, and opens it once it says it is ready. */
export async function openExportHarness(): Promise<ExportHarnessPage> {
  const server = await serveTestPage('tests/support/export/export-harness.ts', {
    '/export-worker.js': {
      body: await bundleForBrowser('site/src/export/export-worker.ts'),
      type: 'text/javascript',
    },
  });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
    const page = await browser.newPage();
    await page.goto(server.url());
    await page.waitForFunction(() => (globalThis as { harnessReady?: boolean }).harnessReady === true);
    const opened = browser;
    return {
      browser: opened,
      server,
      page,
      async close() {
        await opened.close();
        await server.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    throw error;
  }
}
