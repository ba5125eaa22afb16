import { describe, expect, test } from 'vitest';
import {
  ALL_RECORDER_COMMANDS,
  ALL_RECORDER_PHASES,
  type RecorderPhase,
} from '../../shared/messages/extension-messages';
import {
  ALL_RECORDER_EVENTS,
  commandEvent,
  IDLE_STATE,
  type RecorderEvent,
  type RecorderEventType,
  type RecorderState,
  transition,
} from './recorder-machine';

const SESSION = 'rec_1';
const live = (phase: RecorderPhase): RecorderState =>
  phase === 'idle' ? IDLE_STATE : { phase, sessionId: SESSION, tabId: 7, elapsedMs: 4_000, message: null };

function eventOf(type: RecorderEventType, sessionId = SESSION): RecorderEvent {
  switch (type) {
    case 'start':
      return { type, sessionId: 'rec_2', tabId: 9 };
    case 'tick':
      return { type, sessionId, elapsedMs: 5_000 };
    case 'start-failed':
    case 'finished':
      return { type, sessionId, message: `after ${type}` };
    case 'restart-recovery':
      return { type, message: null };
    default:
      return { type, sessionId };
  }
}

/** Every transition a recording can take, written out as a user lives it; everything else changes nothing. */
const EXPECTED: Record<RecorderPhase, Partial<Record<RecorderEventType, RecorderPhase>>> = {
  idle: { start: 'starting', 'restart-recovery': 'idle' },
  starting: {
    prepared: 'countdown',
    'start-failed': 'idle',
    'recorder-ended': 'stopping',
    discard: 'idle',
    'restart-recovery': 'idle',
  },
  countdown: {
    started: 'recording',
    'start-failed': 'idle',
    'recorder-ended': 'stopping',
    'recorder-died': 'stopping',
    discard: 'idle',
    'restart-recovery': 'idle',
  },
  recording: {
    tick: 'recording',
    pause: 'paused',
    stop: 'stopping',
    'tab-crashed': 'stopping',
    'recorder-ended': 'stopping',
    'recorder-died': 'stopping',
    'start-failed': 'idle',
    discard: 'idle',
    'restart-recovery': 'idle',
  },
  paused: {
    resume: 'recording',
    stop: 'stopping',
    'tab-crashed': 'stopping',
    'recorder-ended': 'stopping',
    'recorder-died': 'stopping',
    discard: 'idle',
    'restart-recovery': 'idle',
  },
  stopping: { finished: 'idle', 'restart-recovery': 'idle' },
};

describe('the recorder state machine', () => {
  for (const phase of ALL_RECORDER_PHASES) {
    for (const type of ALL_RECORDER_EVENTS) {
      const to = EXPECTED[phase][type];
      test(`${phase} + ${type} → ${to ?? 'ignored'}`, () => {
        const next = transition(live(phase), eventOf(type));
        expect(next?.phase ?? null).toBe(to ?? null);
      });
    }
  }

  test('start remembers the session and the tab and clears the last message', () => {
    const next = transition({ ...IDLE_STATE, message: 'Nothing was recorded.' }, eventOf('start'));
    expect(next).toEqual({ phase: 'starting', sessionId: 'rec_2', tabId: 9, elapsedMs: 0, message: null });
  });

  test('a tick moves the elapsed time; pause and resume keep it', () => {
    const ticked = transition(live('recording'), eventOf('tick'));
    expect(ticked?.elapsedMs).toBe(5_000);
    const paused = ticked && transition(ticked, eventOf('pause'));
    expect(paused).toMatchObject({ phase: 'paused', elapsedMs: 5_000, sessionId: SESSION, tabId: 7 });
  });

  test('finishing, a failed start and a restart leave idle with their message; a discard with none', () => {
    expect(transition(live('stopping'), eventOf('finished'))).toEqual({ ...IDLE_STATE, message: 'after finished' });
    expect(transition(live('countdown'), eventOf('start-failed'))).toEqual({
      ...IDLE_STATE,
      message: 'after start-failed',
    });
    expect(transition(live('paused'), { type: 'restart-recovery', message: 'recovered' })).toEqual({
      ...IDLE_STATE,
      message: 'recovered',
    });
    expect(transition(live('recording'), eventOf('discard'))).toEqual(IDLE_STATE);
  });

  test('events of another session change nothing (a late tick, a stale recorder, an old tab crash)', () => {
    for (const type of ALL_RECORDER_EVENTS) {
      if (type === 'start' || type === 'restart-recovery') continue;
      for (const phase of ALL_RECORDER_PHASES) expect(transition(live(phase), eventOf(type, 'rec_old'))).toBeNull();
    }
  });
});

describe('commands', () => {
  test('the toolbar toggle starts when idle, stops a running or paused recording, and waits otherwise', () => {
    expect(commandEvent('idle', 'toggle')).toBe('start');
    expect(commandEvent('recording', 'toggle')).toBe('stop');
    expect(commandEvent('paused', 'toggle')).toBe('stop');
    for (const phase of ['starting', 'countdown', 'stopping'] as const)
      expect(commandEvent(phase, 'toggle')).toBeNull();
  });

  test('every other command is its event where the machine accepts it, and nothing elsewhere', () => {
    for (const command of ALL_RECORDER_COMMANDS) {
      if (command === 'toggle') continue;
      for (const phase of ALL_RECORDER_PHASES) {
        expect(commandEvent(phase, command)).toBe(EXPECTED[phase][command] === undefined ? null : command);
      }
    }
  });
});
