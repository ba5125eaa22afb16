import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Point, Rect } from '../geometry/geometry';
import { ALL_CALLOUT_KINDS, CALLOUT, type Callout, type CalloutKind } from './callout';
import { addCallout, NEW_CALLOUT_TEXT } from './callout-edits';
import { captionPlacement, captionRect, estimatedCalloutBox, labelPlacement, labelRect } from './callout-layout';
import { type CalloutScene, placeCallout } from './callout-placement';

/** The video of a 16:9 1080p frame with the default padding and browser frame. */
const VIDEO: Rect = { x: 154, y: 170, width: 1612, height: 868 };
const DURATION_MS = 20_000;
/** The camera at rest: all of the video. */
const WHOLE: Rect = { x: 0, y: 0, width: 1, height: 1 };
const scene = (overrides: Partial<CalloutScene> = {}): CalloutScene => ({
  video: VIDEO,
  unit: 1,
  durationMs: DURATION_MS,
  clicks: [],
  ...overrides,
});

/**
 * Where a callout is drawn, worked out here from the painter's geometry (callout-layout.ts): a title card dims the
 * whole video; a caption's box; a label's box and the points along its arrow to the target (null: not drawn, its
 * target out of the camera's view).
 */
function drawn(callout: Callout, view: Rect = WHOLE): { box: Rect; arrow: Point[] } | null {
  if (callout.kind === 'title') return { box: VIDEO, arrow: [] };
  const box = estimatedCalloutBox(callout.kind, callout.text, VIDEO, 1);
  if (callout.kind === 'caption')
    return { box: captionRect(box, VIDEO, captionPlacement(callout.placement)), arrow: [] };
  const target = callout.target ?? { x: 0.5, y: 0.5 };
  const shown = { x: (target.x - view.x) / view.width, y: (target.y - view.y) / view.height };
  if (shown.x < 0 || shown.x > 1 || shown.y < 0 || shown.y > 1) return null;
  const point = { x: VIDEO.x + shown.x * VIDEO.width, y: VIDEO.y + shown.y * VIDEO.height };
  const { rect, from } = labelRect(box, VIDEO, point, labelPlacement(callout.placement));
  // The arrow, a point every pixel or so up to its tip (two arrows may meet at one target).
  const arrow = Array.from({ length: 200 }, (_, i) => ({
    x: from.x + ((point.x - from.x) * i) / 200,
    y: from.y + ((point.y - from.y) * i) / 200,
  }));
  return { box: rect, arrow };
}

const meets = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (p: Point, r: Rect) => p.x > r.x && p.x < r.x + r.width && p.y > r.y && p.y < r.y + r.height;

/** Pairs of callouts shown at the same time over one another, the camera showing `view` all along. */
function collisions(callouts: readonly Callout[], view: Rect = WHOLE): string[] {
  const found: string[] = [];
  callouts.forEach((a, i) => {
    for (const b of callouts.slice(i + 1)) {
      const together = a.startMs < b.endMs && b.startMs < a.endMs;
      const [shownA, shownB] = [drawn(a, view), drawn(b, view)];
      if (!together || !shownA || !shownB) continue;
      const arrowOver = (arrow: Point[], box: Rect) => arrow.some((p) => inside(p, box));
      if (meets(shownA.box, shownB.box) || arrowOver(shownA.arrow, shownB.box) || arrowOver(shownB.arrow, shownA.box))
        found.push(`${a.id} and ${b.id}`);
    }
  });
  return found;
}

/** Adds callouts one after another as the editor's buttons do. */
function added(steps: readonly { kind: CalloutKind; atMs: number }[], sceneOf = scene()): Callout[] {
  let callouts: Callout[] = [];
  steps.forEach((step, i) => {
    callouts = addCallout(callouts, step.kind, { id: `${step.kind}-${i}`, atMs: step.atMs }, sceneOf);
  });
  return callouts;
}

