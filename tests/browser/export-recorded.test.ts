// What the extension really records, exported through the editor: a page that shows its own clock as time codes is
// recorded with the real extension (clicks, typing, a scroll), opened in the editor with its automatic zooms, and
// exported to MP4, WebM and GIF; every frame of every file (and the preview at set playhead times) is decoded and
// must show the page, at the right time, zoomed as the camera planned.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tabCaptureSize } from '../../extension/offscreen/codecs';
import { findFfmpeg } from '../../scripts/lib/system-tools';
import { cameraAt } from '../../shared/camera/camera';
import { DEFAULT_RENDER_SETTINGS } from '../../shared/look/render-settings';
import type { Recording } from '../../shared/recording/recording';
import { cameraPlanFor } from '../../shared/render/frame-at';
import { layoutFrame } from '../../shared/render/layout';
import { outputFrameCount, untrimmedEdits } from '../../shared/timeline/timeline';
import { autoZoomSegments } from '../../shared/zoom/auto-zoom';
import { frameTimecode, TIMECODE } from '../fixtures/media/timecode';
import { exportFromEditor as exportThroughDialog } from '../support/editor-export';
import { chooseSetting } from '../support/editor-settings';
import { probeVideo } from '../support/export-checks';
import { type FrameCode, judgeFrames, readTimecodedVideo, type TimecodedVideo } from '../support/export-timecodes';
import { openRecordablePage, type RecordablePage, stopIntoEditor } from '../support/recorded-page';
import { timedCommand } from '../support/recording-harness';

/** The capture's size: the recorded tab's viewport (device pixel ratio 1), 16:10 like a laptop's tab, not 16:9. */
const VIEWPORT = { width: 1280, height: 800 };
/** The look it is exported with: the defaults, in a 16:9 frame (the recording fitted inside it). */
const SETTINGS = { ...DEFAULT_RENDER_SETTINGS, aspectRatio: '16:9' } as const;
const FRAME_RATE = 30;
/** Each export test's limit, against a hang only: the WebM export took 54 s on a 2-core machine under some load. */
const EXPORT_TEST_TIMEOUT = 240_000;

