// Exports are written to disk as they are made and cost the memory they need: a minute's 1080p export keeps the
// renderer's growth under a bound and flat, two at once wait their turns, and an export
// never outlives the recording it belongs to (switching recording or leaving the page asks, then stops it).
import { execFileSync } from 'node:child_process';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findBrowser, findFfmpeg } from '../../scripts/lib/system-tools';
import { PRIVATE_EXPORTS_DIRECTORY } from '../../site/src/export/export-destination';
import { CHROMIUM_FLAGS, exportToDownloads } from '../support/browser';
import { median } from '../support/median';
import { busiestRenderer, type MemorySample, readMemory, sampleMemory } from '../support/process-memory';

/** The long source: a minute of a moving 1080p picture with light noise (the encoder spends its bitrate) and a tone. */
const LONG = { width: 1920, height: 1080, frameRate: 30, seconds: 60 } as const;
/** The short source the two exports at once take: the long one's first 20 s. */
const SHORT_SECONDS = 20;
/**
 * The most the renderer may grow while it exports a 1080p MP4 (issue 37), from its settled size with the recording
 * open. Measured 2026-12 on this machine (Chromium 156, one painting worker): +224 to +282 MB, of which mediabunny's
 * decoder keeps up to 8 decoded 1080p frames ahead (and bursts to more at the start), Chromium's software H.264
 * encoder holds 13 input frames, and the painter its static layer, scaled video and kernel memory. A second
 * painting worker (what the export used to start on every machine) adds about 120 MB.
 */
const GROWTH_LIMIT_MB = 300;
/** Growth allowed once the export is under way (its working set reached): far below the file's size. */
const GROWTH_AFTER_START_MB = 25;
/** Where in the export (the share of frames written) the renderer's live memory is read: three in each half. */
const LIVE_READINGS = [0.2, 0.3, 0.4, 0.6, 0.7, 0.8] as const;
/** Two exports started at once (two tabs) may cost at most this many times one. */
const TWO_AT_ONCE_LIMIT = 1.6;
const MB = 1024 * 1024;

function ffmpeg(): string {
  const found = findFfmpeg();
  if (!found) throw new Error('ffmpeg is needed to make the test sources (npm test installs it).');
  return found.ffmpeg;
}

