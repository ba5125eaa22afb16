import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { OffscreenMessage, OffscreenReply } from '../../shared/messages/extension-messages';
import { deleteSession, getSession, listSessions, putChunk } from '../storage/recording-db';
import { RecorderController } from './recorder-controller';
import { RECOVERED_MESSAGE, TAB_CRASHED_MESSAGE } from './recorder-machine';

vi.mock('wxt/browser', async () => ({ browser: (await import('wxt/testing/fake-browser')).fakeBrowser }));

// The browser around the recorder, faked at the browser's API (our own modules all run for real): fakeBrowser keeps
// tabs, storage and the badge; the Chromium-only APIs it lacks (tabCapture, offscreen, getContexts, scripting) and
// the two other contexts (the recorded page's content script, the offscreen recorder) are played here.
const TAB_ID = 1;
const page = { tracked: [] as (string | null)[], countdowns: 0 };
const offscreen = {
  open: false,
  commands: [] as string[],
  /** Wall clock of the recorder; every command moves it 1 s on. */
  wall: 10_000,
  /** Video chunks saved so far (one per command while recording). */
  chunks: 0,
  sessionId: '',
  fail: null as string | null,
};

function fakeOffscreen(message: OffscreenMessage): OffscreenReply {
  offscreen.commands.push(message.type);
  if (offscreen.fail === message.type) return { ok: false, error: 'NotAllowedError: no capture' };
  offscreen.wall += 1_000;
  if (message.type === 'prepare') {
    offscreen.sessionId = message.request.sessionId;
    return {
      ok: true,
      video: {
        mimeType: 'video/webm;codecs=vp9',
        width: message.request.width,
        height: message.request.height,
        frameRate: 30,
      },
      webcam: null,
      audio: { tab: true, microphone: false },
    };
  }
  return { ok: true, wall: offscreen.wall };
}

async function saveChunk(): Promise<void> {
  await putChunk({
    sessionId: offscreen.sessionId,
    stream: 'video',
    index: offscreen.chunks++,
    wall: offscreen.wall,
    size: 100,
    blob: new Blob([new Uint8Array(100)]),
  });
}

beforeEach(async () => {
  fakeBrowser.reset();
  Object.assign(page, { tracked: [], countdowns: 0 });
  Object.assign(offscreen, { open: false, commands: [], wall: 10_000, chunks: 0, sessionId: '', fail: null });
  await Promise.all((await listSessions()).map((s) => deleteSession(s.id)));
  const tab = await fakeBrowser.tabs.create({ url: 'https://app.example/', active: true });
  expect(tab.id).toBe(TAB_ID);
  Object.assign(fakeBrowser, {
    tabCapture: { getMediaStreamId: async () => 'stream-1' },
    offscreen: {
      createDocument: async () => {
        offscreen.open = true;
      },
      closeDocument: async () => {
        offscreen.open = false;
      },
    },
    scripting: { executeScript: async () => [] },
  });
  // fakeBrowser has no icons; the recorder's state icon is checked by action-icon.test.ts.
  Object.assign(fakeBrowser.action, { setIcon: async () => undefined });
  Object.assign(fakeBrowser.runtime, {
    getContexts: async () => (offscreen.open ? [{ contextType: 'OFFSCREEN_DOCUMENT' }] : []),
  });
  Object.assign(fakeBrowser.tabs, {
    sendMessage: async (_tabId: number, message: { type: string; sessionId?: string | null }) => {
      if (message.type === 'describe-page')
        return { url: 'https://app.example/', title: 'App', width: 1280, height: 720, dpr: 1 };
      if (message.type === 'countdown') page.countdowns++;
      if (message.type === 'track') page.tracked.push(message.sessionId ?? null);
      return { ok: true };
    },
  });
  fakeBrowser.runtime.onMessage.addListener((raw: unknown) => {
    const message = raw as OffscreenMessage;
    if (message.to !== 'offscreen') return undefined;
    const reply = fakeOffscreen(message);
    if (reply.ok && offscreen.sessionId && ['start', 'pause', 'resume', 'stop'].includes(message.type)) {
      return saveChunk().then(() => reply);
    }
    return Promise.resolve(reply);
  });
});

afterEach(() => vi.useRealTimers());

const badge = async () => ({
  text: await fakeBrowser.action.getBadgeText({}),
  title: await fakeBrowser.action.getTitle({}),
});

async function recording(): Promise<{ recorder: RecorderController; sessionId: string }> {
  const recorder = new RecorderController();
  expect(await recorder.command('start', TAB_ID)).toBe('recording');
  const { sessionId } = await recorder.status();
  if (!sessionId) throw new Error('no session');
  return { recorder, sessionId };
}

