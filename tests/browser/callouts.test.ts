import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { writeSyntheticFiles } from '../fixtures/media/synthetic-files';
import { CHROMIUM_FLAGS, exportToDownloads } from '../support/browser';
import { chooseSetting } from '../support/editor-settings';
import { decodeFrame, type RgbFrame } from '../support/export-checks';

describe('text callouts in the editor', () => {
  let browser: Browser;
  let dir: string;
  let videoPath: string;
  let trackPath: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-callouts-'));
    browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
    ({ videoPath, trackPath } = await writeSyntheticFiles(browser, dir, {
      width: 640,
      height: 360,
      frameRate: 30,
      durationMs: 3000,
      container: 'webm',
      audio: false,
    }));
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('a title card added in the editor is kept, and the export shows it in its time range only', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await exportToDownloads(context);
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}/editor`);
    await page.getByTestId('open-files').setInputFiles([videoPath, trackPath]);
    await expect.poll(() => page.locator('[data-state=showing]').count()).toBe(1);
    // The video fills the frame: nothing around it.
    await chooseSetting(page, 'Background', 'Colour', 'No background');
    await chooseSetting(page, 'Window', 'Browser frame', 'No frame');

    // A new title goes at the start of the video wherever the playhead is (here 1 s in).
    await page.getByTestId('preview').click();
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => Number(await page.getByTestId('playhead').getAttribute('data-ms'))).toBe(1000);
    await page.getByRole('button', { name: 'Add text' }).click();
    await page.getByRole('menuitem', { name: 'Add title' }).click();
    await expect.poll(() => page.getByLabel('Title 1 from (s)').inputValue()).toBe('0.00');
    await expect.poll(() => page.getByLabel('Title 1 words').inputValue()).toBe('Your title');
    await page.getByLabel('Title 1 words').fill('Welcome');
    await page.getByLabel('Title 1 to (s)').fill('1');
    await page.getByLabel('Title 1 to (s)').press('Enter');
    await expect(page.getByLabel('Title 1 from (s)').inputValue()).resolves.toBe('0.00');
    // Kept with the edits.
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await page.reload();
    // Its block on the text lane selects it: its words and times are in the inspector.
    const block = page.getByTestId('callout-block');
    await expect.poll(() => block.count()).toBe(1);
    await block.getByRole('button').click();
    await expect.poll(() => page.getByLabel('Title 1 words').inputValue()).toBe('Welcome');
    await expect(page.getByLabel('Title 1 to (s)').inputValue()).resolves.toBe('1.00');

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: 'mp4' }).check();
    // The recording's own 640×360, pixel for pixel (nothing around it).
    await dialog
      .getByRole('radiogroup', { name: 'Size' })
      .getByLabel(/^Source size \(/)
      .check();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Export MP4' }).click();
    const path = join(dir, 'title.mp4');
    await (await download).saveAs(path);
    await expect.poll(() => dialog.getAttribute('data-export-state')).toBe('done');

    // At 0.5 s the title card shows; at 2 s it is gone.
    const during = decodeFrame(path, 15, 640, 360);
    const after = decodeFrame(path, 60, 640, 360);
    // Its box takes the look's accent (indigo, over a hidden background), which the video itself never shows: count
    // indigo pixels in the middle of the frame.
    const indigo = (frame: RgbFrame) =>
      Array.from({ length: 200 * 40 }, (_, i) => frame.pixel(220 + (i % 200), 160 + Math.floor(i / 200))).filter(
        ([r, g, b]) => b > 170 && r < 130 && g < 120,
      ).length;
    console.log(`indigo pixels in the middle: ${indigo(during)} with the title, ${indigo(after)} after`);
    expect(indigo(during)).toBeGreaterThan(1000);
    expect(indigo(after)).toBe(0);

    // Removed, it is gone from the edits.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Remove title 1' }).click();
    await expect.poll(() => page.getByLabel('Title 1 words').count()).toBe(0);
    await expect.poll(() => block.count()).toBe(0);
    await context.close();
  });
});
