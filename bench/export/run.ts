// Export benchmark. The source is made the way the extension records: a 1080p tab capture of a page that scrolls and
// moves, into MediaRecorder VP9 with 500 ms chunks (no index, no duration), with its pointer, clicks and scrolls as the
// cursor track and automatic zooms on. For H.264 and VP9 it prints export fps against an encode-only baseline (the
// same decoded source frames straight into the same encoder, both timed from starting their worker), their ratio,
// the speed against real time, the bitrate the encoder delivered, the SSIM of the exported frames against the
// painter's own rendering before encoding, frames the export could not read, and the CPU Chromium spent per frame on
// each side, in all and by thread (on a saturated machine that, not the wall clock, says where the export's time
// goes). The old source (a mediabunny-written file, one marker on a still gradient, no zooms) runs after it,
// labelled "easy case". Between them, the painting workers: the export as the editor runs it (Automatic) beside one
// worker and two, fps and the renderer's peak growth of each; and what two features cost on the realistic source,
// each on and off in one run: motion blur (export fps and CPU per frame at Off against Natural, and how many frames
// it blurs) and restoring the burned-in pointer from clean neighbours (fps and CPU per frame with no pointer burned
// in, one filled from around and one restored, what the second decoder read, the memory it held); and text sharpness
// when zoomed, a small tab captured at its own pixels against the recorder's larger capture (text-sharpness.ts).
// It ends with `All goals met.` or the goals missed.
// With --workers N it compares instead the export painted by one worker with the export painted by N (default: one
// per core) on the same source and frames: fps of each, and whether every decoded frame of the two files is the same.
// Usage: npm run bench:export [-- --seconds 10] [--codec avc|vp9] [--runs N] [--save-source DIR | --source DIR] [--no-easy] [--workers N|default]
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { browserOrExit, findFfmpeg } from '../../scripts/lib/system-tools';
import {
  DEFAULT_EXPORT_OPTIONS,
  type ExportOptions,
  videoBitrate,
  videoQuantizer,
} from '../../shared/export/export-options';
import type { MotionBlur } from '../../shared/look/enumerations';
import { DEFAULT_RENDER_SETTINGS } from '../../shared/look/render-settings';
import type { Recording } from '../../shared/recording/recording';
import { frameAt } from '../../shared/render/frame-at';
import { exportSize } from '../../shared/render/output-size';
import { outputFrameCount, outputFrameTimes, untrimmedEdits } from '../../shared/timeline/timeline';
import { autoZoomSegments } from '../../shared/zoom/auto-zoom';
import type { ZoomSegment } from '../../shared/zoom/zoom-segment';
import { CHROMIUM_FLAGS } from '../../tests/support/browser';
import type { ExportHarness, HarnessExport } from '../../tests/support/export/export-harness';
import { busiestRenderer, sampleMemory } from '../../tests/support/process-memory';
import { bundleForBrowser, serveTestPage } from '../../tests/support/test-page-server';
import { benchOptions, numberOption, stringOption } from '../bench-options';
import { browserCpuMs, sampleThreadCpu } from './browser-cpu';
import { compareTextSharpness } from './text-sharpness';

const WIDTH = 1920;
const HEIGHT = 1080;
const FRAME_RATE = 30;
const SOURCE_TITLE = 'Clickreel bench source';
/** What the benchmark aims for on this 2-core machine (H.264 1080p30 at 'high'). */
const GOALS = { ratio: 0.8, realTime: 3, ssim: 0.97, growthMb: 300 };
const MB = 1024 * 1024;

const OPTIONS = benchOptions(
  'npm run bench:export [-- --seconds N] [--codec avc|vp9] [--runs N] [--save-source DIR | --source DIR] [--no-easy] [--workers N|default]\n' +
    '  default: 10 s of 1080p30 recorded source, one run per codec, then the easy case\n' +
    '  --runs N: N alternating baseline/export runs per codec, medians printed\n' +
    '  --save-source DIR / --source DIR: keep the recorded source, or export a kept one (same source before/after)\n' +
    '  --workers N|default: the export painted by 1 worker against N (default: one per core), frames compared',
  {
    seconds: { type: 'string', default: '10' },
    codec: { type: 'string' },
    runs: { type: 'string', default: '1' },
    'save-source': { type: 'string' },
    source: { type: 'string' },
    'no-easy': { type: 'boolean' },
    workers: { type: 'string' },
  },
);

