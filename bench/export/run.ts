// Export benchmark: on one 1080p30 source, encode-only (1080p canvas frames, no composition) vs full-export
// frames per second for H.264 and VP9, their ratio and the speed against real time.
// Usage: npm run bench:export [-- --seconds 10]
import { chromium } from 'playwright-core';
import { findBrowser } from '../../scripts/lib/system-tools';
import { DEFAULT_EXPORT_OPTIONS, videoBitrate } from '../../shared/export/export-options';
import { CHROMIUM_FLAGS } from '../../tests/browser/support/browser';
import { bundleForBrowser, serveTestPage } from '../../tests/browser/support/test-page-server';
import type { ExportHarness } from './export-harness';

const WIDTH = 1920;
const HEIGHT = 1080;
const FRAME_RATE = 30;

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log('npm run bench:export [-- --seconds N]   (default 10 s of 1080p30 source)');
    return;
  }
  const seconds = argument('seconds', 10);
  const executablePath = findBrowser();
  if (!executablePath) throw new Error('No Chromium found: install chromium or set CHROME_PATH.');
  const server = await serveTestPage('bench/export/export-harness.ts', {
    '/export-worker.js': { body: await bundleForBrowser('site/src/export/export-worker.ts'), type: 'text/javascript' },
  });
  const browser = await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_FLAGS] });
  try {
    const page = await browser.newPage();
    await page.goto(server.url());
    await page.waitForFunction(() => (globalThis as { harnessReady?: boolean }).harnessReady === true);
    console.log(`Making a ${WIDTH}x${HEIGHT} ${FRAME_RATE} fps H.264 source of ${seconds} s...`);
    await page.evaluate(
      (options) => (globalThis as unknown as ExportHarness).makeSource(options).then(() => undefined),
      {
        width: WIDTH,
        height: HEIGHT,
        frameRate: FRAME_RATE,
        durationMs: seconds * 1000,
        container: 'mp4',
        audio: true,
      } as const,
    );
    const frames = Math.round(seconds * FRAME_RATE);
    const rows: string[] = [];
    for (const [codec, format] of [
      ['avc', 'mp4'],
      ['vp9', 'webm'],
    ] as const) {
      const bitrate = videoBitrate(WIDTH, HEIGHT, FRAME_RATE, DEFAULT_EXPORT_OPTIONS.quality, codec);
      const encodeFps = await page.evaluate(
        ([c, b, n]) => (globalThis as unknown as ExportHarness).encodeOnly(c, n, b, 'canvas'),
        [codec, bitrate, frames] as const,
      );
      const passThroughFps = await page.evaluate(
        ([c, b, n]) => (globalThis as unknown as ExportHarness).encodeOnly(c, n, b, 'decoded'),
        [codec, bitrate, frames] as const,
      );
      const full = await page.evaluate(
        (request) =>
          (globalThis as unknown as ExportHarness)
            .exportInWorker(request)
            .then((r) => ({ seconds: r.seconds, frames: r.frames, planarFrames: r.planarFrames, timings: r.timings })),
        {
          timeline: { trim: { startMs: 0, endMs: seconds * 1000 }, cuts: [] },
          options: { ...DEFAULT_EXPORT_OPTIONS, format },
          watermark: true,
          width: WIDTH,
          height: HEIGHT,
        },
      );
      const fullFps = full.frames / full.seconds;
      rows.push(
        `${codec === 'avc' ? 'H.264' : 'VP9  '} 1080p30  encode-only ${encodeFps.toFixed(1)} fps  full export ${fullFps.toFixed(1)} fps  ` +
          `ratio ${(fullFps / encodeFps).toFixed(2)}  speed ${(fullFps / FRAME_RATE).toFixed(2)}x real time  (${full.frames} frames, ${full.seconds.toFixed(1)} s)`,
      );
      console.log(rows[rows.length - 1]);
      console.log(
        `        (decoded frames straight to the encoder, no canvas: ${passThroughFps.toFixed(1)} fps; full export against it: ratio ${(fullFps / passThroughFps).toFixed(2)})`,
      );
      const t = full.timings;
      console.log(
        `        video stage per frame: waiting for decode ${(t.decodeWaitMs / full.frames).toFixed(1)} ms, ` +
          `painting ${(t.paintMs / full.frames).toFixed(1)} ms, waiting for the encoder ${(t.encodeWaitMs / full.frames).toFixed(1)} ms; ` +
          `${full.planarFrames} of ${full.frames} frames composed in YUV`,
      );
    }
    console.log('\nGoals: H.264 ratio >= 0.70 and >= 1.5x real time on this machine.');
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
