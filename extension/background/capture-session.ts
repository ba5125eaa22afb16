import { browser } from 'wxt/browser';
import { RecordingError } from '../../shared/errors/domain-errors';
import { pauseClock, resumeClock, startClock, stopClock } from '../../shared/recording/clock';
import { tabCaptureSize } from '../offscreen/codecs';
import type { RecorderSettings } from '../settings/recorder-settings';
import { deleteSession, putSession, updateSession } from '../storage/recording-db';
import { closeOffscreenDocument, openOffscreenDocument, sendToOffscreen } from './offscreen-document';
import { describeTab } from './recorded-tab';

/** A new session's id: its start time to the second and a random suffix ("rec_20261124024301_1a2b3c4d"). */
export function newSessionId(): string {
  return `rec_${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}_${crypto.randomUUID().slice(0, 8)}`;
}

/** What a window or screen recording is called until the user names it. */
const DISPLAY_RECORDING_NAMES = { window: 'Window recording', screen: 'Screen recording' } as const;

/**
 * Has the offscreen recorder open the tab's streams, or the window or screen the user picks (and the microphone and
 * webcam as set), and stores the session they describe, its clock not started yet.
 */
export async function prepareCapture(sessionId: string, tabId: number, settings: RecorderSettings): Promise<void> {
  const { source, frameRate, quality, microphone, webcam } = settings;
  // The stream id must be asked for while the user's click still counts. tabCapture is a Chromium API the
  // webextension polyfill hands through to chrome.tabCapture.
  const streamId = source === 'tab' ? await browser.tabCapture.getMediaStreamId({ targetTabId: tabId }) : null;
  const page = await describeTab(tabId);
  const { width, height } = tabCaptureSize(page.width, page.height, page.dpr);
  await openOffscreenDocument();
  const prepared = await sendToOffscreen({
    to: 'offscreen',
    type: 'prepare',
    request: { sessionId, source, streamId, width, height, frameRate, quality, microphone, webcam },
  });
  const video = prepared.video;
  if (!video) throw new RecordingError('recorder-failed', 'The recorder did not describe its video.');
  // A window or the screen is its video: no page, no viewport of its own (its pixels are taken as DIPs until the
  // displays' scale is read).
  const tabCaptured = source === 'tab';
  const viewport = tabCaptured
    ? { width: page.width, height: page.height, devicePixelRatio: page.dpr }
    : { width: video.width, height: video.height, devicePixelRatio: 1 };
  await putSession({
    id: sessionId,
    tabId,
    state: 'active',
    createdAt: new Date().toISOString(),
    page: tabCaptured ? { url: page.url, title: page.title } : { url: '', title: DISPLAY_RECORDING_NAMES[source] },
    viewport,
    // The captured surface is the viewport in both cases: the tab's, or the window's or screen's own.
    capture: { source, width: viewport.width, height: viewport.height },
    clock: null,
    video,
    webcam: prepared.webcam ? { ...prepared.webcam, offsetMs: 0 } : null,
    audio: prepared.audio ?? { tab: false, microphone: false },
    recording: null,
    recovered: false,
  });
}

/** Starts the recorder; the session's clock starts at its first frame. */
export async function startCapture(sessionId: string): Promise<void> {
  const started = await sendToOffscreen({ to: 'offscreen', type: 'start' });
  const wall = started.wall ?? performance.timeOrigin + performance.now();
  await updateSession(sessionId, (session) => ({
    ...session,
    clock: startClock(wall),
    webcam: session.webcam ? { ...session.webcam, offsetMs: started.webcamOffsetMs ?? 0 } : null,
  }));
}

/** Pauses or resumes the recorder and the session's clock with it. */
export async function pauseOrResumeCapture(sessionId: string, command: 'pause' | 'resume'): Promise<void> {
  const wall = (await sendToOffscreen({ to: 'offscreen', type: command })).wall ?? Date.now();
  const move = command === 'pause' ? pauseClock : resumeClock;
  await updateSession(sessionId, (s) => ({ ...s, clock: s.clock ? move(s.clock, wall) : s.clock }));
}

/** Stops the session's clock at `wall`, the recorder's last frame. */
export async function stopSessionClock(sessionId: string, wall: number): Promise<void> {
  await updateSession(sessionId, (s) => ({ ...s, clock: s.clock ? stopClock(s.clock, wall) : s.clock }));
}

/** Throws away a capture: the recorder's streams, the session and what it saved, the offscreen document. */
export async function abandonCapture(sessionId: string): Promise<void> {
  await sendToOffscreen({ to: 'offscreen', type: 'discard' }).catch(() => undefined);
  await deleteSession(sessionId).catch(() => undefined);
  await closeOffscreenDocument();
}
