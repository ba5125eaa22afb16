import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { click, cursorPath, recordingFixture } from '../../tests/fixtures/builders/recording-fixture';
import type { Rect } from '../geometry/geometry';
import { DEFAULT_RENDER_SETTINGS } from '../look/render-settings';
import type { CursorSample, Recording } from '../recording/recording';
import { cameraPlanFor, type FrameInput, frameAt } from '../render/frame-at';
import { outputSize } from '../render/output-size';
import { autoZoomSegments } from '../zoom/auto-zoom';
import { ZOOM_SCALE, type ZoomSegment } from '../zoom/zoom-segment';
import { CAMERA, cameraAt } from './camera';

function inputFor(recording: Recording, zoomSegments: readonly ZoomSegment[]): FrameInput {
  return {
    recording,
    settings: DEFAULT_RENDER_SETTINGS,
    zoomSegments,
    output: outputSize(recording.video, 'auto'),
  };
}

/** The user moves to a button at (0.72, 0.64), clicks it at 4 s, then rests. */
function clickRecording(): Recording {
  return recordingFixture({
    cursor: cursorPath([
      { t: 0, x: 0.2, y: 0.2 },
      { t: 3000, x: 0.72, y: 0.64 },
      { t: 4000, x: 0.72, y: 0.64, cursor: 'pointer' },
      { t: 12_000, x: 0.72, y: 0.64, cursor: 'pointer' },
    ]),
    clicks: [click(4000, 0.72, 0.64)],
  });
}

