import { describe, expect, it } from 'vitest';
import { click, cursorPath, recordingFixture, typing, wheel } from '../../tests/fixtures/builders/recording-fixture';
import { cameraAt, planCamera } from '../camera/camera';
import { AUTO_ZOOM, autoZoomSegments, pageScrollSpans } from '../zoom/auto-zoom';
import {
  moveZoomSegment,
  regenerateAutoZooms,
  resizeZoomSegment,
  retimeAutoZooms,
  setZoomTiming,
  updateZoomSegment,
  zoomTimingOf,
} from '../zoom/zoom-edits';
import type { ZoomSegment } from '../zoom/zoom-segment';
import { DEFAULT_RENDER_SETTINGS, parseRenderSettings } from './render-settings';
import { DEFAULT_ZOOM_TIMING, ZOOM_TIMING_LIMITS } from './zoom-timing';

const DURATION = 30_000;
const recording = recordingFixture({
  video: { ...recordingFixture().video, durationMs: DURATION },
  clicks: [click(5000, 0.3, 0.3), click(15_000, 0.7, 0.6), click(25_000, 0.5, 0.5)],
  cursor: cursorPath([
    { t: 0, x: 0.1, y: 0.1 },
    { t: 5000, x: 0.3, y: 0.3 },
    { t: 15_000, x: 0.7, y: 0.6 },
    { t: 25_000, x: 0.5, y: 0.5 },
    { t: 30_000, x: 0.5, y: 0.5 },
  ]),
});

