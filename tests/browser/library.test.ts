import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { writeSyntheticFiles } from '../fixtures/media/synthetic-files';
import { CHROMIUM_FLAGS } from '../support/browser';

describe('the recordings library', () => {
  let browser: Browser;
  let dir: string;
  let trackedVideo: string;
  let track: string;
  let aloneVideo: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-library-'));
    browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
    const made = await writeSyntheticFiles(browser, dir, {
      width: 640,
      height: 360,
      frameRate: 30,
      durationMs: 3000,
      container: 'webm',
      audio: false,
    });
    trackedVideo = made.videoPath;
    track = made.trackPath;
    aloneVideo = join(dir, 'Product demo.webm');
    await copyFile(trackedVideo, aloneVideo);
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('recordings are listed, renamed and deleted; the editor reopens one with its edits after a reload; both work offline', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    const site = inject('siteUrl');
    await page.goto(`${site}/editor`);
    const open = page.getByTestId('open-files');
    await open.setInputFiles([trackedVideo, track]);
    await expect.poll(() => page.locator('[data-state=showing]').count()).toBe(1);
    await open.setInputFiles([aloneVideo]);
    await expect.poll(() => page.locator('.editor-title').textContent()).toBe('Product demo');

    await page.goto(`${site}/recordings`);
    const cards = page.locator('.recording-card');
    await expect.poll(() => cards.count()).toBe(2);
    await expect(page.locator('.recording-name').allTextContents()).resolves.toEqual(
      expect.arrayContaining(['Synthetic marker recording', 'Product demo']),
    );
    const demoId = await cards.filter({ hasText: 'Product demo' }).getAttribute('data-recording-id');
    const demo = page.locator(`.recording-card[data-recording-id="${demoId}"]`);
    await expect(demo.getByTestId('duration').textContent()).resolves.toBe('0:03');
    await expect(demo.getByTestId('size').textContent()).resolves.toMatch(/\d+(\.\d)? (KB|MB)/);
    await expect(page.getByTestId('storage').textContent()).resolves.toMatch(/used of .* this browser allows/);
    await expect.poll(() => demo.locator('img').count(), { timeout: 15_000 }).toBe(1);

    await demo.getByRole('button', { name: 'Rename' }).click();
    await demo.getByLabel('New name').fill('Pricing walkthrough');
    await demo.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => demo.locator('.recording-name').textContent()).toBe('Pricing walkthrough');
    await page.reload();
    await expect.poll(() => page.locator('.recording-name').allTextContents()).toContain('Pricing walkthrough');

    const renamed = demo;
    await renamed.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Keep it' }).click();
    await expect(cards.count()).resolves.toBe(2);
    await renamed.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alertdialog').textContent()).resolves.toContain('Delete “Pricing walkthrough”?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete for good' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.locator('.recording-name').allTextContents()).toEqual(['Synthetic marker recording']);

    // Open it, edit, reload: the edits are still there.
    await cards.first().getByRole('link', { name: 'Open in editor' }).click();
    await expect.poll(() => page.locator('[data-state=showing]').count()).toBe(1);
    const zooms = page.getByTestId('zoom-segment');
    while ((await zooms.count()) > 0) {
      await zooms.first().click();
      await page.getByRole('button', { name: 'Delete zoom' }).click();
    }
    const zoomsBefore = 0;
    // The trim's times are in the inspector once the trim is selected (a grip pressed or focused).
    await page.getByRole('slider', { name: 'Trim start' }).focus();
    await page.getByLabel('Trim start (s)').fill('1');
    await page.getByLabel('Trim start (s)').press('Enter');
    await page.getByRole('button', { name: 'Add zoom' }).click();
    await expect.poll(() => zooms.count()).toBe(zoomsBefore + 1);
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await page.reload();
    await expect.poll(() => page.locator('[data-state=showing]').count()).toBe(1);
    await page.getByRole('slider', { name: 'Trim start' }).focus();
    await expect(page.getByLabel('Trim start (s)').inputValue()).resolves.toBe('1.00');
    await expect.poll(() => zooms.count()).toBe(zoomsBefore + 1);

    // Offline: the library and the editor still open, from the service worker's cache and local storage.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    await page.goto(`${site}/recordings`);
    await expect.poll(() => page.locator('.recording-name').allTextContents()).toEqual(['Synthetic marker recording']);
    await cards.first().getByRole('link', { name: 'Open in editor' }).click();
    await expect.poll(() => page.locator('[data-state=showing]').count()).toBe(1);
    await context.setOffline(false);
    await context.close();
  });
});
