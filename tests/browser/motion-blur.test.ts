// Motion blur that reads as motion: a page with one thin dark vertical line and one dark horizontal line on white, the
// automatic camera zooming in, panning and zooming out over it (LINES_SCENE), the default look (motion blur Natural). Exported to MP4 (the planar painter, in
// the export's workers) and GIF (Canvas 2D), every frame decoded: while the camera moves, each line's cross-profile is
// one dark run (a streak along the move, never a second edge), and at rest it is as sharp as the source. The editor's
// paused preview (the live Canvas 2D painter) at three moving times: the same.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_EXPORT_OPTIONS, gifOutput } from '../../shared/export/export-options';
import type { Rect } from '../../shared/geometry/geometry';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from '../../shared/look/render-settings';
import type { Recording } from '../../shared/recording/recording';
import { type FrameDescription, frameAt } from '../../shared/render/frame-at';
import { exportSize } from '../../shared/render/output-size';
import { untrimmedEdits } from '../../shared/timeline/timeline';
import { autoZoomSegments } from '../../shared/zoom/auto-zoom';
import type { ZoomSegment } from '../../shared/zoom/zoom-segment';
import { LINES_SCENE, type SyntheticRecordingOptions } from '../fixtures/builders/synthetic-recording';
import { settingsTab } from '../support/editor-settings';
import type { ExportHarness } from '../support/export/export-harness';
import { type ExportHarnessPage, openExportHarness } from '../support/export/harness-page';
import { probeVideo } from '../support/export-checks';
import { forEachFrame } from '../support/export-timecodes';
import { darkRuns, profileOf } from '../support/line-profile';
import { type SyntheticEditorSetup, syntheticEditorSetup } from '../support/synthetic-editor';

const SOURCE: SyntheticRecordingOptions = {
  width: 1280,
  height: 720,
  frameRate: 30,
  durationMs: LINES_SCENE.minDurationMs,
  container: 'webm',
  audio: false,
  scene: 'lines',
};
/** The default look (motion blur at Natural, the default), the cursor hidden: its own streak would cross the lines. */
const SETTINGS: RenderSettings = {
  ...DEFAULT_RENDER_SETTINGS,
  cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, hidden: true },
};
/**
 * A dark run is where the profile is darker than the page by more than this share of its darkest point: the
 * streak of a moving line is one such run however long it is; a copy of the line drawn a few pixels off at a
 * third of its weight or more (what the old motion blur drew) is a second one.
 */
const RUN_DEPTH = 0.25;
/** How much darker the lines are than the page (luma of #ffffff and #141414). */
const LINE_DEPTH = 235;
/** Moving times of the paused preview: zooming in, panning, zooming out (see LINES_SCENE). */
const PREVIEW_MS = [1100, 3300, 5800];

/** The default shutter's (Natural's), ms: how long the picture at a frame's time is exposed. */
const SHUTTER_MS = 50 / 3;

/** The camera's view (normalized to the video) at each time: the frame descriptions' own, at any time. */
type ViewAt = (ms: number) => Rect;

/**
 * What is wrong with one line in one frame at `ms` (null: nothing). Where the line is comes from the camera alone:
 * its view a half-shutter before and after the frame's time (the streak's ends), and read a shutter and a half
 * back (where copies of earlier views would show it).
 */
