import { describe, expect, it } from 'vitest';
import { toRecordingTime } from '../../shared/recording/clock';
import { FIRST_FRAME_WAIT_MS, lastFrameEnd, RecordingClock, timeZero } from './recording-clock';

describe('the recorder’s clock', () => {
  it('starts at the first frame when it came in time, else at the recorder’s start event', () => {
    expect(timeZero(10_000, 10_020)).toBe(10_020);
    expect(timeZero(10_000, 9_990)).toBe(9_990);
    expect(timeZero(10_000, 10_000 + FIRST_FRAME_WAIT_MS)).toBe(10_000);
    expect(timeZero(10_000, null)).toBe(10_000);
  });

  it('cuts paused time out of the recording and stops once', () => {
    const clock = new RecordingClock();
    clock.pause(500);
    expect(clock.log).toBeNull();
    clock.start(1_000);
    clock.pause(2_000);
    clock.resume(3_000);
    clock.stop(4_000);
    clock.stop(9_000);
    const log = clock.log;
    expect(log).toEqual({ startedAt: 1_000, pauses: [{ start: 2_000, end: 3_000 }], stoppedAt: 4_000 });
    expect(log && toRecordingTime(log, 3_500)).toBe(1_500);
    expect(log && toRecordingTime(log, 2_500)).toBeNull();
  });

  it('ends a recording whose tab died a frame after its last frame, not before the latest resume nor after now', () => {
    const clock = new RecordingClock();
    clock.start(1_000);
    expect(lastFrameEnd(5_000, 9_000, 25, clock.log)).toBe(5_040);
    expect(lastFrameEnd(5_000, 5_010, 25, clock.log)).toBe(5_010);
    expect(lastFrameEnd(null, 9_000, 25, clock.log)).toBeUndefined();
    clock.pause(6_000);
    clock.resume(7_000);
    // Frames came while paused: the last one before the resume means the tab stopped at the resume.
    expect(lastFrameEnd(5_500, 9_000, 30, clock.log)).toBe(7_000);
    // No frame rate reported: 30 fps.
    expect(lastFrameEnd(8_000, 9_000, 0, clock.log)).toBeCloseTo(8_033.3, 1);
  });
});
