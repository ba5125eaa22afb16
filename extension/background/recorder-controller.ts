import { browser } from 'wxt/browser';
import type { RecordedSource } from '../../shared/capture/capture-source';
import { RecordingError } from '../../shared/errors/domain-errors';
import { errorMessage } from '../../shared/errors/error-message';
import type {
  EndReason,
  RecorderCommand,
  RecorderPhase,
  RecorderStatus,
  ScreenTracking,
} from '../../shared/messages/extension-messages';
import { readRecorderSettings, SETTINGS_STORAGE_KEY } from '../settings/recorder-settings';
import { appendEvents, getSession } from '../storage/recording-db';
import { paintBadge } from './badge';
import {
  abandonCapture,
  newSessionId,
  pauseOrResumeCapture,
  prepareCapture,
  startCapture,
  stopSessionClock,
} from './capture-session';
import { closeOffscreenDocument, offscreenDocumentOpen, sendToOffscreen } from './offscreen-document';
import { activeTabId, screenTrackingOf, showCountdownOn, trackEveryTab, trackTab, watchForCrash } from './recorded-tab';
import { commandEvent, isCapturing, isRunning, RECOVERED_MESSAGE, TAB_CRASHED_MESSAGE } from './recorder-machine';
import { pendingRecordings, SessionFinalizer } from './session-finalizer';
import { RecorderStateStore } from './session-store';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The background's recorder: runs the state machine's events against the browser (the offscreen recorder, the
 * recorded tab, the session database), finalizes recordings (also after crashes) and opens the editor on them.
 */
export class RecorderController {
  // The badge follows on its own: commands do not wait for it.
  private store = new RecorderStateStore((state) => void paintBadge(state).catch(() => undefined));
  private finalizer = new SessionFinalizer();
  /** Writes of event batches not yet committed: finalizing waits for them. */
  private pendingAppends = new Set<Promise<void>>();
  /** A look at the recorded tab in progress (its port closed or its frames stalled). */
  private tabCheck: Promise<void> | null = null;
  /** The latest start-up recovery; commands run after it. */
  private recovery: Promise<unknown> = Promise.resolve();

  /** Current status for the controls. */
  async status(): Promise<RecorderStatus> {
    await this.store.ready;
    return { ...this.store.current, pending: await pendingRecordings().catch(() => []) };
  }

  /**
   * Runs a user command. `tabId` is the tab to record for 'start'/'toggle' (the active tab when absent); `source`
   * records that this once instead of the settings' choice (the toolbar menu's "Record a window…").
   * Resolves with the phase once the command took effect (recording has started, or the recording is stored).
   */
  async command(command: RecorderCommand, tabId?: number, source?: RecordedSource): Promise<RecorderPhase> {
    await this.store.ready;
    await this.recovery;
    const event = commandEvent(this.store.current.phase, command);
    if (event === 'start') await this.start(tabId, source);
    else if (event === 'stop') await this.stop();
    else if (event === 'pause' || event === 'resume') await this.pauseOrResume(event);
    else if (event === 'discard') await this.discard();
    return this.store.current.phase;
  }

  /**
   * The session a tab's content script should track, and how: the recorded tab's; while the screen is recorded (no
   * tab captured), every tab's, placed on the screen. A window recording tracks none: its tabs' events are not
   * placed in the window yet.
   */
  async tracking(tabId: number | undefined): Promise<{ sessionId: string | null; onScreen: ScreenTracking | null }> {
    await this.store.ready;
    const { sessionId, phase, tabId: captured } = this.store.current;
    const none = { sessionId: null, onScreen: null };
    if (!sessionId || !isCapturing(phase) || tabId === undefined) return none;
    if (captured !== null) return tabId === captured ? { sessionId, onScreen: null } : none;
    const session = await getSession(sessionId).catch(() => undefined);
    return session?.capture?.source === 'screen' ? { sessionId, onScreen: await screenTrackingOf(tabId) } : none;
  }

  /** Stores a batch of a tracked tab's events; false when they belong to no live session of that tab. */
  async storeEvents(sessionId: string, tabId: number | undefined, events: Parameters<typeof appendEvents>[1]) {
    await this.store.ready;
    const { tabId: captured } = this.store.current;
    if (sessionId !== this.store.current.sessionId || (captured !== null && tabId !== captured)) return false;
    const write = appendEvents(sessionId, events).catch(() => undefined);
    this.pendingAppends.add(write);
    await write;
    this.pendingAppends.delete(write);
    return true;
  }

