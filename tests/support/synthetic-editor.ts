// What the editor tests that open a synthetic recording share: a headless Chromium, the recording's two files (video
// and track) in a temp folder, and an editor page that opened them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import type { SyntheticRecordingOptions } from '../fixtures/builders/synthetic-recording';
import { type SyntheticFiles, writeSyntheticFiles } from '../fixtures/media/synthetic-files';
import { CHROMIUM_FLAGS } from './browser';

export interface SyntheticEditorSetup extends SyntheticFiles {
  readonly browser: Browser;
  /** The temp folder the files are in (removed by `close`). */
  readonly dir: string;
  /** A new context's /editor page at `viewport` with the recording opened and showing. */
  openEditor(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** Launches Chromium and writes a synthetic recording made with `options` into a temp folder named after `name`. */
export async function syntheticEditorSetup(
  name: string,
  options: SyntheticRecordingOptions,
): Promise<SyntheticEditorSetup> {
  const dir = await mkdtemp(join(tmpdir(), `clickreel-${name}-`));
  const browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
  const files = await writeSyntheticFiles(browser, dir, options);
  return {
    ...files,
    browser,
    dir,
    async openEditor(viewport) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(`${inject('siteUrl')}/editor`);
      await page.getByTestId('open-files').setInputFiles([files.videoPath, files.trackPath]);
      await expect
        .poll(() => page.locator('[data-state=showing]').getAttribute('data-recording-id'))
        .toBe(files.recording.id);
      return { context, page };
    },
    async close() {
      await browser.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
