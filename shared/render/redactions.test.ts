import { describe, expect, test } from 'vitest';
import { recordingFixture } from '../../tests/fixtures/builders/recording-fixture';
import { startClock, stopClock } from '../recording/clock';
import { parseRecording, type RedactionTrack } from '../recording/recording';
import { buildTrack } from '../recording/track';
import { DEFAULT_REDACTION_EDITS } from '../redaction/redaction';
import { BURNED_POINTER } from './burned-pointer';
import { obscurePlane } from './redaction-fill';
import { onScreenSpans, redactionAt, redactionBoxAt, scrollingInputs } from './redactions';
import { videoPointAt } from './video-point';

const viewport = { width: 1000, height: 500 };
const field = (x: number, y: number) => ({ x, y, width: 0.2, height: 0.08 });

describe('recording redaction tracks', () => {
  test('one track per element: a box from before the start holds at 0, repeats are dropped, never-seen left out', () => {
    const clock = stopClock(startClock(1_000), 5_000);
    const track = buildTrack(
      [
        { k: 'redact', w: 900, id: 'a', kind: 'password', box: field(0.1, 0.1) },
        { k: 'redact', w: 1_500, id: 'a', kind: 'password', box: field(0.1, 0.1) },
        { k: 'redact', w: 2_000, id: 'a', kind: 'password', box: field(0.1, 0.3) },
        { k: 'redact', w: 2_500, id: 'a', kind: 'password', box: null },
        { k: 'redact', w: 1_200, id: 'b', kind: 'email', box: null },
      ],
      clock,
    );
    expect(track.redactions).toEqual([
      {
        id: 'a',
        kind: 'password',
        boxes: [
          { t: 0, box: field(0.1, 0.1) },
          { t: 1_000, box: field(0.1, 0.3) },
          { t: 1_500, box: null },
        ],
      },
    ]);
  });

  test('recordings from before redaction still load, with none', () => {
    const { redactions: _, ...old } = recordingFixture();
    expect(parseRecording(old).redactions).toBeUndefined();
  });
});

