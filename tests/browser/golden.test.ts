import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldenMatches } from '../../scripts/lib/golden-update';
import { GOLDEN_CASES } from '../golden/golden-cases';
import type { GoldenComparison } from '../golden/golden-page';
import { GOLDEN_DIR, type GoldenSession, openGoldenPage, readReferences } from '../golden/golden-session';

/**
 * The planar painter against the Canvas 2D one: both from the same decoded frame, both at 4:2:0. What may differ:
 * rounding, chroma at the video's odd edges, and, where the video is shrunk below half size (these small goldens
 * shrink a 960 px page to 370-480 px), box-filter halving against Skia's mipmaps on thin lines (up to 1.1 %).
 */
const PLANAR_DIFFERENT_PIXELS = 0.015;
const PLANAR_MEAN_DIFFERENCE = 1.5;
/** No 8x8 block may differ by more than this on average: a missing cursor or overlay scores over 100, filtering 16. */
const PLANAR_WORST_BLOCK = 30;

let session: GoldenSession;
let page: Page;

beforeAll(async () => {
  session = await openGoldenPage();
  page = session.page;
});

afterAll(async () => {
  await session?.close();
});

describe('golden images', () => {
  it('draws every visual setting as its reference image', async () => {
    const references = await readReferences();
    // One file per reference a case names, no strays.
    expect(Object.keys(references).sort()).toEqual([...new Set(GOLDEN_CASES.map((c) => c.reference))].sort());
    const results: GoldenComparison[] = await page.evaluate((refs) => globalThis.compareGoldens(refs), references);
    const worst = [...results].sort((a, b) => b.differentPixels - a.differentPixels)[0];
    console.log(
      `golden images: ${results.length} compared; most different: ${worst?.name} ` +
        `(${((worst?.differentPixels ?? 0) * 100).toFixed(3)}% pixels, mean ${(worst?.meanDifference ?? 0).toFixed(3)})`,
    );
    const failures = results.filter((r) => !goldenMatches(r));
    expect(
      failures.map(
        (f) => `${f.name}: ${(f.differentPixels * 100).toFixed(2)}% pixels, mean ${f.meanDifference.toFixed(2)}`,
      ),
    ).toEqual([]);
  });

  it('keeps one reference per picture: no two cases draw the same inputs, no two files hold the same image', async () => {
    const inputs = GOLDEN_CASES.map(({ name: _name, reference: _reference, ...drawn }) => JSON.stringify(drawn));
    expect(inputs.filter((input, i) => inputs.indexOf(input) !== i)).toEqual([]);
    const files = (await readdir(GOLDEN_DIR)).filter((file) => file.endsWith('.png'));
    const hashes = await Promise.all(
      files.map(async (file) =>
        createHash('sha256')
          .update(await readFile(join(GOLDEN_DIR, file)))
          .digest('hex'),
      ),
    );
    expect(files.filter((_, i) => hashes.indexOf(hashes[i] as string) !== i)).toEqual([]);
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

  it('the planar painter paints a frame after other frames, of the same video or one changed in places, exactly as a new painter does', async () => {
    // It keeps the scaled video between frames, scales again only what changed in the video, and takes each frame's
    // overlays back out: nothing may linger.
    expect(await page.evaluate(() => globalThis.planarSequenceMismatches())).toEqual([]);
  });

  it('paints the same pixels in a Web Worker (no DOM) as on the page', async () => {
    const names = ['zoom-settled', 'webcam-TopLeft', 'click-ripple', 'default', 'watermark'];
    const results: GoldenComparison[] = await page.evaluate((list) => globalThis.compareInWorker(list), names);
    expect(results.map((r) => [r.name, r.sizeMatches, r.differentPixels])).toEqual(names.map((n) => [n, true, 0]));
  });
});
