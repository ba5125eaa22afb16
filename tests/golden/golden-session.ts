import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { findBrowser } from '../../scripts/lib/system-tools';
import { CHROMIUM_FLAGS } from '../support/browser';
import { bundleForBrowser, serveTestPage, type TestPageServer } from '../support/test-page-server';

/** Reference images, committed so a reviewer can look at them. `npm run golden:update -- <case>` rewrites them. */
export const GOLDEN_DIR = resolve('tests/golden/references');

/** The golden page open in headless Chromium (see golden-page.ts for what it can do). */
export interface GoldenSession {
  readonly page: Page;
  close(): Promise<void>;
}

/** Serves the golden page and its worker, and opens it in Chromium. */
export async function openGoldenPage(): Promise<GoldenSession> {
  const worker = await bundleForBrowser(resolve('tests/golden/golden-worker.ts'));
  const server: TestPageServer = await serveTestPage(resolve('tests/golden/golden-page.ts'), {
    '/golden-worker.js': { body: worker, type: 'text/javascript' },
  });
  let browser: Browser | undefined;
  try {
    const executablePath = findBrowser();
    if (!executablePath) throw new Error('No Chromium found: install chromium or set CHROME_PATH.');
    browser = await chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS] });
    const page = await browser.newPage();
    await page.goto(server.url());
    await page.waitForFunction(() => typeof globalThis.compareGoldens === 'function');
    const opened = browser;
    return {
      page,
      close: async () => {
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

/** The reference PNGs on disk, base64 by file name (without `.png`). */
export async function readReferences(): Promise<Record<string, string>> {
  const references: Record<string, string> = {};
  for (const file of (await readdir(GOLDEN_DIR)).filter((f) => f.endsWith('.png'))) {
    references[file.replace(/\.png$/, '')] = (await readFile(join(GOLDEN_DIR, file))).toString('base64');
  }
  return references;
}
