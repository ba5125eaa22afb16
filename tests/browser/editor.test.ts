import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findBrowser } from '../../scripts/lib/system-tools';
import { demoKeyName } from '../../scripts/provider-sandbox/seed';
import { cameraAt, planCamera } from '../../shared/camera/camera';
import type { Recording } from '../../shared/recording/recording';
import { outputDurationMs, outputFrameCount, type TimelineEdits } from '../../shared/timeline/timeline';
import type { ZoomSegment } from '../../shared/zoom/zoom-segment';
import { markerPosition } from '../fixtures/builders/synthetic-recording';
import { CHROMIUM_FLAGS, exportToDownloads } from '../support/browser';
import { chooseSetting, settingsTab } from '../support/editor-settings';
import type { ExportHarness } from '../support/export/export-harness';
import { decodeFrame, FRAME_CORNERS, probeVideo, viewMatch } from '../support/export-checks';
import { activateProWithLink } from '../support/pro-license';
import { serveTestPage, type TestPageServer } from '../support/test-page-server';

const SOURCE = { width: 640, height: 360, frameRate: 30, durationMs: 3000, container: 'webm', audio: true } as const;
/** What the test does in the editor, and so what the export must show. */
const ZOOM: ZoomSegment = {
  id: 'z',
  startMs: 300,
  endMs: 2600,
  depth: 'Strong',
  focus: { kind: 'point', x: 0.3, y: 0.35 },
  origin: 'user',
};
const TIMELINE: TimelineEdits = { trim: { startMs: 500, endMs: 2700 }, cuts: [] };
const CHECK_SOURCE_MS = 1800;
const INSIDE = { x0: 0.05, x1: 0.7, y0: 0.05, y1: 0.7 };

