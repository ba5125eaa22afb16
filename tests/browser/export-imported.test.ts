// Files other tools write, made by ffmpeg at test time: each exports with every frame present, each output frame
// showing the source frame of its time, and the right duration. A WebM without an index gets one when imported.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findFfmpeg } from '../../scripts/lib/system-tools';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from '../../shared/look/render-settings';
import {
  outputDurationMs,
  outputFrameCount,
  outputTimeAt,
  sourceTimeAt,
  type TimelineEdits,
  untrimmedEdits,
} from '../../shared/timeline/timeline';
import { type ImportedFile, makeCutShortFile, makeImportedFiles } from '../fixtures/media/imported-files';
import { frameTimecode } from '../fixtures/media/timecode';
import { decodePcm, pcmBetween, rms, toneFrequency } from '../support/audio-checks';
import type { ExportHarness } from '../support/export/export-harness';
import { type ExportHarnessPage, openExportHarness } from '../support/export/harness-page';
import { probeVideo } from '../support/export-checks';
import { judgeFrames, readTimecodedVideo } from '../support/export-timecodes';
import { readSiteRecording } from '../support/recording-harness';

/** The video fills the frame: nothing drawn over it. */
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
  frame: 'Hidden',
  aspectRatio: 'auto',
  cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, hidden: true, smoothing: 'None', hideWhenIdle: false },
  motionBlur: 'Off',
};
/** Every fixture lasts this long. */
const FIXTURE_MS = 3000;

