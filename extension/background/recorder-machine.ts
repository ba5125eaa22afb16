import { z } from 'zod';
import {
  ALL_RECORDER_PHASES,
  type RecorderCommand,
  type RecorderPhase,
} from '../../shared/messages/extension-messages';

/** The recorder's live state; kept in storage.session so a restarted service worker picks it up. */
export const recorderStateSchema = z.object({
  phase: z.enum(ALL_RECORDER_PHASES),
  sessionId: z.string().nullable(),
  /** The captured tab; null when idle, or when a window or the screen is recorded. */
  tabId: z.number().nullable(),
  elapsedMs: z.number(),
  message: z.string().nullable(),
});
export type RecorderState = z.infer<typeof recorderStateSchema>;

/** Nothing recording, nothing to say. */
export const IDLE_STATE: RecorderState = { phase: 'idle', sessionId: null, tabId: null, elapsedMs: 0, message: null };

/** Message shown after the recorder died and the recording was rebuilt from what was saved. */
export const RECOVERED_MESSAGE =
  'The recorder stopped unexpectedly. The recording was recovered up to the last saved second.';

/** Message after the recorded tab's page crashed and the recording was stopped at its last frame. */
export const TAB_CRASHED_MESSAGE =
  'The recorded tab crashed (its page shows “Aw, Snap!”), so the recording stopped there. Everything up to the crash is kept.';

/** What can happen to the recorder. */
export const ALL_RECORDER_EVENTS = [
  'start',
  'prepared',
  'started',
  'start-failed',
  'tick',
  'pause',
  'resume',
  'stop',
  'tab-crashed',
  'recorder-ended',
  'recorder-died',
  'finished',
  'discard',
  'restart-recovery',
] as const;
export type RecorderEventType = (typeof ALL_RECORDER_EVENTS)[number];

/** An event with what it carries; `sessionId`, where present, must be the live session's. */
export type RecorderEvent =
  | { type: 'start'; sessionId: string; tabId: number | null }
  | { type: 'prepared' | 'started' | 'pause' | 'resume' | 'stop' | 'tab-crashed' | 'discard'; sessionId: string }
  | { type: 'tick'; sessionId: string; elapsedMs: number }
  | { type: 'recorder-ended' | 'recorder-died'; sessionId: string }
  | { type: 'start-failed' | 'finished'; sessionId: string; message: string | null }
  | { type: 'restart-recovery'; message: string | null };

const ALIVE = ['starting', 'countdown', 'recording', 'paused'] as const satisfies readonly RecorderPhase[];
const RUNNING = ['recording', 'paused'] as const satisfies readonly RecorderPhase[];

/**
 * The transitions: from which phases each event is accepted and the phase it leads to. An event from any other
 * phase is ignored (e.g. a second click on stop while the first is being saved).
 */
export const RECORDER_TRANSITIONS: Record<RecorderEventType, { from: readonly RecorderPhase[]; to: RecorderPhase }> = {
  start: { from: ['idle'], to: 'starting' },
  // The offscreen recorder holds the tab's streams; the page shows its countdown.
  prepared: { from: ['starting'], to: 'countdown' },
  started: { from: ['countdown'], to: 'recording' },
  'start-failed': { from: ['starting', 'countdown', 'recording'], to: 'idle' },
  tick: { from: ['recording'], to: 'recording' },
  pause: { from: ['recording'], to: 'paused' },
  resume: { from: ['paused'], to: 'recording' },
  stop: { from: RUNNING, to: 'stopping' },
  // The recorded tab's page crashed: the recording stops at the last frame the tab sent.
  'tab-crashed': { from: RUNNING, to: 'stopping' },
  // The recorder ended by itself (disk full, the captured tab closed).
  'recorder-ended': { from: ALIVE, to: 'stopping' },
  // The offscreen document is gone: what it saved is recovered.
  'recorder-died': { from: ['countdown', 'recording', 'paused'], to: 'stopping' },
  finished: { from: ['stopping'], to: 'idle' },
  discard: { from: ALIVE, to: 'idle' },
  // The service worker started without a live recorder: whatever was running is over.
  'restart-recovery': { from: ALL_RECORDER_PHASES, to: 'idle' },
};

/** The state after `event`, or null when the event does not apply to `state` (wrong phase or another session). */
export function transition(state: RecorderState, event: RecorderEvent): RecorderState | null {
  const rule = RECORDER_TRANSITIONS[event.type];
  if (!rule.from.includes(state.phase)) return null;
  if (event.type === 'start') return { ...IDLE_STATE, phase: rule.to, sessionId: event.sessionId, tabId: event.tabId };
  if (event.type === 'restart-recovery') return { ...IDLE_STATE, message: event.message };
  if (event.sessionId !== state.sessionId) return null;
  switch (event.type) {
    case 'tick':
      return { ...state, elapsedMs: event.elapsedMs };
    case 'start-failed':
    case 'finished':
      return { ...IDLE_STATE, message: event.message };
    case 'discard':
      return IDLE_STATE;
    default:
      return { ...state, phase: rule.to };
  }
}

/** Whether the recorded tab is being tracked: from the countdown until the recording is stored. */
export function isCapturing(phase: RecorderPhase): boolean {
  return phase === 'countdown' || phase === 'recording' || phase === 'paused' || phase === 'stopping';
}

/** Whether a recording is running (paused counts): what stop, a tab crash and a closed tab act on. */
export function isRunning(phase: RecorderPhase): boolean {
  return (RUNNING as readonly RecorderPhase[]).includes(phase);
}

/** The event a user's command stands for in `phase` (the toolbar's toggle starts or stops), or null: nothing to do. */
export function commandEvent(phase: RecorderPhase, command: RecorderCommand): RecorderEventType | null {
  if (command === 'toggle') {
    if (phase === 'idle') return 'start';
    return isRunning(phase) ? 'stop' : null;
  }
  const event: RecorderEventType = command;
  return RECORDER_TRANSITIONS[event].from.includes(phase) ? event : null;
}