describe('the recorder against the browser', () => {
  test('start: stream, countdown, tracking, then recording with its clock started; the badge shows the time', async () => {
    const { recorder, sessionId } = await recording();
    expect(offscreen.commands).toEqual(['prepare', 'start']);
    expect(page).toEqual({ tracked: [sessionId], countdowns: 1 });
    expect((await getSession(sessionId))?.clock).not.toBeNull();
    await recorder.tick(sessionId, 7_900);
    await vi.waitFor(async () =>
      expect(await badge()).toEqual({ text: '0:07', title: 'Clickreel: click to stop recording' }),
    );
  });

  test('pause and resume move the recorder and the session clock; stop stores the recording and opens the editor', async () => {
    const { recorder, sessionId } = await recording();
    expect(await recorder.command('pause')).toBe('paused');
    expect((await getSession(sessionId))?.clock?.pauses).toEqual([{ start: 13_000, end: null }]);
    await vi.waitFor(async () => expect((await badge()).text).toBe('❚❚'));
    expect(await recorder.command('resume')).toBe('recording');
    expect(await recorder.command('toggle')).toBe('idle');
    expect(offscreen.commands).toEqual(['prepare', 'start', 'pause', 'resume', 'stop']);
    expect(page.tracked).toEqual([sessionId, null]);
    const stored = await getSession(sessionId);
    expect(stored).toMatchObject({ state: 'finished', recovered: false });
    expect(stored?.recording?.video.durationMs).toBe(2_000); // 1 s before the pause, 1 s after the resume
    expect(offscreen.open).toBe(false);
    const tabs = await fakeBrowser.tabs.query({});
    expect(tabs.map((t) => t.url)).toContain(`chrome-extension://test-extension-id/handoff.html#${sessionId}`);
    expect((await recorder.status()).pending.map((p) => p.id)).toEqual([sessionId]);
  });

  test('a failed start leaves idle with the reason, nothing stored and the recorder closed', async () => {
    offscreen.fail = 'prepare';
    const recorder = new RecorderController();
    await expect(recorder.command('start', TAB_ID)).rejects.toThrow('no capture');
    expect(await recorder.status()).toMatchObject({
      phase: 'idle',
      message: 'Could not start recording: NotAllowedError: no capture',
      pending: [],
    });
    expect(await listSessions()).toEqual([]);
    expect(offscreen.open).toBe(false);
  });

  test('discard throws the recording away: no session, tracking stopped, recorder closed', async () => {
    const { recorder, sessionId } = await recording();
    expect(await recorder.command('discard')).toBe('idle');
    expect(await getSession(sessionId)).toBeUndefined();
    expect(page.tracked).toEqual([sessionId, null]);
    expect(offscreen.commands.at(-1)).toBe('discard');
    expect(offscreen.open).toBe(false);
    expect(await recorder.status()).toMatchObject({ phase: 'idle', message: null, pending: [] });
  });

  test('a crash of the recorded tab stops the recording at its last frame and says so', async () => {
    const { recorder, sessionId } = await recording();
    Object.assign(fakeBrowser.tabs, { get: async () => ({ id: TAB_ID, status: 'unloaded', discarded: false }) });
    await recorder.checkRecordedTab({ tabId: TAB_ID });
    expect(await recorder.status()).toMatchObject({ phase: 'idle', message: TAB_CRASHED_MESSAGE });
    expect((await getSession(sessionId))?.state).toBe('finished');
  });

  test('a still page is not a crash: the recording goes on', async () => {
    const { recorder } = await recording();
    Object.assign(fakeBrowser.tabs, { get: async () => ({ id: TAB_ID, status: 'complete', discarded: false }) });
    await recorder.checkRecordedTab({ tabId: TAB_ID });
    expect((await recorder.status()).phase).toBe('recording');
  });

  test('the recorder dying mid-recording recovers what it saved', async () => {
    const { recorder, sessionId } = await recording();
    offscreen.open = false; // the offscreen document's process is gone
    await recorder.onRecorderPortClosed();
    expect(await recorder.status()).toMatchObject({ phase: 'idle', message: RECOVERED_MESSAGE });
    expect(await getSession(sessionId)).toMatchObject({ state: 'finished', recovered: true });
  });

  test('a restarted service worker whose recorder still runs keeps recording', async () => {
    const { sessionId } = await recording();
    const restarted = new RecorderController();
    expect(await restarted.recoverInterrupted()).toEqual([]);
    expect(await restarted.status()).toMatchObject({ phase: 'recording', sessionId });
  });

  test('after the extension process died, the next start-up recovers the recording and says so', async () => {
    const { sessionId } = await recording();
    offscreen.open = false; // the extension's process died with the offscreen document; storage.session kept the state
    const restarted = new RecorderController();
    expect(await restarted.recoverInterrupted()).toEqual([sessionId]);
    expect(await restarted.status()).toMatchObject({
      phase: 'idle',
      message: RECOVERED_MESSAGE,
      pending: [{ id: sessionId, recovered: true }],
    });
    await vi.waitFor(async () => expect((await badge()).text).toBe('!'));
  });

  test('the recorder ending by itself (disk full) stores the recording with its message', async () => {
    const { recorder, sessionId } = await recording();
    await recorder.onRecorderEnded(sessionId, 'error', 'The disk is full.', offscreen.wall);
    expect(await recorder.status()).toMatchObject({ phase: 'idle', message: 'The disk is full.' });
    expect((await getSession(sessionId))?.state).toBe('finished');
  });
});