/** The codecs measured: both, or the one named by --codec. */
const CODECS = (
  [
    ['avc', 'mp4'],
    ['vp9', 'webm'],
  ] as const
).filter(([codec]) => (stringOption(OPTIONS, 'codec') ?? codec) === codec);
if (CODECS.length === 0) {
  console.error(`--codec is avc or vp9, not ${stringOption(OPTIONS, 'codec')}`);
  process.exit(2);
}

/**
 * What the benchmark exports: `recording`'s default 1080p (the dialog's defaults, the watermark, its zooms) in
 * `format`; `changes` is what one comparison sets differently.
 */
function benchExport(
  recording: Recording,
  zoomSegments: ZoomSegment[],
  format: ExportOptions['format'],
  changes: Partial<HarnessExport> = {},
): HarnessExport {
  const size = exportSize(recording.video, DEFAULT_RENDER_SETTINGS, DEFAULT_EXPORT_OPTIONS.resolution, HEIGHT);
  return {
    zoomSegments,
    timeline: untrimmedEdits(recording.video.durationMs),
    options: { ...DEFAULT_EXPORT_OPTIONS, format },
    watermark: true,
    width: size.width,
    height: size.height,
    ...changes,
  };
}

/** Runs `request` in the harness page's export worker. */
function exportIn(harness: Page, request: HarnessExport) {
  return harness.evaluate((r) => (globalThis as unknown as ExportHarness).exportInWorker(r), request);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Exports per codec; the printed figures are medians (ratios taken within each run). */
const RUNS = numberOption(OPTIONS, 'runs', { min: 1, whole: true });

/** Records the benchmark page in its own tab while moving, clicking and scrolling on it; returns file and track. */
async function recordRealisticSource(
  page: Page,
  seconds: number,
): Promise<{ base64: string; mimeType: string; track: Pick<Recording, 'cursor' | 'clicks' | 'scrolls'> }> {
  await page.mouse.click(300, 300);
  const recorded = page.evaluate(
    (s) =>
      (
        globalThis as unknown as {
          recordSelf(s: number): Promise<{
            base64: string;
            mimeType: string;
            startedAt: number;
            events: { type: string; t: number; x: number; y: number; scrollY: number; deltaY: number }[];
          }>;
        }
      ).recordSelf(s),
    seconds,
  );
  // What a user does on a report page: scroll through it, stop to click the sidebar's three buttons (one automatic
  // zoom), scroll on. Timed from the start, so every run records the same story.
  const begin = Date.now();
  const until = (ms: number) => page.waitForTimeout(Math.max(0, begin + ms - Date.now()));
  const share = (fraction: number) => fraction * seconds * 1000;
  await page.mouse.move(600, 400, { steps: 5 });
  while (Date.now() - begin < share(0.3)) {
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(200);
  }
  await until(share(0.3) + 300);
  for (const [i, button] of [
    { x: 1560, y: 520 },
    { x: 1680, y: 520 },
    { x: 1790, y: 520 },
  ].entries()) {
    await page.mouse.move(button.x, button.y, { steps: 12 });
    await page.mouse.click(button.x, button.y);
    await until(share(0.3) + 1300 * (i + 1));
  }
  await until(share(0.3) + 4500);
  await page.mouse.move(700, 500, { steps: 8 });
  while (Date.now() - begin < share(1) - 400) {
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(200);
  }
  const result = await recorded;
  const at = (t: number) => Math.max(0, t - result.startedAt);
  const inRange = result.events.filter((e) => e.t >= result.startedAt);
  return {
    base64: result.base64,
    mimeType: result.mimeType,
    track: {
      cursor: inRange
        .filter((e) => e.type !== 'wheel')
        .map((e) => ({ t: at(e.t), x: e.x, y: e.y, cursor: 'default' as const, buttons: 0 })),
      clicks: inRange
        .filter((e) => e.type === 'pointerdown')
        .map((e) => ({ t: at(e.t), x: e.x, y: e.y, button: 'left' as const })),
      scrolls: inRange
        .filter((e) => e.type === 'wheel')
        .map((e) => ({ t: at(e.t), x: e.x, y: e.y, deltaX: 0, deltaY: e.deltaY, scrollX: 0, scrollY: e.scrollY })),
    },
  };
}

/** Bits per second of a file's video stream (ffprobe's packet sizes over its length). */
function videoBitsPerSecond(path: string, seconds: number): number {
  const tools = findFfmpeg();
  if (!tools) return Number.NaN;
  const sizes = execFileSync(
    tools.ffprobe,
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=size', '-of', 'csv=p=0', path],
    { encoding: 'utf8' },
  )
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => Number(line.split(',')[0]));
  return (sizes.reduce((a, b) => a + b, 0) * 8) / seconds;
}