describe('a recording made by the extension, exported from the editor', () => {
  let recordable: RecordablePage;
  let dir: string;
  let editor: Page;
  let recording: Recording;
  let source: TimecodedVideo;
  let sourceBytes: Buffer;
  /** Page time (the page's performance.now()) minus recording time, from the clicks both saw. */
  let pageClockOffset: number;
  const exported: Record<string, { path: string; codes: TimecodedVideo }> = {};

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-recorded-'));
    recordable = await openRecordablePage('tests/fixtures/pages/timecode-page.ts', VIEWPORT);
    const { browser, page, tabId } = recordable;
    await page.mouse.move(200, 200);
    expect((await timedCommand(browser, 'toggle', tabId)).phase).toBe('recording');
    // About five seconds of what a user does: click a button, click into a field and type, click another button,
    // scroll the page.
    await page.mouse.move(220, 495, { steps: 12 });
    await page.waitForTimeout(500);
    await page.mouse.click(220, 495);
    await page.waitForTimeout(700);
    await page.mouse.move(430, 265, { steps: 8 });
    await page.mouse.click(430, 265);
    await page.keyboard.type('hello', { delay: 60 });
    await page.mouse.move(1060, 545, { steps: 10 });
    await page.mouse.click(1060, 545);
    await page.waitForTimeout(900);
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(700);
    const sourcePath = join(dir, 'recording.webm');
    ({ editor, recording, video: sourceBytes } = await stopIntoEditor(browser, tabId, sourcePath));
    await chooseSetting(editor, 'Background', 'Aspect ratio', 'Wide 16:9');
    // Every frame's time code is read: motion blur (Natural by default) streaks the page in a fast camera move, as it
    // should, and a streaked code cannot be read; the frames' timing and zoom are judged with it off.
    await chooseSetting(editor, 'Zoom', 'Motion blur', 'Off');
    const pageEvents = await page.evaluate(() => (window as unknown as { pageEvents: { t: number }[] }).pageEvents);
    source = await readTimecodedVideo(sourcePath);
    expect(recording.clicks).toHaveLength(pageEvents.length);
    const offsets = recording.clicks.map((click, i) => (pageEvents[i]?.t ?? 0) - click.t).sort((a, b) => a - b);
    pageClockOffset = offsets[Math.floor(offsets.length / 2)] as number;
  });
  afterAll(async () => {
    await recordable?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the stored recording has its duration and a seek index, and every frame shows the page', async () => {
    const probe = probeVideo(join(dir, 'recording.webm'));
    // Above the tab's pixels: the recorder captures a small tab at up to a 1080p frame's (tabCaptureSize).
    expect({ width: probe.width, height: probe.height }).toEqual(tabCaptureSize(VIEWPORT.width, VIEWPORT.height, 1));
    // The WebM's Segment Info says how long it is (MediaRecorder writes no duration), to its last packet...
    expect(Math.abs(probe.duration - lastPacketEnd(join(dir, 'recording.webm')))).toBeLessThan(0.1);
    // It reaches at least the last frame's start (the container may leave that frame's own length out).
    expect(probe.duration).toBeGreaterThanOrEqual(probe.videoDuration - 1 / FRAME_RATE - 0.01);
    // ...and it has Cues, the index players seek with (element id 0x1C53BB6B).
    expect(sourceBytes.includes(Buffer.from([0x1c, 0x53, 0xbb, 0x6b]))).toBe(true);
    expect(source.codes.every((code) => code !== null)).toBe(true);
    // The page's clock, read from the frames, runs with the track's: what a frame shows was drawn before the capture
    // stamped it, never after. How long before is the browser's paint-and-capture delay, which grows with the
    // machine's load (80 to 350 ms seen, and 845 ms on an overloaded 2-core machine), so no one frame's delay is
    // bounded. An offset between the clocks is: a countdown, or a pause counted on one clock only, would delay every
    // frame after it by a second or more, while in each second of this recording the quickest frame is drawn less
    // than a second before its stamp.
    const lags = source.times.map((t, i) => t * 1000 - ((source.codes[i]?.value ?? 0) - pageClockOffset));
    const quickestEachSecond = new Map<number, number>();
    lags.forEach((lag, i) => {
      const second = Math.floor(source.times[i] as number);
      quickestEachSecond.set(second, Math.min(lag, quickestEachSecond.get(second) ?? lag));
    });
    console.log(
      `recording: ${source.times.length} frames in ${recording.video.durationMs} ms; each shows the page drawn ${Math.min(...lags).toFixed(0)}–${Math.max(...lags).toFixed(0)} ms before its time on the track's clock`,
    );
    for (const lag of lags) expect(lag).toBeGreaterThan(-1000 / FRAME_RATE);
    for (const quickest of quickestEachSecond.values()) expect(quickest).toBeLessThan(1000);
  });

  /** Exports with the dialog's defaults in `format` and reads every frame. */
  async function exportFromEditor(
    format: 'mp4' | 'webm' | 'gif',
  ): Promise<{ path: string; codes: TimecodedVideo; sizeShown: string; sizeOption: string | null }> {
    let sizeShown = '';
    let sizeOption: string | null = null;
    const path = join(dir, `export.${format}`);
    await exportThroughDialog(editor, format, path, {
      choose: async (dialog) => {
        sizeShown = `${await dialog.getByTestId('export-size').textContent()} ${await dialog.getByTestId('export-size-reason').textContent()}`;
        sizeOption = await dialog
          .getByRole('radiogroup', { name: 'Size' })
          .getByRole('radio', { checked: true })
          .getAttribute('aria-label');
      },
      // Every frame was read: the dialog says "Saved", not that frames were missing.
      // (The dialog's message, not its sliders' values, which are <output>s and so also have the status role.)
      done: async (dialog) => expect(await dialog.locator('.export-message').textContent()).toMatch(/^Saved/),
    });
    const codes = await readTimecodedVideo(path);
    exported[format] = { path, codes };
    return { path, codes, sizeShown, sizeOption };
  }

  /** The composition the editor exports: default look, automatic zooms from the track. */
  function composition(size: { width: number; height: number }) {
    const settings = SETTINGS;
    const zooms = autoZoomSegments(recording, { depth: settings.zoomDepth });
    const video = layoutFrame(settings, recording.video, size, false).video;
    // The page's time code is drawn in CSS px: the capture has more pixels than the tab (tabCaptureSize).
    return { zooms, pixelsPerPage: video.width / recording.viewport.width };
  }

  /** The camera's zoom at source time `ms`, and the code block size it gives in a frame of `size`. */
  function plannedBlock(ms: number, size: { width: number; height: number }): { scale: number; block: number } {
    const { zooms, pixelsPerPage } = composition(size);
    const scale = cameraAt(cameraPlanFor(recording, zooms, SETTINGS.zoomTiming), ms).scale;
    return { scale, block: TIMECODE.block * pixelsPerPage * scale };
  }

  /** Frame by frame: page content, the right source frame, no freeze the source lacks, zooms as planned. */
  function checkExport(video: TimecodedVideo, frameRate: number) {
    const timeline = untrimmedEdits(recording.video.durationMs);
    expect(video.codes).toHaveLength(outputFrameCount(timeline, frameRate));
    const sourceTimes = video.codes.map((_, i) => i / frameRate);
    const judged = judgeFrames(video.codes, source, sourceTimes);
    console.log(`${video.width}x${video.height} @ ${frameRate} fps: ${JSON.stringify(judged)}`);
    expect(judged.unreadable).toBe(0);
    expect(judged.wrongFrames).toBe(0);
    expect(judged.longestFreeze).toBeLessThanOrEqual(judged.longestSourceFreeze);
    // Inside every zoom the code is still read, at the size the camera's plan gives at each click.
    let zoomed = 0;
    const blocks: string[] = [];
    for (const click of recording.clicks) {
      const index = Math.round((click.t / 1000) * frameRate);
      const code = video.codes[index] as FrameCode;
      const planned = plannedBlock((index * 1000) / frameRate, video);
      if (planned.scale > 1.2) zoomed++;
      blocks.push(
        `${click.t.toFixed(0)} ms: zoom ${planned.scale.toFixed(2)}, block ${code.block.toFixed(1)} px (planned ${planned.block.toFixed(1)})`,
      );
      expect(Math.abs(code.block / planned.block - 1)).toBeLessThan(0.1);
    }
    console.log(`  at the clicks: ${blocks.join('; ')}`);
    expect(zoomed).toBeGreaterThan(0);
  }

  test('MP4 with the dialog’s defaults: every frame shows the page at its time, zoomed as planned', {
    timeout: EXPORT_TEST_TIMEOUT,
  }, async () => {
    const { path, codes, sizeShown, sizeOption } = await exportFromEditor('mp4');
    const probe = probeVideo(path);
    expect(probe.videoCodec).toBe('h264');
    // The default size is 1080p: a 16:9 frame is 1920×1080 whatever the tab's shape, the recording fitted inside the
    // padding and frame, and the dialog names it so, its pixels beside.
    expect([probe.width, probe.height]).toEqual([1920, 1080]);
    expect(sizeShown).toMatch(/^1080p 1920×1080, 30 fps /);
    expect(sizeShown).toContain(
      `The ${recording.video.width}×${recording.video.height} recording is fitted inside the padding and frame`,
    );
    expect(sizeOption).toBe('1080p (1920×1080)');
    checkExport(codes, FRAME_RATE);
  });

  test('WebM: the same frames', { timeout: EXPORT_TEST_TIMEOUT }, async () => {
    const { codes } = await exportFromEditor('webm');
    checkExport(codes, FRAME_RATE);
    // The same source frame as the MP4 at every time.
    expect(codes.codes.map((c) => c?.value)).toEqual(exported.mp4?.codes.codes.map((c) => c?.value));
  });

  test('GIF: the same frames at its own frame times, and its delays keep real time', {
    timeout: EXPORT_TEST_TIMEOUT,
  }, async () => {
    const { path, codes } = await exportFromEditor('gif');
    checkExport(codes, 15);
    const mp4 = exported.mp4?.codes.codes ?? [];
    expect(codes.codes.map((c) => c?.value)).toEqual(mp4.filter((_, i) => i % 2 === 0).map((c) => c?.value));
    // Frame times (from its delays) stay on the 15 fps grid: never more than a centisecond off.
    const drift = Math.max(...codes.times.map((t, i) => Math.abs(t - i / 15)));
    expect(drift).toBeLessThanOrEqual(0.0101);
    expect((await readFile(path)).subarray(0, 6).toString()).toBe('GIF89a');
  });

  test('the preview shows the same frame and the same zoom as the export at set playhead times', async () => {
    const mp4 = exported.mp4?.codes;
    expect(mp4).toBeDefined();
    const frameMs = 1000 / recording.video.frameRate;
    const times = [...recording.clicks.map((c) => c.t), 1000, 2500];
    for (const ms of times) {
      const seconds = Math.floor(ms / 1000);
      const frames = Math.round((ms - seconds * 1000) / frameMs);
      const target = seconds * 1000 + frames * frameMs;
      await editor.getByTestId('preview').click();
      await editor.keyboard.press('Home');
      for (let i = 0; i < seconds; i++) await editor.keyboard.press('Shift+ArrowRight');
      for (let i = 0; i < frames; i++) await editor.keyboard.press('ArrowRight');
      await expect
        .poll(async () => Number(await editor.getByTestId('playhead').getAttribute('data-ms')))
        .toBe(Math.round(target));
      const index = Math.round((target / 1000) * FRAME_RATE);
      const expected = mp4?.codes[index];
      let shown: { value: number; block: number; width: number; height: number } | null = null;
      await expect
        .poll(async () => {
          shown = await previewCode(editor);
          return shown?.value;
        })
        .toBe(expected?.value);
      const preview = shown as unknown as { value: number; block: number; width: number; height: number };
      const planned = plannedBlock(target, preview);
      expect(Math.abs(preview.block / planned.block - 1)).toBeLessThan(0.1);
    }
  });
});

