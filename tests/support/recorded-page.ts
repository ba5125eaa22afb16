// What the tests that record a page of their own with the real extension share: a browser with the extension whose
// exports go to downloads, the page served and opened in a tab ready to record (no countdown), and the stop that opens
// the recording in the editor and reads what the site stored.
import { writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { Recording } from '../../shared/recording/recording';
import { type ExtensionBrowser, exportToDownloads, launchWithExtension } from './browser';
import { openPages, readSiteRecording, setSettings, tabIdOf, timedCommand, waitForEditor } from './recording-harness';
import { serveTestPage, type TestPageServer } from './test-page-server';

export interface RecordablePage {
  readonly browser: ExtensionBrowser;
  readonly server: TestPageServer;
  /** The test page's tab, at the viewport asked for, in front. */
  readonly page: Page;
  readonly tabId: number;
  close(): Promise<void>;
}

/** Launches the built extension (exports to downloads) and opens the test page `entry` at `viewport`. */
export async function openRecordablePage(
  entry: string,
  viewport: { width: number; height: number },
): Promise<RecordablePage> {
  const browser = await launchWithExtension(inject('extensionDir'));
  await exportToDownloads(browser.context);
  const server = await serveTestPage(entry);
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(server.url('/'));
  const tabId = await tabIdOf(browser, page);
  await setSettings(browser, { countdown: false });
  return {
    browser,
    server,
    page,
    tabId,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** What a stop leaves: the editor the extension opened, showing the recording, and what the site stored. */
export interface StoppedRecording {
  readonly editor: Page;
  readonly recording: Recording;
  readonly video: Buffer;
}

/** Stops the recording of `tabId` (the toolbar button's toggle), waits for the editor it opens; `videoPath` gets the video. */
export async function stopIntoEditor(
  browser: ExtensionBrowser,
  tabId: number,
  videoPath: string,
): Promise<StoppedRecording> {
  const earlier = openPages(browser);
  expect((await timedCommand(browser, 'toggle', tabId)).phase).toBe('idle');
  const editor = await waitForEditor(browser, earlier);
  const id = (await editor.locator('[data-state=showing]').getAttribute('data-recording-id')) as string;
  const stored = await readSiteRecording(editor, id);
  await writeFile(videoPath, stored.video);
  return { editor, recording: stored.recording, video: stored.video };
}