/** Exports the harness's current source in both codecs against the baseline and prints one block per codec. */
async function measure(
  harness: Page,
  label: string,
  recording: Recording,
  zoomSegments: ZoomSegment[],
  dir: string,
): Promise<Map<string, ExportFigures>> {
  const figures = new Map<string, ExportFigures>();
  const timeline = untrimmedEdits(recording.video.durationMs);
  const size = exportSize(recording.video, DEFAULT_RENDER_SETTINGS, DEFAULT_EXPORT_OPTIONS.resolution, HEIGHT);
  const frames = outputFrameCount(timeline, FRAME_RATE);
  const outputSeconds = frames / FRAME_RATE;
  for (const [codec, format] of CODECS) {
    const bitrate = videoBitrate(size.width, size.height, FRAME_RATE, DEFAULT_EXPORT_OPTIONS.quality, codec);
    const quantizer = videoQuantizer(DEFAULT_EXPORT_OPTIONS.quality, codec);
    const request: HarnessExport = benchExport(recording, zoomSegments, format, {
      // The editor's default: the export decides its painters (shared/export/painting-workers.ts).
      workers: 0,
    });
    // Baseline and export alternate, so a change in the machine's load falls on both sides of a run's ratio.
    const runs: {
      encodeFps: number;
      exportFps: number;
      encodeCpu: number;
      exportCpu: number;
      encodeThreads: Map<string, number>;
      exportThreads: Map<string, number>;
    }[] = [];
    let exported: Awaited<ReturnType<ExportHarness['exportInWorker']>> | undefined;
    for (let run = 0; run < RUNS; run++) {
      const cpuBefore = browserCpuMs();
      const baselineThreads = sampleThreadCpu();
      const baseline = await harness.evaluate((r) => (globalThis as unknown as ExportHarness).encodeOnlyInWorker(r), {
        codec,
        bitrate,
        quantizer,
        frameRate: FRAME_RATE,
        times: outputFrameTimes(timeline, FRAME_RATE),
      });
      const cpuBetween = browserCpuMs();
      const encodeThreads = baselineThreads.stop();
      const exportThreads = sampleThreadCpu();
      exported = await exportIn(harness, request);
      const cpuAfter = browserCpuMs();
      runs.push({
        encodeThreads,
        exportThreads: exportThreads.stop(),
        encodeFps: baseline.frames / baseline.seconds,
        exportFps: exported.frames / exported.seconds,
        encodeCpu: cpuBefore === null || cpuBetween === null ? Number.NaN : (cpuBetween - cpuBefore) / baseline.frames,
        exportCpu: cpuBetween === null || cpuAfter === null ? Number.NaN : (cpuAfter - cpuBetween) / exported.frames,
      });
      if (RUNS > 1) {
        const last = runs[runs.length - 1] as (typeof runs)[number];
        console.log(
          `        run ${run + 1}/${RUNS}: export ${last.exportFps.toFixed(1)} fps, encode-only ${last.encodeFps.toFixed(1)} fps, ratio ${(last.exportFps / last.encodeFps).toFixed(2)}`,
        );
      }
    }
    if (!exported) throw new Error('--runs must be at least 1');
    const path = join(dir, `${label.replace(/\W+/g, '-')}.${format}`);
    await writeFile(path, Buffer.from(exported.base64, 'base64'));
    const quality = await harness.evaluate(([r, file]) => (globalThis as unknown as ExportHarness).qualityOf(r, file), [
      request,
      exported.base64,
    ] as const);
    const exportFps = median(runs.map((r) => r.exportFps));
    const encodeFps = median(runs.map((r) => r.encodeFps));
    const ratio = median(runs.map((r) => r.exportFps / r.encodeFps));
    const achieved = videoBitsPerSecond(path, outputSeconds);
    const missing = exported.heldFrames - exported.sourceHeldFrames + (frames - exported.frames);
    const name = codec === 'avc' ? 'H.264' : 'VP9  ';
    console.log(
      `${name} ${size.width}x${size.height}@${FRAME_RATE}  export ${exportFps.toFixed(1)} fps  encode-only ${encodeFps.toFixed(1)} fps  ` +
        `ratio ${ratio.toFixed(2)}  ${(exportFps / FRAME_RATE).toFixed(2)}x real time${RUNS > 1 ? `  (medians of ${RUNS} runs)` : ''}`,
    );
    console.log(
      `        bitrate ${(achieved / 1e6).toFixed(2)} Mbit/s (${exported.rateControl === 'quantizer' ? `quantizer ${quantizer}` : `target ${(bitrate / 1e6).toFixed(2)}`})  ` +
        `SSIM ${quality.mean.toFixed(4)} (worst frame ${quality.min.toFixed(4)}; ${quality.below} of ${quality.frames} frames below 0.97)  ` +
        `missing frames ${missing}  (held ${exported.heldFrames}, the source's own ${exported.sourceHeldFrames}; ${exported.frames}/${frames} frames)`,
    );
    console.log(
      `        worst frames: ${quality.worst.map((w) => `#${w.index} (${(w.index / FRAME_RATE).toFixed(2)} s) ${w.ssim.toFixed(3)}`).join(', ')}`,
    );
    const t = exported.timings;
    console.log(
      `        per frame: waiting for decode ${(t.decodeWaitMs / exported.frames).toFixed(1)} ms, painting ${(t.paintMs / exported.frames).toFixed(1)} ms, ` +
        `waiting for the encoder ${(t.encodeWaitMs / exported.frames).toFixed(1)} ms; ${exported.planarFrames}/${exported.frames} composed in YUV`,
    );
    // On a saturated machine the ratio of these is what bounds the fps ratio: the export's extra work shares the cores.
    console.log(
      `        CPU per frame (all Chromium threads): export ${median(runs.map((r) => r.exportCpu)).toFixed(1)} core-ms, ` +
        `encode-only ${median(runs.map((r) => r.encodeCpu)).toFixed(1)} core-ms (this machine: ${availableParallelism()} cores)`,
    );
    console.log(
      `        by Chromium thread, export / encode-only core-ms per frame: ${byThread(runs, exported.frames, frames)}`,
    );
    figures.set(codec, { ratio, realTime: exportFps / FRAME_RATE, ssim: quality.mean, missing });
  }
  return figures;
}