describe('the box hidden in a frame', () => {
  const track: RedactionTrack = {
    id: 'a',
    kind: 'email',
    boxes: [
      { t: 1_000, box: field(0.1, 0.1) },
      { t: 2_000, box: field(0.1, 0.5) },
      { t: 4_000, box: null },
    ],
  };

  test('nothing before the element appears, nothing once it has left and the capture caught up', () => {
    expect(redactionBoxAt(track, 1_000 - BURNED_POINTER.leadMs - 1, viewport)).toBeNull();
    expect(redactionBoxAt(track, 4_000 + BURNED_POINTER.lagMs + 1, viewport)).toBeNull();
  });

  test('covers every place the late capture can show the element, with a margin', () => {
    const during = redactionBoxAt(track, 2_100, viewport);
    expect(during?.y).toBeCloseTo(0.1 - 4 / 500);
    expect((during?.y ?? 0) + (during?.height ?? 0)).toBeCloseTo(0.58 + 4 / 500);
    const settled = redactionBoxAt(track, 2_000 + BURNED_POINTER.lagMs + 10, viewport);
    expect(settled?.y).toBeCloseTo(0.5 - 4 / 500);
    // Until the capture surely shows it gone, the last box stays hidden.
    expect(redactionBoxAt(track, 4_100, viewport)).not.toBeNull();
  });

  test('a source frame shown long after its time (no frame came since): the box covers where it shows the element', () => {
    // The frame taken at 1 600 ms, with the element at the top, still shows at 2 600 ms after the page scrolled.
    const late = redactionBoxAt(track, 2_600, viewport, [], 1_600);
    expect(late?.y).toBeCloseTo(0.1 - 4 / 500);
    expect((late?.y ?? 0) + (late?.height ?? 0)).toBeCloseTo(0.58 + 4 / 500);
    // Shown at its own time, only where the element was then and just after.
    expect(redactionBoxAt(track, 2_600, viewport)?.y).toBeCloseTo(0.5 - 4 / 500);
  });

  test('after a wheel turn, the box covers where the scroll took the element before the busy page measured it', () => {
    // The wheel turned at 1 500 ms; the page's main thread was busy until 2 000 ms, when it saw the page scrolled and
    // measured the new box.
    expect(redactionBoxAt(track, 1_600, viewport)?.y).toBeCloseTo(0.1 - 4 / 500);
    expect((redactionBoxAt(track, 1_600, viewport)?.height ?? 0) + 0.1 - 4 / 500).toBeCloseTo(0.18 + 4 / 500);
    const scrolled = redactionBoxAt(track, 1_600, viewport, [{ inputMs: 1_500, seenMs: 2_000 }]);
    expect((scrolled?.y ?? 0) + (scrolled?.height ?? 0)).toBeCloseTo(0.58 + 4 / 500);
    // From just before the turn (the capture can run ahead of the track), not long before it.
    expect(
      (redactionBoxAt(track, 1_400, viewport, [{ inputMs: 1_500, seenMs: 2_000 }])?.height ?? 0) + 0.1 - 4 / 500,
    ).toBeCloseTo(0.58 + 4 / 500);
    expect(
      (redactionBoxAt(track, 1_000, viewport, [{ inputMs: 1_500, seenMs: 2_000 }])?.height ?? 0) + 0.1 - 4 / 500,
    ).toBeCloseTo(0.18 + 4 / 500);
  });

  test('a wheel turn counts until the page’s first scroll event after it (within two seconds), or its first box after it', () => {
    const scroll = { x: 0.5, y: 0.5, deltaX: 0, deltaY: 90, scrollX: 0, scrollY: 90 };
    const recording = { redactions: [track], viewport };
    const bottom = (scrolls: { t: number; deltaY: number }[]) => {
      const [rect] = redactionAt(
        { ...recording, scrolls: scrolls.map((s) => ({ ...scroll, ...s })) },
        DEFAULT_REDACTION_EDITS,
        1_600,
      ).rects;
      return (rect?.y ?? 0) + (rect?.height ?? 0);
    };
    const seen = { t: 2_000, deltaY: 0 };
    expect(bottom([{ t: 1_500, deltaY: 90 }, seen])).toBeCloseTo(0.58 + 4 / 500);
    // No wheel turn before the scroll (a script or a key scrolled): nothing is reached early.
    expect(bottom([{ t: 1_500, deltaY: 0 }, seen])).toBeCloseTo(0.18 + 4 / 500);
    // A turn whose scroll event came with it (one entry, its offsets moved) still reaches the first box measured
    // after it: a loaded machine's page measured it 300 ms late. A turn that moved nothing reaches nothing.
    expect(bottom([{ t: 1_500, deltaY: 90 }])).toBeCloseTo(0.58 + 4 / 500);
    expect(
      bottom([
        { t: 900, deltaY: 0 },
        { t: 1_500, deltaY: 90 },
      ]),
    ).toBeCloseTo(0.18 + 4 / 500);
    // A scroll event more than two seconds after the turn is another scroll.
    expect(bottom([{ t: -600, deltaY: 90 }, seen])).toBeCloseTo(0.18 + 4 / 500);
    expect(
      scrollingInputs({
        scrolls: [
          { ...scroll, t: -600, deltaY: 90 },
          { ...scroll, t: 1_500, deltaY: 90 },
          { ...scroll, ...seen },
        ],
      }),
    ).toEqual([
      { inputMs: -600, seenMs: null },
      { inputMs: 1_500, seenMs: 2_000 },
    ]);
  });

  test('a key press that scrolled the busy page (Space, Page Down, arrows, a shortcut) counts as a wheel turn does', () => {
    const scrollEvent = { t: 2_000, x: 0.5, y: 0.5, deltaX: 0, deltaY: 0, scrollX: 0, scrollY: 300 };
    const bottom = (recording: Parameters<typeof redactionAt>[0]) => {
      const [rect] = redactionAt(recording, DEFAULT_REDACTION_EDITS, 1_600).rects;
      return (rect?.y ?? 0) + (rect?.height ?? 0);
    };
    const base = { redactions: [track], viewport, scrolls: [scrollEvent] };
    expect(bottom({ ...base, typing: [{ t: 1_500 }] })).toBeCloseTo(0.58 + 4 / 500);
    const ctrlEnd = { t: 1_500, key: 'End', code: 'End', ctrl: true, alt: false, shift: false, meta: false };
    expect(bottom({ ...base, shortcuts: [ctrlEnd] })).toBeCloseTo(0.58 + 4 / 500);
    // Typing that scrolled nothing has no scroll event after it.
    expect(bottom({ ...base, scrolls: [], typing: [{ t: 1_500 }] })).toBeCloseTo(0.18 + 4 / 500);
  });

  test('switched-off elements are shown; hand-drawn boxes hide only in their time range', () => {
    const recording = { redactions: [track], viewport };
    const box = { id: 'm', startMs: 500, endMs: 1_500, box: { x: 0.5, y: 0.5, width: 0.7, height: 0.1 } };
    const edits = { style: 'pixelate' as const, off: ['a'], boxes: [box] };
    expect(redactionAt(recording, edits, 1_000)).toEqual({
      style: 'pixelate',
      rects: [{ x: 0.5, y: 0.5, width: 0.5, height: expect.closeTo(0.1) }],
    });
    expect(redactionAt(recording, edits, 1_500).rects).toEqual([]);
    expect(redactionAt(recording, DEFAULT_REDACTION_EDITS, 3_000).rects).toHaveLength(1);
  });

  test('on-screen spans for the editor', () => {
    expect(onScreenSpans(track, 6_000)).toEqual([{ startMs: 1_000, endMs: 4_000 }]);
  });
});

describe('hiding pixels', () => {
  /** A 40×20 plane of 1-px black and white stripes: detail finer than any cell. */
  function stripes(): {
    data: Uint8Array;
    offset: number;
    step: number;
    stride: number;
    width: number;
    height: number;
  } {
    const data = new Uint8Array(40 * 20).map((_, i) => (i % 2 === 0 ? 0 : 255));
    return { data, offset: 0, step: 1, stride: 40, width: 40, height: 20 };
  }

  for (const style of ['blur', 'pixelate'] as const) {
    test(`${style} leaves no detail finer than a cell inside and touches nothing outside`, () => {
      const plane = stripes();
      obscurePlane(plane, { x0: 10, y0: 4, x1: 30, y1: 16 }, style);
      for (let y = 4; y < 16; y++) {
        for (let x = 10; x < 30; x++) expect(Math.abs((plane.data[y * 40 + x] ?? 0) - 127.5)).toBeLessThan(20);
      }
      expect(plane.data[4 * 40 + 9]).toBe(255);
      expect(plane.data[3 * 40 + 10]).toBe(0);
    });
  }
});

describe('a point on the preview', () => {
  test('is the point of the video the camera shows there', () => {
    const description = {
      layout: { video: { x: 100, y: 50, width: 800, height: 450 } },
      camera: { rect: { x: 0.5, y: 0.5, width: 0.5, height: 0.5 }, scale: 2 },
    } as unknown as Parameters<typeof videoPointAt>[0];
    expect(videoPointAt(description, 500, 275)).toEqual({ x: 0.75, y: 0.75 });
    expect(videoPointAt(description, 50, 275)).toBeNull();
  });
});
