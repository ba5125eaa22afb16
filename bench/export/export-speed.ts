// The export's speed against the encoder alone: for each codec, the export as the editor runs it and an
// encode-only baseline (the same decoded source frames straight into the same encoder, both timed from starting their
// worker) alternate RUNS times; then the bitrate delivered, SSIM against the painter's own frames, missing frames,
// where the export's worker waited, and the CPU Chromium spent per frame on each side, in all and by thread.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { findFfmpeg } from '../../scripts/lib/system-tools';
import { DEFAULT_EXPORT_OPTIONS, videoBitrate, videoQuantizer } from '../../shared/export/export-options';
import { DEFAULT_RENDER_SETTINGS } from '../../shared/look/render-settings';
import type { Recording } from '../../shared/recording/recording';
import { exportSize } from '../../shared/render/output-size';
import { outputFrameCount, outputFrameTimes, untrimmedEdits } from '../../shared/timeline/timeline';
import type { ZoomSegment } from '../../shared/zoom/zoom-segment';
import type { EncodeOnlyRequest } from '../../tests/support/export/encode-only-worker';
import type { ExportHarness, HarnessExport } from '../../tests/support/export/export-harness';
import { median } from '../../tests/support/median';
import { benchExport, CODECS, exportIn, FRAME_RATE, HEIGHT, RUNS } from './bench-setup';
import { browserCpuMs, cpuPerFrame, sampleThreadCpu } from './browser-cpu';

type Exported = Awaited<ReturnType<ExportHarness['exportInWorker']>>;

/** One run of each side: fps, CPU per frame (all Chromium threads) and CPU by thread name. */
interface TimedRun {
  readonly encodeFps: number;
  readonly exportFps: number;
  readonly encodeCpu: number;
  readonly exportCpu: number;
  readonly encodeThreads: Map<string, number>;
  readonly exportThreads: Map<string, number>;
}

/** Exports the harness's current source in each codec against the baseline and prints one block per codec. */
export async function measure(
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
  for (const [codec, format] of CODECS) {
    const baseline: Omit<EncodeOnlyRequest, 'video'> = {
      codec,
      bitrate: videoBitrate(size.width, size.height, FRAME_RATE, DEFAULT_EXPORT_OPTIONS.quality, codec),
      quantizer: videoQuantizer(DEFAULT_EXPORT_OPTIONS.quality, codec),
      frameRate: FRAME_RATE,
      times: outputFrameTimes(timeline, FRAME_RATE),
    };
    // The editor's default: the export decides its painters (shared/export/painting-workers.ts).
    const request = benchExport(recording, zoomSegments, format, { workers: 0 });
    const runs = await timedRuns(harness, baseline, request);
    // The same export once more, untimed, for its file.
    const exported = await exportIn(harness, request);
    const path = join(dir, `${label.replace(/\W+/g, '-')}.${format}`);
    await writeFile(path, Buffer.from(exported.base64, 'base64'));
    const quality = await harness.evaluate(([r, file]) => (globalThis as unknown as ExportHarness).qualityOf(r, file), [
      request,
      exported.base64,
    ] as const);
    const missing = exported.heldFrames - exported.sourceHeldFrames + (frames - exported.frames);
    const name = codec === 'avc' ? 'H.264' : 'VP9  ';
    const ratio = median(runs.map((r) => r.exportFps / r.encodeFps));
    const exportFps = median(runs.map((r) => r.exportFps));
    console.log(
      `${name} ${size.width}x${size.height}@${FRAME_RATE}  export ${exportFps.toFixed(1)} fps  encode-only ${median(runs.map((r) => r.encodeFps)).toFixed(1)} fps  ` +
        `ratio ${ratio.toFixed(2)}  ${(exportFps / FRAME_RATE).toFixed(2)}x real time${RUNS > 1 ? `  (medians of ${RUNS} runs)` : ''}`,
    );
    const achieved = videoBitsPerSecond(path, frames / FRAME_RATE);
    console.log(
      `        bitrate ${(achieved / 1e6).toFixed(2)} Mbit/s (${exported.rateControl === 'quantizer' ? `quantizer ${baseline.quantizer}` : `target ${(baseline.bitrate / 1e6).toFixed(2)}`})  ` +
        `SSIM ${quality.mean.toFixed(4)} (worst frame ${quality.min.toFixed(4)}; ${quality.below} of ${quality.frames} frames below 0.97)  ` +
        `missing frames ${missing}  (held ${exported.heldFrames}, the source's own ${exported.sourceHeldFrames}; ${exported.frames}/${frames} frames)`,
    );
    console.log(
      `        worst frames: ${quality.worst.map((w) => `#${w.index} (${(w.index / FRAME_RATE).toFixed(2)} s) ${w.ssim.toFixed(3)}`).join(', ')}`,
    );
    printWhereTimeWent(exported, runs, frames);
    figures.set(codec, { ratio, ssim: quality.mean, missing });
  }
  return figures;
}

/**
 * Baseline and export, alternating RUNS times, so a change in the machine's load falls on both sides of a run's
 * ratio. Each side's span ends with its encoder: the export's file is not read back within it.
 */
async function timedRuns(
  harness: Page,
  baseline: Omit<EncodeOnlyRequest, 'video'>,
  request: HarnessExport,
): Promise<TimedRun[]> {
  const runs: TimedRun[] = [];
  for (let run = 0; run < RUNS; run++) {
    const cpuBefore = browserCpuMs();
    const baselineThreads = sampleThreadCpu();
    const encoded = await harness.evaluate(
      (r) => (globalThis as unknown as ExportHarness).encodeOnlyInWorker(r),
      baseline,
    );
    const cpuBetween = browserCpuMs();
    const encodeThreads = baselineThreads.stop();
    const exportThreads = sampleThreadCpu();
    const exported = await exportIn(harness, { ...request, withoutFile: true });
    const cpuAfter = browserCpuMs();
    const last: TimedRun = {
      encodeThreads,
      exportThreads: exportThreads.stop(),
      encodeFps: encoded.frames / encoded.seconds,
      exportFps: exported.frames / exported.seconds,
      encodeCpu: cpuPerFrame(cpuBefore, cpuBetween, encoded.frames),
      exportCpu: cpuPerFrame(cpuBetween, cpuAfter, exported.frames),
    };
    runs.push(last);
    if (RUNS > 1) {
      console.log(
        `        run ${run + 1}/${RUNS}: export ${last.exportFps.toFixed(1)} fps, encode-only ${last.encodeFps.toFixed(1)} fps, ratio ${(last.exportFps / last.encodeFps).toFixed(2)}`,
      );
    }
  }
  return runs;
}

/** Where the export's worker waited per frame, and the CPU each side cost per frame, in all and by thread. */
function printWhereTimeWent(exported: Exported, runs: readonly TimedRun[], frames: number): void {
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

/** What the goals are checked against, per codec. */
export interface ExportFigures {
  readonly ratio: number;
  readonly ssim: number;
  readonly missing: number;
}

/**
 * Median CPU per frame of each thread name on both sides, the busiest first. "DedicatedWorker (new)" is the
 * export's (or the baseline's) worker; the H.264 encoder's threads are "ThreadPoolForeg (new)"; a VP9 source is
 * decoded on "CodecWorker (new)" (an H.264 one on pool threads, then mixed with the encoder's); each process's
 * main thread is named by its kind ("renderer main").
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
