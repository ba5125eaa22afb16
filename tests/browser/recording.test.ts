import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { cursorAt } from '../../shared/recording/track';
import {
  decodeFrames,
  findMarker,
  probeVideo,
  readSiteRecording,
  recorderCommand,
  setSettings,
  tabIdOf,
  waitForEditor,
} from './fixtures/recording-harness';
import { type ExtensionBrowser, launchWithExtension } from './support/browser';
import { serveTestPage, type TestPageServer } from './support/test-page-server';

describe('recording a tab', () => {
  let browser: ExtensionBrowser;
  let server: TestPageServer;

  beforeAll(async () => {
    browser = await launchWithExtension(inject('extensionDir'));
    server = await serveTestPage('tests/browser/fixtures/marker-page.ts');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  test('record, move with three clicks, stop: the recording arrives in the site storage and lines up with the video', async () => {
    const page = await browser.context.newPage();
    await page.goto(server.url('/'));
    await page.bringToFront();
    const tabId = await tabIdOf(browser, page);
    const viewport = await page.evaluate(() => ({
      w: innerWidth * devicePixelRatio,
      h: innerHeight * devicePixelRatio,
    }));
    await setSettings(browser, { countdown: true });

    await page.mouse.move(10, 10);
    expect(await recorderCommand(browser, 'toggle', tabId)).toBe('recording');
    const startedAt = Date.now();

    // A path of 60 points with three clicks; each point is sent as one pointer event.
    const sent: { x: number; y: number }[] = [];
    const clicks: { x: number; y: number }[] = [];
    for (let i = 0; i < 60; i++) {
      const x = Math.round(100 + i * 15);
      const y = Math.round(360 + 200 * Math.sin(i / 8));
      await page.mouse.move(x, y);
      sent.push({ x, y });
      if (i === 15 || i === 35 || i === 55) {
        await page.mouse.down();
        await page.mouse.up();
        clicks.push({ x, y });
      }
      await page.waitForTimeout(i % 10 === 9 ? 250 : 40);
    }
    const stoppedAt = Date.now();
    expect(await recorderCommand(browser, 'toggle', tabId)).toBe('idle');
    const wallS = (stoppedAt - startedAt) / 1000;

    const editor = await waitForEditor(browser);
    const id = await editor.locator('[data-state=showing]').getAttribute('data-recording-id');
    expect(id).toBeTruthy();
    const stored = await readSiteRecording(editor, id as string);
    const { recording } = stored;
    const probe = probeVideo(stored.video);
    console.log(
      `video ${probe.width}x${probe.height} ${probe.codec}, ${probe.durationS.toFixed(3)} s (wall ${wallS.toFixed(3)} s, metadata ${recording.video.durationMs} ms), ${probe.frameTimes.length} frames, ${probe.distinctFrames} distinct, audio ${probe.hasAudio}`,
    );
    expect(probe.width).toBe(viewport.w);
    expect(probe.height).toBe(viewport.h);
    expect(Math.abs(probe.durationS - wallS)).toBeLessThanOrEqual(0.3);
    expect(probe.distinctFrames).toBeGreaterThan(20);

    // Every position sent is in the track, and the three clicks.
    const pixels = recording.cursor.map((s) => ({ x: s.x * viewport.w, y: s.y * viewport.h }));
    for (const point of sent) {
      expect(pixels.some((p) => Math.abs(p.x - point.x) < 0.5 && Math.abs(p.y - point.y) < 0.5)).toBe(true);
    }
    expect(
      recording.clicks.map((c) => ({ x: Math.round(c.x * viewport.w), y: Math.round(c.y * viewport.h), b: c.button })),
    ).toEqual(clicks.map((c) => ({ ...c, b: 'left' })));

    // The marker the page draws under the pointer is where the track says, frame by frame.
    const candidates = probe.frameTimes
      .map((t, n) => ({ t, n }))
      .filter(({ t }) => t * 1000 > (recording.cursor[0]?.t ?? 0) + 100);
    const step = Math.max(1, Math.floor(candidates.length / 12));
    const picked = candidates.filter((_, i) => i % step === 0).slice(0, 12);
    const frames = decodeFrames(
      probe,
      picked.map((p) => p.n),
    );
    const errors: number[] = [];
    picked.forEach(({ t }, i) => {
      const frame = frames[i];
      const marker = frame ? findMarker(frame, probe.width, probe.height) : null;
      const expected = cursorAt(recording, t * 1000);
      if (!marker || !expected) return;
      errors.push(Math.hypot(marker.x - expected.x * probe.width, marker.y - expected.y * probe.height));
    });
    console.log(`marker vs track in ${errors.length} frames: ${errors.map((e) => e.toFixed(1)).join(', ')} px`);
    expect(errors.length).toBeGreaterThanOrEqual(8);
    expect(Math.max(...errors)).toBeLessThanOrEqual(4);
  });
});
