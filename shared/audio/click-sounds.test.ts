import { describe, expect, it } from 'vitest';
import { click, recordingFixture, shortcut, typing } from '../../tests/fixtures/builders/recording-fixture';
import type { TimelineEdits } from '../timeline/timeline';
import { mixSoundCues, soundCues, soundWave } from './click-sounds';

const recording = recordingFixture({
  clicks: [click(1000, 0.5, 0.5), click(3000, 0.5, 0.5), click(6000, 0.5, 0.5)],
  typing: [typing(4000)],
  shortcuts: [shortcut(4500, 'k', { ctrl: true })],
});
const TIMELINE: TimelineEdits = { trim: { startMs: 500, endMs: 8000 }, cuts: [{ startMs: 2500, endMs: 3500 }] };

describe('click sounds', () => {
  it('play at the output time of every kept click, and of key presses when asked', () => {
    expect(soundCues(recording, TIMELINE, { clicks: true, keys: false, volume: 1 })).toEqual([
      { outputMs: 500, kind: 'click' },
      { outputMs: 4500, kind: 'click' },
    ]);
    expect(soundCues(recording, TIMELINE, { clicks: true, keys: true, volume: 1 }).map((c) => c.outputMs)).toEqual([
      500, 2500, 3000, 4500,
    ]);
    expect(soundCues(recording, TIMELINE, { clicks: true, keys: true, volume: 0 })).toEqual([]);
  });

  it('mix in starting on the cue’s sample, across block boundaries, scaled by the volume', () => {
    const rate = 48_000;
    const cues = [{ outputMs: 10, kind: 'click' as const }];
    const wave = soundWave('click', rate);
    // Two blocks of 400 samples: the cue (sample 480) starts in the second one and runs past it.
    const first = [new Float32Array(400), new Float32Array(400)];
    const second = [new Float32Array(400), new Float32Array(400)];
    mixSoundCues(first, 0, rate, cues, 0.5);
    mixSoundCues(second, 400 / rate, rate, cues, 0.5);
    expect(first[0]?.every((v) => v === 0)).toBe(true);
    expect(second[0]?.slice(0, 80).every((v) => v === 0)).toBe(true);
    expect(second[0]?.[80]).toBeCloseTo(0.5 * (wave[0] ?? 0));
    expect(second[1]?.[100]).toBeCloseTo(0.5 * (wave[20] ?? 0));
  });
});
