import {
  type BackgroundMessage,
  backgroundMessageSchema,
  type EndReason,
  type OffscreenMessage,
  type OffscreenReply,
  offscreenReplySchema,
  type PageDescription,
  pageDescriptionSchema,
  type RecorderCommand,
  type RecorderPhase,
  type RecorderStatus,
  TRACKED_TAB_PORT_NAME,
} from '../../shared/messages/extension-messages';
import { pauseClock, resumeClock, startClock, stopClock } from '../../shared/recording/clock';
import { capCaptureSize } from '../offscreen/codecs';
import { RECORDER_PORT_NAME } from '../offscreen/offscreen-host';
import { readRecorderSettings, SETTINGS_STORAGE_KEY, videoBitrate } from '../settings/recorder-settings';
import {
  appendEvents,
  deleteSession,
  getSession,
  listSessions,
  putSession,
  readEvents,
  summarizeChunks,
  updateSession,
} from '../storage/recording-db';
import { paintActionIcon } from './action-icon';
import { assembleRecording } from './assemble-recording';
import { BADGE_COLORS, formatBadgeTime } from './badge';
import { decideRecovery, tabCrashed } from './recovery';

const OFFSCREEN_URL = 'offscreen.html';
const STATE_KEY = 'recorderState';
const COUNTDOWN_SECONDS = 3;

/** The live part of the state, kept in storage.session so a restarted service worker picks it up. */
interface LiveState {
  phase: RecorderPhase;
  sessionId: string | null;
  tabId: number | null;
  elapsedMs: number;
  message: string | null;
}

const IDLE: LiveState = { phase: 'idle', sessionId: null, tabId: null, elapsedMs: 0, message: null };

/** Message shown after the recorder died and the recording was rebuilt from what was saved. */
export const RECOVERED_MESSAGE =
  'The recorder stopped unexpectedly. The recording was recovered up to the last saved second.';

/** Message after the recorded tab's page crashed and the recording was stopped at its last frame. */
export const TAB_CRASHED_MESSAGE =
  'The recorded tab crashed (its page shows “Aw, Snap!”), so the recording stopped there. Everything up to the crash is kept.';

/** How long after the tab's port closed its crash may take to show on the tab, and how often to look. */
const CRASH_CHECK = { attempts: 6, intervalMs: 200 } as const;

