import { describe, expect, test } from 'vitest';
import { clockPosition, holdClock, startClock } from './playback-clock';
import type { TimelineEdits } from './timeline';

const EDITS: TimelineEdits = { trim: { startMs: 500, endMs: 4000 }, cuts: [{ startMs: 1000, endMs: 2000 }] };

describe('the playback clock', () => {
  test('the playhead runs with the wall clock and skips the cuts', () => {
    const clock = startClock(EDITS, 500, 10_000);
    expect(clockPosition(EDITS, clock, 10_000).sourceMs).toBe(500);
    expect(clockPosition(EDITS, clock, 10_400).sourceMs).toBe(900);
    // 0.6 s on: past the cut, 100 ms into what follows it.
    expect(clockPosition(EDITS, clock, 10_600).sourceMs).toBe(2100);
    const end = clockPosition(EDITS, clock, 20_000);
    expect(end).toEqual({ outputMs: 2500, sourceMs: 4000, ended: true });
  });

  test('from the end it starts again at the trim start', () => {
    expect(clockPosition(EDITS, startClock(EDITS, 4000, 0), 0).sourceMs).toBe(500);
  });

  test('held while the media loads, it goes on from where it stopped', () => {
    const clock = startClock(EDITS, 500, 0);
    const held = holdClock(EDITS, clock, 200, 700);
    expect(clockPosition(EDITS, held, 700).sourceMs).toBe(700);
    expect(clockPosition(EDITS, held, 800).sourceMs).toBe(800);
  });
});