describe('zoom timing settings', () => {
  it('start the zoom the lead-in before the click and end it the hold after', () => {
    const [zoom] = autoZoomSegments(recording, { depth: 'Moderate', timing: { leadInMs: 1000, holdMs: 3000 } });
    expect(zoom).toMatchObject({ startMs: 4000, endMs: 8000, actions: { firstMs: 5000, lastMs: 5000 } });
    const [quick] = autoZoomSegments(recording, { depth: 'Moderate', timing: { leadInMs: 200, holdMs: 900 } });
    // A timing shorter than the usual minimum shows as chosen (lead-in + hold), never under the shortest zoom.
    expect(quick).toMatchObject({ startMs: 4800, endMs: 5900 });
    const [tiny] = autoZoomSegments(recording, { depth: 'Moderate', timing: { leadInMs: 0, holdMs: 300 } });
    expect((tiny?.endMs ?? 0) - (tiny?.startMs ?? 0)).toBeCloseTo(AUTO_ZOOM.shortestMs);
  });

  it('hold for a click on a link that loads a page, after scrolling down to it', () => {
    // A button at 10.3 s, the page wheeled down to the link (11.1–11.3 s), a nudge of the wheel (12.7 s), the link
    // clicked at 13 s; the new page comes at 13.2 s and reports its own offset, at the top (13.25 s).
    const LINK_MS = 13_000;
    const recording = recordingFixture({
      clicks: [
        click(10_300, 0.4, 0.3),
        { ...click(LINK_MS, 0.2, 0.9), box: { x: 0.15, y: 0.88, width: 0.2, height: 0.04 } },
      ],
      scrolls: [wheel(11_100, 250, 250), wheel(11_200, 250, 500), wheel(11_300, 250, 750), wheel(12_700, 100, 850)],
      pages: [
        { t: 0, url: 'https://crm.example.com/pipeline', title: 'Pipeline' },
        { t: 13_200, url: 'https://crm.example.com/value', title: 'Value report' },
      ],
    });
    recording.scrolls.push({ t: 13_250, x: 0.5, y: 0.5, deltaX: 0, deltaY: 0, scrollX: 0, scrollY: 0 });
    // The wheeling is a page-wide scroll; the new page's offset is no scroll at all.
    expect(pageScrollSpans(recording)).toEqual([{ startMs: 10_800, endMs: 11_800 }]);
    for (const leadInMs of [600, 1000, 1200]) {
      const zooms = autoZoomSegments(recording, { depth: 'Moderate', timing: { leadInMs, holdMs: 500 } });
      const link = zooms.find((z) => z.actions?.lastMs === LINK_MS);
      expect(link, `lead-in ${leadInMs}`).toMatchObject({
        startMs: LINK_MS - leadInMs,
        endMs: LINK_MS + 500,
        actions: { firstMs: LINK_MS, lastMs: LINK_MS },
      });
      // The button's zoom holds 0.5 s too and ends before the scroll: no zoom spans it, none keeps the link's action.
      expect(zooms.filter((z) => z !== link)).toEqual([
        expect.objectContaining({
          startMs: 10_300 - leadInMs,
          endMs: 10_800,
          actions: { firstMs: 10_300, lastMs: 10_300 },
        }),
      ]);
    }
  });

  it('hold for typing, however long: from the lead-in before the first key to the hold after the last', () => {
    // A click into a field, then 12 s of typing: longer than the longest zoom two actions are merged into.
    const keys = Array.from({ length: 49 }, (_, i) => 2500 + i * 250);
    const recording = recordingFixture({ clicks: [click(2000, 0.3, 0.6)], typing: keys.map((t) => typing(t)) });
    const lastKey = keys[keys.length - 1] as number;
    for (const timing of [
      { leadInMs: 600, holdMs: 1800 },
      { leadInMs: 1200, holdMs: 500 },
    ]) {
      const zooms = autoZoomSegments(recording, { depth: 'Moderate', timing });
      expect(zooms).toHaveLength(1);
      expect(zooms[0]).toMatchObject({
        startMs: 2000 - timing.leadInMs,
        endMs: lastKey + timing.holdMs,
        actions: { firstMs: 2000, lastMs: lastKey },
      });
    }
    // Typing alone, from its first key.
    const [alone] = autoZoomSegments(recordingFixture({ typing: keys.slice(0, 8).map((t) => typing(t)) }), {
      depth: 'Moderate',
      timing: { leadInMs: 1000, holdMs: 700 },
    });
    expect(alone).toMatchObject({ startMs: 1500, endMs: 4250 + 700, actions: { firstMs: 2500, lastMs: 4250 } });
  });

  it('default to the timing automatic zooms always had', () => {
    expect(DEFAULT_ZOOM_TIMING).toEqual({ leadInMs: 600, holdMs: 1800, speed: 7.5 });
    expect(autoZoomSegments(recording, { depth: 'Weak' })).toEqual(
      autoZoomSegments(recording, { depth: 'Weak', timing: DEFAULT_ZOOM_TIMING }),
    );
    expect(autoZoomSegments(recording, { depth: 'Weak' })[0]).toMatchObject({ startMs: 4400, endMs: 6800 });
  });

  it('are stored within the limits written in the schema, and older saves get the defaults', () => {
    expect(parseRenderSettings({}).zoomTiming).toEqual(DEFAULT_ZOOM_TIMING);
    const { zoomTiming: _dropped, ...older } = DEFAULT_RENDER_SETTINGS;
    expect(parseRenderSettings(older).zoomTiming).toEqual(DEFAULT_ZOOM_TIMING);
    expect(() => parseRenderSettings({ zoomTiming: { leadInMs: ZOOM_TIMING_LIMITS.leadInMs.max + 1 } })).toThrow();
    expect(() => parseRenderSettings({ zoomTiming: { speed: ZOOM_TIMING_LIMITS.speed.min - 0.1 } })).toThrow();
    expect(parseRenderSettings({ zoomTiming: { holdMs: 4000 } }).zoomTiming).toEqual({
      ...DEFAULT_ZOOM_TIMING,
      holdMs: 4000,
    });
  });

  it('move the camera faster at a higher zoom speed, and a zoom’s own speed wins', () => {
    const zooms = autoZoomSegments(recording, { depth: 'Strong' });
    const first = zooms[0] as ZoomSegment;
    const at = first.startMs + 300;
    const slow = cameraAt(planCamera(recording, zooms, { ...DEFAULT_ZOOM_TIMING, speed: 4 }), at).scale;
    const fast = cameraAt(planCamera(recording, zooms, { ...DEFAULT_ZOOM_TIMING, speed: 16 }), at).scale;
    expect(fast).toBeGreaterThan(slow + 0.3);
    const own = zooms.map((z) => (z.id === first.id ? { ...z, speed: 16 } : z));
    expect(cameraAt(planCamera(recording, own, { ...DEFAULT_ZOOM_TIMING, speed: 4 }), at).scale).toBeCloseTo(fast);
  });

  it('can be set per zoom: lead-in and hold around its actions, and its speed, within the limits', () => {
    const zooms = autoZoomSegments(recording, { depth: 'Moderate' });
    const id = (zooms[1] as ZoomSegment).id;
    const timed = setZoomTiming(zooms, id, { leadInMs: 1500, holdMs: 2500 }, DURATION);
    const zoom = timed.find((z) => z.id === id) as ZoomSegment;
    expect(zoom).toMatchObject({ startMs: 13_500, endMs: 17_500, origin: 'user' });
    expect(zoomTimingOf(zoom)).toEqual({ leadInMs: 1500, holdMs: 2500 });
    const fast = setZoomTiming(timed, id, { speed: 99 }, DURATION).find((z) => z.id === id);
    expect(fast?.speed).toBe(ZOOM_TIMING_LIMITS.speed.max);
    // The other zooms are untouched.
    expect(timed.filter((z) => z.id !== id)).toEqual(zooms.filter((z) => z.id !== id));
  });
});

