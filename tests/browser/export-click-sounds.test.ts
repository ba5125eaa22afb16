import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ExportFileOptions } from '../../shared/export/export-options';
import type { Recording } from '../../shared/recording/recording';
import { outputTimeAt, type TimelineEdits } from '../../shared/timeline/timeline';
import type { ExportHarness } from '../support/export/export-harness';
import { type ExportHarnessPage, openExportHarness } from '../support/export/harness-page';

const FRAME_RATE = 30;
const CLICK_TIMES = [600, 1100, 1900, 2500];
const CLICKS: Recording['clicks'] = CLICK_TIMES.map((t) => ({ t, x: 0.5, y: 0.5, button: 'left', durationMs: 80 }));
/** Trimmed and cut, so the sounds must land at output times, not recording times. */
const TIMELINE: TimelineEdits = { trim: { startMs: 300, endMs: 2900 }, cuts: [{ startMs: 1400, endMs: 1700 }] };
const RATE = 48_000;

/** The exported file's audio, mixed to mono at 48 kHz, as ffmpeg decodes it. */
function decodeAudio(path: string): Float32Array {
  const bytes = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-map', '0:a:0', '-ac', '1', '-ar', String(RATE), '-f', 'f32le', '-'],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}

/**
 * Where sharp sounds start, ms: the first-difference signal (which passes the clicks' 2–5 kHz and all but removes the
 * source's 440 Hz tone) rising above `threshold` after at least 150 ms below it.
 */
function onsetsMs(audio: Float32Array, threshold: number): number[] {
  const onsets: number[] = [];
  let quietSince = 0;
  for (let i = 1; i < audio.length; i++) {
    const high = Math.abs((audio[i] ?? 0) - (audio[i - 1] ?? 0));
    if (high < threshold) continue;
    if (i - quietSince > 0.15 * RATE) onsets.push((i / RATE) * 1000);
    quietSince = i;
  }
  return onsets;
}

describe('click sounds in the export', () => {
  let harness: ExportHarnessPage | undefined;
  let page: Page;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-sounds-'));
    harness = await openExportHarness();
    ({ page } = harness);
  });
  afterAll(async () => {
    await harness?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function exportWithSounds(sourceAudio: boolean, options: ExportFileOptions, name: string, volume = 0.8) {
    await page.evaluate((source) => (globalThis as unknown as ExportHarness).makeSource(source), {
      width: 320,
      height: 180,
      frameRate: FRAME_RATE,
      durationMs: 3000,
      container: 'webm',
      audio: sourceAudio,
    } as const);
    const result = await page.evaluate((request) => (globalThis as unknown as ExportHarness).exportInWorker(request), {
      settings: { sounds: { clicks: volume > 0, keys: false, volume } },
      timeline: TIMELINE,
      clicks: CLICKS,
      options,
      watermark: false,
      width: 320,
      height: 180,
    });
    const path = join(dir, name);
    await writeFile(path, Buffer.from(result.base64, 'base64'));
    return path;
  }

  const expected = CLICK_TIMES.filter((t) => t >= 300 && t < 2900 && !(t >= 1400 && t < 1700)).map((t) =>
    outputTimeAt(TIMELINE, t),
  );
  const frameMs = 1000 / FRAME_RATE;

  test('MP4 over the tab’s audio: each kept click sounds within one frame of it, no other', async () => {
    const options: ExportFileOptions = {
      format: 'mp4',
      quality: 'medium',
      resolution: 'source',
      frameRate: FRAME_RATE,
    };
    const audio = decodeAudio(await exportWithSounds(true, options, 'sounds.mp4'));
    // The tab's own audio jumps where the cut joins two pieces: what the sounds add is the difference from the same
    // export without them.
    const plain = decodeAudio(await exportWithSounds(true, options, 'plain.mp4', 0));
    expect(plain.length).toBe(audio.length);
    const onsets = onsetsMs(
      audio.map((value, i) => value - (plain[i] ?? 0)),
      0.08,
    );
    expect(onsets).toHaveLength(expected.length);
    for (const [i, t] of expected.entries()) expect(Math.abs((onsets[i] ?? -1e9) - t)).toBeLessThanOrEqual(frameMs);
  });

  test('WebM of a recording without audio: the sounds make its audio track', async () => {
    const options: ExportFileOptions = {
      format: 'webm',
      quality: 'medium',
      resolution: 'source',
      frameRate: FRAME_RATE,
    };
    const audio = decodeAudio(await exportWithSounds(false, options, 'sounds.webm'));
    const onsets = onsetsMs(audio, 0.08);
    expect(onsets).toHaveLength(expected.length);
    for (const [i, t] of expected.entries()) expect(Math.abs((onsets[i] ?? -1e9) - t)).toBeLessThanOrEqual(frameMs);
  });
});
