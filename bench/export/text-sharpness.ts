/**
 * Text sharpness when zoomed: a 1280×720 tab of 13 px text, recorded twice, then each exported at 1080p with the
 * camera zoomed in (Moderate, ×1.8) on the text, and the width of the text's edges measured in the exported frame.
 * - before: the tab captured at its own pixels (1280×720), as the recorder asked until now; the page records itself
 *   through the same tab capture (getDisplayMedia of the current tab), MediaRecorder VP9 at the recorder's bitrate;
 * - after: the real extension records it (built for the benchmark), which asks for tabCaptureSize's 1920×1080, and
 *   Chromium renders the page at that scale (GPU compositing on SwiftShader: with `--disable-gpu` it only scales).
 * The edge width is the distance over which the brightness goes from 10 % to 90 % of a step between a stroke and the
 * paper, in exported pixels; the median over every strong step in the middle of the frame. Smaller is sharper.
 */
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { tabCaptureSize } from '../../extension/offscreen/codecs';
import { DEFAULT_RECORDER_SETTINGS, videoBitrate } from '../../extension/settings/recorder-settings';
import { bin } from '../../scripts/lib/processes';
import { DEFAULT_EXPORT_OPTIONS } from '../../shared/export/export-options';
import type { Recording } from '../../shared/recording/recording';
import { untrimmedEdits } from '../../shared/timeline/timeline';
import { launchWithExtension } from '../../tests/support/browser';
import type { ExportHarness, HarnessExport } from '../../tests/support/export/export-harness';
import { decodeFrame, probeVideo } from '../../tests/support/export-checks';
import { newestVideo } from '../../tests/support/extension-recordings';
import { lumaAt } from '../../tests/support/line-profile';
import { setSettings, tabIdOf, timedCommand } from '../../tests/support/recording-harness';
import { serveTestPage } from '../../tests/support/test-page-server';