function judgeLine(
  rgb: Uint8Array,
  width: number,
  description: FrameDescription,
  viewAt: ViewAt,
  line: 'vertical' | 'horizontal',
): string | null {
  const { video } = description.layout;
  const ms = description.timeMs;
  const vertical = line === 'vertical';
  // Where the line is across it under a view (canvas px).
  const across = (view: Rect) =>
    vertical
      ? video.x + ((LINES_SCENE.x - view.x) / view.width) * video.width
      : video.y + ((LINES_SCENE.y - view.y) / view.height) * video.height;
  const opening = across(viewAt(ms - SHUTTER_MS / 2));
  const closing = across(viewAt(ms + SHUTTER_MS / 2));
  const reach = [opening, closing, across(viewAt(ms - 1.5 * SHUTTER_MS))];
  const start = Math.floor(Math.min(...reach)) - 12;
  const end = Math.ceil(Math.max(...reach)) + 12;
  const lo = vertical ? video.x : video.y;
  const hi = vertical ? video.x + video.width : video.y + video.height;
  if (start < lo + 4 || end > hi - 4) return null;
  // The profile is read across the frame a quarter in from the edge farther from the other line.
  const rect = description.camera.rect;
  const other = vertical
    ? video.y + ((LINES_SCENE.y - rect.y) / rect.height) * video.height
    : video.x + ((LINES_SCENE.x - rect.x) / rect.width) * video.width;
  const [near, far] = vertical ? [video.y, video.y + video.height] : [video.x, video.x + video.width];
  const at = Math.round(other - near > far - other ? near + (far - near) / 4 : far - (far - near) / 4);
  const profile = profileOf(rgb, width, vertical ? 'x' : 'y', at, start, end);
  const { depth, runs } = darkRuns(profile, RUN_DEPTH);
  // How far the line itself moves while the shutter is open.
  const travel = Math.abs(closing - opening);
  const runText = runs.map((r) => `${start + r.start}-${start + r.end}`).join(', ');
  if (depth < 10) return `${line} line not found (depth ${depth.toFixed(0)})`;
  if (runs.length !== 1) return `${line} line: ${runs.length} dark runs (${runText}), depth ${depth.toFixed(0)}`;
  const run = runs[0] as { start: number; end: number };
  if (travel >= 0.5) {
    // A streak along the move: as long as most of the way the line travels while the shutter is open.
    if (travel >= 8 && run.end - run.start < travel / 2)
      return `${line} line: a ${run.end - run.start} px run, no streak over the ${travel.toFixed(0)} px move`;
    return null;
  }
  // At rest as sharp as the source: as dark (a line scaled below a pixel wide is spread over one), and as wide as
  // the line scaled (half-depth width, a pixel of filtering either side).
  const scale = (vertical ? video.width / rect.width / SOURCE.width : video.height / rect.height / SOURCE.height) || 1;
  const drawnWidth = LINES_SCENE.lineWidth * scale;
  const sharp = darkRuns(profile, 0.5);
  const runWidth = (sharp.runs[0]?.end ?? 0) - (sharp.runs[0]?.start ?? 0);
  if (depth < 0.55 * LINE_DEPTH * Math.min(1, drawnWidth))
    return `${line} line at rest: depth ${depth.toFixed(0)}, not as dark as the source's (${LINE_DEPTH})`;
  if (runWidth > drawnWidth + 2)
    return `${line} line at rest: ${runWidth} px wide, the source's is ${drawnWidth.toFixed(1)}`;
  return null;
}

/** Every problem in one frame, labelled; and how far the lines moved in it while the shutter was open (px). */
function judgeFrame(
  rgb: Uint8Array,
  width: number,
  description: FrameDescription,
  viewAt: ViewAt,
  label: string,
): { problems: string[]; moved: number } {
  const problems = (['vertical', 'horizontal'] as const)
    .map((line) => judgeLine(rgb, width, description, viewAt, line))
    .filter((problem): problem is string => problem !== null)
    .map((problem) => `${label} ${description.timeMs.toFixed(0)} ms: ${problem}`);
  const ms = description.timeMs;
  const before = viewAt(ms - SHUTTER_MS / 2);
  const after = viewAt(ms + SHUTTER_MS / 2);
  const { video } = description.layout;
  const moved = Math.max(
    Math.abs(((LINES_SCENE.x - after.x) / after.width - (LINES_SCENE.x - before.x) / before.width) * video.width),
    Math.abs(((LINES_SCENE.y - after.y) / after.height - (LINES_SCENE.y - before.y) / before.height) * video.height),
  );
  return { problems, moved };
}

