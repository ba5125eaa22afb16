// A recording whose capture sent no frame for a second right after the pointer moved (a loaded machine drops them; a
// still page sends none), made by ffmpeg: the frame before the gap shows the pointer mid-move and stays on screen
// while the track already has it at rest. The export erases the pointer where that frame shows it, not where the
// track has it at the output frame's time.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findFfmpeg } from '../../scripts/lib/system-tools';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from '../../shared/look/render-settings';
import type { Recording } from '../../shared/recording/recording';
import { untrimmedEdits } from '../../shared/timeline/timeline';
import type { ZoomSegment } from '../../shared/zoom/zoom-segment';
import { cursorPath, recordingFixture } from '../fixtures/builders/recording-fixture';
import type { ExportHarness, HarnessExport } from '../support/export/export-harness';
import { type ExportHarnessPage, openExportHarness } from '../support/export/harness-page';
import { probeVideo } from '../support/export-checks';
import { forEachFrame } from '../support/export-timecodes';

const SIZE = { width: 640, height: 360 };
/** The pointer's move (px of the page, which is the video's size): from x 100 to 500 at y 170, 300–1000 ms. */
const MOVE = { fromMs: 300, toMs: 1000, fromX: 100, toX: 500, y: 170 };
/** The capture shows the pointer this late (as Chromium's does: BURNED_POINTER). */
const CAPTURE_LAG_MS = 60;
/** No source frame between these times (s): the one at 0.967 s, with the pointer mid-move, shows until 2 s. */
const GAP = { from: 1.0, to: 2.0 };

/**
 * The camera zooms in while the frame is held, so each output frame draws it anew (a still camera reuses what it drew
 * of a held frame), around where the pointer shows.
 */
const ZOOM: ZoomSegment = {
  id: 'z1',
  startMs: 1100,
  endMs: 2900,
  depth: 'Weak',
  focus: { kind: 'point', x: 0.6, y: 0.5 },
  origin: 'user',
};

/** Nothing drawn over the video, and not our cursor: any dark pixel is the burned-in pointer. */
const PLAIN: Partial<RenderSettings> = {
  background: { ...DEFAULT_RENDER_SETTINGS.background, type: 'Hidden' },
  padding: 0,
  corners: 'Sharp',
  shadow: 'None',
  frame: 'Hidden',
  aspectRatio: 'auto',
  cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, hidden: true },
  motionBlur: 'Off',
};

/** A light page with the black pointer (14×20, hotspot at its top left) moved by MOVE, shown CAPTURE_LAG_MS late. */
function makeHeldFrameVideo(path: string): void {
  const { fromMs, toMs, fromX, toX, y } = MOVE;
  const x = `${fromX}+${toX - fromX}*clip((t-${(fromMs + CAPTURE_LAG_MS) / 1000})/${(toMs - fromMs) / 1000},0,1)`;
  execFileSync(findFfmpeg()?.ffmpeg ?? 'ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0xe8e8f0:size=${SIZE.width}x${SIZE.height}:rate=30:duration=3`,
    '-f',
    'lavfi',
    '-i',
    'color=c=black:size=14x20:rate=30:duration=3',
    '-filter_complex',
    `[0][1]overlay=x='${x}':y=${y}:eval=frame,select='not(between(t\\,${GAP.from}\\,${GAP.to}))'`,
    '-fps_mode',
    'passthrough',
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '400k',
    path,
  ]);
}

/** The recording the extension would have made of it: the track, and the pointer burned into the video. */
function heldFrameRecording(durationMs: number): Recording {
  const { fromMs, toMs, fromX, toX, y } = MOVE;
  const base = recordingFixture();
  return recordingFixture({
    viewport: { ...SIZE, devicePixelRatio: 1 },
    video: { ...base.video, ...SIZE, durationMs, pointerInVideo: true },
    cursor: cursorPath([
      { t: 0, x: fromX / SIZE.width, y: y / SIZE.height },
      { t: fromMs, x: fromX / SIZE.width, y: y / SIZE.height },
      { t: toMs, x: toX / SIZE.width, y: y / SIZE.height },
      { t: durationMs, x: toX / SIZE.width, y: y / SIZE.height },
    ]),
  });
}

/** Per frame of the video at `path`, how many pixels are dark (the pointer's). */
async function darkPixelsPerFrame(path: string): Promise<number[]> {
  const { width, height } = probeVideo(path);
  const counts: number[] = [];
  await forEachFrame(path, width, height, (_index, rgb) => {
    let dark = 0;
    for (let i = 0; i < rgb.length; i += 3) {
      if ((rgb[i] ?? 255) < 100 && (rgb[i + 1] ?? 255) < 100 && (rgb[i + 2] ?? 255) < 100) dark++;
    }
    counts.push(dark);
  });
  return counts;
}

describe('a source frame held past its time', () => {
  let harness: ExportHarnessPage | undefined;
  let page: Page;
  let dir: string;
  let recording: Recording;
  let sourcePath: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-held-'));
    sourcePath = join(dir, 'held.webm');
    makeHeldFrameVideo(sourcePath);
    recording = heldFrameRecording(Math.round(probeVideo(sourcePath).videoDuration * 1000));
    harness = await openExportHarness();
    ({ page } = harness);
    await page.evaluate((file) => (globalThis as unknown as ExportHarness).loadSource(file), {
      base64: (await readFile(sourcePath)).toString('base64'),
      type: 'video/webm',
      recording,
    });
  });
  afterAll(async () => {
    await harness?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the source shows the pointer in every frame, and one frame for a second', async () => {
    const dark = await darkPixelsPerFrame(sourcePath);
    expect(dark.every((count) => count > 100)).toBe(true);
    expect(dark.length).toBeLessThan(62);
  });

  for (const format of ['mp4', 'gif'] as const) {
    test(`${format}: no frame shows the pointer, through the held frame too`, async () => {
      const request: HarnessExport = {
        settings: PLAIN,
        zoomSegments: [ZOOM],
        timeline: untrimmedEdits(recording.video.durationMs),
        options: { format, quality: 'high', resolution: 'source', frameRate: 30 },
        watermark: false,
        ...SIZE,
      };
      const result = await page.evaluate((r) => (globalThis as unknown as ExportHarness).exportInWorker(r), request);
      const path = join(dir, `held.${format}`);
      await writeFile(path, Buffer.from(result.base64, 'base64'));
      // The file's gap is held in the export: the frame before it shows about a second.
      expect(result.sourceHeldFrames).toBeGreaterThan(format === 'gif' ? 10 : 25);
      const dark = await darkPixelsPerFrame(path);
      const frameRate = format === 'gif' ? 15 : 30;
      const shown = dark.flatMap((count, index) => (count > 3 ? [`${Math.round((index * 1000) / frameRate)} ms`] : []));
      expect(shown, 'frames that show the pointer').toEqual([]);
    });
  }
});
