import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { RECOVERED_MESSAGE, TAB_CRASHED_MESSAGE } from '../../extension/background/recorder-machine';
import { CUT_SHORT_TOLERANCE_MS } from '../../site/src/editor/open-recording';
import { EXTENSION_STOPPED_MESSAGE } from '../../site/src/install/ExtensionStoppedNotice';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import { extensionProcessIds, restartExtension } from '../support/extension-process';
import {
  hasPoint,
  openAndRecord,
  openPages,
  probeVideo,
  readSiteRecording,
  recordedWindow,
  timedCommand,
  waitForEditor,
  waitUntilSavedPast,
  wander,
} from '../support/recording-harness';
import { serveTestPage, type TestPageServer } from '../support/test-page-server';

/** The recorder's state as the service worker keeps it. */
async function recorderState(browser: ExtensionBrowser): Promise<{ phase: string; message: string | null }> {
  return browser.serviceWorker.evaluate(async () => {
    const { recorderState } = await chrome.storage.session.get('recorderState');
    return (recorderState as { phase: string; message: string | null } | undefined) ?? { phase: 'idle', message: null };
  });
}

describe('crashes while recording are noticed', () => {
  let browser: ExtensionBrowser;
  let server: TestPageServer;

  beforeAll(async () => {
    browser = await launchWithExtension(inject('extensionDir'));
    server = await serveTestPage('tests/fixtures/pages/marker-page.ts', {
      // A page that draws once and never again: the tab sends no new frames while it rests.
      '/still': {
        type: 'text/html',
        body: '<!doctype html><title>Still page</title><body style="margin:0;background:#234"><h1 style="color:#fff">Nothing moves here</h1></body>',
      },
    });
  });
  /** Busy loops a test started, ended after the file whatever happened. */
  const busyLoops: ChildProcess[] = [];
  afterAll(async () => {
    for (const loop of busyLoops) loop.kill();
    await browser?.close();
    await server?.close();
  });

  test('a still page sends no frames, yet is not taken for a crash: the recording runs on until stopped', async () => {
    const { page, started } = await openAndRecord(browser, server.url('/still'));
    // Longer than the frame watchdog's stall (1 s) several times over.
    await page.waitForTimeout(3500);
    expect((await recorderState(browser)).phase).toBe('recording');
    const earlier = openPages(browser);
    const stopped = await timedCommand(browser, 'stop');
    expect(stopped.phase).toBe('idle');
    const window = recordedWindow(started, stopped);
    const editor = await waitForEditor(browser, earlier);
    const id = (await editor.locator('[data-state=showing]').getAttribute('data-recording-id')) as string;
    const { recording, video } = await readSiteRecording(editor, id);
    const probe = probeVideo(video);
    console.log(
      `still page: metadata ${recording.video.durationMs} ms (wall ${window.minMs}-${window.maxMs} ms), video frames to ${(probe.durationS * 1000).toFixed(0)} ms, audio ${probe.hasAudio}`,
    );
    expect(recording.video.durationMs).toBeGreaterThanOrEqual(window.minMs - 300);
    expect(recording.video.durationMs).toBeLessThanOrEqual(window.maxMs + 300);
    // Its last frame stands until the stop, as it did on screen: the editor does not call it cut short.
    expect(await editor.getByTestId('video-cut-short').count()).toBe(0);
    await editor.close();
    await page.close();
  });

  test('the recorded tab crashes: recording stops at the crash, keeps what was recorded with its true length, and says so', async () => {
    const { page, started } = await openAndRecord(browser, server.url('/'));
    const points = await wander(page, 45, 100, 300);
    await waitUntilSavedPast(browser, points.at(-1)?.at ?? 0);
    const earlier = openPages(browser);
    const cdp = await browser.context.newCDPSession(page);
    const crashedAt = Date.now();
    // The renderer dies at once; the command gets no answer.
    void cdp.send('Page.crash').catch(() => undefined);
    let stoppedAt = 0;
    await expect
      .poll(
        async () => {
          const { phase } = await recorderState(browser);
          if (phase !== 'recording') stoppedAt ||= Date.now();
          return phase;
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBe('idle');
    const noticedMs = stoppedAt - crashedAt;
    const state = await recorderState(browser);
    const badge = await browser.serviceWorker.evaluate(() => chrome.action.getBadgeText({}));
    expect(state.message).toBe(TAB_CRASHED_MESSAGE);
    expect(badge).toBe('!');

    const editor = await waitForEditor(browser, earlier);
    const id = (await editor.locator('[data-state=showing]').getAttribute('data-recording-id')) as string;
    const { recording, video } = await readSiteRecording(editor, id);
    const probe = probeVideo(video);
    // The page drew a new frame every 50 ms until it died: the recording lasts until then.
    const lived = recordedWindow(started, { sentAt: crashedAt, answeredAt: crashedAt });
    console.log(
      `renderer crash: noticed within ${noticedMs} ms; metadata ${recording.video.durationMs} ms, video frames to ${(probe.durationS * 1000).toFixed(0)} ms, the tab lived ${lived.minMs}-${lived.maxMs} ms`,
    );
    expect(recording.video.durationMs).toBeGreaterThanOrEqual(lived.minMs - 300);
    expect(recording.video.durationMs).toBeLessThanOrEqual(lived.maxMs + 200);
    expect(Math.abs(probe.durationS * 1000 - recording.video.durationMs)).toBeLessThanOrEqual(300);
    const covered = points.filter((p) => p.at - started.sentAt <= probe.durationS * 1000 - 300);
    expect(covered.length).toBeGreaterThan(15);
    expect(covered.filter((point) => !hasPoint(recording, point))).toEqual([]);
    await editor.close();
    await page.close();
  });

  test('the extension’s own process dies mid-recording: the site says how to get it back, restarting only the extension recovers the recording, and the controls show it', async () => {
    // The library, open before (the extension answers it): no notice.
    const library = await browser.context.newPage();
    await library.goto(`${inject('siteUrl')}/recordings`);
    await expect.poll(() => library.locator('.library').getAttribute('data-state')).toBe('ready');
    await library.waitForTimeout(500);
    expect(await library.getByTestId('extension-stopped').count()).toBe(0);
    // Two busy loops take both cores, as other programs on a loaded machine do: the encoder falls behind first.
    const loops = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    busyLoops.push(...loops);
    const { page, started } = await openAndRecord(browser, server.url('/'));
    const points = await wander(page, 45, 100, 300);
    await waitUntilSavedPast(browser, points.at(-1)?.at ?? 0);
    const killedAt = Date.now();
    for (const loop of loops) loop.kill();
    const processIds = extensionProcessIds(browser);
    expect(processIds).toHaveLength(1);
    // The service worker and the offscreen recorder live in this one process: both die with it.
    for (const pid of processIds) process.kill(pid, 'SIGKILL');
    await expect.poll(() => extensionProcessIds(browser)).toEqual([]);

    // The site's pages say what happened and how to get it back: the library when shown again, and an editor and a
    // library opened now (which the dead extension's content script no longer reaches).
    await library.bringToFront();
    await library.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => library.getByTestId('extension-stopped').textContent()).toBe(EXTENSION_STOPPED_MESSAGE);
    for (const path of ['/editor', '/recordings']) {
      const opened = await browser.context.newPage();
      await opened.goto(`${inject('siteUrl')}${path}`);
      await expect.poll(() => opened.getByTestId('extension-stopped').textContent()).toBe(EXTENSION_STOPPED_MESSAGE);
      await opened.close();
    }

    const worker = await restartExtension(browser);
    // Back: the notice goes once the library is shown again.
    await library.bringToFront();
    await library.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => library.getByTestId('extension-stopped').count()).toBe(0);
    await library.close();
    const restarted: ExtensionBrowser = { ...browser, serviceWorker: worker };
    const status = () =>
      worker.evaluate(async () => {
        const api = (
          globalThis as unknown as {
            clickreel?: {
              recorder: { status(): Promise<{ phase: string; message: string | null; pending: { id: string }[] }> };
            };
          }
        ).clickreel;
        return api ? await api.recorder.status() : null;
      });
    await expect.poll(async () => (await status())?.pending.length ?? 0, { timeout: 15_000 }).toBe(1);
    expect(await status()).toMatchObject({ phase: 'idle', message: RECOVERED_MESSAGE });

    // The controls say what happened and offer the recording.
    const controls = await browser.context.newPage();
    await controls.goto(`chrome-extension://${browser.extensionId}/controls.html`);
    await expect.poll(() => controls.getByRole('alert').textContent()).toBe(RECOVERED_MESSAGE);
    await expect.poll(() => controls.locator('main').textContent()).toContain('Clickreel marker page (recovered)');
    const earlier = openPages(restarted);
    await controls.getByRole('button', { name: 'Open' }).click();
    const editor = await waitForEditor(restarted, earlier);
    const id = (await editor.locator('[data-state=showing]').getAttribute('data-recording-id')) as string;
    const { recording, video } = await readSiteRecording(editor, id);
    const probe = probeVideo(video);
    // What the dead process had saved: chunks every 500 ms, events in batches every 100 ms.
    const covered = points.filter(
      (p) => p.at <= killedAt - 200 && p.at - started.sentAt <= probe.durationS * 1000 - 500,
    );
    console.log(
      `extension process killed ${((killedAt - started.answeredAt) / 1000).toFixed(2)} s in: recovered ${recording.recovered}, video ${probe.durationS.toFixed(3)} s, metadata ${recording.video.durationMs} ms, ${covered.length} positions covered`,
    );
    expect(recording.recovered).toBe(true);
    expect(probe.durationS).toBeGreaterThanOrEqual(1);
    // At most a second of what was recorded until the kill is lost, and the editor says how much when it is more
    // than its rounding: the picture is never padded silently.
    const lostS = (killedAt - started.answeredAt) / 1000 - probe.durationS;
    console.log(`lost on the kill under two busy loops: ${lostS.toFixed(2)} s`);
    expect(lostS).toBeLessThanOrEqual(1);
    const said = await editor.getByTestId('video-cut-short').count();
    expect(said).toBe(recording.video.durationMs - probe.durationS * 1000 > CUT_SHORT_TOLERANCE_MS ? 1 : 0);
    expect(Math.abs(probe.durationS * 1000 - recording.video.durationMs)).toBeLessThanOrEqual(700);
    expect(covered.length).toBeGreaterThan(15);
    expect(covered.filter((point) => !hasPoint(recording, point))).toEqual([]);
    await editor.close();
    await controls.close();
    await page.close();
  });
});
