import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { writeSyntheticFiles } from '../fixtures/media/synthetic-files';
import { CHROMIUM_FLAGS, type ExtensionBrowser, launchWithExtension } from '../support/browser';
import {
  compareWithReference,
  MAX_CHANGED_PIXELS,
  type ScreenDifference,
  screenMatches,
  screensToUpdate,
  writeReference,
} from './screens/screen-compare';

/** The sizes a buyer's screen has: a laptop and a desktop. */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
/** The editor's side panel tabs, each a screenshot. */
const EDITOR_PANELS = ['Background', 'Window', 'Cursor', 'Zoom', 'Webcam', 'Sound', 'Presets'] as const;

const CASES = VIEWPORTS.flatMap(({ width, height }) => [
  ...EDITOR_PANELS.map((panel) => `editor-${panel.toLowerCase()}-${width}x${height}`),
  `controls-${width}x${height}`,
  `home-${width}x${height}`,
  `export-dialog-${width}x${height}`,
]);
/** `npm run screens:update -- <case> …` sets this: those cases' references are rewritten instead of compared. */
const UPDATE = screensToUpdate(process.env.CLICKREEL_SCREENS_UPDATE, CASES);
/** Set to a folder to keep every screenshot taken (to look at them). */
const KEEP_IN = process.env.CLICKREEL_SCREENS_OUT;

describe('screenshots of the editor, the controls page and the home page', () => {
  let browser: ExtensionBrowser;
  let dir: string;
  let videoPath: string;
  let trackPath: string;
  const differences: ScreenDifference[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-screens-'));
    // The files are made in a browser of their own: in the extension's, the page encoding them ran behind its
    // first-run tab and took 100 s instead of 2.
    const maker = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
    try {
      ({ videoPath, trackPath } = await writeSyntheticFiles(maker, dir, {
        width: 640,
        height: 360,
        frameRate: 30,
        durationMs: 2000,
        container: 'webm',
        audio: true,
      }));
    } finally {
      await maker.close();
    }
    browser = await launchWithExtension(inject('extensionDir'));
    if (KEEP_IN) await mkdir(KEEP_IN, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Takes the case's screenshot, then rewrites its reference (when asked to) or compares with it. */
  async function check(page: Page | Locator, name: string, mask: Locator[] = []): Promise<void> {
    const png = await page.screenshot({ animations: 'disabled', caret: 'hide', mask, maskColor: '#ff00ff' });
    if (KEEP_IN) await writeFile(join(KEEP_IN, `${name}.png`), png);
    const difference = await compareWithReference(name, png);
    if (UPDATE.has(name)) {
      await writeReference(name, png);
      console.log(`${name}: reference rewritten (${difference.changedPixels} pixels had changed)`);
    } else differences.push(difference);
  }

  test('the editor with a recording open, each settings panel and the export dialog, at 1280x800 and 1920x1080', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${inject('siteUrl')}/editor`);
    await page.getByTestId('open-files').setInputFiles([videoPath, trackPath]);
    await page.locator('[data-state=showing]').waitFor();
    await page.evaluate(() => document.fonts.ready);
    // The picture and the timeline are the preview's and the timeline's own tests' business; masked here.
    const mask = [page.locator('.preview-canvas'), page.locator('.timeline')];
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      for (const panel of EDITOR_PANELS) {
        await page.getByRole('tab', { name: panel, exact: true }).click();
        await page.getByRole('tabpanel', { name: panel }).waitFor();
        // No focus ring or hover on the tab just clicked: the screenshot shows the page at rest.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.mouse.move(0, 0);
        await check(page, `editor-${panel.toLowerCase()}-${viewport.width}x${viewport.height}`, mask);
      }
    }
    // The export dialog, on its own (a mask cannot cover what is behind a modal dialog's top layer): the cores slider
    // is masked, as a CI machine has another number of cores.
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('export-audio').textContent()).not.toMatch(/checking/);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.mouse.move(0, 0);
      await check(dialog, `export-dialog-${viewport.width}x${viewport.height}`, [
        dialog.locator('.export-option-cores'),
      ]);
    }
    await page.close();
  });

  test('the controls page at 1280x800 and 1920x1080', async () => {
    const page = await browser.context.newPage();
    await page.goto(`chrome-extension://${browser.extensionId}/controls.html`);
    await page.getByRole('button', { name: 'Record this tab' }).waitFor();
    await page.getByTestId('plan').waitFor();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await check(page, `controls-${viewport.width}x${viewport.height}`);
    }
    await page.close();
  });

  test('the home page at 1280x800 and 1920x1080', async () => {
    const page = await browser.context.newPage();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      // Static at rest: the demo video waits on its poster (preload none) until pressed; once everything in view
      // (the poster, the feature pictures' lazy loads, the fonts) has arrived and painted, the page no longer changes.
      await page.goto(`${inject('siteUrl')}/`, { waitUntil: 'networkidle' });
      await page.evaluate(async () => {
        await document.fonts.ready;
        // Only the pictures in view: a lazy one below the fold never loads, and its decode() would never settle.
        const inView = [...document.images].filter((image) => image.getBoundingClientRect().top < innerHeight);
        const posterUrl = document.querySelector('video')?.poster;
        if (posterUrl) inView.push(Object.assign(new Image(), { src: posterUrl }));
        await Promise.all(inView.map((image) => image.decode().catch(() => undefined)));
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      await page.mouse.move(0, 0);
      await check(page, `home-${viewport.width}x${viewport.height}`);
    }
    await page.close();
  });

  test('every screenshot matches its committed reference', () => {
    const worst = [...differences].sort((a, b) => b.changedPixels - a.changedPixels)[0];
    console.log(
      `screenshots: ${differences.length} compared; most changed: ${worst?.name ?? 'none'} (${worst?.changedPixels ?? 0} pixels)`,
    );
    const failures = differences
      .filter((d) => !screenMatches(d))
      .map((d) =>
        d.comparable
          ? `${d.name}: ${d.changedPixels} pixels changed (at most ${MAX_CHANGED_PIXELS})`
          : `${d.name}: no reference of this size (npm run screens:update -- ${d.name})`,
      );
    expect(failures).toEqual([]);
  });
});
