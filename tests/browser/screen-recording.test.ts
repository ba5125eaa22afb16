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
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import { decodeFrame, probeVideo } from '../support/export-checks';
import { stopIntoEditor } from '../support/recorded-page';
import { recorderCommand, setSettings, tabIdOf, timedCommand } from '../support/recording-harness';
import { serveTestPage, type TestPageServer } from '../support/test-page-server';
import { startXDisplay, type XDisplay } from '../support/x-display';

const SCREEN = { width: 1400, height: 1000 };
/** Frames saved for people to look at (outside the repository). */
const FRAMES_DIR = process.env.CLICKREEL_SCREEN_FRAMES ?? '';

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
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await x?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('the screen at its own size, paused and resumed, outliving the tab it started from, handed to the editor', async () => {
    await setSettings(browser, { countdown: false, source: 'screen' });
    const start = await browser.context.newPage();
    await start.goto(server.url('/'));
    const startTab = await tabIdOf(browser, start);
    const other = await browser.context.newPage();
    await other.goto(server.url('/'));
    await start.bringToFront();
    expect((await timedCommand(browser, 'toggle', startTab)).phase).toBe('recording');
    x.path(
      Array.from({ length: 40 }, (_, i) => ({ x: 150 + i * 25, y: 200 + (i % 8) * 40 })),
      40,
    );
    // Closing the tab it started from does not end a screen recording (a tab recording would end).
    await start.close();
    await sleep(2500);
    expect(await recorderCommand(browser, 'pause')).toBe('paused');
    await sleep(800);
    expect(await recorderCommand(browser, 'resume')).toBe('recording');
    x.path(
      Array.from({ length: 20 }, (_, i) => ({ x: 1200 - i * 40, y: 850 - i * 20 })),
      40,
    );
    await sleep(1000);

    const videoPath = join(dir, 'screen.webm');
    const { editor, recording } = await stopIntoEditor(browser, startTab, videoPath);
    expect(recording.capture).toEqual({ source: 'screen', ...SCREEN });
    expect(recording.name).toBe('Screen recording');
    expect([recording.video.width, recording.video.height]).toEqual([SCREEN.width, SCREEN.height]);
    // No tab's track is mapped onto the screen yet: none is kept, rather than one in the wrong place.
    expect(recording.cursor).toEqual([]);
    expect(recording.pauses).toHaveLength(1);

    const probed = probeVideo(videoPath);
    if (FRAMES_DIR) {
      mkdirSync(FRAMES_DIR, { recursive: true });
      const ffmpeg = findFfmpeg()?.ffmpeg ?? 'ffmpeg';
      for (const at of [1, 3, 4.5])
        execFileSync(ffmpeg, [
          '-v',
          'error',
          '-y',
          '-ss',
          String(at),
          '-i',
          videoPath,
          '-frames:v',
          '1',
          join(FRAMES_DIR, `screen-${at}s.png`),
        ]);
    }
    expect([probed.width, probed.height]).toEqual([SCREEN.width, SCREEN.height]);
    expect(recording.video.durationMs).toBeGreaterThan(3500);
    expect(Math.abs(probed.videoDuration * 1000 - recording.video.durationMs)).toBeLessThan(1000);
    // The picture is the screen: the browser window's blue page inside it, the bare desktop around it.
    const middle = decodeFrame(videoPath, Math.floor(probed.frames / 2), SCREEN.width, SCREEN.height);
    const page = middle.pixel(600, 500);
    const desktop = middle.pixel(20, SCREEN.height - 20);
    expect(page[2] - page[0]).toBeGreaterThan(100);
    expect(Math.hypot(...desktop.map((v, i) => v - (page[i] as number)))).toBeGreaterThan(60);
    expect(await editor.locator('[data-state=showing]').count()).toBe(1);
  });
});