describe('regenerating automatic zooms', () => {
  const zooms = autoZoomSegments(recording, { depth: 'Moderate' });
  const [a, b, c] = zooms as [ZoomSegment, ZoomSegment, ZoomSegment];
  const mine: ZoomSegment = {
    id: 'mine',
    startMs: 20_000,
    endMs: 22_000,
    depth: 'Strong',
    focus: { kind: 'point', x: 0.2, y: 0.2 },
    origin: 'user',
  };

  it('uses the timing and keeps the zooms made or edited by hand', () => {
    const edited = [...resizeZoomSegment(zooms, a.id, { endMs: a.endMs + 500 }, DURATION), mine];
    const movedB = moveZoomSegment(edited, b.id, b.startMs + 300, DURATION);
    const deeperC = updateZoomSegment(movedB, c.id, { depth: 'Strong' });
    const regenerated = regenerateAutoZooms(recording, [...deeperC], {
      depth: 'Weak',
      timing: { leadInMs: 1200, holdMs: 1000 },
    });
    // Every zoom the user made or touched is there, unchanged; nothing generated overlaps them.
    for (const kept of deeperC.filter((z) => z.origin === 'user')) expect(regenerated).toContainEqual(kept);
    expect(regenerated.filter((z) => z.origin === 'auto')).toEqual([]);
    // With only untouched automatic zooms, they are all planned afresh with the new timing.
    const fresh = regenerateAutoZooms(recording, [...zooms, mine], {
      depth: 'Weak',
      timing: { leadInMs: 1200, holdMs: 1000 },
    });
    expect(fresh).toContainEqual(mine);
    expect(fresh.filter((z) => z.origin === 'auto').map((z) => z.startMs)).toEqual([3800, 13_800, 23_800]);
  });

  it('after a lead-in or hold change keeps the user’s zooms and the automatic zooms they deleted out', () => {
    const withoutB = [a, c, mine];
    const retimed = retimeAutoZooms(recording, withoutB, {
      depth: 'Moderate',
      timing: { leadInMs: 1000, holdMs: 2500 },
    });
    expect(retimed).toContainEqual(mine);
    const auto = retimed.filter((z) => z.origin === 'auto');
    expect(auto.map((z) => z.actions?.firstMs)).toEqual([5000, 25_000]);
    expect(auto.map((z) => z.startMs)).toEqual([4000, 24_000]);
  });
});
