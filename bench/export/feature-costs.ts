// What two of the look's features cost on the realistic source, each on and off in one run: motion blur (fps and
// CPU per frame at Off against Natural, and how many frames it blurs) and restoring the burned-in pointer from clean
// neighbours (fps and CPU with no pointer, one filled from around, one restored; what the second decoder read).
import type { Page } from 'playwright-core';
import { DEFAULT_EXPORT_OPTIONS } from '../../shared/export/export-options';
import type { MotionBlur } from '../../shared/look/enumerations';
import { DEFAULT_RENDER_SETTINGS } from '../../shared/look/render-settings';
import type { Recording } from '../../shared/recording/recording';
import { frameAt } from '../../shared/render/frame-at';
import { exportSize } from '../../shared/render/output-size';
import { outputFrameCount, outputFrameTimes, untrimmedEdits } from '../../shared/timeline/timeline';
import type { ZoomSegment } from '../../shared/zoom/zoom-segment';
import type { ExportHarness } from '../../tests/support/export/export-harness';
import { median } from '../../tests/support/median';
import { benchExport, CODECS, exportIn, FRAME_RATE, HEIGHT, RUNS } from './bench-setup';
import { browserCpuMs, cpuPerFrame } from './browser-cpu';

/**
 * What motion blur costs: the export with it Off and at Natural, alternating RUNS times on the same source, frames
 * and zooms (H.264, or the codec asked for), and how many of the frames it blurs (from the frame descriptions: the
 * camera's sub-frame views, the cursor's streak).
 */
export async function compareMotionBlur(
  harness: Page,
  recording: Recording,
  zoomSegments: ZoomSegment[],
): Promise<void> {
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
export async function comparePointerRestore(
  harness: Page,
  recording: Recording,
  zoomSegments: ZoomSegment[],
): Promise<void> {
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