/** What the goals are checked against, per codec. */
interface ExportFigures {
  readonly ratio: number;
  readonly realTime: number;
  readonly ssim: number;
  readonly missing: number;
}

/**
 * The export as the editor runs it by default (Automatic painters) beside one painting worker and beside two (what
 * the export used to start on every 2-core machine): fps and the renderer's peak growth during the export, each
 * export sampled alone, alternating RUNS times; medians. Returns Automatic's growth, MB.
 */
async function comparePainters(
  harness: Page,
  browser: Browser,
  recording: Recording,
  zoomSegments: ZoomSegment[],
): Promise<number> {
  const size = exportSize(recording.video, DEFAULT_RENDER_SETTINGS, DEFAULT_EXPORT_OPTIONS.resolution, HEIGHT);
  const sides = [
    { label: '1 worker', workers: 1 },
    { label: 'Automatic (default)', workers: 0 },
    { label: '2 workers', workers: 2 },
  ] as const;
  const results = sides.map(() => ({ fps: [] as number[], growth: [] as number[], painted: 0 }));
  for (let run = 0; run < RUNS; run++) {
    for (const [i, side] of sides.entries()) {
      const baseline = await sampleMemory(browser).stop();
      const during = sampleMemory(browser);
      const exported = await exportIn(
        harness,
        benchExport(recording, zoomSegments, 'mp4', {
          workers: side.workers,
          withoutFile: true,
        }),
      );
      const samples = await during.stop();
      const result = results[i] as (typeof results)[number];
      result.fps.push(exported.frames / exported.seconds);
      result.growth.push(busiestRenderer(baseline, samples).growth() / MB);
      result.painted = exported.workers;
    }
  }
  console.log(
    `\nPainting workers, H.264 ${size.width}x${size.height}@${FRAME_RATE} (${availableParallelism()} cores)${RUNS > 1 ? `, medians of ${RUNS} alternating runs` : ''}:`,
  );
  for (const [i, side] of sides.entries()) {
    const result = results[i] as (typeof results)[number];
    console.log(
      `  ${side.label.padEnd(20)} ${median(result.fps).toFixed(1).padStart(5)} fps   peak renderer growth +${median(result.growth).toFixed(0)} MB` +
        (side.workers === 0 ? `   (painted with ${result.painted})` : ''),
    );
  }
  return median((results[1] as (typeof results)[number]).growth);
}

