import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cameraAt, planCamera } from '../../shared/camera/camera';
import type { ExportFileOptions } from '../../shared/export/export-options';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from '../../shared/look/render-settings';
import type { Recording } from '../../shared/recording/recording';
import { outputSize } from '../../shared/render/output-size';
import { outputDurationMs, outputFrameCount, type TimelineEdits } from '../../shared/timeline/timeline';
import type { ZoomSegment } from '../../shared/zoom/zoom-segment';
import type { ExportHarness, HarnessExport } from '../support/export/export-harness';
import { type ExportHarnessPage, openExportHarness } from '../support/export/harness-page';
import {
  colourDistance,
  decodeFrame,
  decodeSound,
  FRAME_CORNERS,
  type FrameRegion,
  findSound,
  probeVideo,
  type RgbFrame,
  viewMatch,
} from '../support/export-checks';

const SOURCE = { width: 640, height: 360, frameRate: 30, durationMs: 3000, container: 'webm', audio: true } as const;
/** The video fills the canvas: no background, padding, chrome or cursor, so pixels map straight to the source. */
const PLAIN: Partial<RenderSettings> = {
  background: {
    type: 'Hidden',
    image: { kind: 'preset', wallpaper: 'aurora' },
    gradient: { kind: 'preset', preset: 'lagoon' },
    color: '#000000',
  },
  padding: 0,
  corners: 'Sharp',
  shadow: 'None',
  border: { width: 0, color: '#ffffff' },
  frame: 'Hidden',
  aspectRatio: 'auto',
  webcam: { visible: false, shape: 'Circular', position: 'BottomRight', size: 'medium' },
  cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, hidden: true, smoothing: 'None', hideWhenIdle: false },
  motionBlur: 'Off',
  keystrokes: false,
};
const ZOOM: ZoomSegment = {
  id: 'z1',
  startMs: 300,
  endMs: 2600,
  depth: 'Strong',
  focus: { kind: 'point', x: 0.3, y: 0.35 },
  origin: 'user',
};
const TIMELINE: TimelineEdits = { trim: { startMs: 500, endMs: 2700 }, cuts: [] };
/** A source moment well inside the zoom, after the camera has settled. */
const CHECK_SOURCE_MS = 1800;