describe('placing a new callout', () => {
  it('puts a new title at the start of the video, wherever the playhead is', () => {
    const [title] = added([{ kind: 'title', atMs: 10_000 }]);
    expect(title).toMatchObject({ startMs: 0, endMs: CALLOUT.defaultDurationMs });
    // The start taken, the next one goes right after it.
    const [, second] = added([
      { kind: 'title', atMs: 0 },
      { kind: 'title', atMs: 10_000 },
    ]);
    expect(second).toMatchObject({ startMs: CALLOUT.defaultDurationMs, endMs: 2 * CALLOUT.defaultDurationMs });
  });

  it('never puts the defaults over one another: a label and a caption added at the title keep off it', () => {
    const pointer = { x: 0.5, y: 0.5 };
    const callouts = added(
      [
        { kind: 'title', atMs: 0 },
        { kind: 'label', atMs: 0 },
        { kind: 'caption', atMs: 0 },
        { kind: 'label', atMs: 0 },
        { kind: 'caption', atMs: 0 },
      ],
      scene({ pointerAt: () => pointer }),
    );
    expect(collisions(callouts)).toEqual([]);
    // "Look here" no longer over "Your title": the label comes once the title card has gone.
    const [title, label] = callouts as [Callout, Callout];
    expect(label.startMs).toBeGreaterThanOrEqual(title.endMs);
    expect(label.text).toBe(NEW_CALLOUT_TEXT.label);
  });

  it('takes another place, or the next free moment, beside callouts already there', () => {
    const existingCaption: Callout = {
      id: 'mine',
      kind: 'caption',
      text: 'A caption of mine',
      startMs: 2000,
      endMs: 6000,
      target: null,
    };
    // A caption at the playhead while another shows at the foot: at the top.
    const [, caption] = addCallout([existingCaption], 'caption', { id: 'c', atMs: 3000 }, scene());
    expect(caption).toMatchObject({ startMs: 3000, placement: 'top' });
    expect(collisions([existingCaption, caption as Callout])).toEqual([]);
    // A label pointing where another label points: on another side of it.
    const near = scene({ pointerAt: () => ({ x: 0.3, y: 0.3 }) });
    const first = addCallout([], 'label', { id: 'a', atMs: 3000 }, near);
    const both = addCallout(first, 'label', { id: 'b', atMs: 3500 }, near);
    expect(both[1]?.startMs).toBe(3500);
    expect(both[1]?.placement).not.toBe(both[0]?.placement);
    expect(collisions(both)).toEqual([]);
    // A title card while a caption shows: after it.
    const [, title] = addCallout(
      [{ ...existingCaption, startMs: 0, endMs: 4000 }],
      'title',
      { id: 't', atMs: 0 },
      scene(),
    );
    expect(title?.startMs).toBe(4000);
  });

  it('keeps off the element clicked near its time', () => {
    // A Save button near the foot of the page, clicked at 4 s.
    const button = { x: 0.4, y: 0.84, width: 0.2, height: 0.08 };
    const clicked = scene({
      clicks: [{ t: 4000, x: 0.5, y: 0.88, box: button }],
      pointerAt: () => ({ x: 0.5, y: 0.88 }),
    });
    const buttonRect = {
      x: VIDEO.x + button.x * VIDEO.width,
      y: VIDEO.y + button.y * VIDEO.height,
      width: button.width * VIDEO.width,
      height: button.height * VIDEO.height,
    };
    const [caption] = addCallout([], 'caption', { id: 'c', atMs: 3500 }, clicked);
    expect(caption).toMatchObject({ startMs: 3500, placement: 'top' });
    const [label] = addCallout([], 'label', { id: 'l', atMs: 3500 }, clicked);
    const labelBox = labelRect(
      estimatedCalloutBox('label', NEW_CALLOUT_TEXT.label, VIDEO, 1),
      VIDEO,
      { x: VIDEO.x + 0.5 * VIDEO.width, y: VIDEO.y + 0.88 * VIDEO.height },
      labelPlacement(label?.placement),
    ).rect;
    expect(meets(labelBox, buttonRect)).toBe(false);
    // Without the click, the caption takes the foot; a click on the page itself (its box as large) keeps only its point.
    expect(addCallout([], 'caption', { id: 'c', atMs: 3500 }, scene())[0]?.placement).toBe('bottom');
    const page = scene({ clicks: [{ t: 4000, x: 0.5, y: 0.3, box: { x: 0, y: 0, width: 1, height: 2.5 } }] });
    expect(addCallout([], 'caption', { id: 'c', atMs: 3500 }, page)[0]?.placement).toBe('bottom');
  });

  it('keeps labels apart where the camera shows them', () => {
    // Zoomed 2.4x into the top left: targets 0.1 apart on the page are 0.24 apart on screen, and the other way round.
    const view = { x: 0.05, y: 0.05, width: 1 / 2.4, height: 1 / 2.4 };
    const zoomed = (x: number, y: number) => scene({ viewAt: () => view, pointerAt: () => ({ x, y }) });
    const first = addCallout([], 'label', { id: 'a', atMs: 3000 }, zoomed(0.12, 0.12));
    const both = addCallout(first, 'label', { id: 'b', atMs: 3000 }, zoomed(0.2, 0.12));
    expect(collisions(both, view)).toEqual([]);
    expect(both[1]?.startMs).toBe(3000);
  });

  it('for any titles, captions and labels added anywhere, no two cover one another', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            kind: fc.constantFrom(...ALL_CALLOUT_KINDS),
            atMs: fc.integer({ min: 0, max: DURATION_MS }),
            x: fc.double({ min: 0, max: 1, noNaN: true }),
            y: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          { maxLength: 6 },
        ),
        fc.record({
          scale: fc.double({ min: 1, max: 2.4, noNaN: true }),
          x: fc.double({ min: 0, max: 1, noNaN: true }),
          y: fc.double({ min: 0, max: 1, noNaN: true }),
        }),
        (steps, camera) => {
          // The camera holds one view all along (at rest when the scale is 1).
          const side = 1 / camera.scale;
          const view = { x: camera.x * (1 - side), y: camera.y * (1 - side), width: side, height: side };
          let callouts: Callout[] = [];
          steps.forEach((step, i) => {
            const at = scene({ viewAt: () => view, pointerAt: () => ({ x: step.x, y: step.y }) });
            const draft = { id: `c${i}`, kind: step.kind, text: NEW_CALLOUT_TEXT[step.kind], atMs: step.atMs };
            callouts = [...callouts, placeCallout(callouts, draft, at)];
          });
          expect(collisions(callouts, view)).toEqual([]);
          for (const callout of callouts) {
            expect(callout.startMs).toBeGreaterThanOrEqual(0);
            expect(callout.endMs).toBeLessThanOrEqual(DURATION_MS);
            expect(callout.endMs - callout.startMs).toBeGreaterThanOrEqual(CALLOUT.minDurationMs);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