/**
 * What motion blur costs: the export with it Off and at Natural, alternating RUNS times on the same source, frames
 * and zooms (H.264, or the codec asked for), and how many of the frames it blurs (from the frame descriptions: the
 * camera's sub-frame views, the cursor's streak).
 */
async function compareMotionBlur(harness: Page, recording: Recording, zoomSegments: ZoomSegment[]): Promise<void> {
  const [codec, format] = CODECS[0] as (typeof CODECS)[number];
  const timeline = untrimmedEdits(recording.video.durationMs);
  const size = exportSize(recording.video, DEFAULT_RENDER_SETTINGS, DEFAULT_EXPORT_OPTIONS.resolution, HEIGHT);
  const frames = outputFrameCount(timeline, FRAME_RATE);
  const fps: Record<MotionBlur, number[]> = { Off: [], Subtle: [], Natural: [], Strong: [] };
  const cpu: Record<MotionBlur, number[]> = { Off: [], Subtle: [], Natural: [], Strong: [] };
  const sides = ['Off', 'Natural'] as const;
  for (let run = 0; run < RUNS; run++) {
    for (const motionBlur of sides) {
      const cpuBefore = browserCpuMs();
      const exported = await exportIn(
        harness,
        benchExport(recording, zoomSegments, format, {
          settings: { motionBlur },
        }),
      );
      if (exported.frames !== frames) throw new Error(`${motionBlur}: ${exported.frames} of ${frames} frames exported`);
      fps[motionBlur].push(exported.frames / exported.seconds);
      cpu[motionBlur].push(cpuPerFrame(cpuBefore, browserCpuMs(), exported.frames));
    }
  }
  const input = {
    recording,
    settings: { ...DEFAULT_RENDER_SETTINGS, motionBlur: 'Natural' as const },
    zoomSegments,
    timeline,
    output: size,
  };
  const described = outputFrameTimes(timeline, FRAME_RATE).map((t) => frameAt(input, t));
  const camera = described.filter((d) => d.motionBlur.length > 0);
  const cursor = described.filter((d) => (d.cursor?.path.length ?? 0) > 0).length;
  const views = camera.reduce((sum, d) => sum + d.motionBlur.length, 0) / Math.max(1, camera.length);
  const [off, natural] = [median(fps.Off), median(fps.Natural)];
  const [offCpu, naturalCpu] = [median(cpu.Off), median(cpu.Natural)];
  console.log(
    `        motion blur (${codec === 'avc' ? 'H.264' : 'VP9'}): Off ${off.toFixed(1)} fps, Natural ${natural.toFixed(1)} fps ` +
      `(${(natural / off).toFixed(2)}x); CPU per frame ${offCpu.toFixed(1)} and ${naturalCpu.toFixed(1)} core-ms ` +
      `(${(naturalCpu / offCpu).toFixed(2)}x)${RUNS > 1 ? ` (medians of ${RUNS} alternating runs)` : ''}; Natural blurs the camera in ` +
      `${camera.length} of ${frames} frames (${views.toFixed(1)} sub-frame views each on average) and the cursor in ${cursor}`,
  );
}

/**
 * What restoring the burned-in pointer from clean neighbours costs: the export of the same source with no pointer
 * burned in (nothing erased), with one filled from around (as before the restore), and with one restored from the
 * neighbours a second decoder reads ahead (else filled), alternating RUNS times; what the second decoder read and
 * how much of the neighbours' pixels it held at most.
 */
