import { describe, expect, test } from 'vitest';
import { pauseClock, resumeClock, startClock, stopClock } from './clock';
import type { TrackEvent } from './event-kinds';
import { recordingSchema } from './recording';
import { buildTrack, cursorAt, emptyTrack, hasCursorTrack } from './track';

const clock = stopClock(resumeClock(pauseClock(startClock(1_000), 2_000), 3_000), 5_000);

describe('building the track from raw events', () => {
  test('converts wall times to recording times and drops what is outside the recording', () => {
    const events: TrackEvent[] = [
      { k: 'move', w: 900, x: 0.1, y: 0.1, c: 'default', b: 0 },
      { k: 'move', w: 1_500, x: 0.2, y: 0.3, c: 'pointer', b: 0 },
      { k: 'move', w: 2_500, x: 0.9, y: 0.9, c: 'default', b: 0 },
      { k: 'move', w: 3_250.123, x: 0.123456789, y: 0.5, c: 'text', b: 1 },
      { k: 'move', w: 5_001, x: 0.5, y: 0.5, c: 'default', b: 0 },
    ];
    const track = buildTrack(events, clock);
    expect(track.cursor).toEqual([
      { t: 500, x: 0.2, y: 0.3, cursor: 'pointer', buttons: 0 },
      { t: 1_250.12, x: 0.12346, y: 0.5, cursor: 'text', buttons: 1 },
    ]);
  });

  test('pairs presses with releases, keeps shortcuts and typing times, wheel, scroll, visibility and pages', () => {
    const events: TrackEvent[] = [
      { k: 'up', w: 1_260, button: 'left' },
      { k: 'down', w: 1_200, x: 0.4, y: 0.6, button: 'left' },
      { k: 'down', w: 1_300, x: 0.5, y: 0.5, button: 'right' },
      { k: 'shortcut', w: 1_400, key: 'a', code: 'KeyA', ctrl: true, alt: false, shift: false, meta: false },
      { k: 'typing', w: 1_450 },
      { k: 'wheel', w: 1_500, x: 0.5, y: 0.5, dx: 0, dy: 120, sx: 0, sy: 0 },
      { k: 'scroll', w: 1_520, sx: 0, sy: 120 },
      { k: 'scroll', w: 1_800, sx: 0, sy: 300 },
      { k: 'visibility', w: 1_900, visible: false },
      { k: 'page', w: 1_950, url: 'https://a.example/2', title: 'Two', width: 800, height: 600, dpr: 2 },
      { k: 'page', w: 990, url: 'https://a.example/1', title: 'One', width: 800, height: 600, dpr: 2 },
    ];
    const track = buildTrack(events, clock);
    expect(track.clicks).toEqual([
      { t: 200, x: 0.4, y: 0.6, button: 'left', durationMs: 60 },
      { t: 300, x: 0.5, y: 0.5, button: 'right' },
    ]);
    expect(track.shortcuts).toEqual([
      { t: 400, key: 'a', code: 'KeyA', ctrl: true, alt: false, shift: false, meta: false },
    ]);
    expect(track.typing).toEqual([{ t: 450 }]);
    expect(track.scrolls).toEqual([
      { t: 500, x: 0.5, y: 0.5, deltaX: 0, deltaY: 120, scrollX: 0, scrollY: 120 },
      { t: 800, x: 0.5, y: 0.5, deltaX: 0, deltaY: 0, scrollX: 0, scrollY: 300 },
    ]);
    expect(track.visibility).toEqual([{ t: 900, visible: false }]);
    expect(track.pages).toEqual([
      { t: 0, url: 'https://a.example/1', title: 'One' },
      { t: 950, url: 'https://a.example/2', title: 'Two' },
    ]);
    expect(recordingSchema.shape.clicks.safeParse(track.clicks).success).toBe(true);
  });

  test('cursorAt gives the last position at or before a time', () => {
    const track = buildTrack(
      [
        { k: 'move', w: 1_100, x: 0.1, y: 0.1, c: 'default', b: 0 },
        { k: 'move', w: 1_200, x: 0.2, y: 0.2, c: 'default', b: 0 },
      ],
      clock,
    );
    expect(cursorAt(track, 50)).toBeNull();
    expect(cursorAt(track, 100)).toEqual({ x: 0.1, y: 0.1 });
    expect(cursorAt(track, 199)).toEqual({ x: 0.1, y: 0.1 });
    expect(cursorAt(track, 5_000)).toEqual({ x: 0.2, y: 0.2 });
  });
});

describe('whether a recording has a cursor track', () => {
  test('a recording whose pointer never moved has one; a video opened alone has none', () => {
    const still = buildTrack(
      [{ k: 'page', w: 990, url: 'https://a.example/', title: 'A', width: 800, height: 600, dpr: 1 }],
      clock,
    );
    expect(still.cursor).toEqual([]);
    expect(hasCursorTrack(still)).toBe(true);
    expect(hasCursorTrack({ ...emptyTrack(), cursor: [{ t: 0, x: 0.5, y: 0.5, cursor: 'default', buttons: 0 }] })).toBe(
      true,
    );
    expect(hasCursorTrack(emptyTrack())).toBe(false);
    // Older recordings have no fields or redactions lists.
    expect(hasCursorTrack({ ...emptyTrack(), fields: undefined, redactions: undefined })).toBe(false);
  });
});