  /** The recorder's elapsed time, for the badge. */
  async tick(sessionId: string, elapsedMs: number): Promise<void> {
    await this.store.ready;
    await this.store.apply({ type: 'tick', sessionId, elapsedMs });
  }

  private async start(requestedTabId?: number, source?: RecordedSource): Promise<void> {
    const tabId = requestedTabId ?? (await activeTabId());
    if (tabId === undefined) throw new RecordingError('no-tab', 'No tab to record.');
    const sessionId = newSessionId();
    const stored = await browser.storage.local.get(SETTINGS_STORAGE_KEY);
    const chosen = readRecorderSettings(stored[SETTINGS_STORAGE_KEY]);
    const settings = source ? { ...chosen, source } : chosen;
    // A window or screen recording captures no tab: the state names none, so closing or crashing the tab it started
    // from does not stop it; for the screen, every tab is tracked, placed on the screen.
    const capturedTab = settings.source === 'tab' ? tabId : null;
    if (!(await this.store.apply({ type: 'start', sessionId, tabId: capturedTab }))) return;
    try {
      await prepareCapture(sessionId, tabId, settings);
      // Another path (a discard, the recorder ending) may have moved the session on meanwhile.
      if (!(await this.store.apply({ type: 'prepared', sessionId }))) return;
      if (settings.countdown) await showCountdownOn(tabId);
      if (this.store.current.sessionId !== sessionId) return; // discarded during the countdown
      // Tracking starts before the recorder; events before its start are dropped when the track is built.
      if (capturedTab !== null) await trackTab(capturedTab, sessionId);
      else if (settings.source === 'screen') await trackEveryTab(sessionId);
      await startCapture(sessionId);
      await this.store.apply({ type: 'started', sessionId });
    } catch (error) {
      await abandonCapture(sessionId);
      const message = `Could not start recording: ${errorMessage(error)}`;
      await this.store.apply({ type: 'start-failed', sessionId, message });
      throw error;
    }
  }

  private async pauseOrResume(event: 'pause' | 'resume'): Promise<void> {
    const { sessionId } = this.store.current;
    if (!sessionId) return;
    await pauseOrResumeCapture(sessionId, event);
    await this.store.apply({ type: event, sessionId });
  }

  /** Stops recording; after a crash of the recorded tab, at the last frame it sent. */
  private async stop(tabCrashed = false): Promise<void> {
    const { sessionId, phase } = this.store.current;
    if (!sessionId || !isRunning(phase)) return;
    // The recorder stops first, so the video ends when the user clicked.
    const stopping = sendToOffscreen({ to: 'offscreen', type: 'stop', atLastFrame: tabCrashed });
    if (!(await this.store.apply({ type: tabCrashed ? 'tab-crashed' : 'stop', sessionId }))) return;
    const wall = await stopping.then(
      (reply) => reply.wall ?? Date.now(),
      () => null, // The recorder is gone: what it saved is recovered.
    );
    await this.endSession(sessionId, wall, wall === null ? RECOVERED_MESSAGE : tabCrashed ? TAB_CRASHED_MESSAGE : null);
  }

  private async discard(): Promise<void> {
    const { sessionId, tabId } = this.store.current;
    if (!sessionId) return;
    await (tabId !== null ? trackTab(tabId, null) : trackEveryTab(null));
    await abandonCapture(sessionId);
    await this.store.apply({ type: 'discard', sessionId });
  }

  /**
   * The recorded tab's port closed or its frames stalled: when its renderer crashed, the recording stops at the
   * last frame it sent (a navigation or a still page leaves it running).
   */
  checkRecordedTab(of: { tabId: number } | { sessionId: string }): Promise<void> {
    const live = this.store.current;
    if ('tabId' in of ? of.tabId !== live.tabId : of.sessionId !== live.sessionId) return Promise.resolve();
    this.tabCheck ??= this.lookAtRecordedTab().finally(() => {
      this.tabCheck = null;
    });
    return this.tabCheck;
  }