const TAB = { width: 1280, height: 720 } as const;
const OUTPUT = { width: 1920, height: 1080 } as const;
const TITLE = 'Clickreel text sharpness';
const RECORD_MS = 2500;
const LINE = 'Pipeline value by stage, owner and close date: 1,284 open deals, $ 4.2 M weighted. ';
/** A page of small dark text on white, and a counter that keeps the capture sending frames. */
const TEXT_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>${TITLE}</title></head>
<body style="margin:24px;background:#fff;color:#111;font:13px/1.5 sans-serif;overflow:hidden">
${Array.from({ length: 26 }, (_, i) => `<p style="margin:0">${i + 1}. ${LINE.repeat(2)}</p>`).join('\n')}
<p id="tick" style="position:fixed;right:8px;bottom:4px;margin:0">0</p>
<script>let n = 0; setInterval(() => { document.getElementById('tick').textContent = String(++n); }, 50);</script>
</body></html>`;

/** Median 10–90 % width (px) of the strong brightness steps along the rows of the frame's middle, and their count. */
function edgeWidth(rgb: Uint8Array, width: number, height: number): { px: number; edges: number } {
  const widths: number[] = [];
  const [x0, x1] = [Math.round(width * 0.3), Math.round(width * 0.7)];
  for (let y = Math.round(height * 0.35); y < Math.round(height * 0.65); y++) {
    const row = Array.from({ length: x1 - x0 }, (_, i) => lumaAt(rgb, width, x0 + i, y));
    // Between each local maximum and the next minimum (or back): one step, when it spans most of paper to ink.
    let from = 0;
    for (let x = 1; x < row.length - 1; x++) {
      const here = row[x] as number;
      const turn = (here - (row[x - 1] as number)) * ((row[x + 1] as number) - here) < 0;
      if (!turn) continue;
      const a = row[from] as number;
      if (Math.abs(here - a) >= 120) widths.push(stepWidth(row, from, x));
      from = x;
    }
  }
  widths.sort((p, q) => p - q);
  return { px: widths[Math.floor(widths.length / 2)] ?? Number.NaN, edges: widths.length };
}

/** The distance between the 10 % and 90 % crossings of the monotonic step row[from..to], interpolated. */
function stepWidth(row: readonly number[], from: number, to: number): number {
  const a = row[from] as number;
  const b = row[to] as number;
  const crossing = (level: number) => {
    for (let x = from; x < to; x++) {
      const [p, q] = [row[x] as number, row[x + 1] as number];
      if ((p - level) * (q - level) <= 0 && p !== q) return x + (level - p) / (q - p);
    }
    return to;
  };
  return Math.abs(crossing(a + (b - a) * 0.9) - crossing(a + (b - a) * 0.1));
}

/** The tab capturing itself at its own size, as the recorder did before: the video's bytes, base64. */
async function recordAtOwnSize(page: Page): Promise<string> {
  const bitrate = videoBitrate(TAB.width, TAB.height, 30, DEFAULT_RECORDER_SETTINGS.quality);
  return page.evaluate(
    async ([ms, videoBitsPerSecond]) => {
      const stream = await navigator.mediaDevices.getDisplayMedia({
        video: { width: innerWidth, height: innerHeight, frameRate: 30 },
        audio: false,
        preferCurrentTab: true,
      } as DisplayMediaStreamOptions);
      const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp9', videoBitsPerSecond });
      const chunks: Blob[] = [];
      recorder.addEventListener('dataavailable', (event) => chunks.push(event.data));
      const stopped = new Promise((done) => recorder.addEventListener('stop', done));
      recorder.start(500);
      await new Promise((done) => setTimeout(done, ms));
      recorder.stop();
      await stopped;
      for (const track of stream.getTracks()) track.stop();
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    [RECORD_MS, bitrate] as const,
  );
}

/** Both recordings of the text page: at the tab's own size, then by the extension. */
async function recordBoth(): Promise<{ before: string; after: string }> {
  const server = await serveTestPage('bench/export/recorded-source-page.ts', {
    '/text': { body: TEXT_PAGE, type: 'text/html' },
  });
  const buildDir = resolve('dist/bench-export-extension');
  // The text page's server stands in for the site: the hand-off finds no editor, so the recording stays in the
  // extension to be read.
  const env = {
    ...process.env,
    BUILD_DIR: buildDir,
    CLICKREEL_TEST_HOOKS: '1',
    SITE_URL: new URL(server.url()).origin,
  };
  // Built quietly: its log is shown only when the build fails.
  const built = spawnSync(bin('wxt'), ['build'], { env, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the extension did not build:\n${built.stdout}${built.stderr}`);
  const browser = await launchWithExtension(
    resolve(buildDir, 'extension'),
    [`--auto-select-tab-capture-source-by-title=${TITLE}`],
    undefined,
    [],
    { gpu: true },
  );
  try {
    const page = await browser.context.newPage();
    await page.setViewportSize(TAB);
    await page.goto(server.url('/text'));
    const before = await recordAtOwnSize(page);
    const tabId = await tabIdOf(browser, page);
    await setSettings(browser, { countdown: false });
    const started = await timedCommand(browser, 'start', tabId);
    if (started.phase !== 'recording') throw new Error(`the extension did not record (${started.phase})`);
    await page.waitForTimeout(RECORD_MS);
    await timedCommand(browser, 'stop', tabId);
    const after = (await newestVideo(browser)).bytes.toString('base64');
    return { before, after };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Exports `base64` at 1080p zoomed in on the text; the exported frame in the zoom's middle, measured. */
async function exportZoomed(harness: Page, base64: string, name: string, dir: string) {
  const file = { base64, type: 'video/webm', name };
  const recording: Recording = await harness.evaluate(
    (f) => (globalThis as unknown as ExportHarness).importFile(f),
    file,
  );
  await harness.evaluate((f) => (globalThis as unknown as ExportHarness).loadSource(f), { ...file, recording });
  const durationMs = recording.video.durationMs;
  const exported = await harness.evaluate((r) => (globalThis as unknown as ExportHarness).exportInWorker(r), {
    settings: { motionBlur: 'Off' },
    zoomSegments: [
      {
        id: 'text',
        startMs: 0,
        endMs: durationMs,
        depth: 'Moderate',
        focus: { kind: 'point', x: 0.5, y: 0.5 },
        origin: 'user',
      },
    ],
    timeline: untrimmedEdits(durationMs),
    options: { ...DEFAULT_EXPORT_OPTIONS, format: 'mp4' },
    watermark: false,
    ...OUTPUT,
  } satisfies HarnessExport);
  const path = join(dir, `text-${name}.mp4`);
  await writeFile(path, Buffer.from(exported.base64, 'base64'));
  const probe = probeVideo(path);
  const frame = decodeFrame(path, Math.floor(probe.frames * 0.75), probe.width, probe.height);
  return { source: recording.video, ...edgeWidth(frame.data, probe.width, probe.height) };
}

/** Prints the text's edge width in a zoomed 1080p export, captured at the tab's size and at the recorder's. */
export async function compareTextSharpness(harness: Page, dir: string): Promise<void> {
  const { before, after } = await recordBoth();
  const old = await exportZoomed(harness, before, 'before', dir);
  const now = await exportZoomed(harness, after, 'after', dir);
  const asked = tabCaptureSize(TAB.width, TAB.height, 1);
  console.log(
    `        text sharpness (13 px text, ${TAB.width}x${TAB.height} tab, zoom x1.8, ${OUTPUT.width}x${OUTPUT.height} export): ` +
      `edge width ${old.px.toFixed(2)} px captured at ${old.source.width}x${old.source.height} (before), ` +
      `${now.px.toFixed(2)} px at ${now.source.width}x${now.source.height} (the recorder's ${asked.width}x${asked.height}) ` +
      `(${old.edges} and ${now.edges} edges; smaller is sharper)`,
  );
}
