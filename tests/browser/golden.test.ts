import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { GOLDEN_CASES } from './golden/golden-cases';
import type { GoldenComparison } from './golden/golden-page';
import { CHROMIUM_FLAGS } from './support/browser';
import { bundleForBrowser, serveTestPage, type TestPageServer } from './support/test-page-server';

/** Reference images, committed so a reviewer can look at them. `npm run golden:update` rewrites them. */
const GOLDEN_DIR = resolve('tests/golden');
const UPDATE = process.env.GOLDEN_UPDATE === '1';
/**
 * At most this fraction of pixels may differ beyond the per-pixel tolerance: room for a few glyphs of the small
 * chrome text to render differently, not for a missing cursor (about 150 pixels of 130 000).
 */
const MAX_DIFFERENT_PIXELS = 0.0005;
/** Mean channel difference (0-255) allowed over the whole image. */
const MAX_MEAN_DIFFERENCE = 0.5;

/**
 * The planar painter against the Canvas 2D one: both from the same decoded frame, both at 4:2:0. What may differ:
 * rounding, chroma at the video's odd edges, and, where the video is shrunk below half size (these small goldens
 * shrink a 960 px page to 370-480 px), box-filter halving against Skia's mipmaps on thin lines (up to 1.1 %).
 */
const PLANAR_DIFFERENT_PIXELS = 0.015;
const PLANAR_MEAN_DIFFERENCE = 1.5;
/** No 8x8 block may differ by more than this on average: a missing cursor or overlay scores over 100, filtering 16. */
const PLANAR_WORST_BLOCK = 30;

let server: TestPageServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const worker = await bundleForBrowser(resolve('tests/browser/golden/golden-worker.ts'));
  server = await serveTestPage(resolve('tests/browser/golden/golden-page.ts'), {
    '/golden-worker.js': { body: worker, type: 'text/javascript' },
  });
  const executablePath = findBrowser();
  if (!executablePath) throw new Error('No Chromium found: install chromium or set CHROME_PATH.');
  browser = await chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS] });
  page = await browser.newPage();
  await page.goto(server.url());
  await page.waitForFunction(() => typeof globalThis.compareGoldens === 'function');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('golden images', () => {
  it('draws every visual setting as its reference image', async () => {
    if (UPDATE) {
      const images = await page.evaluate(() => globalThis.renderGoldens());
      await rm(GOLDEN_DIR, { recursive: true, force: true });
      await mkdir(GOLDEN_DIR, { recursive: true });
      for (const [name, base64] of Object.entries(images)) {
        await writeFile(join(GOLDEN_DIR, `${name}.png`), Buffer.from(base64, 'base64'));
      }
    }
    const files = (await readdir(GOLDEN_DIR)).filter((file) => file.endsWith('.png'));
    expect(files.map((file) => file.replace(/\.png$/, '')).sort()).toEqual(GOLDEN_CASES.map((c) => c.name).sort());
    const references: Record<string, string> = {};
    for (const file of files) {
      references[file.replace(/\.png$/, '')] = (await readFile(join(GOLDEN_DIR, file))).toString('base64');
    }
    const results: GoldenComparison[] = await page.evaluate((refs) => globalThis.compareGoldens(refs), references);
    const worst = [...results].sort((a, b) => b.differentPixels - a.differentPixels)[0];
    console.log(
      `golden images: ${results.length} compared; most different: ${worst?.name} ` +
        `(${((worst?.differentPixels ?? 0) * 100).toFixed(3)}% pixels, mean ${(worst?.meanDifference ?? 0).toFixed(3)})`,
    );
    const failures = results.filter(
      (r) => !r.sizeMatches || r.differentPixels > MAX_DIFFERENT_PIXELS || r.meanDifference > MAX_MEAN_DIFFERENCE,
    );
    expect(
      failures.map(
        (f) => `${f.name}: ${(f.differentPixels * 100).toFixed(2)}% pixels, mean ${f.meanDifference.toFixed(2)}`,
      ),
    ).toEqual([]);
  });

  it("the export's planar (YUV) painter paints what the preview's Canvas 2D painter paints", async () => {
    const results: GoldenComparison[] = await page.evaluate(() => globalThis.compareWithPlanar());
    const worst = [...results].sort((a, b) => b.meanDifference - a.meanDifference)[0];
    const worstBlock = [...results].sort((a, b) => b.worstBlockDifference - a.worstBlockDifference)[0];
    console.log(
      `planar vs Canvas 2D: ${results.length} cases; most different: ${worst?.name} ` +
        `(${((worst?.differentPixels ?? 0) * 100).toFixed(3)}% pixels, mean ${(worst?.meanDifference ?? 0).toFixed(3)}); ` +
        `worst 8x8 block: ${worstBlock?.name} (mean ${(worstBlock?.worstBlockDifference ?? 0).toFixed(1)})`,
    );
    expect(results).toHaveLength(GOLDEN_CASES.length);
    const failures = results.filter(
      (r) =>
        !r.sizeMatches ||
        r.differentPixels > PLANAR_DIFFERENT_PIXELS ||
        r.meanDifference > PLANAR_MEAN_DIFFERENCE ||
        r.worstBlockDifference > PLANAR_WORST_BLOCK,
    );
    expect(
      failures.map(
        (f) =>
          `${f.name}: ${(f.differentPixels * 100).toFixed(2)}% pixels, mean ${f.meanDifference.toFixed(2)}, worst block ${f.worstBlockDifference.toFixed(1)}`,
      ),
    ).toEqual([]);
  });

  it('the planar painter paints a frame after other frames of the same video exactly as a new painter does', async () => {
    // It keeps the scaled video between frames and takes each frame's overlays back out: nothing may linger.
    expect(await page.evaluate(() => globalThis.planarSequenceMismatches())).toEqual([]);
  });

  it('paints the same pixels in a Web Worker (no DOM) as on the page', async () => {
    const names = ['zoom-settled', 'webcam-TopLeft', 'click-ripple', 'frame-default', 'watermark'];
    const results: GoldenComparison[] = await page.evaluate((list) => globalThis.compareInWorker(list), names);
    expect(results.map((r) => [r.name, r.sizeMatches, r.differentPixels])).toEqual(names.map((n) => [n, true, 0]));
  });
});