  private async lookAtRecordedTab(): Promise<void> {
    await this.store.ready;
    const { tabId, sessionId } = this.store.current;
    const running = () => this.store.current.sessionId === sessionId && isRunning(this.store.current.phase);
    if (tabId === null || !running()) return;
    if ((await watchForCrash(tabId, running)) && running()) await this.stop(true);
  }

  /** The recorder ended by itself (disk full, the captured tab's track ended). */
  async onRecorderEnded(sessionId: string, reason: EndReason, message: string | null, stoppedAt: number) {
    await this.store.ready;
    if (reason === 'stopped' || !(await this.store.apply({ type: 'recorder-ended', sessionId }))) return;
    await this.endSession(sessionId, stoppedAt, message);
  }

  /** The offscreen document's port closed: if the document is gone mid-recording, recover what it saved. */
  async onRecorderPortClosed(): Promise<void> {
    await this.store.ready;
    const { sessionId, phase } = this.store.current;
    if (!sessionId || !isCapturing(phase) || phase === 'stopping') return;
    // A port also closes when only the service worker restarted; the document then reconnects.
    await sleep(300);
    if (this.store.current.sessionId !== sessionId || (await offscreenDocumentOpen())) return;
    if (await this.store.apply({ type: 'recorder-died', sessionId }))
      await this.endSession(sessionId, null, RECOVERED_MESSAGE);
  }

  /** The recorded tab closed. The recorder notices too (its track ends); this covers a recorder that did not. */
  async onTabRemoved(tabId: number): Promise<void> {
    await this.store.ready;
    const recordsTab = () => tabId === this.store.current.tabId && isRunning(this.store.current.phase);
    if (!recordsTab()) return;
    await sleep(1500);
    if (recordsTab()) await this.stop();
  }

  /**
   * Ends a session: stops the clock at `wall` (null: the recorder died, the last saved chunk is the end),
   * stores the track, builds the recording and opens the editor on it.
   */
  private async endSession(sessionId: string, wall: number | null, message: string | null): Promise<void> {
    const { tabId } = this.store.current;
    if (wall !== null) await stopSessionClock(sessionId, wall);
    await (tabId !== null ? trackTab(tabId, null) : trackEveryTab(null));
    await Promise.all(this.pendingAppends);
    let ok = false;
    let failure: string | null = null;
    try {
      ok = await this.finalizer.finalize(sessionId, wall === null);
    } catch (error) {
      // E.g. the disk is full: the saved chunks stay and the next start-up recovers them.
      failure = `The recording could not be finished (${errorMessage(error)}). It is kept and will be recovered.`;
    }
    await closeOffscreenDocument();
    const shown = failure ?? (ok ? message : (message ?? 'Nothing was recorded.'));
    await this.store.apply({ type: 'finished', sessionId, message: shown });
    if (ok) await this.openEditor(sessionId);
  }

  /** Opens the hand-off page in a background tab; it opens the site's editor, moves the recording there and closes. */
  async openEditor(sessionId: string): Promise<void> {
    await browser.tabs.create({
      url: browser.runtime.getURL(`/handoff.html#${encodeURIComponent(sessionId)}`),
      active: false,
    });
  }

  /**
   * On service-worker start: sessions left active by a crash or a browser restart become recoverable
   * recordings (listed in the controls); a recording that is still running is left alone.
   */
  recoverInterrupted(): Promise<string[]> {
    // Commands wait for this: a recording started while it looks would seem crashed to it.
    const run = this.recovery.then(() => this.recoverNow());
    this.recovery = run.catch(() => undefined);
    return run;
  }

  private async recoverNow(): Promise<string[]> {
    await this.store.ready;
    const recorderAlive = await offscreenDocumentOpen();
    const { sessionId, phase } = this.store.current;
    const recovered = await this.finalizer.recoverStored({ sessionId, recorderAlive });
    if (!(recorderAlive && phase !== 'idle') && (phase !== 'idle' || recovered.length > 0)) {
      // The badge shows "!" and the controls list the recovered recordings with an Open button.
      await this.store.apply({ type: 'restart-recovery', message: recovered.length > 0 ? RECOVERED_MESSAGE : null });
    } else await paintBadge(this.store.current);
    return recovered;
  }
}