/** Makes a VP9 + Opus WebM with ffmpeg's own encoders (real-time speed: a minute of 1080p takes under a minute). */
function makeSource(path: string, seconds: number, width: number, height: number, frameRate: number): void {
  execFileSync(ffmpeg(), [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=${frameRate}:duration=${seconds},noise=alls=8:allf=t`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '6M',
    '-g',
    String(frameRate * 3),
    '-c:a',
    'libopus',
    '-shortest',
    '-y',
    path,
  ]);
}

/** Cuts the first `seconds` of a file without re-encoding. */
function cutSource(from: string, to: string, seconds: number): void {
  execFileSync(ffmpeg(), ['-v', 'error', '-i', from, '-t', String(seconds), '-c', 'copy', '-y', to]);
}

/**
 * Memory samples once the editor has settled: after opening a recording it reads thumbnails and the waveform for a
 * while, and a baseline taken then would count that as the export's. Waits until 4 s of samples vary by < 15 MB.
 */
async function settledBaseline(browser: Browser): Promise<MemorySample[]> {
  let samples: MemorySample[] = [];
  for (let tries = 0; tries < 30; tries++) {
    const sampling = sampleMemory(browser);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    samples = await sampling.stop();
    const totals = samples.map(totalMemory);
    if (Math.max(...totals) - Math.min(...totals) < 15 * MB) break;
  }
  return samples;
}

/**
 * The browser's memory right after the page and its workers (the export's and its painters') collected their
 * garbage: what they hold live. Needs Chromium started with --expose-gc.
 */
async function liveMemory(browser: Browser, page: Page): Promise<MemorySample> {
  const collect = () => (globalThis as unknown as { gc: () => void }).gc();
  // A worker that ends meanwhile has nothing left to collect.
  await Promise.all([
    page.evaluate(collect),
    ...page.workers().map((worker) => worker.evaluate(collect).catch(() => undefined)),
  ]);
  return readMemory(browser);
}

/** Every renderer's and the browser process's own memory in one sample, bytes. */
function totalMemory(sample: MemorySample): number {
  return [...sample.renderers.values()].reduce((a, b) => a + b, sample.browser);
}

/** Sets the export dialog to a free 1080p MP4 at the default quality (High), 30 fps. */
async function chooseFree1080pMp4(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: 'mp4' }).check();
  await dialog.getByRole('radiogroup', { name: 'Quality' }).getByRole('radio', { name: 'High' }).check();
  await dialog
    .getByRole('radiogroup', { name: 'Size' })
    .getByLabel(/^1080p \(/)
    .check();
  await dialog.getByLabel(/^30 fps/).check();
  await expect.poll(() => dialog.getByTestId('export-size').textContent()).toMatch(/1920×1080/);
}

/** A file's duration as ffprobe reads it, seconds. */
function probeDuration(path: string): number {
  const tools = findFfmpeg();
  if (!tools) throw new Error('ffprobe is needed to read the exported files.');
  return Number(
    execFileSync(tools.ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path], {
      encoding: 'utf8',
    }).trim(),
  );
}

/** Names of the temporary export files in the page's origin private file system. */
function privateExportFiles(page: Page): Promise<string[]> {
  return page.evaluate(async (directory) => {
    const root = await navigator.storage.getDirectory();
    const folder = await root.getDirectoryHandle(directory, { create: true });
    const names: string[] = [];
    for await (const name of (folder as unknown as { keys(): AsyncIterable<string> }).keys()) names.push(name);
    return names;
  }, PRIVATE_EXPORTS_DIRECTORY);
}

/** The top-level boxes of an MP4 file, in order. */
async function topLevelBoxes(path: string): Promise<string[]> {
  const file = await open(path);
  try {
    const { size } = await file.stat();
    const boxes: string[] = [];
    const header = Buffer.alloc(16);
    for (let at = 0; at < size; ) {
      await file.read(header, 0, 16, at);
      let length = header.readUInt32BE(0);
      if (length === 1) length = Number(header.readBigUInt64BE(8));
      boxes.push(header.toString('latin1', 4, 8));
      if (length < 8) break;
      at += length;
    }
    return boxes;
  } finally {
    await file.close();
  }
}

describe('exports stream to disk', () => {
  let browser: Browser;
  let dir: string;
  let longPath: string;
  let shortPath: string;
  let twentyPath: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-stream-'));
    longPath = join(dir, 'long.webm');
    shortPath = join(dir, 'short.webm');
    twentyPath = join(dir, 'twenty.webm');
    makeSource(longPath, LONG.seconds, LONG.width, LONG.height, LONG.frameRate);
    cutSource(longPath, shortPath, 3);
    cutSource(longPath, twentyPath, SHORT_SECONDS);
    // --expose-gc: the flat check reads what the export holds live (liveMemory).
    browser = await chromium.launch({
      executablePath: findBrowser(),
      headless: true,
      args: [...CHROMIUM_FLAGS, '--js-flags=--expose-gc'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function openEditor(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}/editor`);
    return page;
  }

  async function importVideo(page: Page, path: string): Promise<string> {
    const before = await page
      .locator('[data-state=showing]')
      .getAttribute('data-recording-id', { timeout: 1000 })
      .catch(() => null);
    await page.getByTestId('open-files').setInputFiles([path]);
    await expect
      .poll(() => page.locator('[data-state=showing]').getAttribute('data-recording-id'), { timeout: 30_000 })
      .not.toBe(before);
    return (await page.locator('[data-state=showing]').getAttribute('data-recording-id')) as string;
  }

  test(`a free 1080p export of a ${LONG.seconds} s 1080p recording: the renderer grows by at most ${GROWTH_LIMIT_MB} MB and stays flat as the file grows`, {
    timeout: 900_000,
  }, async () => {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 1000 } });
    await exportToDownloads(context);
    const page = await openEditor(context);
    await importVideo(page, longPath);
    await chooseFree1080pMp4(page);
    const dialog = page.getByRole('dialog');

    const baseline = await settledBaseline(browser);
    const during = sampleMemory(browser);
    const download = page.waitForEvent('download', { timeout: 840_000 });
    await dialog.getByRole('button', { name: 'Export MP4' }).click();
    // What the renderer holds at three points in each half of the export, garbage collected first: V8 collects dead
    // per-frame buffers whenever it likes (an RSS peak by a quarter varied by 37 MB between runs of the same code),
    // and what a file built in memory would hold is live. One reading alone is not enough: at a quarter it read
    // +144 MB in one run and +183 MB in another, with the later readings at +170 to +186 in both.
    const progress = dialog.locator('progress');
    const fraction = async () => {
      const [done, total] = await Promise.all([progress.getAttribute('value'), progress.getAttribute('max')]);
      return Number(done) / Math.max(1, Number(total));
    };
    const liveAt = async (share: number) => {
      await expect.poll(fraction, { timeout: 840_000, interval: 100 }).toBeGreaterThanOrEqual(share);
      return liveMemory(browser, page);
    };
    const live: MemorySample[] = [];
    for (const share of LIVE_READINGS) live.push(await liveAt(share));
    const path = join(dir, 'long-1080p.mp4');
    await (await download).saveAs(path);
    await expect.poll(() => dialog.getAttribute('data-export-state')).toBe('done');
    const samples = await during.stop();

    // The page's renderer is the one that hosts the export.
    const renderer = busiestRenderer(baseline, samples);
    const growth = renderer.growth() / MB;
    const browserStart = Math.min(...baseline.map((s) => s.browser));
    const browserGrowth = (Math.max(...samples.map((s) => s.browser)) - browserStart) / MB;
    const liveGrowth = live.map((m) => ((m.renderers.get(renderer.pid) ?? 0) - renderer.start) / MB);
    const half = LIVE_READINGS.length / 2;
    const [earlier, later] = [median(liveGrowth.slice(0, half)), median(liveGrowth.slice(half))];
    const { size } = await stat(path);
    console.log(
      `free 1080p export of a ${LONG.seconds} s ${LONG.width}×${LONG.height} source: ${(size / MB).toFixed(1)} MB written; ` +
        `renderer (pid ${renderer.pid}) ${(renderer.start / MB).toFixed(0)} MB at the start, peak growth +${growth.toFixed(1)} MB; ` +
        `after a garbage collection at ${LIVE_READINGS.join(', ')} of the frames: +${liveGrowth.map((m) => m.toFixed(1)).join(', +')} MB ` +
        `(medians of each half +${earlier.toFixed(1)}, +${later.toFixed(1)} MB); ` +
        `browser process +${browserGrowth.toFixed(1)} MB; ${samples.length} samples of RssAnon + RssShmem`,
    );
    expect(growth).toBeLessThan(GROWTH_LIMIT_MB);
    // Flat with the output's length: what the renderer holds once the export is under way (its decoder, painter and
    // encoder) does not grow with the file written after that. A file built in memory grew by 1.5x its size.
    // A file built in memory would add 1.5 × the 32 MB written between the medians' readings (0.3 and 0.7).
    expect(later - earlier).toBeLessThan(GROWTH_AFTER_START_MB);
    expect(size / MB).toBeGreaterThan(GROWTH_AFTER_START_MB * 2);

    // The whole minute, as a plain MP4 with its index at the end, readable to its last frame.
    const boxes = await topLevelBoxes(path);
    expect(boxes[0]).toBe('ftyp');
    expect(boxes.at(-1)).toBe('moov');
    const probe = JSON.parse(
      execFileSync(
        findFfmpeg()?.ffprobe as string,
        ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', path],
        { encoding: 'utf8' },
      ),
    ) as { streams: { codec_type: string; nb_frames?: string; width?: number }[]; format: { duration: string } };
    const video = probe.streams.find((s) => s.codec_type === 'video');
    expect(Number(video?.nb_frames)).toBe(LONG.seconds * LONG.frameRate);
    expect(Math.abs(Number(probe.format.duration) - LONG.seconds)).toBeLessThan(0.1);
    execFileSync(ffmpeg(), ['-v', 'error', '-sseof', '-2', '-i', path, '-f', 'null', '-']);

    // The temporary file is removed once the download has read it.
    await expect.poll(() => privateExportFiles(page), { timeout: 60_000, interval: 1000 }).toEqual([]);
    await context.close();
  });

  test(`two exports started at once in two tabs: the second waits for the first, and both cost at most ${TWO_AT_ONCE_LIMIT}× one`, {
    timeout: 600_000,
  }, async () => {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 1000 } });
    await exportToDownloads(context);
    const pages = [await openEditor(context), await openEditor(context)];
    for (const page of pages) {
      await importVideo(page, twentyPath);
      await chooseFree1080pMp4(page);
    }
    const exportOn = async (page: Page, name: string) => {
      const download = page.waitForEvent('download', { timeout: 540_000 });
      await page.getByRole('dialog').getByRole('button', { name: 'Export MP4' }).click();
      await (await download).saveAs(join(dir, name));
    };
    const parts: string[] = [];
    /** Peak growth of all the browser's processes together while `run` runs, MB (and, logged, the browser's part). */
    const growthOf = async (run: () => Promise<unknown>) => {
      // Both measured from the editors' live memory: garbage an earlier export left, which V8 collects whenever it
      // likes, would otherwise count for one measurement and not the other (1.12-1.92x one in runs of the same code).
      for (const page of pages) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('HeapProfiler.collectGarbage');
        await cdp.detach();
      }
      const baseline = await settledBaseline(browser);
      const start = Math.min(...baseline.map(totalMemory));
      const during = sampleMemory(browser);
      await run();
      const samples = await during.stop();
      const peak = samples.reduce((a, b) => (totalMemory(b) > totalMemory(a) ? b : a));
      const browserStart = Math.min(...baseline.map((sample) => sample.browser));
      parts.push(
        `browser process +${((peak.browser - browserStart) / MB).toFixed(0)} MB, renderers ${[
          ...peak.renderers.values(),
        ]
          .map((bytes) => (bytes / MB).toFixed(0))
          .join(' + ')} MB at the peak`,
      );
      return (totalMemory(peak) - start) / MB;
    };
    const [first, second] = pages as [Page, Page];
    const one = await growthOf(() => exportOn(first, 'one.mp4'));
    // The dialog is opened again for the next export, as a user would.
    await first.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await chooseFree1080pMp4(first);
    const states: string[] = [];
    const two = await growthOf(() =>
      Promise.all([
        exportOn(first, 'first.mp4'),
        (async () => {
          await expect.poll(() => first.getByRole('dialog').getAttribute('data-export-state')).toBe('running');
          const exported = exportOn(second, 'second.mp4');
          // Its dialog says it waits, while the first export runs.
          await expect
            .poll(() => second.getByRole('dialog').getAttribute('data-export-state'), { timeout: 60_000 })
            .toBe('waiting');
          states.push(`second ${await second.getByRole('dialog').getAttribute('data-export-state')}`);
          states.push(`first ${await first.getByRole('dialog').getAttribute('data-export-state')}`);
          await exported;
        })(),
      ]),
    );
    console.log(
      `one 1080p export of ${SHORT_SECONDS} s: +${one.toFixed(0)} MB; two at once: +${two.toFixed(0)} MB (${(two / one).toFixed(2)}×); ${parts.join('; ')}`,
    );
    expect(states).toEqual(['second waiting', 'first running']);
    await expect.poll(() => second.getByRole('dialog').getAttribute('data-export-state')).toBe('done');
    expect(two).toBeLessThan(one * TWO_AT_ONCE_LIMIT);
    for (const name of ['one.mp4', 'first.mp4', 'second.mp4']) {
      expect(Math.abs(probeDuration(join(dir, name)) - SHORT_SECONDS)).toBeLessThan(0.1);
    }
    await context.close();
  });

  test('switching recording or leaving the editor mid-export asks; yes stops the export, no keeps it', {
    timeout: 300_000,
  }, async () => {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 1000 } });
    await exportToDownloads(context);
    const page = await openEditor(context);
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    const long = await importVideo(page, longPath);
    const short = await importVideo(page, shortPath);
    // No export running: the hash switches recording without a question.
    await page.evaluate((id) => {
      location.hash = `recording=${id}`;
    }, long);
    await expect
      .poll(() => page.locator('[data-state=showing]').getAttribute('data-recording-id'), { timeout: 30_000 })
      .toBe(long);

    /** Starts an MP4 export of what is showing and waits until it has made progress; resolves with its worker. */
    const startExport = async (): Promise<Worker> => {
      const worker = page.waitForEvent('worker', (w) => w.url().includes('export-worker'));
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: 'mp4' }).check();
      await dialog.getByRole('button', { name: 'Export MP4' }).click();
      await expect
        .poll(() => dialog.locator('progress').getAttribute('value'), { timeout: 60_000 })
        .not.toMatch(/^0?$/);
      return worker;
    };
    const progress = async () => Number(await page.getByRole('dialog').locator('progress').getAttribute('value'));

    // Declined: the address goes back, the same recording and its export carry on.
    let worker = await startExport();
    const asked: string[] = [];
    page.once('dialog', (d) => {
      asked.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    await page.evaluate((id) => {
      location.hash = `recording=${id}`;
    }, short);
    await expect.poll(() => asked).toEqual(['confirm: An export is still running. Stop it and leave?']);
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#recording=${long}`);
    const reached = await progress();
    await expect.poll(progress, { timeout: 60_000 }).toBeGreaterThan(reached);
    expect(await page.locator('[data-state=showing]').getAttribute('data-recording-id')).toBe(long);

    // Confirmed: the other recording opens, the export's worker ends, nothing is downloaded and no file is left.
    let closed = new Promise((resolve) => worker.once('close', resolve));
    page.once('dialog', (d) => void d.accept());
    await page.evaluate((id) => {
      location.hash = `recording=${id}`;
    }, short);
    await expect
      .poll(() => page.locator('[data-state=showing]').getAttribute('data-recording-id'), { timeout: 30_000 })
      .toBe(short);
    await closed;
    await expect.poll(() => privateExportFiles(page), { timeout: 15_000 }).toEqual([]);

    // Leaving the editor: the browser's own "leave site?" question. Declined, the export carries on.
    await page.evaluate((id) => {
      location.hash = `recording=${id}`;
    }, long);
    await expect
      .poll(() => page.locator('[data-state=showing]').getAttribute('data-recording-id'), { timeout: 30_000 })
      .toBe(long);
    worker = await startExport();
    // The page may be gone before the script answers.
    const leaving = () =>
      page
        .evaluate(() => {
          location.href = '/recordings';
        })
        .catch(() => undefined);
    page.once('dialog', (d) => {
      asked.push(d.type());
      void d.dismiss();
    });
    await leaving();
    await expect.poll(() => asked.at(-1)).toBe('beforeunload');
    const reachedBefore = await progress();
    await expect.poll(progress, { timeout: 60_000 }).toBeGreaterThan(reachedBefore);
    expect(new URL(page.url()).pathname).toBe('/editor');

    // Confirmed: the library opens and the export ends with the page.
    closed = new Promise((resolve) => worker.once('close', resolve));
    page.once('dialog', (d) => void d.accept());
    await leaving();
    await page.waitForURL('**/recordings');
    await closed;
    expect(downloads).toEqual([]);
    // Its temporary file goes the next time the export dialog opens.
    await page.goto(`${inject('siteUrl')}/editor#recording=${short}`);
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await expect.poll(() => privateExportFiles(page), { timeout: 15_000 }).toEqual([]);
    expect(downloads).toEqual([]);
    await context.close();
  });
});
