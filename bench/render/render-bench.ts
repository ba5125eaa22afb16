/**
 * Render benchmark: milliseconds per 1080p frame for the full look (background, shadow, frame, zoom,
 * cursor, webcam) against a plain drawImage of the same frame, measured in one run in headless Chromium.
 * Usage: npm run bench:render [-- --frames 300]
 */
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { browserOrExit } from '../../scripts/lib/system-tools';
import { CHROMIUM_FLAGS } from '../../tests/support/browser';
import { serveTestPage } from '../../tests/support/test-page-server';
import { benchOptions, numberOption } from '../bench-options';
import type { RenderBenchResult } from './bench-page';

/** The budget for one 1080p frame of the full look. */
const GOAL_MS = 12;

function framesOption(): number {
  const values = benchOptions('Usage: npm run bench:render [-- --frames N]   (default 300 frames of each kind)', {
    frames: { type: 'string', default: '300' },
  });
  return numberOption(values, 'frames', { min: 10, whole: true });
}

async function main(): Promise<void> {
  const frames = framesOption();
  const executablePath = browserOrExit();
  const server = await serveTestPage(resolve('bench/render/bench-page.ts'), {}, 'production');
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS] });
  try {
    const page = await browser.newPage();
    await page.goto(server.url());
    await page.waitForFunction(() => typeof globalThis.runRenderBench === 'function');
    const result: RenderBenchResult = await page.evaluate((n) => globalThis.runRenderBench(n), frames);
    const { bitmap, decoded } = result;
    const ratio = bitmap.fullLookMs / bitmap.plainMs;
    console.log(`render benchmark, ${result.width}x${result.height}, ${result.frames} frames each, headless Chromium`);
    console.log('source frame as an RGB ImageBitmap (our drawing alone):');
    console.log(`  plain drawImage:  ${bitmap.plainMs.toFixed(2)} ms/frame`);
    console.log(`  full look:        ${bitmap.fullLookMs.toFixed(2)} ms/frame`);
    console.log(`  ratio:            ${ratio.toFixed(2)}x`);
    console.log(`  goal:             <= ${GOAL_MS} ms/frame: ${bitmap.fullLookMs <= GOAL_MS ? 'met' : 'NOT met'}`);
    console.log(`  without the cached static layer (shadow etc. redrawn): ${result.uncachedMs.toFixed(2)} ms/frame`);
    console.log('source frame as a decoder returns it (I420 VideoFrame: each drawImage converts YUV to RGB):');
    console.log(`  plain drawImage:  ${decoded.plainMs.toFixed(2)} ms/frame`);
    console.log(`  full look:        ${decoded.fullLookMs.toFixed(2)} ms/frame`);
    console.log(`  ratio:            ${(decoded.fullLookMs / decoded.plainMs).toFixed(2)}x`);
    console.log(`  look's own cost:  ${(decoded.fullLookMs - decoded.plainMs).toFixed(2)} ms/frame`);
    console.log("the export's planar painter, same decoded frame, full look into the encoder's I420 frame:");
    console.log(`  full look:        ${result.planarMs.toFixed(2)} ms/frame`);
    console.log(`  goal:             <= ${GOAL_MS} ms/frame: ${result.planarMs <= GOAL_MS ? 'met' : 'NOT met'}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
