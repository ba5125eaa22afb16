import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { click, cursorPath, recordingFixture, typing, wheel } from '../../tests/fixtures/builders/recording-fixture';
import { AUTO_ZOOM, autoZoomSegments, pageScrollSpans } from './auto-zoom';
import { DEFAULT_ZOOM_TIMING } from './zoom-timing';

describe('automatic zooms', () => {
  it('zooms in on a click, starting shortly before it', () => {
    const recording = recordingFixture({ clicks: [click(5000, 0.4, 0.4)] });
    const [segment, ...rest] = autoZoomSegments(recording, { depth: 'Moderate' });
    expect(rest).toEqual([]);
    expect(segment?.startMs).toBeLessThan(5000);
    expect(segment?.startMs).toBeGreaterThan(5000 - 1500);
    expect(segment?.endMs).toBeGreaterThan(5000);
    expect(segment).toMatchObject({ depth: 'Moderate', origin: 'auto', focus: { kind: 'cursor' } });
  });

  it('merges nearby clicks into one zoom and keeps distant ones apart', () => {
    const near = recordingFixture({ clicks: [click(3000, 0.4, 0.4), click(4000, 0.6, 0.5), click(5200, 0.5, 0.5)] });
    expect(autoZoomSegments(near, { depth: 'Weak' })).toHaveLength(1);
    const far = recordingFixture({ clicks: [click(2000, 0.4, 0.4), click(12_000, 0.6, 0.5)] });
    expect(autoZoomSegments(far, { depth: 'Weak' })).toHaveLength(2);
  });

  it('zooms out during idle stretches', () => {
    // The user moves to a button, clicks it and then leaves the pointer there while reading.
    const recording = recordingFixture({
      clicks: [click(2000, 0.4, 0.4)],
      cursor: cursorPath([
        { t: 0, x: 0.1, y: 0.1 },
        { t: 1500, x: 0.4, y: 0.4 },
        { t: 30_000, x: 0.4, y: 0.4 },
      ]),
      video: { ...recordingFixture().video, durationMs: 30_000 },
    });
    const [segment, ...others] = autoZoomSegments(recording, { depth: 'Strong' });
    expect(others).toEqual([]);
    expect(segment?.endMs).toBeLessThanOrEqual(2000 + Math.max(DEFAULT_ZOOM_TIMING.holdMs, AUTO_ZOOM.minDurationMs));
  });

  it('zooms in on a typing burst and on a dwell of the cursor', () => {
    // The user clicks into a field at 1 s, then types while the pointer drifts away: the zoom holds on the field.
    const typingInField = recordingFixture({
      clicks: [click(1000, 0.3, 0.6)],
      cursor: cursorPath([
        { t: 0, x: 0.3, y: 0.6 },
        { t: 3000, x: 0.3, y: 0.6 },
        { t: 3500, x: 0.9, y: 0.1 },
      ]),
      typing: [4000, 4200, 4400, 4600, 4900].map((t) => typing(t)),
      video: { ...recordingFixture().video, durationMs: 30_000 },
    });
    const typed = autoZoomSegments(typingInField, { depth: 'Moderate' }).find(
      (s) => s.startMs <= 4000 && s.endMs > 4900,
    );
    expect(typed?.focus).toEqual({ kind: 'point', x: 0.3, y: 0.6 });
    const dwell = recordingFixture({
      cursor: cursorPath([
        { t: 0, x: 0.1, y: 0.1 },
        { t: 1000, x: 0.7, y: 0.6 },
        { t: 5000, x: 0.7, y: 0.6 },
      ]),
    });
    const segments = autoZoomSegments(dwell, { depth: 'Moderate' });
    expect(segments).toHaveLength(1);
    expect(segments[0]?.startMs).toBeGreaterThan(1000);
  });

  it('zooms out for page-wide scrolling', () => {
    const scrolls = [0, 100, 200, 300, 400, 500].map((dt, i) => wheel(6000 + dt, 200, 200 * (i + 1)));
    const recording = recordingFixture({ clicks: [click(5000, 0.5, 0.5), click(7500, 0.5, 0.5)], scrolls });
    const [span] = pageScrollSpans(recording);
    expect(span).toBeDefined();
    for (const segment of autoZoomSegments(recording, { depth: 'Moderate' })) {
      expect(segment.endMs <= (span?.startMs ?? 0) || segment.startMs >= (span?.endMs ?? 0)).toBe(true);
    }
  });

  it('generates nothing at depth None or for a video-only source', () => {
    expect(autoZoomSegments(recordingFixture({ clicks: [click(2000, 0.5, 0.5)] }), { depth: 'None' })).toEqual([]);
    expect(autoZoomSegments(recordingFixture(), { depth: 'Strong' })).toEqual([]);
  });

  it('keeps every segment within its bounds, sorted and apart, for any clicks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30_000 }), { maxLength: 60 }),
        fc.integer({ min: 3000, max: 30_000 }),
        (times, durationMs) => {
          const recording = recordingFixture({
            video: { ...recordingFixture().video, durationMs },
            clicks: times
              .filter((t) => t <= durationMs)
              .sort((a, b) => a - b)
              .map((t) => click(t, 0.5, 0.5)),
          });
          const segments = autoZoomSegments(recording, { depth: 'Moderate' });
          segments.forEach((segment, i) => {
            const length = segment.endMs - segment.startMs;
            expect(length).toBeGreaterThanOrEqual(AUTO_ZOOM.minDurationMs - 1e-6);
            expect(length).toBeLessThanOrEqual(AUTO_ZOOM.maxDurationMs + 1e-6);
            expect(segment.startMs).toBeGreaterThanOrEqual(0);
            expect(segment.endMs).toBeLessThanOrEqual(durationMs);
            const next = segments[i + 1];
            if (next) expect(next.startMs).toBeGreaterThanOrEqual(segment.endMs);
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