describe('camera', () => {
  it('zooms in on a click and settles on it before its segment ends', () => {
    const recording = clickRecording();
    const segments = autoZoomSegments(recording, { depth: 'Moderate' });
    const segment = segments.find((s) => s.startMs <= 4000 && 4000 <= s.endMs);
    expect(segment).toBeDefined();
    if (!segment) return;
    const input = inputFor(recording, segments);

    expect(frameAt(input, Math.max(0, segment.startMs - 200)).camera.scale).toBeCloseTo(1, 3);
    const settled = frameAt(input, segment.endMs - 1);
    expect(settled.camera.scale).toBeGreaterThan(ZOOM_SCALE.Moderate * 0.99);
    const view = settled.camera.rect;
    // The clicked point is well inside the view, and the camera has stopped moving.
    expect(0.72).toBeGreaterThan(view.x + view.width * 0.2);
    expect(0.72).toBeLessThan(view.x + view.width * 0.8);
    expect(0.64).toBeGreaterThan(view.y + view.height * 0.2);
    expect(0.64).toBeLessThan(view.y + view.height * 0.8);
    const later = frameAt(input, segment.endMs - 300).camera.rect;
    expect(Math.abs(later.x - view.x) * 1920).toBeLessThan(0.5);
    expect(Math.abs(later.y - view.y) * 1080).toBeLessThan(0.5);
    // And it zooms back out after the segment.
    expect(frameAt(input, segment.endMs + 2500).camera.scale).toBeCloseTo(1, 2);
  });

  it('does not move for a few pixels of tremor', () => {
    // The hand rests on (0.5, 0.5) with up to 3 px of jitter for 6 s.
    const samples: CursorSample[] = [];
    let seed = 7;
    const jitter = () => {
      seed = (seed * 16807) % 2147483647;
      return ((seed / 2147483647) * 2 - 1) * (3 / 1920);
    };
    for (let t = 0; t <= 8000; t += 16) {
      samples.push({ t, x: 0.5 + jitter(), y: 0.5 + jitter(), cursor: 'default', buttons: 0 });
    }
    const recording = recordingFixture({ cursor: samples });
    const segments: ZoomSegment[] = [
      { id: 'z', startMs: 500, endMs: 7500, depth: 'Strong', focus: { kind: 'cursor' }, origin: 'user' },
    ];
    const input = inputFor(recording, segments);
    const first = frameAt(input, 2000).camera.rect;
    for (let t = 2000; t < 7500; t += 33) {
      const rect = frameAt(input, t).camera.rect;
      expect(Math.abs(rect.x - first.x) * 1920).toBeLessThan(0.5);
      expect(Math.abs(rect.y - first.y) * 1080).toBeLessThan(0.5);
    }
  });

  it('pans to follow the cursor when it leaves the safe zone for good', () => {
    const recording = recordingFixture({
      cursor: cursorPath([
        { t: 0, x: 0.25, y: 0.3 },
        { t: 3000, x: 0.25, y: 0.3 },
        { t: 3600, x: 0.8, y: 0.75 },
        { t: 9000, x: 0.8, y: 0.75 },
      ]),
    });
    const segments: ZoomSegment[] = [
      { id: 'z', startMs: 0, endMs: 9000, depth: 'Strong', focus: { kind: 'cursor' }, origin: 'user' },
    ];
    const input = inputFor(recording, segments);
    const before = frameAt(input, 2900).camera.rect;
    const after = frameAt(input, 8500).camera.rect;
    expect(before.x + before.width / 2).toBeLessThan(0.4);
    expect(0.8).toBeGreaterThan(after.x);
    expect(0.8).toBeLessThan(after.x + after.width);
    expect(0.75).toBeGreaterThan(after.y);
    expect(0.75).toBeLessThan(after.y + after.height);
  });

  it('does not pan for a brief excursion out of the view, only keeps the cursor in it meanwhile', () => {
    const recording = recordingFixture({
      cursor: cursorPath([
        { t: 0, x: 0.3, y: 0.3 },
        { t: 3000, x: 0.3, y: 0.3 },
        { t: 3080, x: 0.9, y: 0.9 },
        { t: 3160, x: 0.3, y: 0.3 },
        { t: 8000, x: 0.3, y: 0.3 },
      ]),
    });
    const segments: ZoomSegment[] = [
      { id: 'z', startMs: 0, endMs: 8000, depth: 'Strong', focus: { kind: 'cursor' }, origin: 'user' },
    ];
    const input = inputFor(recording, segments);
    const before = frameAt(input, 2900).camera.rect;
    for (let t = 2900; t < 8000; t += 10) {
      const rect = frameAt(input, t).camera.rect;
      // While the pointer is out (3000–3160 ms) the view's edge carries it, eased in and out over twice
      // CAMERA.keepEaseMs on each side; before and after, the view stands still.
      const ease = 2 * CAMERA.keepEaseMs;
      if (t < 3000 - ease || t > 3170 + ease) expect(Math.abs(rect.x - before.x) * 1920).toBeLessThan(1);
    }
    for (const sample of recording.cursor.filter((s) => s.t >= 2900 && s.t < 8000)) {
      const rect = frameAt(input, sample.t).camera.rect;
      expect(sample.x).toBeLessThanOrEqual(rect.x + rect.width);
      expect(sample.y).toBeLessThanOrEqual(rect.y + rect.height);
    }
  });

  it('never shows anything outside the video, for any track and zooms', () => {
    const sample = fc.record({
      dt: fc.integer({ min: 1, max: 400 }),
      x: fc.double({ min: -0.2, max: 1.2, noNaN: true }),
      y: fc.double({ min: -0.2, max: 1.2, noNaN: true }),
    });
    const segment = fc.record({
      start: fc.integer({ min: 0, max: 9000 }),
      length: fc.integer({ min: 100, max: 6000 }),
      depth: fc.constantFrom('None', 'Weak', 'Moderate', 'Strong' as const),
      point: fc.option(
        fc.record({ x: fc.double({ min: 0, max: 1, noNaN: true }), y: fc.double({ min: 0, max: 1, noNaN: true }) }),
      ),
    });
    fc.assert(
      fc.property(
        fc.array(sample, { maxLength: 120 }),
        fc.array(segment, { maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 25 }),
        (moves, zooms, times) => {
          let t = 0;
          const cursor = moves.map((m) => {
            t += m.dt;
            return { t, x: m.x, y: m.y, cursor: 'default' as const, buttons: 0 };
          });
          const recording = recordingFixture({
            cursor,
            clicks: cursor.filter((_, i) => i % 7 === 3).map((s) => click(s.t, s.x, s.y)),
          });
          const segments: ZoomSegment[] = [
            ...autoZoomSegments(recording, { depth: 'Strong' }),
            ...zooms.map((z, i) => ({
              id: `u${i}`,
              startMs: z.start,
              endMs: z.start + z.length,
              depth: z.depth,
              focus: z.point ? { kind: 'point' as const, ...z.point } : { kind: 'cursor' as const },
              origin: 'user' as const,
            })),
          ];
          const input = inputFor(recording, segments);
          for (const time of times) {
            const { rect, scale } = frameAt(input, time).camera;
            const eps = 1e-9;
            expect(scale).toBeGreaterThanOrEqual(1);
            expect(rect.x).toBeGreaterThanOrEqual(-eps);
            expect(rect.y).toBeGreaterThanOrEqual(-eps);
            expect(rect.x + rect.width).toBeLessThanOrEqual(1 + eps);
            expect(rect.y + rect.height).toBeLessThanOrEqual(1 + eps);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('comes to rest exactly where it is heading, with no visible jump', () => {
    const recording = clickRecording();
    const segments = autoZoomSegments(recording, { depth: 'Moderate' });
    const segment = segments[0] as ZoomSegment;
    const input = inputFor(recording, segments);
    const plan = cameraPlanFor(recording, segments, DEFAULT_RENDER_SETTINGS.zoomTiming);
    const times = Array.from({ length: Math.floor(((segment.endMs - segment.startMs) * 30) / 1000) }, (_, i) =>
      Math.round(segment.startMs + (i * 1000) / 30),
    );
    const views = times.map((t) => frameAt(input, t).camera.rect);
    const last = views[views.length - 1] as Rect;
    const rest = views.findIndex((view) => JSON.stringify(view) === JSON.stringify(last));
    // Every frame from then until the zoom ends shows the same picture (the painter and the encoder see no change),
    // reached within 1.5 s of the zoom starting (the spring alone creeps on for seconds more).
    expect(views.slice(rest).every((view) => JSON.stringify(view) === JSON.stringify(last))).toBe(true);
    expect((times[rest] as number) - segment.startMs).toBeLessThan(1500);
    const creeping = cameraAt(plan, times[rest] as number).rect;
    expect(JSON.stringify(creeping)).not.toBe(JSON.stringify(last));
    // Resting instead of creeping moves the picture by under a quarter of an output pixel.
    const shown = frameAt(input, times[rest] as number).layout.video;
    const shiftPixels = Math.max(
      (Math.abs(creeping.x - last.x) / last.width) * shown.width,
      (Math.abs(creeping.y - last.y) / last.height) * shown.height,
      (Math.abs(creeping.width - last.width) / last.width) * shown.width,
    );
    expect(shiftPixels).toBeLessThan(CAMERA.restPixels);
    // Before resting the camera still moves visibly from frame to frame: it does not stop early.
    const before = views[rest - 1] as Rect;
    expect((Math.abs(before.x - last.x) / last.width) * shown.width).toBeGreaterThan(0.02);
  });

  it('gives the same frames at 30 and 60 fps sample times, in any order', () => {
    const recording = clickRecording();
    const segments = autoZoomSegments(recording, { depth: 'Strong' });
    const at60 = new Map<number, unknown>();
    for (let frame = 0; frame < 60 * 10; frame++) {
      const t = (frame * 1000) / 60;
      at60.set(t, frameAt(inputFor(recording, segments), t));
    }
    // A fresh input (no shared cache), frames asked backwards: a seek must see the same picture.
    const input = inputFor(recording, [...segments]);
    for (let frame = 30 * 10 - 1; frame >= 0; frame--) {
      const t = (frame * 1000) / 30;
      expect(frameAt(input, t)).toEqual(at60.get((frame * 2 * 1000) / 60));
    }
  });
});