describe('motion blur reads as motion: one streak along the move, never a second edge', () => {
  let harness: ExportHarnessPage | undefined;
  let editor: SyntheticEditorSetup | undefined;
  let dir: string;
  let recording: Recording;
  let zoomSegments: ZoomSegment[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-motion-blur-'));
    harness = await openExportHarness();
    recording = (await harness.page.evaluate((o) => (globalThis as unknown as ExportHarness).makeSource(o), SOURCE))
      .recording;
    zoomSegments = autoZoomSegments(recording, { depth: SETTINGS.zoomDepth, timing: SETTINGS.zoomTiming });
  });
  afterAll(async () => {
    await harness?.close();
    await editor?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  for (const format of ['mp4', 'gif'] as const) {
    test(`${format}: every frame of the zoom and the pan`, { timeout: 300_000 }, async () => {
      const size = exportSize(recording.video, SETTINGS, '1080p');
      const result = await (harness as ExportHarnessPage).page.evaluate(
        (request) => (globalThis as unknown as ExportHarness).exportInWorker(request),
        {
          settings: SETTINGS,
          zoomSegments,
          timeline: untrimmedEdits(recording.video.durationMs),
          options: { ...DEFAULT_EXPORT_OPTIONS, format },
          watermark: false,
          width: size.width,
          height: size.height,
        },
      );
      const path = join(dir, `lines.${format}`);
      await writeFile(path, Buffer.from(result.base64, 'base64'));
      const probe = probeVideo(path);
      const frameRate = format === 'gif' ? gifOutput(size.width, size.height, 30).frameRate : 30;
      const input = {
        recording,
        settings: SETTINGS,
        zoomSegments,
        output: { width: probe.width, height: probe.height },
      };
      const problems: string[] = [];
      let moving = 0;
      let still = 0;
      const viewAt: ViewAt = (ms) => frameAt(input, ms).camera.rect;
      await forEachFrame(path, probe.width, probe.height, (index, rgb) => {
        const judged = judgeFrame(rgb, probe.width, frameAt(input, (index * 1000) / frameRate), viewAt, format);
        problems.push(...judged.problems);
        if (judged.moved >= 2) moving++;
        else still++;
      });
      console.log(`${format} ${probe.width}x${probe.height}: ${moving} moving and ${still} still frames judged`);
      expect(moving).toBeGreaterThan(frameRate / 2);
      expect(problems).toEqual([]);
    });
  }

  test('the paused preview at three moving times', { timeout: 300_000 }, async () => {
    editor = await syntheticEditorSetup('motion-blur', SOURCE);
    const { page } = await editor.openEditor({ width: 1280, height: 800 });
    // Motion blur as a new user finds it (Natural).
    await (await settingsTab(page, 'Cursor')).getByLabel('Show cursor').setChecked(false);
    const problems: string[] = [];
    for (const ms of PREVIEW_MS) {
      const { width, height, rgb } = await pausedPicture(page, ms);
      // What the editor draws (free plan: the watermark, away from the lines), at the preview's size.
      const settings = { ...SETTINGS, watermark: true };
      const input = { recording, settings, zoomSegments, output: { width, height } };
      const judged = judgeFrame(rgb, width, frameAt(input, ms), (at) => frameAt(input, at).camera.rect, 'preview');
      expect(judged.moved, `the lines move at ${ms} ms`).toBeGreaterThanOrEqual(1);
      problems.push(...judged.problems);
    }
    expect(problems).toEqual([]);
  });
});

/** The preview canvas's pixels (RGB) once it shows the paused frame at `ms` (a whole frame of the 30 fps source). */
async function pausedPicture(page: Page, ms: number): Promise<{ width: number; height: number; rgb: Uint8Array }> {
  const preview = page.getByTestId('preview');
  await preview.click();
  await page.keyboard.press('Home');
  for (let i = 0; i < Math.floor(ms / 1000); i++) await page.keyboard.press('Shift+ArrowRight');
  for (let i = 0; i < Math.round((ms % 1000) / (1000 / 30)); i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => preview.getAttribute('data-frame-ms')).toBe(String(ms));
  const picture = await preview.evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let text = '';
    for (let i = 0; i < data.length; i += 4)
      text += String.fromCharCode(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0);
    return { width: canvas.width, height: canvas.height, base64: btoa(text) };
  });
  return { width: picture.width, height: picture.height, rgb: new Uint8Array(Buffer.from(picture.base64, 'base64')) };
}
