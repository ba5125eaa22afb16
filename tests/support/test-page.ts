import { type Browser, chromium, type Page } from 'playwright-core';
import { findBrowser } from '../../scripts/lib/system-tools';
import { CHROMIUM_FLAGS } from './browser';
import { bundleForBrowser, serveTestPage, type TestPageServer } from './test-page-server';

/** A test page served on localhost and open in headless Chromium. */
export interface OpenTestPage {
  readonly browser: Browser;
  readonly server: TestPageServer;
  readonly page: Page;
  close(): Promise<void>;
}

/**
 * Serves the page of `entry` with each of `workers` (served path → TypeScript entry) bundled beside it, opens it in
 * headless Chromium and waits until `ready` holds in the page. Whatever was started is stopped if that fails.
 */
export async function openTestPage(
  entry: string,
  workers: Readonly<Record<string, string>>,
  ready: () => boolean,
): Promise<OpenTestPage> {
  const files: Record<string, { body: string; type: string }> = {};
  for (const [path, workerEntry] of Object.entries(workers)) {
    files[path] = { body: await bundleForBrowser(workerEntry), type: 'text/javascript' };
  }
  const server = await serveTestPage(entry, files);
  let browser: Browser | undefined;
  try {
    const executablePath = findBrowser();
    if (!executablePath) throw new Error('No Chromium found: install chromium or set CHROME_PATH.');
    browser = await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_FLAGS] });
    const page = await browser.newPage();
    await page.goto(server.url());
    await page.waitForFunction(ready);
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