function newSessionId(): string {
  return `rec_${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}_${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * The background's recorder: starts and stops captures of a tab, keeps the recording clock in the
 * session store, stores the content script's events, finalizes recordings (also after crashes) and
 * opens the site's editor on them.
 */
export class RecorderController {
  private state: LiveState = IDLE;
  private ready: Promise<void>;
  /** Writes of event batches not yet committed: finalizing waits for them. */
  private pendingAppends = new Set<Promise<void>>();
  private finalizing = new Map<string, Promise<void>>();
  /** A look at the recorded tab in progress (its port closed or its frames stalled). */
  private tabCheck: Promise<void> | null = null;
  /** The latest start-up recovery; commands run after it. */
  private recovery: Promise<unknown> = Promise.resolve();

  constructor() {
    this.ready = chrome.storage.session
      .get(STATE_KEY)
      .then((stored) => {
        const value = stored[STATE_KEY] as LiveState | undefined;
        if (value) this.state = value;
      })
      .catch(() => undefined);
  }

  /** Current status for the popup. */
  async status(): Promise<RecorderStatus> {
    await this.ready;
    const sessions = await listSessions().catch(() => []);
    return {
      ...this.state,
      pending: sessions
        .filter((session) => session.state === 'finished' && session.recording)
        .map((session) => ({ id: session.id, name: session.recording?.name ?? '', recovered: session.recovered })),
    };
  }

  /**
   * Runs a user command. `tabId` is the tab to record for 'start'/'toggle' (the active tab when absent).
   * Resolves with the phase once the command took effect (recording has started, or the recording is stored).
   */
  async command(command: RecorderCommand, tabId?: number): Promise<RecorderPhase> {
    await this.ready;
    await this.recovery;
    switch (command) {
      case 'start':
        await this.start(tabId);
        break;
      case 'toggle':
        if (this.state.phase === 'idle') await this.start(tabId);
        else if (this.state.phase === 'recording' || this.state.phase === 'paused') await this.stop();
        break;
      case 'stop':
        await this.stop();
        break;
      case 'pause':
        await this.pause();
        break;
      case 'resume':
        await this.resume();
        break;
      case 'discard':
        await this.discard();
        break;
    }
    return this.state.phase;
  }

  /** Handles a runtime message from a content script, the popup or the offscreen document. */
  handleMessage(raw: unknown, sender: chrome.runtime.MessageSender): Promise<unknown> | undefined {
    const parsed = backgroundMessageSchema.safeParse(raw);
    if (!parsed.success) return undefined;
    return this.onMessage(parsed.data, sender);
  }

  private async onMessage(message: BackgroundMessage, sender: chrome.runtime.MessageSender): Promise<unknown> {
    await this.ready;
    switch (message.type) {
      case 'track-status': {
        const tracking = sender.tab?.id === this.state.tabId && this.isCapturing();
        return { sessionId: tracking ? this.state.sessionId : null };
      }
      case 'track-events': {
        if (message.sessionId !== this.state.sessionId || sender.tab?.id !== this.state.tabId) return { ok: false };
        const write = appendEvents(message.sessionId, message.events).catch(() => undefined);
        this.pendingAppends.add(write);
        await write;
        this.pendingAppends.delete(write);
        return { ok: true };
      }
      case 'get-status':
        return this.status();
      case 'command':
        await this.command(message.command);
        return this.status();
      case 'open-pending':
        await this.openEditor(message.sessionId);
        return { ok: true };
      case 'tick':
        if (message.sessionId === this.state.sessionId && this.state.phase === 'recording') {
          await this.setState({ ...this.state, elapsedMs: message.elapsedMs });
        }
        return { ok: true };
      case 'recorder-ended':
        await this.onRecorderEnded(message.sessionId, message.reason, message.message, message.stoppedAt);
        return { ok: true };
      case 'frames-stalled':
        if (message.sessionId === this.state.sessionId) void this.checkRecordedTab().catch(console.error);
        return { ok: true };
    }
  }

  private isCapturing(): boolean {
    return ['countdown', 'recording', 'paused', 'stopping'].includes(this.state.phase);
  }

  private async setState(next: LiveState): Promise<void> {
    this.state = next;
    // The badge follows on its own: commands should not wait for it.
    void this.paintBadge().catch(() => undefined);
    await chrome.storage.session.set({ [STATE_KEY]: next }).catch(() => undefined);
  }

  private async paintBadge(): Promise<void> {
    const { phase, elapsedMs, message } = this.state;
    await paintActionIcon(phase);
    const set = async (text: string, color: string) => {
      await chrome.action.setBadgeText({ text });
      if (text) await chrome.action.setBadgeBackgroundColor({ color });
    };
    if (phase === 'recording') await set(formatBadgeTime(elapsedMs), BADGE_COLORS.recording);
    else if (phase === 'paused') await set('❚❚', BADGE_COLORS.paused);
    else if (phase === 'countdown' || phase === 'starting') await set('…', BADGE_COLORS.recording);
    else await set(message ? '!' : '', BADGE_COLORS.attention);
    await chrome.action.setTitle({
      title:
        phase === 'recording' || phase === 'paused'
          ? 'Clickreel: click to stop recording'
          : 'Clickreel: click to record this tab',
    });
  }

  private async sendOffscreen(message: OffscreenMessage): Promise<OffscreenReply> {
    const raw: unknown = await chrome.runtime.sendMessage(message);
    const reply = offscreenReplySchema.parse(raw ?? { ok: false, error: 'The recorder did not answer.' });
    if (!reply.ok) throw new Error(reply.error ?? 'The recorder failed.');
    return reply;
  }

  private async offscreenAlive(): Promise<boolean> {
    const contexts = await chrome.runtime.getContexts({
      contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT],
    });
    return contexts.length > 0;
  }

  private async ensureOffscreen(): Promise<void> {
    if (await this.offscreenAlive()) return;
    await chrome.offscreen.createDocument({
      url: OFFSCREEN_URL,
      reasons: [chrome.offscreen.Reason.USER_MEDIA],
      justification: 'Records the captured tab with MediaRecorder and saves it as it records.',
    });
  }

  private async closeOffscreen(): Promise<void> {
    if (await this.offscreenAlive()) await chrome.offscreen.closeDocument().catch(() => undefined);
  }

  private async describeTab(tabId: number): Promise<PageDescription> {
    const ask = () =>
      chrome.tabs
        .sendMessage(tabId, { to: 'content', type: 'describe-page' }, { frameId: 0 })
        .then((reply) => pageDescriptionSchema.parse(reply));
    try {
      return await ask();
    } catch {
      // Pages opened before the extension was installed have no content script yet.
      try {
        await chrome.scripting.executeScript({
          target: { tabId, allFrames: true },
          files: ['content-scripts/content.js'],
        });
        return await ask();
      } catch {
        const tab = await chrome.tabs.get(tabId);
        return {
          url: tab.url ?? '',
          title: tab.title ?? '',
          width: tab.width ?? 1280,
          height: tab.height ?? 720,
          dpr: 1,
        };
      }
    }
  }

  private async start(requestedTabId?: number): Promise<void> {
    if (this.state.phase !== 'idle') return;
    const tabId = requestedTabId ?? (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id;
    if (tabId === undefined) throw new Error('No tab to record.');
    const sessionId = newSessionId();
    await this.setState({ phase: 'starting', sessionId, tabId, elapsedMs: 0, message: null });
    try {
      const settings = readRecorderSettings(
        (await chrome.storage.local.get(SETTINGS_STORAGE_KEY))[SETTINGS_STORAGE_KEY],
      );
      // The stream id must be asked for while the user's click still counts.
      const streamId = await chrome.tabCapture.getMediaStreamId({ targetTabId: tabId });
      const page = await this.describeTab(tabId);
      const size = capCaptureSize(Math.round(page.width * page.dpr), Math.round(page.height * page.dpr));
      await this.ensureOffscreen();
      const prepared = await this.sendOffscreen({
        to: 'offscreen',
        type: 'prepare',
        request: {
          sessionId,
          streamId,
          width: size.width,
          height: size.height,
          frameRate: settings.frameRate,
          videoBitsPerSecond: videoBitrate(size.width, size.height, settings.frameRate, settings.quality),
          microphone: settings.microphone,
          webcam: settings.webcam,
        },
      });
      if (!prepared.video) throw new Error('The recorder did not describe its video.');
      await putSession({
        id: sessionId,
        tabId,
        state: 'active',
        createdAt: new Date().toISOString(),
        page: { url: page.url, title: page.title },
        viewport: { width: page.width, height: page.height, devicePixelRatio: page.dpr },
        clock: null,
        video: prepared.video,
        webcam: prepared.webcam ? { ...prepared.webcam, offsetMs: 0 } : null,
        audio: prepared.audio ?? { tab: false, microphone: false },
        recording: null,
        recovered: false,
      });
      // Built from this start's own values: another path may have replaced the state meanwhile.
      if (this.state.sessionId !== sessionId) return;
      await this.setState({ phase: 'countdown', sessionId, tabId, elapsedMs: 0, message: null });
      if (settings.countdown) {
        await chrome.tabs
          .sendMessage(tabId, { to: 'content', type: 'countdown', seconds: COUNTDOWN_SECONDS }, { frameId: 0 })
          .catch(() => undefined);
      }
      if (this.state.sessionId !== sessionId) return; // discarded during the countdown
      // Tracking starts before the recorder; events before its start are dropped when the track is built.
      await chrome.tabs.sendMessage(tabId, { to: 'content', type: 'track', sessionId }).catch(() => undefined);
      const started = await this.sendOffscreen({ to: 'offscreen', type: 'start' });
      const wall = started.wall ?? performance.timeOrigin + performance.now();
      await Promise.all([
        updateSession(sessionId, (session) => ({
          ...session,
          clock: startClock(wall),
          webcam: session.webcam ? { ...session.webcam, offsetMs: started.webcamOffsetMs ?? 0 } : null,
        })),
        this.setState({ ...this.state, phase: 'recording' }),
      ]);
    } catch (error) {
      await this.sendOffscreen({ to: 'offscreen', type: 'discard' }).catch(() => undefined);
      await deleteSession(sessionId).catch(() => undefined);
      await this.closeOffscreen();
      await this.setState({
        ...IDLE,
        message: `Could not start recording: ${error instanceof Error ? error.message : String(error)}`,
      });
      throw error;
    }
  }

  private async pause(): Promise<void> {
    const { sessionId } = this.state;
    if (this.state.phase !== 'recording' || !sessionId) return;
    const reply = await this.sendOffscreen({ to: 'offscreen', type: 'pause' });
    const wall = reply.wall ?? Date.now();
    await updateSession(sessionId, (s) => ({ ...s, clock: s.clock ? pauseClock(s.clock, wall) : s.clock }));
    await this.setState({ ...this.state, phase: 'paused' });
  }

  private async resume(): Promise<void> {
    const { sessionId } = this.state;
    if (this.state.phase !== 'paused' || !sessionId) return;
    const reply = await this.sendOffscreen({ to: 'offscreen', type: 'resume' });
    const wall = reply.wall ?? Date.now();
    await updateSession(sessionId, (s) => ({ ...s, clock: s.clock ? resumeClock(s.clock, wall) : s.clock }));
    await this.setState({ ...this.state, phase: 'recording' });
  }

  /** Stops recording; after a crash of the recorded tab (`tabCrashed`), at the last frame it sent. */
  private async stop(tabCrashed = false): Promise<void> {
    const { sessionId } = this.state;
    if (!sessionId || (this.state.phase !== 'recording' && this.state.phase !== 'paused')) return;
    // The recorder stops first, so the video ends when the user clicked.
    const stopping = this.sendOffscreen({ to: 'offscreen', type: 'stop', atLastFrame: tabCrashed });
    await this.setState({ ...this.state, phase: 'stopping' });
    let wall: number;
    try {
      wall = (await stopping).wall ?? Date.now();
    } catch {
      // The recorder is gone: what it saved is recovered.
      await this.endSession(sessionId, null, RECOVERED_MESSAGE);
      return;
    }
    await this.endSession(sessionId, wall, tabCrashed ? TAB_CRASHED_MESSAGE : null);
  }

  /**
   * The recorded tab's port closed or its frames stopped: when its renderer crashed, the recording stops at
   * the last frame it sent (a navigation or a still page leaves it running).
   */
  checkRecordedTab(): Promise<void> {
    this.tabCheck ??= this.lookAtRecordedTab().finally(() => {
      this.tabCheck = null;
    });
    return this.tabCheck;
  }

  private async lookAtRecordedTab(): Promise<void> {
    await this.ready;
    const { tabId, sessionId } = this.state;
    const running = () =>
      this.state.sessionId === sessionId && (this.state.phase === 'recording' || this.state.phase === 'paused');
    if (tabId === null || !running()) return;
    for (let attempt = 0; attempt < CRASH_CHECK.attempts && running(); attempt++) {
      if (tabCrashed(await chrome.tabs.get(tabId).catch(() => null))) {
        if (running()) await this.stop(true);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, CRASH_CHECK.intervalMs));
    }
  }

  private async discard(): Promise<void> {
    const { sessionId, tabId } = this.state;
    if (!sessionId) return;
    await this.sendOffscreen({ to: 'offscreen', type: 'discard' }).catch(() => undefined);
    if (tabId !== null)
      await chrome.tabs.sendMessage(tabId, { to: 'content', type: 'track', sessionId: null }).catch(() => undefined);
    await deleteSession(sessionId).catch(() => undefined);
    await this.closeOffscreen();
    await this.setState(IDLE);
  }

  private async onRecorderEnded(
    sessionId: string,
    reason: EndReason,
    message: string | null,
    stoppedAt: number,
  ): Promise<void> {
    if (sessionId !== this.state.sessionId || reason === 'stopped') return;
    if (this.state.phase === 'stopping') return;
    await this.setState({ ...this.state, phase: 'stopping' });
    await this.endSession(sessionId, stoppedAt, message);
  }

  /** The offscreen document's port closed: if the document is gone mid-recording, recover what it saved. */
  async onRecorderPortClosed(): Promise<void> {
    await this.ready;
    const { sessionId } = this.state;
    if (!sessionId || !['countdown', 'recording', 'paused'].includes(this.state.phase)) return;
    // A port also closes when only the service worker restarted; the document then reconnects.
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (this.state.sessionId !== sessionId || (await this.offscreenAlive())) return;
    await this.setState({ ...this.state, phase: 'stopping' });
    await this.endSession(sessionId, null, RECOVERED_MESSAGE);
  }

  /** The recorded tab closed. The recorder notices too (its track ends); this covers a recorder that did not. */
  async onTabRemoved(tabId: number): Promise<void> {
    await this.ready;
    if (tabId !== this.state.tabId || (this.state.phase !== 'recording' && this.state.phase !== 'paused')) return;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    if (this.state.tabId === tabId && (this.state.phase === 'recording' || this.state.phase === 'paused'))
      await this.stop();
  }

  /**
   * Ends a session: stops the clock at `wall` (null: the recorder died, the last saved chunk is the end),
   * stores the track, builds the recording and opens the editor on it.
   */
  private async endSession(sessionId: string, wall: number | null, message: string | null): Promise<void> {
    const { tabId } = this.state;
    if (wall !== null) {
      await updateSession(sessionId, (s) => ({ ...s, clock: s.clock ? stopClock(s.clock, wall) : s.clock }));
    }
    if (tabId !== null) {
      // The top frame answers once its last batch is stored; iframes' last batches get a moment more.
      await chrome.tabs.sendMessage(tabId, { to: 'content', type: 'track', sessionId: null }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(this.pendingAppends);
    let ok = false;
    let failure: string | null = null;
    try {
      ok = await this.finalize(sessionId, wall === null);
    } catch (error) {
      // E.g. the disk is full: the saved chunks stay and the next start-up recovers them.
      failure = `The recording could not be finished (${error instanceof Error ? error.message : String(error)}). It is kept and will be recovered.`;
    }
    await this.closeOffscreen();
    await this.setState({ ...IDLE, message: failure ?? (ok ? message : (message ?? 'Nothing was recorded.')) });
    if (ok) await this.openEditor(sessionId);
  }

  /** Builds and stores the recording of a session; false when nothing playable was saved (it is then deleted). */
  finalize(sessionId: string, recovered: boolean): Promise<boolean> {
    const running = this.finalizing.get(sessionId);
    if (running) return running.then(async () => (await getSession(sessionId))?.state === 'finished');
    const work = (async () => {
      const session = await getSession(sessionId);
      if (!session || session.state === 'finished') return;
      const [events, chunks] = await Promise.all([readEvents(sessionId), summarizeChunks(sessionId)]);
      const result = assembleRecording(session, events, chunks, recovered);
      if (!result.ok) {
        await deleteSession(sessionId);
        return;
      }
      await putSession({ ...session, state: 'finished', recovered, recording: result.recording });
    })();
    this.finalizing.set(sessionId, work);
    return work.then(async () => {
      this.finalizing.delete(sessionId);
      return (await getSession(sessionId))?.state === 'finished';
    });
  }

  /**
   * Opens the hand-off page in a background tab; it opens the site's editor and moves the recording
   * there, then closes itself.
   */
  async openEditor(sessionId: string): Promise<void> {
    await chrome.tabs.create({
      url: chrome.runtime.getURL(`handoff.html#${encodeURIComponent(sessionId)}`),
      active: false,
    });
  }

  /**
   * On service-worker start: sessions left active by a crash or a browser restart become recoverable
   * recordings (listed in the popup); a recording that is still running is left alone.
   */
  recoverInterrupted(): Promise<string[]> {
    // Commands wait for this: a recording started while it looks would seem crashed to it.
    const run = this.recovery.then(() => this.recoverNow());
    this.recovery = run.catch(() => undefined);
    return run;
  }

  private async recoverNow(): Promise<string[]> {
    await this.ready;
    const recorderAlive = await this.offscreenAlive();
    const recovered: string[] = [];
    for (const session of await listSessions()) {
      const chunks = await summarizeChunks(session.id);
      const decision = decideRecovery(session, { sessionId: this.state.sessionId, recorderAlive }, chunks.video.count);
      if (decision === 'recover') {
        if (await this.finalize(session.id, true)) recovered.push(session.id);
      } else if (decision === 'discard') {
        await deleteSession(session.id);
      }
    }
    const running = recorderAlive && this.state.phase !== 'idle';
    if (!running && (this.state.phase !== 'idle' || recovered.length > 0)) {
      // The badge shows "!" and the controls list the recovered recordings with an Open button.
      await this.setState({ ...IDLE, message: recovered.length > 0 ? RECOVERED_MESSAGE : null });
    } else await this.paintBadge();
    return recovered;
  }

  /**
   * Wires the ports: the recorder's disconnect means the offscreen document may have died; the recorded
   * tab's, that its page may have crashed.
   */
  onConnect(port: chrome.runtime.Port): void {
    if (port.name === RECORDER_PORT_NAME) port.onDisconnect.addListener(() => void this.onRecorderPortClosed());
    if (port.name === TRACKED_TAB_PORT_NAME) {
      const tabId = port.sender?.tab?.id;
      port.onDisconnect.addListener(() => {
        if (tabId !== undefined && tabId === this.state.tabId) void this.checkRecordedTab().catch(console.error);
      });
    }
  }
}