async function comparePointerRestore(harness: Page, recording: Recording, zoomSegments: ZoomSegment[]): Promise<void> {
  const [codec, format] = CODECS[0] as (typeof CODECS)[number];
  const timeline = untrimmedEdits(recording.video.durationMs);
  const frames = outputFrameCount(timeline, FRAME_RATE);
  const sides = ['none', 'filled', 'restored'] as const;
  const fps: Record<(typeof sides)[number], number[]> = { none: [], filled: [], restored: [] };
  const cpu: Record<(typeof sides)[number], number[]> = { none: [], filled: [], restored: [] };
  let patches: Awaited<ReturnType<ExportHarness['exportInWorker']>>['patches'] = null;
  for (let run = 0; run < RUNS; run++) {
    for (const side of sides) {
      const cpuBefore = browserCpuMs();
      const exported = await exportIn(
        harness,
        benchExport(recording, zoomSegments, format, {
          pointerInVideo: side !== 'none',
          restorePointer: side === 'restored',
        }),
      );
      if (exported.frames !== frames) throw new Error(`${side}: ${exported.frames} of ${frames} frames exported`);
      fps[side].push(exported.frames / exported.seconds);
      cpu[side].push(cpuPerFrame(cpuBefore, browserCpuMs(), exported.frames));
      if (side === 'restored') patches = exported.patches;
    }
  }
  const [none, filled, restored] = sides.map((side) => median(fps[side])) as [number, number, number];
  const [noneCpu, filledCpu, restoredCpu] = sides.map((side) => median(cpu[side])) as [number, number, number];
  const read = patches
    ? `the second decoder read ${patches.decoded} source frames and cut ${patches.patches} patches from ${patches.cutFrom} of them, ` +
      `holding at most ${(patches.peakBytes / 1024).toFixed(0)} KB; choosing the neighbours took ${patches.planMs.toFixed(0)} ms before the export, ` +
      `the frame loop waited ${patches.waitMs.toFixed(0)} ms for them`
    : 'no frame needed a neighbour';
  console.log(
    `        burned-in pointer (${codec === 'avc' ? 'H.264' : 'VP9'}): none ${none.toFixed(1)} fps, filled ${filled.toFixed(1)} fps, ` +
      `restored from neighbours ${restored.toFixed(1)} fps (${(restored / filled).toFixed(2)}x the fill); CPU per frame ` +
      `${noneCpu.toFixed(1)}, ${filledCpu.toFixed(1)} and ${restoredCpu.toFixed(1)} core-ms (${(restoredCpu / filledCpu).toFixed(2)}x the fill)` +
      `${RUNS > 1 ? ` (medians of ${RUNS} alternating runs)` : ''}; ${read}`,
  );
}

/** Chromium's CPU time per frame between two readings of browserCpuMs (NaN when they could not be read). */
function cpuPerFrame(before: number | null, after: number | null, frames: number): number {
  return before === null || after === null ? Number.NaN : (after - before) / frames;
}

