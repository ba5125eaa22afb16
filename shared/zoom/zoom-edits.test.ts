import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { click, recordingFixture } from '../../tests/fixtures/builders/recording-fixture';
import {
  addZoomSegment,
  changeAutoZoomDepth,
  deleteZoomSegment,
  MIN_EDITED_ZOOM_MS,
  moveZoomSegment,
  regenerateAutoZooms,
  resizeZoomSegment,
  updateZoomSegment,
} from './zoom-edits';
import type { ZoomSegment } from './zoom-segment';

const DURATION = 20_000;
const a: ZoomSegment = {
  id: 'a',
  startMs: 1000,
  endMs: 3000,
  depth: 'Weak',
  focus: { kind: 'cursor' },
  origin: 'auto',
};
const b: ZoomSegment = {
  id: 'b',
  startMs: 8000,
  endMs: 10_000,
  depth: 'Weak',
  focus: { kind: 'cursor' },
  origin: 'auto',
};

describe('zoom edits', () => {
  it('adds a user zoom into free time, trimmed by its neighbours', () => {
    const added = addZoomSegment(
      [a, b],
      { startMs: 5000, endMs: 9000, depth: 'Strong', focus: { kind: 'point', x: 0.2, y: 0.3 } },
      'u1',
      DURATION,
    );
    expect(added.map((s) => s.id)).toEqual(['a', 'u1', 'b']);
    expect(added[1]).toMatchObject({ startMs: 5000, endMs: 8000, origin: 'user', depth: 'Strong' });
    // Inside another zoom there is no room: nothing changes.
    expect(
      addZoomSegment([a, b], { startMs: 2000, endMs: 2500, depth: 'Weak', focus: { kind: 'cursor' } }, 'u2', DURATION),
    ).toEqual([a, b]);
  });

  it('moves a zoom, stopped by neighbours and the ends of the video', () => {
    expect(moveZoomSegment([a, b], 'a', 7000, DURATION)[0]).toMatchObject({ startMs: 6000, endMs: 8000 });
    expect(moveZoomSegment([a, b], 'a', -500, DURATION)[0]).toMatchObject({ startMs: 0, endMs: 2000 });
    expect(moveZoomSegment([a, b], 'b', 19_000, DURATION)[1]).toMatchObject({
      startMs: 18_000,
      endMs: 20_000,
      origin: 'user',
    });
  });

  it('resizes a zoom without overlapping or shrinking below the minimum', () => {
    expect(resizeZoomSegment([a, b], 'a', { endMs: 9000 }, DURATION)[0]).toMatchObject({ endMs: 8000 });
    expect(resizeZoomSegment([a, b], 'a', { endMs: 1001 }, DURATION)[0]).toMatchObject({
      endMs: 1000 + MIN_EDITED_ZOOM_MS,
    });
    expect(resizeZoomSegment([a, b], 'b', { startMs: 2000 }, DURATION)[1]).toMatchObject({ startMs: 3000 });
  });

  it('changes depth and focus, and deletes', () => {
    expect(updateZoomSegment([a], 'a', { depth: 'Strong' })[0]).toMatchObject({ depth: 'Strong', origin: 'user' });
    expect(deleteZoomSegment([a, b], 'a')).toEqual([b]);
  });

  it('zoom depth re-plans the automatic zooms at once and leaves the hand-made ones alone', () => {
    const recording = recordingFixture({ clicks: [click(2000, 0.5, 0.5), click(15_000, 0.5, 0.5)] });
    const mine: ZoomSegment = { ...a, id: 'mine', startMs: 14_000, endMs: 17_000, depth: 'Strong', origin: 'user' };
    // Deeper: every automatic zoom takes the new depth where it is (one the user deleted stays deleted).
    const deeper = changeAutoZoomDepth(recording, [a, mine], 'Weak', 'Strong');
    expect(deeper).toEqual([{ ...a, depth: 'Strong' }, mine]);
    // None: the automatic zooms go; back from None: they are planned afresh at the new depth, around the user's.
    const none = changeAutoZoomDepth(recording, deeper, 'Strong', 'None');
    expect(none).toEqual([mine]);
    const back = changeAutoZoomDepth(recording, none, 'None', 'Moderate');
    expect(back.filter((s) => s.origin === 'user')).toEqual([mine]);
    expect(back.filter((s) => s.origin === 'auto').map((s) => s.depth)).toEqual(['Moderate']);
    expect(changeAutoZoomDepth(recording, [a, mine], 'Weak', 'Weak')).toEqual([a, mine]);
  });

  it("regenerates automatic zooms without losing the user's own", () => {
    const recording = recordingFixture({ clicks: [click(2000, 0.5, 0.5), click(15_000, 0.5, 0.5)] });
    const mine: ZoomSegment = {
      id: 'mine',
      startMs: 14_000,
      endMs: 17_000,
      depth: 'Strong',
      focus: { kind: 'cursor' },
      origin: 'user',
    };
    const regenerated = regenerateAutoZooms(recording, [a, b, mine], { depth: 'Moderate' });
    expect(regenerated.filter((s) => s.origin === 'user')).toEqual([mine]);
    const auto = regenerated.filter((s) => s.origin === 'auto');
    expect(auto).toHaveLength(1);
    expect(auto[0]?.depth).toBe('Moderate');
    expect(auto[0]?.startMs).toBeLessThan(2000);
  });
});

describe('zoom edits, any sequence', () => {
  it('keeps zooms apart, inside the video and at least the minimum length', () => {
    const edit = fc.oneof(
      fc.record({
        op: fc.constant('add' as const),
        at: fc.integer({ min: -1000, max: 21_000 }),
        length: fc.integer({ min: 0, max: 8000 }),
      }),
      fc.record({ op: fc.constant('move' as const), pick: fc.nat(), at: fc.integer({ min: -5000, max: 25_000 }) }),
      fc.record({
        op: fc.constant('resize' as const),
        pick: fc.nat(),
        start: fc.option(fc.integer({ min: -5000, max: 25_000 })),
        end: fc.option(fc.integer({ min: -5000, max: 25_000 })),
      }),
      fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 30 }), (edits) => {
        let segments: ZoomSegment[] = [a, b];
        let counter = 0;
        for (const e of edits) {
          const target = segments.length > 0 && 'pick' in e ? segments[e.pick % segments.length]?.id : undefined;
          if (e.op === 'add') {
            counter++;
            segments = addZoomSegment(
              segments,
              { startMs: e.at, endMs: e.at + e.length, depth: 'Weak', focus: { kind: 'cursor' } },
              `u${counter}`,
              DURATION,
            );
          } else if (target && e.op === 'move') segments = moveZoomSegment(segments, target, e.at, DURATION);
          else if (target && e.op === 'resize') {
            segments = resizeZoomSegment(
              segments,
              target,
              { startMs: e.start ?? undefined, endMs: e.end ?? undefined },
              DURATION,
            );
          } else if (target && e.op === 'delete') segments = deleteZoomSegment(segments, target);
          segments.forEach((segment, i) => {
            expect(segment.startMs).toBeGreaterThanOrEqual(0);
            expect(segment.endMs).toBeLessThanOrEqual(DURATION);
            expect(segment.endMs - segment.startMs).toBeGreaterThanOrEqual(MIN_EDITED_ZOOM_MS - 1e-6);
            const next = segments[i + 1];
            if (next) expect(next.startMs).toBeGreaterThanOrEqual(segment.endMs);
          });
        }
      }),
      { numRuns: 200 },
    );
  });
});
