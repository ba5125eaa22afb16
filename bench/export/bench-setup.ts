// What every part of the export benchmark shares: the output it measures (1080p30 of a 1920x1080 source), the
// command line, and how one export request is made and run in the harness page.
import type { Page } from 'playwright-core';
import { DEFAULT_EXPORT_OPTIONS, type ExportOptions } from '../../shared/export/export-options';
import { DEFAULT_RENDER_SETTINGS } from '../../shared/look/render-settings';
import type { Recording } from '../../shared/recording/recording';
import { exportSize } from '../../shared/render/output-size';
import { untrimmedEdits } from '../../shared/timeline/timeline';
import type { ZoomSegment } from '../../shared/zoom/zoom-segment';
import type { ExportHarness, HarnessExport } from '../../tests/support/export/export-harness';
import { benchOptions, numberOption, stringOption } from '../bench-options';

export const WIDTH = 1920;
export const HEIGHT = 1080;
export const FRAME_RATE = 30;
export const MB = 1024 * 1024;

export const OPTIONS = benchOptions(
  'npm run bench:export [-- --seconds N] [--codec avc|vp9] [--runs N] [--save-source DIR | --source DIR] [--no-easy] [--workers N|default] [--memory-only]\n' +
    '  default: 10 s of 1080p30 recorded source, 3 alternating runs per codec (medians), then the easy case\n' +
    '  --runs N: N alternating baseline/export runs per comparison (default 3), medians printed\n' +
    '  --save-source DIR / --source DIR: keep the recorded source, or export a kept one (same source before/after)\n' +
    '  --workers N|default: the export painted by 1 worker against N (default: one per core), frames compared\n' +
    "  --memory-only: only the painters' fps and memory (for long sources: --seconds 240)",
  {
    seconds: { type: 'string', default: '10' },
    codec: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'save-source': { type: 'string' },
    source: { type: 'string' },
    'no-easy': { type: 'boolean' },
    workers: { type: 'string' },
    'memory-only': { type: 'boolean' },
  },
);

/** The codecs measured: both, or the one named by --codec. */
export const CODECS = (
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
export function benchExport(
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
export function exportIn(harness: Page, request: HarnessExport) {
  return harness.evaluate((r) => (globalThis as unknown as ExportHarness).exportInWorker(r), request);
}

/** Exports per codec; the printed figures are medians (ratios taken within each run). */
export const RUNS = numberOption(OPTIONS, 'runs', { min: 1, whole: true });