describe('imported files of the kinds people have', () => {
  let browser: Browser;
  let harness: ExportHarnessPage | undefined;
  let page: Page;
  let dir: string;
  let files: ImportedFile[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-imported-'));
    files = makeImportedFiles(dir);
    harness = await openExportHarness();
    ({ browser, page } = harness);
  });
  afterAll(async () => {
    await harness?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('each exports to MP4 with every frame present, at its time, and the right duration', async () => {
    for (const file of files) {
      const recording = await page.evaluate((request) => (globalThis as unknown as ExportHarness).importFile(request), {
        base64: (await readFile(file.path)).toString('base64'),
        type: file.type,
        name: file.name,
      });
      // The file's length as the editor reads it: its frames span the three seconds ffmpeg wrote.
      expect(Math.abs(recording.video.durationMs - FIXTURE_MS), file.kind).toBeLessThanOrEqual(70);
      const timeline = untrimmedEdits(recording.video.durationMs);
      const result = await page.evaluate(
        (request) => (globalThis as unknown as ExportHarness).exportInWorker(request),
        {
          settings: PLAIN,
          timeline,
          options: { format: 'mp4', quality: 'high', resolution: 'source', frameRate: 30 },
          watermark: false,
          width: recording.video.width,
          height: recording.video.height,
        } as const,
      );
      const path = join(dir, `${file.name}.export.mp4`);
      await writeFile(path, Buffer.from(result.base64, 'base64'));
      const probe = probeVideo(path);
      const [source, output] = await Promise.all([readTimecodedVideo(file.path), readTimecodedVideo(path)]);
      const judged = judgeFrames(
        output.codes,
        source,
        output.codes.map((_, i) => i / 30),
      );
      console.log(
        `${file.kind}: ${source.codes.length} source frames, ${output.codes.length} exported, held ${result.heldFrames} (source ${result.sourceHeldFrames}), ${JSON.stringify(judged)}`,
      );
      expect(
        source.codes.every((code) => code !== null),
        file.kind,
      ).toBe(true);
      expect(probe.frames, file.kind).toBe(outputFrameCount(timeline, 30));
      expect(Math.abs(probe.videoDuration - outputDurationMs(timeline) / 1000), file.kind).toBeLessThanOrEqual(1 / 30);
      expect(judged.unreadable, file.kind).toBe(0);
      expect(judged.wrongFrames, file.kind).toBe(0);
      expect(judged.longestFreeze, file.kind).toBeLessThanOrEqual(judged.longestSourceFreeze);
      // Frames held only where the file itself has none (the variable-frame-rate file's gap): none went missing.
      expect(result.heldFrames, file.kind).toBe(result.sourceHeldFrames);
      if (file.name.startsWith('variable')) expect(result.sourceHeldFrames).toBeGreaterThan(5);
      // The library's thumbnail shows the frame a second in (it was a placeholder for files without an index).
      const thumbnail = await page.evaluate(() => (globalThis as unknown as ExportHarness).thumbnailOfSource());
      expect(thumbnail, file.kind).not.toBeNull();
      const still = frameTimecode({
        width: thumbnail?.width ?? 0,
        height: thumbnail?.height ?? 0,
        data: Buffer.from(thumbnail?.base64 ?? '', 'base64'),
      });
      const firstCode = source.codes[0]?.value ?? 0;
      expect(Math.abs((still?.value ?? -1) - firstCode - 1000), file.kind).toBeLessThanOrEqual(70);
    }
  });

  test('a WebM without an index is stored with its duration and a seek index, its packets unchanged', async () => {
    const file = files.find((f) => f.name === 'mediarecorder-vp9.webm') as ImportedFile;
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const editor = await context.newPage();
    await editor.goto(`${inject('siteUrl')}/editor`);
    await editor.getByTestId('open-files').setInputFiles([file.path]);
    await expect.poll(() => editor.locator('[data-state=showing]').count()).toBe(1);
    const id = (await editor.locator('[data-state=showing]').getAttribute('data-recording-id')) as string;
    const stored = await readSiteRecording(editor, id);
    const storedPath = join(dir, 'stored.webm');
    await writeFile(storedPath, stored.video);
    const original = await readFile(file.path);
    const cues = Buffer.from([0x1c, 0x53, 0xbb, 0x6b]);
    expect(original.includes(cues)).toBe(false);
    expect(stored.video.includes(cues)).toBe(true);
    expect(Math.abs(probeVideo(storedPath).duration - FIXTURE_MS / 1000)).toBeLessThan(0.1);
    expect(stored.recording.video.size).toBe(stored.video.length);
    // Rewritten, not re-encoded: the same video packets at the same times, byte for byte; the same audio packets
    // (ffmpeg's Opus codec delay, 7 ms, is not carried over: audio may move by that much).
    expect(packets(storedPath, 'v')).toEqual(packets(file.path, 'v'));
    const [storedAudio, originalAudio] = [packets(storedPath, 'a'), packets(file.path, 'a')];
    expect(storedAudio.map((p) => p.hash)).toEqual(originalAudio.map((p) => p.hash));
    const audioShift = Math.max(...storedAudio.map((p, i) => Math.abs(p.time - (originalAudio[i]?.time ?? 0))));
    expect(audioShift).toBeLessThanOrEqual(0.01);
    await context.close();
  });

  test('a sped-up range: the edited duration, time codes at the rate, the tone’s pitch kept at 1.5× and muted at 4×', async () => {
    const file = files.find((f) => f.name === 'mediarecorder-vp9.webm') as ImportedFile;
    const recording = await page.evaluate((request) => (globalThis as unknown as ExportHarness).importFile(request), {
      base64: (await readFile(file.path)).toString('base64'),
      type: file.type,
      name: file.name,
    });
    const SPED = { startMs: 300, endMs: 1800, rate: 1.5 } as const;
    const MUTED = { startMs: 1800, endMs: 2600, rate: 4 } as const;
    const timeline: TimelineEdits = { ...untrimmedEdits(recording.video.durationMs), speeds: [SPED, MUTED] };
    const source = await readTimecodedVideo(file.path);
    for (const format of ['mp4', 'gif'] as const) {
      // A GIF plays at 15 fps (GIF_MAX_FRAME_RATE).
      const frameRate = format === 'gif' ? 15 : 30;
      const result = await page.evaluate(
        (request) => (globalThis as unknown as ExportHarness).exportInWorker(request),
        {
          settings: PLAIN,
          timeline,
          options: { format, quality: 'high', resolution: 'source', frameRate: 30 },
          watermark: false,
          width: recording.video.width,
          height: recording.video.height,
        } as const,
      );
      const path = join(dir, `speed.${format}`);
      await writeFile(path, Buffer.from(result.base64, 'base64'));
      const probe = probeVideo(path);
      const output = await readTimecodedVideo(path);
      const expectedSeconds = outputDurationMs(timeline) / 1000;
      console.log(
        `speed-up ${format}: ${probe.frames} frames, ${probe.videoDuration.toFixed(3)} s (edited ${expectedSeconds.toFixed(3)} s, source ${(recording.video.durationMs / 1000).toFixed(3)} s)`,
      );
      expect(probe.frames).toBe(outputFrameCount(timeline, frameRate));
      expect(Math.abs(probe.videoDuration - expectedSeconds)).toBeLessThanOrEqual(1 / frameRate);
      // Every frame shows the source frame the time map gives for its time.
      const judged = judgeFrames(
        output.codes,
        source,
        output.codes.map((_, i) => sourceTimeAt(timeline, (i * 1000) / frameRate) / 1000),
      );
      expect(judged.unreadable).toBe(0);
      expect(judged.wrongFrames).toBe(0);
      // Inside each range the page's clock (the source time code) advances at the range's rate.
      for (const range of [SPED, MUTED]) {
        const inside = output.codes
          .map((code, i) => ({ outputMs: (i * 1000) / frameRate, value: code?.value ?? Number.NaN }))
          .filter(({ outputMs }) => {
            const t = sourceTimeAt(timeline, outputMs);
            return t >= range.startMs + 100 && t < range.endMs - 100;
          });
        const first = inside[0] as { outputMs: number; value: number };
        const last = inside[inside.length - 1] as { outputMs: number; value: number };
        const rate = (last.value - first.value) / (last.outputMs - first.outputMs);
        console.log(`  ${range.rate}× range: time codes advance ${rate.toFixed(3)}× over ${inside.length} frames`);
        expect(Math.abs(rate / range.rate - 1)).toBeLessThan(0.05);
      }
      if (format !== 'mp4') continue;
      // The tone (440 Hz in the source) keeps its pitch in the 1.5× range and is silent in the 4× range.
      const pcm = decodePcm(path);
      const spedFrom = outputTimeAt(timeline, SPED.startMs);
      const spedTo = outputTimeAt(timeline, SPED.endMs);
      const mutedTo = outputTimeAt(timeline, MUTED.endMs);
      const before = toneFrequency(pcmBetween(pcm, 20, spedFrom - 20));
      const sped = toneFrequency(pcmBetween(pcm, spedFrom + 80, spedTo - 80));
      const tone = rms(pcmBetween(pcm, spedFrom + 80, spedTo - 80));
      const muted = rms(pcmBetween(pcm, spedTo + 50, mutedTo - 50));
      const after = rms(pcmBetween(pcm, mutedTo + 80, expectedSeconds * 1000 - 80));
      console.log(
        `  sound: ${before.toFixed(1)} Hz at 1×, ${sped.toFixed(1)} Hz at 1.5× (level ${tone.toFixed(3)}), level ${muted.toFixed(4)} at 4×, ${after.toFixed(3)} after`,
      );
      expect(Math.abs(sped / 440 - 1)).toBeLessThan(0.02);
      expect(tone).toBeGreaterThan(0.05);
      expect(muted).toBeLessThan(tone / 50);
      expect(after).toBeGreaterThan(0.05);
    }
  });

  test('an MP4 cut short opens with a warning naming how much of it is missing, and offers to end the edit there', async () => {
    const file = makeCutShortFile(dir);
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const editor = await context.newPage();
    await editor.goto(`${inject('siteUrl')}/editor`);
    await editor.getByTestId('open-files').setInputFiles([file.path]);
    await expect.poll(() => editor.locator('[data-state=showing]').count()).toBe(1);
    const warning = editor.getByTestId('video-cut-short');
    await expect.poll(() => warning.count()).toBe(1);
    const text = (await warning.textContent()) ?? '';
    console.log(`cut short (${JSON.stringify(file)}): ${text}`);
    const told = text.match(
      /^The video ends at 0:(\d\d\.\d), but its file says it lasts 0:(\d\d\.\d): the last (\d+\.\d) s of the video are missing/,
    );
    expect(told, text).not.toBeNull();
    const [endsAt, lasts, missing] = (told ?? []).slice(1).map(Number);
    expect(lasts).toBe(file.promisedMs / 1000);
    // Where the frames end, to within a few frames (B-frames are stored out of order, so the cut ends them raggedly).
    expect(Math.abs((endsAt ?? 0) - file.heldMs / 1000)).toBeLessThanOrEqual(0.15);
    expect(missing).toBeCloseTo((lasts ?? 0) - (endsAt ?? 0), 1);
    await warning.getByRole('button', { name: 'Trim to where the video ends' }).click();
    const trimEnd = Number(await editor.getByLabel('Trim end (s)').inputValue());
    expect(Math.abs(trimEnd - (endsAt ?? 0))).toBeLessThanOrEqual(0.05);
    await context.close();
  });
});

/** The packets of a file's first video or audio stream: time, key-frame flag and a hash of the bytes (ffprobe). */
function packets(path: string, stream: 'v' | 'a'): { time: number; flags: string; hash: string }[] {
  const ffprobe = findFfmpeg()?.ffprobe ?? 'ffprobe';
  const json = execFileSync(
    ffprobe,
    [
      ...['-v', 'error', '-select_streams', `${stream}:0`, '-show_data_hash', 'MD5'],
      ...['-show_entries', 'packet=pts_time,flags,data_hash', '-of', 'json', path],
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(json) as { packets: { pts_time: string; flags: string; data_hash: string }[] }).packets.map(
    (packet) => ({ time: Number(packet.pts_time), flags: packet.flags, hash: packet.data_hash }),
  );
}
