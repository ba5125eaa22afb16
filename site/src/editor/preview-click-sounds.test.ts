import { describe, expect, it } from 'vitest';
import type { SoundCue } from '../../../shared/audio/click-sounds';
import { cuesIn, scheduleWindow } from './preview-click-sounds';

const CUES: SoundCue[] = [100, 450, 451, 2000, 5000].map((outputMs) => ({ outputMs, kind: 'click' }));

/** Plays from `startMs` with a tick every `tickMs` until `endMs`; which cues are scheduled, and how far ahead. */
function play(startMs: number, endMs: number, tickMs: number, seek?: { atMs: number; toMs: number }) {
  let scheduledTo: number | null = null;
  const played: { outputMs: number; delayMs: number }[] = [];
  let output = startMs;
  while (output <= endMs) {
    const window = scheduleWindow(scheduledTo, output);
    for (const cue of cuesIn(CUES, window)) played.push({ outputMs: cue.outputMs, delayMs: cue.outputMs - output });
    scheduledTo = window.to;
    output += tickMs;
    if (seek && output >= seek.atMs && output - tickMs < seek.atMs) output = seek.toMs;
  }
  return played;
}

describe('click sounds in the preview', () => {
  it('schedules every cue once, ahead of its time, at any frame rate', () => {
    for (const tickMs of [8, 16.7, 33.3, 100]) {
      const played = play(0, 6000, tickMs);
      expect(played.map((p) => p.outputMs)).toEqual(CUES.map((c) => c.outputMs));
      for (const p of played) expect(p.delayMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('skips the cues a seek jumps over, and plays those after where it lands', () => {
    const played = play(0, 6000, 16, { atMs: 300, toMs: 1900 });
    expect(played.map((p) => p.outputMs)).toEqual([100, 2000, 5000]);
  });
});
