import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { click, cursorPath, recordingFixture, typing, wheel } from '../../tests/fixtures/builders/recording-fixture';
import { DEFAULT_ZOOM_TIMING, ZOOM_TIMING_LIMITS } from '../look/zoom-timing';
import { AUTO_ZOOM, autoZoomSegments, overlaps, pageScrollSpans } from './auto-zoom';

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
    expect(segment?.endMs).toBe(2000 + DEFAULT_ZOOM_TIMING.holdMs);
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

  it('obeys the timing for any clicks, typing, scrolls and page loads: actions inside, lead-in and hold kept', () => {
    // The rules (autoZoomSegments): a zoom starts the lead-in before its first action unless that is before 0 or
    // inside a page-wide scroll's stretch (then it starts at 0, or where the stretch ends); it ends the hold after its
    // last action (lengthened to AUTO_ZOOM.shortestMs when lead-in + actions + hold are shorter) unless that is past
    // the video's end or inside a page-wide scroll's stretch (then at the end, or where the stretch starts).
    const bursts = fc.array(
      fc.record({ t: fc.integer({ min: 0, max: 30_000 }), keys: fc.integer({ min: 0, max: 40 }) }),
      { maxLength: 4 },
    );
    const scrollRuns = fc.array(
      fc.record({ t: fc.integer({ min: 0, max: 30_000 }), steps: fc.integer({ min: 1, max: 8 }) }),
      { maxLength: 3 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30_000 }), { maxLength: 40 }),
        bursts,
        scrollRuns,
        fc.array(fc.integer({ min: 1, max: 30_000 }), { maxLength: 3 }),
        fc.integer({ min: 3000, max: 30_000 }),
        fc.record({
          leadInMs: fc.integer({ min: ZOOM_TIMING_LIMITS.leadInMs.min, max: ZOOM_TIMING_LIMITS.leadInMs.max }),
          holdMs: fc.integer({ min: ZOOM_TIMING_LIMITS.holdMs.min, max: ZOOM_TIMING_LIMITS.holdMs.max }),
        }),
        (clickTimes, typingBursts, runs, pageTimes, durationMs, timing) => {
          const within = (t: number) => t <= durationMs;
          let scrollY = 0;
          const recording = recordingFixture({
            video: { ...recordingFixture().video, durationMs },
            clicks: clickTimes
              .filter(within)
              .sort((a, b) => a - b)
              .map((t) => click(t, 0.5, 0.5)),
            typing: typingBursts
              .flatMap((burst) => Array.from({ length: burst.keys }, (_, i) => burst.t + i * 180))
              .filter(within)
              .sort((a, b) => a - b)
              .map((t) => typing(t)),
            scrolls: runs
              .flatMap((run) => Array.from({ length: run.steps }, (_, i) => run.t + i * 100))
              .filter(within)
              .sort((a, b) => a - b)
              .map((t) => {
                scrollY += 150;
                return wheel(t, 150, scrollY);
              }),
            pages: pageTimes
              .filter(within)
              .sort((a, b) => a - b)
              .map((t, i) => ({ t, url: `https://app.example.com/${i}`, title: `Page ${i}` })),
          });
          const blocked = pageScrollSpans(recording);
          const zooms = autoZoomSegments(recording, { depth: 'Moderate', timing });
          const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
          zooms.forEach((zoom, i) => {
            const { firstMs, lastMs } = zoom.actions ?? { firstMs: Number.NaN, lastMs: Number.NaN };
            const previous = zooms[i - 1];
            // Its actions lie inside it; it lies inside the video, after the one before it.
            expect(zoom.startMs).toBeLessThanOrEqual(firstMs);
            expect(lastMs).toBeLessThanOrEqual(zoom.endMs);
            expect(zoom.startMs).toBeGreaterThanOrEqual(0);
            expect(zoom.endMs).toBeLessThanOrEqual(durationMs);
            expect(zoom.endMs - zoom.startMs).toBeGreaterThanOrEqual(AUTO_ZOOM.shortestKeptMs);
            if (previous) expect(zoom.startMs).toBeGreaterThanOrEqual(previous.endMs);
            // No zoom during a page-wide scroll.
            for (const block of blocked) expect(overlaps(zoom, block)).toBe(false);
            // Lead-in before the first action, or clamped at 0 or by a page-wide scroll.
            const leadIn = firstMs - timing.leadInMs;
            const startClamp =
              (leadIn < 0 && near(zoom.startMs, 0)) ||
              blocked.some((b) => near(zoom.startMs, b.endMs) && b.endMs > leadIn);
            expect(near(zoom.startMs, leadIn) || startClamp, `zoom ${i} starts at ${zoom.startMs}`).toBe(true);
            // Hold after the last action (a zoom shorter than the shortest lengthened), or clamped at the end or by a scroll.
            const hold = Math.max(lastMs + timing.holdMs, leadIn + AUTO_ZOOM.shortestMs);
            const endClamp =
              (hold > durationMs && near(zoom.endMs, durationMs)) ||
              blocked.some((b) => near(zoom.endMs, b.startMs) && b.startMs < hold);
            expect(near(zoom.endMs, hold) || endClamp, `zoom ${i} ends at ${zoom.endMs}`).toBe(true);
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