/** The MD5 of every decoded frame of a file (ffmpeg's framemd5), in order. */
function frameHashes(path: string): string[] {
  const tools = findFfmpeg();
  if (!tools) throw new Error('ffmpeg is needed to compare the exported frames.');
  return execFileSync(tools.ffmpeg, ['-v', 'error', '-i', path, '-map', '0:v:0', '-f', 'framemd5', '-'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split(',').pop()?.trim() ?? '');
}

/**
 * The export painted by one worker against the export painted by `workers`, alternating RUNS times on the same
 * source and request: fps of each (medians), and every decoded frame of the two files compared by its hash.
 */
async function compareWorkers(
  harness: Page,
  recording: Recording,
  zoomSegments: ZoomSegment[],
  dir: string,
  workers: number,
): Promise<void> {
  const timeline = untrimmedEdits(recording.video.durationMs);
  const size = exportSize(recording.video, DEFAULT_RENDER_SETTINGS, DEFAULT_EXPORT_OPTIONS.resolution, HEIGHT);
  const frames = outputFrameCount(timeline, FRAME_RATE);
  for (const [codec, format] of CODECS) {
    const requestFor = (side: 'one' | 'many'): HarnessExport =>
      benchExport(recording, zoomSegments, format, {
        workers: side === 'one' ? 1 : workers,
      });
    const fps: Record<'one' | 'many', number[]> = { one: [], many: [] };
    const paths = { one: join(dir, `one-worker.${format}`), many: join(dir, `${workers}-workers.${format}`) };
    const timings: Record<'one' | 'many', string> = { one: '', many: '' };
    for (let run = 0; run < RUNS; run++) {
      for (const side of ['one', 'many'] as const) {
        const exported = await exportIn(harness, requestFor(side));
        if (exported.frames !== frames) throw new Error(`${side}: ${exported.frames} of ${frames} frames exported`);
        fps[side].push(exported.frames / exported.seconds);
        await writeFile(paths[side], Buffer.from(exported.base64, 'base64'));
        const t = exported.timings;
        timings[side] =
          `waiting per frame: decode ${(t.decodeWaitMs / frames).toFixed(1)} ms, painted frames ${(t.paintMs / frames).toFixed(1)} ms, ` +
          `encoder ${(t.encodeWaitMs / frames).toFixed(1)} ms (${exported.workers} painting)`;
      }
    }
    // The painted frames themselves, hashed before encoding in one more (untimed) export per side: an encoder
    // need not make the same bytes twice from the same frames, so the files are compared too but not relied on.
    const painted = { one: [] as readonly string[], many: [] as readonly string[] };
    for (const side of ['one', 'many'] as const) {
      const hashed = await exportIn(harness, {
        ...requestFor(side),
        hashFrames: true,
      });
      painted[side] = hashed.frameHashes ?? [];
    }
    const differing = painted.one.filter((hash, i) => hash !== painted.many[i]).length;
    const one = frameHashes(paths.one);
    const many = frameHashes(paths.many);
    const decodedDiffering = one.filter((hash, i) => hash !== many[i]).length;
    const name = codec === 'avc' ? 'H.264' : 'VP9  ';
    const [fpsOne, fpsMany] = [median(fps.one), median(fps.many)];
    console.log(
      `${name} ${size.width}x${size.height}@${FRAME_RATE}  1 worker ${fpsOne.toFixed(1)} fps  ${workers} workers ${fpsMany.toFixed(1)} fps  ` +
        `speed-up ${(fpsMany / fpsOne).toFixed(2)}x${RUNS > 1 ? `  (medians of ${RUNS} alternating runs)` : ''}  (${availableParallelism()} cores)`,
    );
    console.log(`        1 worker: ${timings.one}`);
    console.log(`        ${workers} workers: ${timings.many}`);
    console.log(
      `        painted frames: ${painted.one.length} and ${painted.many.length}; ` +
        (differing === 0 && painted.one.length === frames && painted.many.length === frames
          ? 'every frame identical (SHA-256 of each painted frame)'
          : `${differing} frames differ`) +
        `; decoded files: ${decodedDiffering === 0 ? 'identical' : `${decodedDiffering} of ${one.length} frames differ (the encoder's own variation)`}`,
    );
  }
}

/**
 * Median CPU per frame of each thread name on both sides, the busiest first. "DedicatedWorker (new)" is the
 * export's (or the baseline's) worker; the H.264 encoder's threads are "ThreadPoolForeg (new)"; a VP9 source is
 * decoded on "CodecWorker (new)" (an H.264 one on pool threads, then mixed with the encoder's). "chromium" is
 * mostly the page reading the exported file back, outside the timed span.
 */
function byThread(
  runs: readonly { encodeThreads: Map<string, number>; exportThreads: Map<string, number> }[],
  exportFrames: number,
  encodeFrames: number,
): string {
  const names = new Set(runs.flatMap((r) => [...r.encodeThreads.keys(), ...r.exportThreads.keys()]));
  return [...names]
    .map((name) => ({
      name,
      exported: median(runs.map((r) => (r.exportThreads.get(name) ?? 0) / exportFrames)),
      encoded: median(runs.map((r) => (r.encodeThreads.get(name) ?? 0) / encodeFrames)),
    }))
    .filter((t) => t.exported >= 0.1 || t.encoded >= 0.1)
    .sort((a, b) => b.exported + b.encoded - (a.exported + a.encoded))
    .map((t) => `${t.name} ${t.exported.toFixed(1)} / ${t.encoded.toFixed(1)}`)
    .join(', ');
}

async function main(): Promise<void> {
  const seconds = numberOption(OPTIONS, 'seconds');
  const executablePath = browserOrExit();
  const dir = await mkdtemp(join(tmpdir(), 'clickreel-bench-export-'));
  // Both workers (and the page) are bundled as the site ships its scripts, so each side runs the code users run.
  const harnessServer = await serveTestPage(
    'tests/support/export/export-harness.ts',
    {
      '/export-worker.js': {
        body: await bundleForBrowser('site/src/export/export-worker.ts', 'production'),
        type: 'text/javascript',
      },
      '/encode-only-worker.js': {
        body: await bundleForBrowser('tests/support/export/encode-only-worker.ts', 'production'),
        type: 'text/javascript',
      },
    },
    'production',
  );
  const sourceServer = await serveTestPage('bench/export/recorded-source-page.ts');
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    // The page records its own tab, as the extension's tab capture does.
    args: [...CHROMIUM_FLAGS, `--auto-select-tab-capture-source-by-title=${SOURCE_TITLE}`],
  });
  try {
    const harness = await browser.newPage();
    await harness.goto(harnessServer.url());
    await harness.waitForFunction(() => (globalThis as { harnessReady?: boolean }).harnessReady === true);

    const sourceDir = stringOption(OPTIONS, 'source');
    let made: Awaited<ReturnType<typeof recordRealisticSource>>;
    if (sourceDir) {
      // A saved recording: before/after comparisons export the very same source.
      made = JSON.parse(await readFile(join(sourceDir, 'source.json'), 'utf8'));
      console.log(`Realistic source from ${sourceDir}`);
    } else {
      console.log(
        `Recording ${seconds} s of a ${WIDTH}x${HEIGHT} page that scrolls and moves (MediaRecorder VP9, 500 ms chunks)...`,
      );
      const sourcePage = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
      await sourcePage.goto(sourceServer.url());
      await sourcePage.waitForFunction(() => (globalThis as { sourcePageReady?: boolean }).sourcePageReady === true);
      made = await recordRealisticSource(sourcePage, seconds);
      await sourcePage.close();
    }
    const saveDir = stringOption(OPTIONS, 'save-source');
    if (saveDir) {
      await mkdir(saveDir, { recursive: true });
      await writeFile(join(saveDir, 'source.json'), JSON.stringify(made));
      await writeFile(join(saveDir, 'source.webm'), Buffer.from(made.base64, 'base64'));
    }
    const imported = await harness.evaluate((file) => (globalThis as unknown as ExportHarness).importFile(file), {
      base64: made.base64,
      type: made.mimeType,
      name: 'Recorded page',
    });
    const recording: Recording = {
      ...imported,
      viewport: { width: imported.video.width, height: imported.video.height, devicePixelRatio: 1 },
      ...made.track,
    };
    await harness.evaluate((file) => (globalThis as unknown as ExportHarness).loadSource(file), {
      base64: made.base64,
      type: made.mimeType,
      recording,
    });
    const zooms = autoZoomSegments(recording, { depth: DEFAULT_RENDER_SETTINGS.zoomDepth });
    console.log(
      `Realistic source: ${recording.video.width}x${recording.video.height}, ${(recording.video.durationMs / 1000).toFixed(1)} s, ` +
        `${(recording.video.size / 1e6).toFixed(1)} MB, ${recording.clicks.length} clicks, ${recording.scrolls.length} scroll steps, ` +
        `${zooms.length} automatic zooms; default look (background, padding, frame, shadow, cursor, motion blur), watermark`,
    );
    const workers = stringOption(OPTIONS, 'workers');
    if (workers !== undefined) {
      const count =
        workers === 'default'
          ? await harness.evaluate(() => navigator.hardwareConcurrency)
          : numberOption(OPTIONS, 'workers', { min: 1, whole: true });
      await compareWorkers(harness, recording, zooms, dir, count);
      return;
    }
    const realistic = await measure(harness, 'realistic', recording, zooms, dir);
    const growth = await comparePainters(harness, browser, recording, zooms);
    await compareMotionBlur(harness, recording, zooms);
    await comparePointerRestore(harness, recording, zooms);
    await compareTextSharpness(harness, dir);

    if (!OPTIONS['no-easy']) {
      console.log('\nEasy case: a mediabunny-written H.264 file (one marker on a still gradient), no zooms');
      const easy = await harness.evaluate(
        (options) => (globalThis as unknown as ExportHarness).makeSource(options).then((r) => r.recording),
        {
          width: WIDTH,
          height: HEIGHT,
          frameRate: FRAME_RATE,
          durationMs: seconds * 1000,
          container: 'mp4',
          audio: true,
        } as const,
      );
      await measure(harness, 'easy', easy, [], dir);
    }

    console.log(
      `\nGoals (realistic source, H.264): ratio >= ${GOALS.ratio}, >= ${GOALS.realTime}x real time, SSIM >= ${GOALS.ssim} at 'high', 0 missing frames; ` +
        `the default painters' renderer growth <= ${GOALS.growthMb} MB.`,
    );
    const avc = realistic.get('avc');
    const missed = [
      ...(avc
        ? [
            avc.ratio < GOALS.ratio && `ratio ${avc.ratio.toFixed(2)}`,
            avc.realTime < GOALS.realTime && `${avc.realTime.toFixed(2)}x real time`,
            avc.ssim < GOALS.ssim && `SSIM ${avc.ssim.toFixed(4)}`,
            avc.missing !== 0 && `${avc.missing} missing frames`,
          ]
        : []),
      growth > GOALS.growthMb && `renderer growth +${growth.toFixed(0)} MB`,
    ].filter((miss): miss is string => typeof miss === 'string');
    console.log(missed.length === 0 ? 'All goals met.' : `Goals missed: ${missed.join(', ')}.`);
    if (missed.length > 0) process.exitCode = 1;
  } finally {
    await browser.close();
    await harnessServer.close();
    await sourceServer.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
