import { describe, expect, test } from 'vitest';
import { click, recordingFixture } from '../../tests/fixtures/builders/recording-fixture';
import { CALLOUT, type Callout } from '../callouts/callout';
import { DEFAULT_RENDER_SETTINGS } from '../look/render-settings';
import { calloutsAt } from '../render/callouts';
import { CURSOR, clickEffectsAt } from '../render/cursor-motion';
import { removeSpeedAt, setSpeed, speedAt } from '../timeline/speed-edits';
import {
  addCut,
  outputDurationMs,
  outputFrameCount,
  outputFrameTimes,
  outputTimeAt,
  setTrim,
  sourceTimeAt,
  timeMapOf,
  untrimmedEdits,
} from '../timeline/timeline';
import { rateOf } from './time-map';

describe('the time map with speed-ups', () => {
  // 10 s; trim 1–9 s; cut 3–4 s; 5–7 s at 2×: kept 1–3 (2 s), 4–5 (1 s), 5–7 at 2× (1 s), 7–9 (2 s) = 6 s.
  const edits = setSpeed(
    addCut(setTrim(untrimmedEdits(10_000), 10_000, { startMs: 1000, endMs: 9000 }), { startMs: 3000, endMs: 4000 }),
    { startMs: 5000, endMs: 7000 },
    2,
  );

  test('the edited length counts a sped-up range at its rate', () => {
    expect(outputDurationMs(edits)).toBe(6000);
    expect(outputFrameCount(edits, 30)).toBe(180);
  });

  test('source and output time map both ways, composed with the trim and the cut', () => {
    expect(sourceTimeAt(edits, 0)).toBe(1000);
    expect(sourceTimeAt(edits, 2500)).toBe(4500);
    expect(sourceTimeAt(edits, 3000)).toBe(5000);
    expect(sourceTimeAt(edits, 3500)).toBe(6000);
    expect(sourceTimeAt(edits, 4000)).toBe(7000);
    expect(outputTimeAt(edits, 6000)).toBe(3500);
    expect(outputTimeAt(edits, 8000)).toBe(5000);
    for (const t of [0, 1999, 2500, 3000, 3250, 3999, 4000, 5999])
      expect(outputTimeAt(edits, sourceTimeAt(edits, t))).toBeCloseTo(t, 9);
  });

  test('frames inside the range step through the source at the rate', () => {
    const times = outputFrameTimes(edits, 30).filter((t) => t >= 5000 && t < 7000);
    expect(times).toHaveLength(30);
    for (let i = 1; i < times.length; i++)
      expect((times[i] as number) - (times[i - 1] as number)).toBeCloseTo(2000 / 30, 6);
  });

  test('the rate at a source time', () => {
    const segments = timeMapOf(edits);
    expect(rateOf(segments, 6000)).toBe(2);
    expect(rateOf(segments, 4500)).toBe(1);
    expect(rateOf(segments, 3500)).toBe(1);
  });

  test('a speed-up over a cut keeps the cut', () => {
    const over = setSpeed(
      addCut(untrimmedEdits(10_000), { startMs: 4000, endMs: 6000 }),
      { startMs: 2000, endMs: 8000 },
      4,
    );
    expect(outputDurationMs(over)).toBe(4000 + 4000 / 4);
  });
});

describe('speed edits', () => {
  const base = untrimmedEdits(10_000);

  test('a new rate replaces the part of an older speed-up it covers; same rates merge', () => {
    const a = setSpeed(base, { startMs: 1000, endMs: 5000 }, 2);
    const b = setSpeed(a, { startMs: 3000, endMs: 6000 }, 8);
    expect(b.speeds).toEqual([
      { startMs: 1000, endMs: 3000, rate: 2 },
      { startMs: 3000, endMs: 6000, rate: 8 },
    ]);
    expect(setSpeed(b, { startMs: 6000, endMs: 7000 }, 8).speeds?.[1]).toEqual({ startMs: 3000, endMs: 7000, rate: 8 });
  });

  test('normal speed clears a range; removing takes the whole speed-up under a time', () => {
    const a = setSpeed(base, { startMs: 1000, endMs: 5000 }, 2);
    expect(setSpeed(a, { startMs: 2000, endMs: 3000 }, 1).speeds).toEqual([
      { startMs: 1000, endMs: 2000, rate: 2 },
      { startMs: 3000, endMs: 5000, rate: 2 },
    ]);
    expect(speedAt(a, 4000)?.rate).toBe(2);
    expect(removeSpeedAt(a, 4000).speeds).toEqual([]);
    expect(removeSpeedAt(a, 6000)).toBe(a);
  });

  test('a range too short to see changes nothing', () => {
    expect(setSpeed(base, { startMs: 1000, endMs: 1050 }, 2)).toBe(base);
  });
});

describe('click animations on the edited clock', () => {
  const recording = recordingFixture({ clicks: [click(1000, 0.5, 0.5)] });
  const duration = CURSOR.clickDurationMs.ripple;
  const sped = setSpeed(untrimmedEdits(recording.video.durationMs), { startMs: 500, endMs: 8000 }, 4);
  const clock = (ms: number) => outputTimeAt(sped, ms);

  test('a click in a 4× range animates as long on screen as at normal speed', () => {
    expect(clickEffectsAt(recording, 'ripple', 1000 + duration * 2, clock)[0]?.progress).toBeCloseTo(0.5, 9);
    expect(clickEffectsAt(recording, 'ripple', 1000 + duration * 4 - 1, clock)).toHaveLength(1);
    expect(clickEffectsAt(recording, 'ripple', 1000 + duration * 4, clock)).toHaveLength(0);
    // Without speed-ups, the source's own time, as before.
    expect(clickEffectsAt(recording, 'ripple', 1000 + duration / 2)[0]?.progress).toBeCloseTo(0.5, 9);
  });
});

describe('callout fades on the edited clock', () => {
  const caption: Callout = { id: 'c', kind: 'caption', text: 'Hi', startMs: 1000, endMs: 5000, target: null };
  const video = { x: 0, y: 0, width: 1280, height: 720 };
  const toCanvas = (x: number, y: number) => ({ x: x * 1280, y: y * 720 });
  const sped = setSpeed(untrimmedEdits(10_000), { startMs: 0, endMs: 8000 }, 4);
  const clock = (ms: number) => outputTimeAt(sped, ms);
  const shownAt = (t: number, c?: typeof clock) =>
    calloutsAt([caption], t, DEFAULT_RENDER_SETTINGS, video, toCanvas, c)[0]?.shown ?? null;

  test('a callout in a 4× range fades in over as much screen time as at normal speed', () => {
    const halfway = shownAt(1000 + CALLOUT.fadeMs / 2);
    expect(shownAt(1000 + (CALLOUT.fadeMs / 2) * 4, clock)).toBeCloseTo(halfway ?? 0, 9);
    expect(shownAt(1000 + CALLOUT.fadeMs * 4, clock)).toBe(1);
  });
});
