import { describe, expect, it } from 'vitest';
import { click, cursorPath, recordingFixture, typing } from '../../tests/fixtures/builders/recording-fixture';
import { cameraAt, planCamera } from '../camera/camera';
import type { Rect } from '../geometry/geometry';
import { DEFAULT_ZOOM_TIMING } from '../look/zoom-timing';
import { startClock, stopClock } from '../recording/clock';
import type { Box, Click, Recording } from '../recording/recording';
import { recordingSchema } from '../recording/recording';
import { buildTrack } from '../recording/track';
import { autoZoomSegments } from './auto-zoom';
import { FRAMING, fitScale } from './framing';
import { ZOOM_SCALE } from './zoom-segment';

function boxed(c: Click, box: Box): Click {
  return { ...c, box };
}

function contains(view: Rect, box: Box): boolean {
  const e = 1e-9;
  return (
    box.x >= view.x - e &&
    box.y >= view.y - e &&
    box.x + box.width <= view.x + view.width + e &&
    box.y + box.height <= view.y + view.height + e
  );
}

/** The camera the editor would show for a recording with automatic zooms at `depth`. */
function autoCamera(recording: Recording, depth: 'Weak' | 'Moderate' | 'Strong' = 'Moderate') {
  const zooms = autoZoomSegments(recording, { depth });
  const plan = planCamera(recording, zooms, DEFAULT_ZOOM_TIMING);
  return { zooms, at: (t: number) => cameraAt(plan, t) };
}

/** The pointer travels from the top left to `to` by time `t`, then rests. */
function travel(t: number, to: { x: number; y: number }) {
  return cursorPath([
    { t: 0, x: 0.15, y: 0.2 },
    { t: t - 200, x: to.x, y: to.y },
    { t: 20_000, x: to.x, y: to.y },
  ]);
}

describe('zooms framed on the clicked element', () => {
  it('show a small button near the edge whole at the click, as deep as the zoom depth allows', () => {
    const button: Box = { x: 0.9, y: 0.82, width: 0.08, height: 0.05 };
    const recording = recordingFixture({
      cursor: travel(5000, { x: 0.94, y: 0.845 }),
      clicks: [boxed(click(5000, 0.94, 0.845), button)],
    });
    const { zooms, at } = autoCamera(recording, 'Strong');
    expect(zooms).toHaveLength(1);
    const view = at(5000);
    expect(view.scale).toBeGreaterThan(ZOOM_SCALE.Strong * 0.9);
    expect(contains(view.rect, button)).toBe(true);
  });

  it('take the depth from the size of a larger element, with a margin around it', () => {
    const panel: Box = { x: 0.3, y: 0.25, width: 0.4, height: 0.3 };
    const recording = recordingFixture({
      cursor: travel(5000, { x: 0.5, y: 0.4 }),
      clicks: [boxed(click(5000, 0.5, 0.4), panel)],
    });
    const view = autoCamera(recording, 'Strong').at(5600);
    expect(view.scale).toBeCloseTo(fitScale(panel), 1);
    expect(view.scale).toBeLessThan(ZOOM_SCALE.Strong);
    expect(contains(view.rect, panel)).toBe(true);
    // The margin: the panel fills at most FRAMING.fill of the view.
    expect(panel.width / view.rect.width).toBeLessThanOrEqual(FRAMING.fill + 0.01);
  });

  it('do not zoom in on a click on something the size of the page', () => {
    const page: Box = { x: 0, y: 0, width: 1, height: 1 };
    const recording = recordingFixture({
      cursor: travel(5000, { x: 0.5, y: 0.5 }),
      clicks: [boxed(click(5000, 0.5, 0.5), page)],
    });
    const { zooms, at } = autoCamera(recording);
    expect(zooms).toEqual([]);
    expect(at(5000).scale).toBe(1);
  });

  it('keep today’s behaviour for recordings without boxes', () => {
    const recording = recordingFixture({
      cursor: travel(5000, { x: 0.5, y: 0.5 }),
      clicks: [click(5000, 0.5, 0.5)],
    });
    const { zooms, at } = autoCamera(recording);
    expect(zooms).toHaveLength(1);
    expect(at(6000).scale).toBeCloseTo(ZOOM_SCALE.Moderate, 2);
  });

  it('show each of several clicked elements whole in one zoom as the pointer moves between them', () => {
    const a: Box = { x: 0.05, y: 0.1, width: 0.1, height: 0.05 };
    const b: Box = { x: 0.8, y: 0.8, width: 0.12, height: 0.06 };
    const recording = recordingFixture({
      cursor: cursorPath([
        { t: 0, x: 0.5, y: 0.5 },
        { t: 3800, x: 0.1, y: 0.125 },
        { t: 4200, x: 0.1, y: 0.125 },
        { t: 5300, x: 0.86, y: 0.83 },
        { t: 20_000, x: 0.86, y: 0.83 },
      ]),
      clicks: [boxed(click(4000, 0.1, 0.125), a), boxed(click(5500, 0.86, 0.83), b)],
    });
    const { zooms, at } = autoCamera(recording, 'Strong');
    expect(zooms).toHaveLength(1);
    expect(contains(at(4000).rect, a)).toBe(true);
    expect(contains(at(5500).rect, b)).toBe(true);
  });
});

