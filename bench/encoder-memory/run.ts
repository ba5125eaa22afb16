// What Chromium's own H.264 encoder holds, measured the way tests/browser/export-streaming.test.ts measures the
// export: the renderer's memory growth while a page does nothing but encode frames of the export's size at the
// export's bitrate (1080p "best" of a 640×360 source, 30 fps), copying each chunk out as a muxer does. Run once as a
// page can, and once with a GC forced every 30 frames (a flag only a benchmark can set), it shows how much of the
// export's growth is the encoder's and its output waiting to be collected.
// Usage: npm run bench:encoder-memory [-- --frames 1800]
import { chromium } from 'playwright-core';
import { browserOrExit } from '../../scripts/lib/system-tools';
import { videoBitrate } from '../../shared/export/export-options';
import { DEFAULT_RENDER_SETTINGS } from '../../shared/look/render-settings';
import { exportSize } from '../../shared/render/output-size';
import { CHROMIUM_FLAGS } from '../../tests/support/browser';
import { busiestRenderer, sampleMemory } from '../../tests/support/process-memory';
import { serveTestPage } from '../../tests/support/test-page-server';
import { benchOptions, numberOption } from '../bench-options';

const MB = 1024 * 1024;
/** The export test's source and frame rate, and noise enough that the encoder delivers the bitrate asked. */
const SOURCE = { width: 640, height: 360 } as const;
const FRAME_RATE = 30;
const NOISE = 8;

function framesOption(): number {
  const values = benchOptions('Usage: npm run bench:encoder-memory [-- --frames 1800]', {
    frames: { type: 'string', default: '1800' },
  });
  return numberOption(values, 'frames', { min: 1, whole: true });
}

async function measure(executablePath: string, url: string, frames: number, forceGc: boolean): Promise<string> {
  const { width, height } = exportSize(SOURCE, DEFAULT_RENDER_SETTINGS, '1080p');
  const bitrate = videoBitrate(width, height, FRAME_RATE, 'best', 'avc');
  const args = [...CHROMIUM_FLAGS, ...(forceGc ? ['--js-flags=--expose-gc'] : [])];
  const browser = await chromium.launch({ executablePath, headless: true, args });
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => (globalThis as { pageReady?: boolean }).pageReady === true);
    await page.evaluate(
      ([w, h, noise]) => (globalThis as unknown as { makeSources: (...a: number[]) => void }).makeSources(w, h, noise),
      [width, height, NOISE] as const,
    );
    const before = sampleMemory(browser);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const baseline = await before.stop();
    const during = sampleMemory(browser);
    const began = performance.now();
    const bytes = await page.evaluate(
      ([n, rate, gc]) =>
        (globalThis as unknown as { encode: (n: number, rate: number, gc: boolean) => Promise<number> }).encode(
          n,
          rate,
          gc,
        ),
      [frames, bitrate, forceGc] as const,
    );
    const seconds = (performance.now() - began) / 1000;
    const renderer = busiestRenderer(baseline, await during.stop());
    const megabits = (bytes * 8) / 1e6 / (frames / FRAME_RATE);
    return (
      `${forceGc ? 'GC forced every 30 frames' : 'as a page runs it        '}: renderer peak growth ` +
      `+${(renderer.growth() / MB).toFixed(1)} MB  (${width}x${height}, ${frames} frames, ` +
      `${megabits.toFixed(1)} Mbit/s delivered of ${(bitrate / 1e6).toFixed(1)} asked, ${(bytes / MB).toFixed(1)} MB out, ${seconds.toFixed(0)} s)`
    );
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const frames = framesOption();
  const executablePath = browserOrExit();
  const server = await serveTestPage('bench/encoder-memory/page.ts');
  try {
    console.log(
      "Chromium's H.264 encoder alone (WebCodecs, no Clickreel code), frames of the streaming export test (1080p):",
    );
    for (const forceGc of [false, true])
      console.log(`  ${await measure(executablePath, server.url(), frames, forceGc)}`);
  } finally {
    await server.close();
  }
}

await main();