describe('editing and exporting in the editor', () => {
  let browser: Browser;
  let harness: TestPageServer;
  let dir: string;
  let recording: Recording;
  let videoPath: string;
  let trackPath: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-editor-'));
    harness = await serveTestPage('tests/support/export/export-harness.ts');
    browser = await chromium.launch({ executablePath: findBrowser(), headless: true, args: [...CHROMIUM_FLAGS] });
    const page = await browser.newPage();
    await page.goto(harness.url());
    await page.waitForFunction(() => (globalThis as { harnessReady?: boolean }).harnessReady === true);
    const made = await page.evaluate((options) => (globalThis as unknown as ExportHarness).makeSource(options), SOURCE);
    recording = made.recording;
    videoPath = join(dir, 'marker.webm');
    trackPath = join(dir, 'marker.json');
    await writeFile(videoPath, Buffer.from(made.base64, 'base64'));
    await writeFile(trackPath, JSON.stringify(recording));
    await page.close();
  });
  afterAll(async () => {
    await browser?.close();
    await harness?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function exportFrom(
    page: Page,
    format: 'MP4' | 'WebM',
    size: 'Source size' | '1440p',
    name: string,
  ): Promise<string> {
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: format }).check();
    // Quality in a buyer's words, the same ladder as the extension's (shared/quality/quality-names.ts).
    expect(await dialog.getByRole('radiogroup', { name: 'Quality' }).getByRole('radio').allTextContents()).toEqual([
      'Compact',
      'Standard',
      'High',
      'Maximum',
    ]);
    await dialog
      .getByRole('radiogroup', { name: 'Size' })
      .getByLabel(new RegExp(`^${size} \\(`))
      .check();
    // The dialog says which sound the file carries: this browser has no AAC encoder, so an MP4 gets MP3.
    await expect
      .poll(() => dialog.getByTestId('export-audio').textContent())
      .toMatch(format === 'MP4' ? /^With its sound, which plays in every player\.$/ : /^With its sound\.$/);
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await dialog.getByRole('button', { name: `Export ${format.toUpperCase()}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^Synthetic marker recording \\d{4}-\\d\\d-\\d\\d \\d\\d\\.\\d\\d\\.${format.toLowerCase()}$`),
    );
    const path = join(dir, name);
    await file.saveAs(path);
    await expect.poll(() => dialog.getAttribute('data-export-state')).toBe('done');
    await dialog.getByRole('button', { name: 'Close' }).click();
    return path;
  }

  function checkVideo(path: string, codec: string, width: number, height: number, watermark: boolean) {
    const probe = probeVideo(path);
    expect(probe.videoCodec).toBe(codec);
    // An MP4 carries MP3 or AAC (sound every player plays), a WebM Opus.
    expect(codec === 'h264' ? ['mp3', 'aac'] : ['opus']).toContain(probe.audioCodec);
    expect([probe.width, probe.height]).toEqual([width, height]);
    expect(probe.frames).toBe(outputFrameCount(TIMELINE, 30));
    expect(Math.abs(probe.videoDuration - outputDurationMs(TIMELINE) / 1000)).toBeLessThanOrEqual(1 / 30);

    const view = cameraAt(planCamera(recording, [ZOOM]), CHECK_SOURCE_MS).rect;
    const output = decodeFrame(
      path,
      Math.round(((CHECK_SOURCE_MS - TIMELINE.trim.startMs) / 1000) * 30),
      width,
      height,
    );
    const source = decodeFrame(videoPath, Math.round((CHECK_SOURCE_MS / 1000) * 30), 640, 360);
    expect(viewMatch(output, source, view, INSIDE)).toBeGreaterThan(0.9);
    const cleanestCorner = Math.min(...FRAME_CORNERS.map((corner) => viewMatch(output, source, view, corner)));
    if (watermark) expect(cleanestCorner).toBeLessThan(0.8);
    else expect(cleanestCorner).toBeGreaterThan(0.9);
  }

  test('open a recording, zoom, trim, export MP4 (free, source size) and WebM (pro, 1440p); edits survive a reload', async () => {
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1400, height: 1000 } });
    await exportToDownloads(context);
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}/editor`);
    await page.getByTestId('open-files').setInputFiles([videoPath, trackPath]);
    await expect.poll(() => page.locator('[data-state=showing]').getAttribute('data-recording-id')).toBe(recording.id);

    // A plain look, so the video fills the frame and pixels can be compared with the source.
    await chooseSetting(page, 'Window', 'Shadow', 'Off');
    const padding = (await settingsTab(page, 'Background')).getByLabel('Padding');
    await padding.press('Home');
    await expect.poll(() => padding.getAttribute('aria-valuenow')).toBe('0');
    // Padding and shadow sit on the background: hidden, they are switched off.
    await chooseSetting(page, 'Background', 'Colour', 'No background');
    await expect(padding.isDisabled()).resolves.toBe(true);
    await chooseSetting(page, 'Window', 'Browser frame', 'No frame');
    await chooseSetting(page, 'Window', 'Corners', 'Square');
    await (await settingsTab(page, 'Cursor')).getByLabel('Show cursor').uncheck();
    await chooseSetting(page, 'Zoom', 'Motion blur', 'Off');

    // Replace the automatic zooms with one of our own.
    const zooms = page.getByTestId('zoom-segment');
    while ((await zooms.count()) > 0) {
      await zooms.first().click();
      await page.getByRole('button', { name: 'Delete zoom' }).click();
    }
    await page.getByRole('button', { name: 'Add zoom' }).click();
    await expect.poll(() => zooms.count()).toBe(1);
    const inspector = page.getByRole('region', { name: 'Selected zoom' });
    await inspector.getByLabel('Zoom end (s)').fill(String(ZOOM.endMs / 1000));
    await inspector.getByLabel('Zoom end (s)').press('Enter');
    await inspector.getByLabel('Zoom start (s)').fill(String(ZOOM.startMs / 1000));
    await inspector.getByLabel('Zoom start (s)').press('Enter');
    await inspector.getByRole('radiogroup', { name: 'Zoom depth' }).getByRole('radio', { name: ZOOM.depth }).click();
    await inspector.getByRole('radiogroup', { name: 'Follow' }).getByRole('radio', { name: 'Fixed point' }).click();
    await inspector.getByLabel('Focus across (%)').fill('30');
    await inspector.getByLabel('Focus across (%)').press('Enter');
    await inspector.getByLabel('Focus down (%)').fill('35');
    await inspector.getByLabel('Focus down (%)').press('Enter');

    // The trim's times are in the inspector once the trim is selected (a grip pressed or focused).
    await page.getByRole('slider', { name: 'Trim start' }).focus();
    await page.getByLabel('Trim start (s)').fill(String(TIMELINE.trim.startMs / 1000));
    await page.getByLabel('Trim start (s)').press('Enter');
    await page.getByLabel('Trim end (s)').fill(String(TIMELINE.trim.endMs / 1000));
    await page.getByLabel('Trim end (s)').press('Enter');
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');

    const free = await exportFrom(page, 'MP4', 'Source size', 'free.mp4');
    checkVideo(free, 'h264', 640, 360, true);

    // Pro through a real key (the checkout's link to /licenses); coming back reopens the recording with its edits.
    const editorUrl = page.url();
    await activateProWithLink(page, demoKeyName('lemonsqueezy', 30, 'valid', 1));
    await page.goto(editorUrl);
    await expect.poll(() => page.locator('[data-state=showing]').getAttribute('data-recording-id')).toBe(recording.id);
    await page.getByRole('slider', { name: 'Trim start' }).focus();
    await expect(page.getByLabel('Trim start (s)').inputValue()).resolves.toBe('0.50');
    await expect(page.getByLabel('Trim end (s)').inputValue()).resolves.toBe('2.70');
    await expect(zooms.count()).resolves.toBe(1);

    const pro = await exportFrom(page, 'WebM', '1440p', 'pro.webm');
    checkVideo(pro, 'vp9', 2560, 1440, false);
    await expect(page.evaluate(() => localStorage.getItem('clickreel:exportCount'))).resolves.toBe('2');
    await context.close();
  });

  test('bad files get a clear message in the page and the library keeps its recordings', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}/editor`);
    const open = page.getByTestId('open-files');
    await open.setInputFiles([videoPath, trackPath]);
    await expect.poll(() => page.locator('[data-state=showing]').count()).toBe(1);

    const notVideo = join(dir, 'notes.webm');
    await writeFile(notVideo, 'this is not a video');
    await open.setInputFiles([notVideo]);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/“notes\.webm” is not a video Clickreel can open/);

    const truncated = join(dir, 'truncated.webm');
    const whole = await readFile(videoPath);
    await writeFile(truncated, whole.subarray(0, Math.floor(whole.length * 0.4)));
    await open.setInputFiles([truncated]);
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/“truncated\.webm” .*damaged or incomplete/);

    const otherTrack = join(dir, 'other.json');
    await writeFile(
      otherTrack,
      JSON.stringify({ ...recording, video: { ...recording.video, width: 1920, height: 1080 } }),
    );
    await open.setInputFiles([videoPath, otherTrack]);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/“other\.json” does not match “marker\.webm”/);

    // The recording that was open stays open, and the library still has it (and nothing else).
    await expect(page.locator('[data-state=showing]').getAttribute('data-recording-id')).resolves.toBe(recording.id);
    await page.goto(`${inject('siteUrl')}/recordings`);
    await expect.poll(() => page.locator('.recording-name').allTextContents()).toEqual(['Synthetic marker recording']);
    await context.close();
  });

  test('“no cursor track” is said of a video opened alone, never of a recording whose pointer stood still; only the video alone cannot regenerate auto zooms or follow the cursor', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}/editor`);
    const open = page.getByTestId('open-files');
    const noTrack = 'This video has no cursor track: add zooms by hand.';

    // What the extension writes when the pointer never moved: no pointer samples, but the page it started on.
    const stillTrack = join(dir, 'still.json');
    const still = { ...recording, id: 'still-pointer', cursor: [], clicks: [], pages: [{ t: 0, ...recording.page }] };
    await writeFile(stillTrack, JSON.stringify(still));
    await open.setInputFiles([videoPath, stillTrack]);
    await expect.poll(() => page.locator('[data-state=showing]').getAttribute('data-recording-id')).toBe(still.id);
    const cursorPanel = await settingsTab(page, 'Cursor');
    await expect(cursorPanel.getByLabel('Show cursor').isEnabled()).resolves.toBe(true);
    await expect(cursorPanel.getByText(noTrack).count()).resolves.toBe(0);
    // The timeline's tools and the zoom inspector go by the same rule: auto zooms can be planned, a zoom follows the cursor.
    const regenerate = page.getByRole('button', { name: 'Regenerate auto zooms' });
    const followCursor = page.getByRole('region', { name: 'Selected zoom' }).getByRole('radio', { name: 'Cursor' });
    await expect(regenerate.isEnabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Add zoom' }).click();
    await expect.poll(() => followCursor.getAttribute('aria-checked')).toBe('true');
    await expect(followCursor.isEnabled()).resolves.toBe(true);

    await open.setInputFiles([videoPath]);
    await expect.poll(() => page.locator('[data-state=showing]').getAttribute('data-recording-id')).not.toBe(still.id);
    await expect.poll(async () => (await settingsTab(page, 'Cursor')).getByText(noTrack).count()).toBe(1);
    await expect((await settingsTab(page, 'Cursor')).getByLabel('Show cursor').isDisabled()).resolves.toBe(true);
    await expect(regenerate.isDisabled()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Add zoom' }).click();
    await expect.poll(() => followCursor.isDisabled()).toBe(true);
    await expect(followCursor.getAttribute('aria-checked')).resolves.toBe('false');
    await context.close();
  });

  test('the preview shows the frame at the playhead, frame by frame, and plays in real time', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    // Pro: no watermark (its white text would read as part of the marker).
    const page = await context.newPage();
    await activateProWithLink(page, demoKeyName('lemonsqueezy', 30, 'valid', 2));
    await page.goto(`${inject('siteUrl')}/editor`);
    await page.getByTestId('open-files').setInputFiles([videoPath, trackPath]);
    await expect.poll(() => page.locator('[data-state=showing]').count()).toBe(1);
    // The video fills the preview, unzoomed, with no cursor: the source's white marker shows where it is in time.
    await chooseSetting(page, 'Background', 'Colour', 'No background');
    await chooseSetting(page, 'Window', 'Browser frame', 'No frame');
    await (await settingsTab(page, 'Cursor')).getByLabel('Show cursor').uncheck();
    const zooms = page.getByTestId('zoom-segment');
    while ((await zooms.count()) > 0) {
      await zooms.first().click();
      await page.getByRole('button', { name: 'Delete zoom' }).click();
    }
    const playhead = async () => Number(await page.getByTestId('playhead').getAttribute('data-ms'));
    /** The centre of the white marker in the preview canvas, normalized, and the playhead of that moment. */
    const shownMarker = () =>
      page.evaluate(() => {
        const ms = Number(document.querySelector<HTMLElement>('[data-testid=playhead]')?.dataset.ms);
        const canvas = document.querySelector('[data-testid=preview]') as HTMLCanvasElement;
        const { data, width, height } = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(
          0,
          0,
          canvas.width,
          canvas.height,
        );
        let sx = 0;
        let sy = 0;
        let count = 0;
        for (let i = 0; i < data.length; i += 4) {
          if ((data[i] ?? 0) > 235 && (data[i + 1] ?? 0) > 235 && (data[i + 2] ?? 0) > 235) {
            sx += (i / 4) % width;
            sy += Math.floor(i / 4 / width);
            count++;
          }
        }
        return { ms, at: count > 20 ? { x: sx / count / width, y: sy / count / height } : null };
      });
    /** Distance, in fractions of the width, from the marker shown to the marker of the source frame at `ms`. */
    const offFrame = async (ms: number) => {
      const frameMs = Math.floor((ms * SOURCE.frameRate) / 1000 + 1e-6) * (1000 / SOURCE.frameRate);
      const expected = markerPosition(frameMs, SOURCE.durationMs);
      const shown = (await shownMarker()).at;
      return shown ? Math.hypot(shown.x - expected.x, ((shown.y - expected.y) * 9) / 16) : 1;
    };

    await page.getByTestId('preview').click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(playhead).toBe(2000);
    await expect.poll(() => offFrame(2000)).toBeLessThan(0.004);
    // One frame on: the next source frame (its marker 2 % of the width further along).
    await page.keyboard.press('ArrowRight');
    await expect.poll(playhead).toBe(2033);
    await expect.poll(() => offFrame(2000 + 1000 / 30)).toBeLessThan(0.004);
    expect(await offFrame(2000)).toBeGreaterThan(0.01);

    // Play from 0.5 s until the playhead has moved a second on: it never runs ahead of the clock, and the paused
    // picture is its frame. (How fast it gets there is the machine's business: nothing here times it.)
    await page.keyboard.press('Home');
    for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(playhead).toBe(500);
    const started = Date.now();
    await page.getByRole('button', { name: 'Play' }).click();
    // Playing, the picture moves with the playhead (set as each picture shows): the element's frame follows the
    // clock within MAX_DRIFT_MS (200 ms), so each look finds the marker within 300 ms of the playhead's place (0.2
    // of the width at the marker’s top speed); a picture standing still would be off by 0.4 by 1.2 s.
    const looks: number[] = [];
    for (let look = await shownMarker(); look.ms < 1200; look = await shownMarker()) {
      if (look.ms > 500 && look.at) looks.push(Math.abs(look.at.x - markerPosition(look.ms, SOURCE.durationMs).x));
    }
    expect(looks.length).toBeGreaterThan(0);
    expect(Math.max(...looks)).toBeLessThan(0.2);
    // Without a GPU (this machine), the playing frames are composed by the planar painter, not drawn by Canvas 2D.
    expect(await page.getByTestId('preview').getAttribute('data-playing-painter')).toBe('planar');
    await expect.poll(playhead, { timeout: 30_000 }).toBeGreaterThanOrEqual(1500);
    await page.getByRole('button', { name: 'Pause' }).click();
    const elapsed = Date.now() - started;
    await page.getByRole('button', { name: 'Play' }).waitFor();
    const reached = await playhead();
    expect(reached).toBeGreaterThanOrEqual(1500);
    expect(reached - 500).toBeLessThanOrEqual(elapsed + 100);
    await expect.poll(() => offFrame(reached)).toBeLessThan(0.004);
    await context.close();
  });

  test('the timeline: drag a zoom, undo and redo it by keyboard, cut out a range, speed one up, drag the trim end', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${inject('siteUrl')}/editor`);
    await page.getByTestId('open-files').setInputFiles([videoPath, trackPath]);
    await expect.poll(() => page.locator('[data-state=showing]').count()).toBe(1);
    const zooms = page.getByTestId('zoom-segment');
    // Zoom depth re-plans the automatic zooms at once: Strong makes them all Strong, None takes them away.
    const depths = () => zooms.evaluateAll((segments) => segments.map((segment) => segment.getAttribute('data-depth')));
    await expect.poll(async () => (await depths()).length).toBeGreaterThan(0);
    await chooseSetting(page, 'Zoom', 'Zoom depth', 'Strong');
    await expect.poll(async () => [...new Set(await depths())]).toEqual(['Strong']);
    await chooseSetting(page, 'Zoom', 'Zoom depth', 'Off');
    await expect.poll(() => zooms.count()).toBe(0);
    await page.getByRole('button', { name: 'Add zoom' }).click();
    const zoomStart = page.getByLabel('Zoom start (s)');
    await expect(zoomStart.inputValue()).resolves.toBe('0.00');

    async function drag(from: { x: number; y: number }, to: { x: number; y: number }) {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move((from.x + to.x) / 2, to.y, { steps: 3 });
      await page.mouse.move(to.x, to.y, { steps: 3 });
      await page.mouse.up();
    }
    // The whole timeline in view (the mouse does not scroll the page).
    await page.getByTestId('timeline').scrollIntoViewIfNeeded();
    const lane = (await page.locator('.video-lane').boundingBox()) as {
      x: number;
      y: number;
      width: number;
      height: number;
    };
    const at = (fraction: number, box = lane) => ({ x: box.x + box.width * fraction, y: box.y + box.height / 2 });

    // Drag the zoom a quarter of the timeline (0.75 s) to the right.
    const zoomBox = (await zooms.first().boundingBox()) as typeof lane;
    await drag(
      { x: zoomBox.x + zoomBox.width / 2, y: zoomBox.y + zoomBox.height / 2 },
      {
        x: zoomBox.x + zoomBox.width / 2 + lane.width / 4,
        y: zoomBox.y + zoomBox.height / 2,
      },
    );
    const moved = Number(await zoomStart.inputValue());
    expect(moved).toBeGreaterThan(0.6);
    expect(moved).toBeLessThan(0.9);
    await page.keyboard.press('Control+z');
    await expect.poll(() => zoomStart.inputValue()).toBe('0.00');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => zoomStart.inputValue()).toBe(moved.toFixed(2));

    // Select 1.8 s..2.4 s on the video lane and cut it out.
    await drag(at(0.6), at(0.8));
    await page.getByRole('button', { name: 'Cut out selection' }).click();
    await expect(page.getByTestId('cut').count()).resolves.toBe(1);
    await expect(page.getByText(/Edited length 0:02\.[34]/).count()).resolves.toBe(1);
    const edited = async () =>
      Number((await page.getByText(/Edited length/).textContent())?.match(/0:(\d\d\.\d)/)?.[1]);
    const lengthAfterCut = await edited();

    // Select 0.3 s..1.5 s and play it at 4×: the speed lane shows it, muted, and the edited length loses 0.9 s;
    // undo takes it back, redo again, and it is saved with the edits.
    await drag(at(0.1), at(0.5));
    await page.getByRole('group', { name: 'Speed up selection' }).getByRole('button', { name: '4×' }).click();
    const speedRange = page.getByTestId('speed-range');
    await expect.poll(() => speedRange.getAttribute('data-rate')).toBe('4');
    await expect(speedRange.textContent()).resolves.toBe('4× · muted');
    await expect.poll(edited).toBeCloseTo(lengthAfterCut - 0.9, 1);
    await page.keyboard.press('Control+z');
    await expect.poll(() => speedRange.count()).toBe(0);
    await expect.poll(edited).toBeCloseTo(lengthAfterCut, 1);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => speedRange.count()).toBe(1);
    await expect.poll(() => page.locator('[data-save-state]').getAttribute('data-save-state')).toBe('saved');
    await page.reload();
    await expect.poll(() => page.getByTestId('speed-range').getAttribute('data-rate')).toBe('4');
    await expect.poll(edited).toBeCloseTo(lengthAfterCut - 0.9, 1);
    // The speed row is a row of the timeline: zoomed in, the range still spans the stretch it speeds up on the video
    // lane (0.1 to 0.5 of the recording).
    await page.getByRole('button', { name: 'Zoom timeline in' }).click();
    await expect
      .poll(async () => Number(await page.getByTestId('timeline').getAttribute('data-zoom')))
      .toBeGreaterThan(1);
    // Where the range starts and ends, as fractions of the zoomed video lane, within a frame's width (a drag snaps).
    const along = async () => {
      const video = (await page.locator('.video-lane').boundingBox()) as typeof lane;
      const range = (await page.getByTestId('speed-range').boundingBox()) as typeof lane;
      const start = (range.x - video.x) / video.width;
      const end = (range.x + range.width - video.x) / video.width;
      return Math.abs(start - 0.1) <= 0.015 && Math.abs(end - 0.5) <= 0.015 ? 'aligned' : `${start}–${end}`;
    };
    await expect.poll(along).toBe('aligned');
    await page.getByRole('button', { name: 'Fit timeline' }).click();
    await expect.poll(() => page.getByTestId('timeline').getAttribute('data-zoom')).toBe('1.000');

    // Drag the trim end handle to the middle.
    const endHandle = (await page.locator('.trim-handle.end').boundingBox()) as typeof lane;
    await drag({ x: endHandle.x + endHandle.width / 2, y: endHandle.y + endHandle.height / 2 }, at(0.5));
    const trimEnd = Number(await page.getByLabel('Trim end (s)').inputValue());
    expect(trimEnd).toBeGreaterThan(1.3);
    expect(trimEnd).toBeLessThan(1.7);
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByLabel('Trim end (s)').inputValue()).toBe('3.00');
    await context.close();
  });
});
