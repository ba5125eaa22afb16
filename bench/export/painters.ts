// Who paints the export: the editor's default (Automatic) beside one painting worker and two, fps and the renderer's
// peak memory of each; and with --workers N, one worker against N, every decoded frame of the two files compared.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { findFfmpeg } from '../../scripts/lib/system-tools';
import { DEFAULT_EXPORT_OPTIONS } from '../../shared/export/export-options';
import { DEFAULT_RENDER_SETTINGS } from '../../shared/look/render-settings';
import type { Recording } from '../../shared/recording/recording';
import { exportSize } from '../../shared/render/output-size';
import { outputFrameCount, untrimmedEdits } from '../../shared/timeline/timeline';
import type { ZoomSegment } from '../../shared/zoom/zoom-segment';
import type { HarnessExport } from '../../tests/support/export/export-harness';
import { median } from '../../tests/support/median';
import { busiestRenderer, sampleMemory } from '../../tests/support/process-memory';
import { benchExport, CODECS, exportIn, FRAME_RATE, HEIGHT, MB, RUNS } from './bench-setup';

/**
 * The export as the editor runs it by default (Automatic painters) beside one painting worker and beside two (what
 * the export used to start on every 2-core machine): fps and the renderer's peak growth during the export, each
 * export sampled alone, alternating RUNS times; medians. Returns Automatic's growth, MB.
 */
export async function comparePainters(
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
export async function compareWorkers(
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
