// Recording the whole screen: headed Chromium on an Xvfb screen, the real extension, Chrome's picker answered by its
// auto-select flag (as a user picks "Entire screen"), the real OS pointer moved across it by xdotool. What the
// extension stores and hands to the editor is read back and its video judged by ffprobe and decoded frames.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { findFfmpeg } from '../../scripts/lib/system-tools';
import { DEFAULT_ZOOM_TIMING } from '../../shared/look/zoom-timing';
import { autoZoomSegments } from '../../shared/zoom/auto-zoom';
import { type ExtensionBrowser, exportToDownloads, launchWithExtension } from '../support/browser';
import { exportFromEditor } from '../support/editor-export';
import { decodeFrame, probeVideo } from '../support/export-checks';
import { stopIntoEditor } from '../support/recorded-page';
import { recorderCommand, setSettings, tabIdOf, timedCommand } from '../support/recording-harness';
import { serveTestPage, type TestPageServer } from '../support/test-page-server';
import { pointerLine as line, startXDisplay, type XDisplay } from '../support/x-display';

const SCREEN = { width: 1400, height: 1000 };
/** Frames saved for people to look at (outside the repository). */
const FRAMES_DIR = process.env.CLICKREEL_SCREEN_FRAMES ?? '';

/** With FRAMES_DIR set, saves the frames of `video` at `times` (s) there as `<prefix>-<name>.png`, to look at. */
function saveFrames(video: string, prefix: string, times: Record<string, number>): void {
  if (!FRAMES_DIR) return;
  mkdirSync(FRAMES_DIR, { recursive: true });
  const ffmpeg = findFfmpeg()?.ffmpeg ?? 'ffmpeg';
  for (const [name, at] of Object.entries(times)) {
    const out = join(FRAMES_DIR, `${prefix}-${name}.png`);
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-ss', String(at), '-i', video, '-frames:v', '1', out]);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('recording the whole screen', () => {
  let x: XDisplay;
  let server: TestPageServer;
  let browser: ExtensionBrowser;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickreel-screen-'));
    x = await startXDisplay(SCREEN.width, SCREEN.height);
    server = await serveTestPage('tests/fixtures/pages/real-pointer-page.ts');
    browser = await launchWithExtension(
      inject('extensionDir'),
      [
        '--window-position=100,60',
        '--window-size=1000,700',
        // Chrome's own picker, answered the way a user picks the screen.
        '--auto-select-desktop-capture-source=Entire screen',
      ],
      undefined,
      [],
      { display: x.display },
    );
    await exportToDownloads(browser.context);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await x?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the screen at its own size with the pointer tracked in every tab, paused, outliving its start tab, in the editor', async () => {
    await setSettings(browser, { countdown: false, source: 'screen' });
    const start = await browser.context.newPage();
    await start.goto(server.url('/'));
    const startTab = await tabIdOf(browser, start);
    const other = await browser.context.newPage();
    await other.goto(server.url('/'));
    await start.bringToFront();
    expect((await timedCommand(browser, 'toggle', startTab)).phase).toBe('recording');
    // Inside the window (at 100, 60; its page from about y 147): a rest, then a click on the centre button.
    const rest = { x: 420, y: 300 };
    const button = { x: 600, y: 440 };
    const inWindow = { x: 800, y: 620 };
    const desktop = { x: 1250, y: 850 };
    x.path(line({ x: 150, y: 200 }, rest, 12), 15);
    await sleep(800);
    x.path(line(rest, button, 12), 15);
    await sleep(300);
    x.click(1);
    await sleep(500);
    // Closing the tab it started from does not end a screen recording (a tab recording would end); the other tab,
    // shown now, tracks the pointer in its place.
    await start.close();
    await sleep(1500);
    x.path(line(button, inWindow, 12), 15);
    await sleep(800);
    expect(await recorderCommand(browser, 'pause')).toBe('paused');
    await sleep(800);
    expect(await recorderCommand(browser, 'resume')).toBe('recording');
    x.path(line(inWindow, desktop, 20), 15);
    await sleep(1000);

    const centreLeft = await other.evaluate(
      () => (document.getElementById('centre') as HTMLElement).getBoundingClientRect().x,
    );
    const videoPath = join(dir, 'screen.webm');
    const { editor, recording } = await stopIntoEditor(browser, startTab, videoPath);
    expect(recording.capture).toEqual({ source: 'screen', ...SCREEN });
    expect(recording.name).toBe('Screen recording');
    expect([recording.video.width, recording.video.height]).toEqual([SCREEN.width, SCREEN.height]);
    // The track is placed on the screen: where the real pointer rested in either tab, and the click with its button.
    const onScreen = (p: { x: number; y: number }) => ({ x: p.x * SCREEN.width, y: p.y * SCREEN.height });
    const nearest = (target: { x: number; y: number }) =>
      Math.min(...recording.cursor.map((c) => Math.hypot(onScreen(c).x - target.x, onScreen(c).y - target.y)));
    console.log(
      `track: ${recording.cursor.length} samples; nearest to the rest, the click, the second tab's rest: ${[rest, button, inWindow].map((p) => nearest(p).toFixed(1)).join(', ')} px`,
    );
    expect(nearest(rest)).toBeLessThanOrEqual(4);
    expect(nearest(inWindow)).toBeLessThanOrEqual(4);
    expect(recording.clicks).toHaveLength(1);
    const click = recording.clicks[0] as (typeof recording.clicks)[number];
    expect(Math.hypot(onScreen(click).x - button.x, onScreen(click).y - button.y)).toBeLessThanOrEqual(4);
    // The centre button (120×70 CSS px) where the page lays it out, its window at x 100 on the screen.
    const box = click.box as NonNullable<typeof click.box>;
    expect([box.width * SCREEN.width, box.height * SCREEN.height].map(Math.round)).toEqual([120, 70]);
    expect(Math.abs(box.x * SCREEN.width - (100 + centreLeft))).toBeLessThanOrEqual(1);
    // Outside Chrome (the desktop) no tab sees the pointer: the track holds where it left the window.
    expect(nearest(desktop)).toBeGreaterThan(50);
    // The editor opens it with an automatic zoom on the click, as it does a tab recording.
    const zooms = autoZoomSegments(recording, { depth: 'Moderate', timing: DEFAULT_ZOOM_TIMING });
    const zoom = zooms.find((z) => z.startMs <= click.t && z.endMs >= click.t);
    expect(zoom).toBeDefined();

    // Exported as an MP4: its length, a frame for every 1/30 s; frames kept to look at mid-zoom and zoomed.
    const mp4 = join(dir, 'screen.mp4');
    await exportFromEditor(editor, 'mp4', mp4);
    const exported = probeVideo(mp4);
    expect(Math.abs(exported.videoDuration * 1000 - recording.video.durationMs)).toBeLessThan(200);
    expect(exported.frames).toBeGreaterThanOrEqual(Math.floor((recording.video.durationMs / 1000) * 29));
    const later = exported.videoDuration - 0.3;
    if (zoom) saveFrames(mp4, 'export', { 'mid-zoom': (zoom.startMs + 350) / 1000, zoomed: click.t / 1000, later });
    expect(recording.pauses).toHaveLength(1);

    const probed = probeVideo(videoPath);
    saveFrames(videoPath, 'screen', { '1s': 1, '3s': 3, '4.5s': 4.5 });
    expect([probed.width, probed.height]).toEqual([SCREEN.width, SCREEN.height]);
    expect(recording.video.durationMs).toBeGreaterThan(3500);
    expect(Math.abs(probed.videoDuration * 1000 - recording.video.durationMs)).toBeLessThan(1000);
    // The picture is the screen: the browser window's blue page inside it, the bare desktop around it.
    const middle = decodeFrame(videoPath, Math.floor(probed.frames / 2), SCREEN.width, SCREEN.height);
    const page = middle.pixel(600, 500);
    const bare = middle.pixel(20, SCREEN.height - 20);
    expect(page[2] - page[0]).toBeGreaterThan(100);
    expect(Math.hypot(...bare.map((v, i) => v - (page[i] as number)))).toBeGreaterThan(60);
    expect(await editor.locator('[data-state=showing]').count()).toBe(1);
  });
});