describe('export of an edited recording', () => {
  let harness: ExportHarnessPage | undefined;
  let page: Page;
  let dir: string;
  let recording: Recording;
  let sourcePath: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-export-'));
    harness = await openExportHarness();
    ({ page } = harness);
    const made = await page.evaluate((options) => (globalThis as unknown as ExportHarness).makeSource(options), SOURCE);
    recording = made.recording;
    sourcePath = join(dir, 'source.webm');
    await writeFile(sourcePath, Buffer.from(made.base64, 'base64'));
  });
  afterAll(async () => {
    await harness?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function exportTo(name: string, options: ExportFileOptions, watermark: boolean, width: number, height: number) {
    const result = await page.evaluate((request) => (globalThis as unknown as ExportHarness).exportInWorker(request), {
      settings: PLAIN,
      zoomSegments: [ZOOM],
      timeline: TIMELINE,
      options,
      watermark,
      width,
      height,
    });
    const path = join(dir, name);
    await writeFile(path, Buffer.from(result.base64, 'base64'));
    return { path, ...result };
  }

  /** Share of sampled pixels of the output frame that show the source where the camera looks. */
  function zoomMatch(
    output: RgbFrame,
    source: RgbFrame,
    region: FrameRegion = { x0: 0.05, x1: 0.95, y0: 0.05, y1: 0.95 },
  ) {
    return viewMatch(output, source, cameraAt(planCamera(recording, [ZOOM]), CHECK_SOURCE_MS).rect, region);
  }

  /**
   * The exported sound is the source's from the trim start on: a stretch of it found in the source by
   * cross-correlation (the source is one rising chirp, so only one place matches) lies where the trim puts it.
   */
  function expectSourceSound(path: string) {
    const outputSeconds = 1;
    const expected = outputSeconds + TIMELINE.trim.startMs / 1000;
    const found = findSound(decodeSound(path), decodeSound(sourcePath), outputSeconds, 0.25, expected, 0.1);
    expect(found.correlation).toBeGreaterThan(0.9);
    // Within half an Opus packet (10 ms) of where the trim puts it: the export keeps whole packets.
    expect(Math.abs(found.sourceSeconds - expected)).toBeLessThanOrEqual(0.011);
    return { offsetMs: (found.sourceSeconds - expected) * 1000, correlation: found.correlation };
  }

  test('MP4 (free): H.264 + AAC/MP3 with the source’s sound, trimmed duration, frame count, size, zoomed region and watermark', async () => {
    const result = await exportTo(
      'free.mp4',
      { format: 'mp4', quality: 'high', resolution: 'source', frameRate: 30 },
      true,
      640,
      360,
    );
    const probe = probeVideo(result.path);
    const frameSeconds = 1 / 30;
    expect(probe.videoCodec).toBe('h264');
    // AAC where the browser encodes it, else MP3 (headless Chromium has no AAC encoder): never Opus in an MP4.
    expect(['aac', 'mp3']).toContain(probe.audioCodec);
    expect(result.audioCodec).toBe(probe.audioCodec);
    const sound = expectSourceSound(result.path);
    console.log(
      `MP4 sound: ${probe.audioCodec}, found ${sound.offsetMs.toFixed(1)} ms from where the trim puts it, correlation ${sound.correlation.toFixed(3)}`,
    );
    expect(probe.width).toBe(640);
    expect(probe.height).toBe(360);
    expect(probe.frames).toBe(outputFrameCount(TIMELINE, 30));
    // Every frame was composed in YUV (the fast path), not converted through a canvas.
    expect(result.planarFrames).toBe(probe.frames);
    expect(Math.abs(probe.videoDuration - outputDurationMs(TIMELINE) / 1000)).toBeLessThanOrEqual(frameSeconds);
    expect(Math.abs(probe.duration - outputDurationMs(TIMELINE) / 1000)).toBeLessThanOrEqual(frameSeconds);

    const frameIndex = Math.round(((CHECK_SOURCE_MS - TIMELINE.trim.startMs) / 1000) * 30);
    const output = decodeFrame(result.path, frameIndex, 640, 360);
    const source = decodeFrame(sourcePath, Math.round((CHECK_SOURCE_MS / 1000) * 30), 640, 360);
    expect(zoomMatch(output, source, { x0: 0.05, x1: 0.7, y0: 0.05, y1: 0.7 })).toBeGreaterThan(0.9);
    // Without the watermark every corner would show the source; the free export covers one of them.
    expect(Math.min(...FRAME_CORNERS.map((c) => zoomMatch(output, source, c)))).toBeLessThan(0.8);
  });

  test('WebM (pro, 720p, 60 fps): VP9 + Opus at twice the source’s size and frame rate, no watermark', async () => {
    const result = await exportTo(
      'pro.webm',
      { format: 'webm', quality: 'high', resolution: '720p', frameRate: 60 },
      false,
      1280,
      720,
    );
    const probe = probeVideo(result.path);
    expect(probe.videoCodec).toBe('vp9');
    expect(probe.audioCodec).toBe('opus');
    const sound = expectSourceSound(result.path);
    console.log(
      `WebM sound: found ${sound.offsetMs.toFixed(1)} ms from where the trim puts it, correlation ${sound.correlation.toFixed(3)}`,
    );
    expect(probe.width).toBe(1280);
    expect(probe.height).toBe(720);
    expect(probe.frames).toBe(outputFrameCount(TIMELINE, 60));
    expect(Math.abs(probe.videoDuration - outputDurationMs(TIMELINE) / 1000)).toBeLessThanOrEqual(1 / 60);

    const frameIndex = Math.round(((CHECK_SOURCE_MS - TIMELINE.trim.startMs) / 1000) * 60);
    const output = decodeFrame(result.path, frameIndex, 1280, 720);
    const source = decodeFrame(sourcePath, Math.round((CHECK_SOURCE_MS / 1000) * 30), 640, 360);
    expect(zoomMatch(output, source, { x0: 0.05, x1: 0.7, y0: 0.05, y1: 0.7 })).toBeGreaterThan(0.9);
    expect(Math.min(...FRAME_CORNERS.map((c) => zoomMatch(output, source, c)))).toBeGreaterThan(0.9);
  });

  test('MP4 (pro, 4K): this browser’s software H.264 encodes 3840×2160 at the level 4K needs, every frame', async () => {
    const result = await exportTo(
      'pro-4k.mp4',
      { format: 'mp4', quality: 'high', resolution: '4k', frameRate: 30 },
      false,
      3840,
      2160,
    );
    const probe = probeVideo(result.path);
    expect([probe.videoCodec, probe.width, probe.height]).toEqual(['h264', 3840, 2160]);
    // Level 5.1 (avc1.640033): a 4K frame is more macroblocks than 5.0 allows (shared/export/codecs.ts avcCodecString).
    expect(probe.level).toBe(51);
    expect(probe.frames).toBe(outputFrameCount(TIMELINE, 30));
    console.log(
      `4K MP4: ${probe.frames} frames in ${result.seconds.toFixed(1)} s (${(probe.frames / result.seconds).toFixed(1)} fps)`,
    );
    const frameIndex = Math.round(((CHECK_SOURCE_MS - TIMELINE.trim.startMs) / 1000) * 30);
    const output = decodeFrame(result.path, frameIndex, 3840, 2160);
    const source = decodeFrame(sourcePath, Math.round((CHECK_SOURCE_MS / 1000) * 30), 640, 360);
    expect(zoomMatch(output, source, { x0: 0.05, x1: 0.7, y0: 0.05, y1: 0.7 })).toBeGreaterThan(0.9);
  });

  test('9:16: the frame has the aspect ratio, the whole video fitted in its middle on the background colour', async () => {
    const size = outputSize(SOURCE, '9:16');
    const result = await page.evaluate((request) => (globalThis as unknown as ExportHarness).exportInWorker(request), {
      settings: {
        ...PLAIN,
        aspectRatio: '9:16',
        background: { ...(PLAIN.background as RenderSettings['background']), type: 'Color', color: '#ff00ff' },
      },
      zoomSegments: [],
      timeline: TIMELINE,
      options: { format: 'mp4', quality: 'high', resolution: 'source', frameRate: 30 },
      watermark: false,
      width: size.width,
      height: size.height,
    } satisfies HarnessExport);
    const path = join(dir, 'portrait.mp4');
    await writeFile(path, Buffer.from(result.base64, 'base64'));
    const probe = probeVideo(path);
    expect([probe.width, probe.height]).toEqual([360, 640]);
    const frameIndex = Math.round(((CHECK_SOURCE_MS - TIMELINE.trim.startMs) / 1000) * 30);
    const output = decodeFrame(path, frameIndex, probe.width, probe.height);
    const source = decodeFrame(sourcePath, Math.round((CHECK_SOURCE_MS / 1000) * 30), 640, 360);
    // The video is 360 wide, so 202.5 tall, centred: rows 219-421.
    const videoTop = (640 - (360 * 360) / 640) / 2;
    let matches = 0;
    let samples = 0;
    for (let v = 0.05; v < 0.96; v += 0.05) {
      for (let u = 0.05; u < 0.96; u += 0.05) {
        const expected = source.pixel(u * 640, v * 360);
        const actual = output.pixel(u * 360, videoTop + (v * 360 * 360) / 640);
        if (colourDistance(expected, actual) <= 24) matches++;
        samples++;
      }
    }
    expect(matches / samples).toBeGreaterThan(0.9);
    for (const y of [40, 150, 500, 600]) {
      for (const x of [20, 180, 340]) expect(colourDistance(output.pixel(x, y), [255, 0, 255])).toBeLessThanOrEqual(12);
    }
  });

  test('GIF: the trimmed clip as a looping GIF at 15 fps', async () => {
    const result = await exportTo(
      'clip.gif',
      { format: 'gif', quality: 'high', resolution: 'source', frameRate: 30 },
      true,
      640,
      360,
    );
    const probe = probeVideo(result.path);
    expect(probe.videoCodec).toBe('gif');
    expect([probe.width, probe.height]).toEqual([640, 360]);
    expect(probe.frames).toBe(outputFrameCount(TIMELINE, 15));
  });

  test('left to decide, an export on two cores paints with one worker; one taking on two after its first frames paints the same frames', async () => {
    const request = (workers: number, paintersAfterTrial?: number): HarnessExport => ({
      settings: PLAIN,
      zoomSegments: [ZOOM],
      timeline: TIMELINE,
      options: { format: 'mp4', quality: 'high', resolution: 'source', frameRate: 30 },
      watermark: true,
      width: 640,
      height: 360,
      workers,
      paintersAfterTrial,
      hashFrames: true,
    });
    const run = (r: HarnessExport) =>
      page.evaluate((req) => (globalThis as unknown as ExportHarness).exportInWorker(req), r);
    const one = await run(request(1));
    const decided = await run(request(0));
    const grown = await run(request(0, 2));
    if ((await page.evaluate(() => navigator.hardwareConcurrency)) < 4) expect(decided.workers).toBe(1);
    expect(grown.workers).toBe(2);
    expect(one.frameHashes?.length).toBe(outputFrameCount(TIMELINE, 30));
    expect(decided.frameHashes).toEqual(one.frameHashes);
    expect(grown.frameHashes).toEqual(one.frameHashes);
  });

  test('cancel stops an export in the worker', async () => {
    const outcome = await page.evaluate(
      (request) => (globalThis as unknown as ExportHarness).exportAndCancel(request),
      {
        settings: PLAIN,
        zoomSegments: [ZOOM],
        timeline: { trim: { startMs: 0, endMs: SOURCE.durationMs }, cuts: [] },
        options: { format: 'webm', quality: 'high', resolution: '720p', frameRate: 30 },
        watermark: false,
        width: 1280,
        height: 720,
      } satisfies HarnessExport,
    );
    expect(outcome.reply).toBe('cancelled');
    expect(outcome.framesDoneAtCancel).toBeLessThan(90);
    // Nothing of the cancelled export is left on disk.
    expect(outcome.filesLeft).toBe(0);
  });
});
