import { describe, expect, test } from 'vitest';
import {
  elapsedRecordingTime,
  isPaused,
  pauseClock,
  recordedPauses,
  resumeClock,
  startClock,
  stopClock,
  toRecordingTime,
} from './clock';

describe('the recording clock', () => {
  const started = startClock(10_000);

  test('runs from the start and stops at the stop', () => {
    const stopped = stopClock(started, 15_000);
    expect(toRecordingTime(stopped, 9_999)).toBeNull();
    expect(toRecordingTime(stopped, 10_000)).toBe(0);
    expect(toRecordingTime(stopped, 12_500)).toBe(2_500);
    expect(toRecordingTime(stopped, 15_001)).toBeNull();
    expect(elapsedRecordingTime(stopped, 99_999)).toBe(5_000);
  });

  test('cuts paused time out of recording time, and drops events inside a pause', () => {
    let clock = pauseClock(started, 11_000);
    expect(isPaused(clock)).toBe(true);
    expect(elapsedRecordingTime(clock, 11_700)).toBe(1_000);
    clock = resumeClock(clock, 12_000);
    clock = pauseClock(clock, 13_000);
    clock = resumeClock(clock, 13_500);
    clock = stopClock(clock, 14_000);
    expect(toRecordingTime(clock, 11_500)).toBeNull();
    expect(toRecordingTime(clock, 12_000)).toBe(1_000);
    expect(toRecordingTime(clock, 13_250)).toBeNull();
    expect(toRecordingTime(clock, 13_600)).toBe(2_100);
    expect(elapsedRecordingTime(clock, 20_000)).toBe(2_500);
    expect(recordedPauses(clock)).toEqual([
      { t: 1_000, wallDurationMs: 1_000 },
      { t: 2_000, wallDurationMs: 500 },
    ]);
  });

  test('stopping while paused closes the pause; repeated commands change nothing', () => {
    const paused = pauseClock(started, 11_000);
    expect(pauseClock(paused, 11_500)).toBe(paused);
    const stopped = stopClock(paused, 12_000);
    expect(isPaused(stopped)).toBe(false);
    expect(elapsedRecordingTime(stopped, 50_000)).toBe(1_000);
    expect(stopClock(stopped, 13_000)).toBe(stopped);
    expect(resumeClock(started, 11_000)).toBe(started);
  });
});