describe('zooms framed on the field typed into', () => {
  it('hold on the field, where it is after the page scrolled', () => {
    const before: Box = { x: 0.3, y: 0.7, width: 0.3, height: 0.05 };
    const after: Box = { x: 0.3, y: 0.4, width: 0.3, height: 0.05 };
    const keys = [6000, 6200, 6400, 6600, 6800, 7000].map(typing);
    const recording = recordingFixture({
      cursor: travel(1000, { x: 0.35, y: 0.72 }),
      clicks: [boxed(click(1000, 0.35, 0.72), before)],
      fields: [
        { t: 1000, box: before },
        { t: 4500, box: after },
      ],
      typing: keys,
    });
    const { zooms, at } = autoCamera(recording, 'Strong');
    const typingZoom = zooms.find((z) => z.startMs <= 6000 && z.endMs >= 7000);
    expect(typingZoom?.focus).toEqual({ kind: 'point', x: expect.closeTo(0.45), y: expect.closeTo(0.425) });
    for (const t of [6000, 6500, 7000]) expect(contains(at(t).rect, after)).toBe(true);
  });
});

describe('recording the boxes', () => {
  const clock = stopClock(startClock(1_000), 9_000);

  it('keeps the clicked element’s box and the focused field’s, from before the start too, and nothing typed', () => {
    const box = { x: 0.2, y: 0.3, width: 0.1234567, height: 0.05 };
    const track = buildTrack(
      [
        { k: 'field', w: 900, box },
        { k: 'down', w: 1_200, x: 0.25, y: 0.32, button: 'left', box },
        { k: 'typing', w: 1_300 },
        { k: 'field', w: 1_400, box: { ...box, y: 0.1 } },
        { k: 'field', w: 1_500, box: null },
      ],
      clock,
    );
    expect(track.clicks[0]?.box).toEqual({ x: 0.2, y: 0.3, width: 0.12346, height: 0.05 });
    expect(track.fields).toEqual([
      { t: 0, box: { x: 0.2, y: 0.3, width: 0.12346, height: 0.05 } },
      { t: 400, box: { x: 0.2, y: 0.1, width: 0.12346, height: 0.05 } },
      { t: 500, box: null },
    ]);
    expect(track.typing).toEqual([{ t: 300 }]);
  });

  it('still reads recordings made without boxes', () => {
    const { fields: _none, ...old } = recordingFixture({ clicks: [click(1000, 0.5, 0.5)] });
    const parsed = recordingSchema.parse(old);
    expect(parsed.fields).toBeUndefined();
    expect(parsed.clicks[0]?.box).toBeUndefined();
  });
});