/** End of the last packet of any stream (s), from ffprobe. */
function lastPacketEnd(path: string): number {
  const ffprobe = findFfmpeg()?.ffprobe ?? 'ffprobe';
  const lines = execFileSync(
    ffprobe,
    ['-v', 'error', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', path],
    {
      encoding: 'utf8',
    },
  );
  return Math.max(
    ...lines
      .trim()
      .split('\n')
      .map((line) => line.split(',').map(Number))
      .map(([pts = 0, duration = 0]) => pts + (Number.isFinite(duration) ? duration : 0)),
  );
}

/** The time code the editor's preview canvas shows now, and the canvas size. */
async function previewCode(
  page: Page,
): Promise<{ value: number; block: number; width: number; height: number } | null> {
  const image = await page.evaluate(() => {
    const canvas = document.querySelector('[data-testid=preview]') as HTMLCanvasElement;
    const { data, width, height } = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(
      0,
      0,
      canvas.width,
      canvas.height,
    );
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0, j = 0; i < data.length; i += 4, j += 3) {
      rgb[j] = data[i] ?? 0;
      rgb[j + 1] = data[i + 1] ?? 0;
      rgb[j + 2] = data[i + 2] ?? 0;
    }
    let binary = '';
    for (let i = 0; i < rgb.length; i += 0x8000) binary += String.fromCharCode(...rgb.subarray(i, i + 0x8000));
    return { width, height, base64: btoa(binary) };
  });
  const code = frameTimecode({ width: image.width, height: image.height, data: Buffer.from(image.base64, 'base64') });
  return code ? { value: code.value, block: code.block, width: image.width, height: image.height } : null;
}
