// Where a new callout goes: a time and a place where it covers no other callout shown at the same time and not the
// element clicked near then. Pure; the editor's add buttons call placeCallout with the scene of the recording
// (shared/render/callout-scene.ts). Once placed, a callout stays where the user puts it, over another one if they
// choose: only new ones are placed.
import type { Point, Rect } from '../geometry/geometry';
import { CALLOUT, CALLOUT_PLACEMENTS, type Callout, type CalloutKind, type CalloutPlacement } from './callout';
import {
  captionPlacement,
  captionRect,
  estimatedCalloutBox,
  labelPlacement,
  labelPlacementToward,
  labelRect,
} from './callout-layout';

/** What a callout is placed over: the video as the frames lay it out, the camera, the pointer and the clicks. */
export interface CalloutScene {
  /** Where the video is drawn on a canvas, and that canvas's unit (its pixels per pixel of a 1080p canvas). */
  readonly video: Rect;
  readonly unit: number;
  readonly durationMs: number;
  /** What the camera shows at a time, as a share of the video (absent: all of it). */
  readonly viewAt?: (ms: number) => Rect;
  /** Where the pointer is at a time, normalized to the video (a new label points there; absent or null: the middle). */
  readonly pointerAt?: (ms: number) => Point | null;
  /** The recording's clicks, normalized to the video, with the clicked element's box when known. */
  readonly clicks: readonly {
    readonly t: number;
    readonly x: number;
    readonly y: number;
    readonly box?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  }[];
}

/** How a callout to place starts out: its kind, words, id, and the playhead when it was asked for. */
export interface CalloutDraft {
  readonly id: string;
  readonly kind: CalloutKind;
  readonly text: string;
  readonly atMs: number;
}

/** Rules of placement. */
export const CALLOUT_PLACEMENT = {
  /** A click this long before a callout starts, or during it, is "near" it: its element stays uncovered. */
  clickNearMs: 1000,
  /**
   * Half the side of the square taken for a clicked element whose box is unknown, or too large to be one element
   * (over `largestElement` of the video's area: a click on the page itself), as a share of the video.
   */
  clickPointHalf: 0.02,
  largestElement: 0.25,
  /** Callouts' boxes keep this far apart, in pixels of a 1080p canvas. */
  marginPx: 8,
  /** Moments of a shared stretch checked (the camera moves labels): this far apart at least, at most `samples`. */
  sampleStepMs: 250,
  samples: 24,
} as const;

/** What a callout covers on the canvas at a moment: its box, and a label's arrow to its target. */
export interface CalloutCover {
  /** The box with the words (a title card: all of the video, which it dims). */
  readonly box: Rect;
  /** A label's arrow, from its box to its target; null for the other kinds. */
  readonly arrow: { readonly from: Point; readonly to: Point } | null;
}

function intersects(a: Rect, b: Rect, margin = 0): boolean {
  return (
    a.x < b.x + b.width + margin &&
    b.x < a.x + a.width + margin &&
    a.y < b.y + b.height + margin &&
    b.y < a.y + a.height + margin
  );
}

/** Whether the segment `from`→`to` passes through `rect` grown by `margin` (Liang–Barsky clipping). */
function crosses(segment: { readonly from: Point; readonly to: Point }, rect: Rect, margin: number): boolean {
  const { from, to } = segment;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  let enter = 0;
  let leave = 1;
  const edges: [number, number][] = [
    [-dx, from.x - (rect.x - margin)],
    [dx, rect.x + rect.width + margin - from.x],
    [-dy, from.y - (rect.y - margin)],
    [dy, rect.y + rect.height + margin - from.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) enter = Math.max(enter, r);
    else leave = Math.min(leave, r);
    if (enter > leave) return false;
  }
  return true;
}

/** Whether two covers meet: their boxes, or an arrow through the other's box (arrows may cross each other). */
function coversMeet(a: CalloutCover, b: CalloutCover, margin: number): boolean {
  return (
    intersects(a.box, b.box, margin) ||
    (a.arrow !== null && crosses(a.arrow, b.box, margin)) ||
    (b.arrow !== null && crosses(b.arrow, a.box, margin))
  );
}

/** A point normalized to the video, on the canvas, through the camera at `ms`. */
function onCanvas(scene: CalloutScene, ms: number, point: Point): Point {
  const view = scene.viewAt?.(ms) ?? { x: 0, y: 0, width: 1, height: 1 };
  const { video } = scene;
  return {
    x: video.x + ((point.x - view.x) / view.width) * video.width,
    y: video.y + ((point.y - view.y) / view.height) * video.height,
  };
}

/**
 * What `callout` covers at `ms` (estimated from its words, as the painter measures them), or null when it shows
 * nothing then: outside its time, without words, or a label whose target the camera does not show.
 */
export function calloutCover(callout: Callout, scene: CalloutScene, ms: number): CalloutCover | null {
  if (ms < callout.startMs || ms >= callout.endMs || !callout.text.trim()) return null;
  const { video, unit } = scene;
  const box = estimatedCalloutBox(callout.kind, callout.text, video, unit);
  if (callout.kind === 'title') return { box: video, arrow: null };
  if (callout.kind === 'caption')
    return { box: captionRect(box, video, captionPlacement(callout.placement)), arrow: null };
  if (!callout.target) return null;
  const target = onCanvas(scene, ms, callout.target);
  const inside =
    target.x >= video.x &&
    target.x <= video.x + video.width &&
    target.y >= video.y &&
    target.y <= video.y + video.height;
  if (!inside) return null;
  const { rect, from } = labelRect(box, video, target, labelPlacement(callout.placement));
  return { box: rect, arrow: { from, to: target } };
}

/** Moments from `fromMs` to before `toMs` worth checking: both ends and steps between. */
function moments(fromMs: number, toMs: number): number[] {
  if (toMs <= fromMs) return [];
  const step = Math.max(CALLOUT_PLACEMENT.sampleStepMs, (toMs - fromMs) / CALLOUT_PLACEMENT.samples);
  const times: number[] = [];
  for (let t = fromMs; t < toMs; t += step) times.push(t);
  times.push(Math.max(fromMs, toMs - 1));
  return times;
}

/** Whether two callouts cover one another at some moment they are both shown. */
export function calloutsOverlap(a: Callout, b: Callout, scene: CalloutScene): boolean {
  const margin = CALLOUT_PLACEMENT.marginPx * scene.unit;
  return moments(Math.max(a.startMs, b.startMs), Math.min(a.endMs, b.endMs)).some((ms) => {
    const coverA = calloutCover(a, scene, ms);
    const coverB = calloutCover(b, scene, ms);
    return coverA !== null && coverB !== null && coversMeet(coverA, coverB, margin);
  });
}

/**
 * Whether a callout's box covers an element clicked near its time (a title card covers all of the video by design,
 * so it never counts).
 */
export function coversClickedElement(callout: Callout, scene: CalloutScene): boolean {
  if (callout.kind === 'title') return false;
  const half = CALLOUT_PLACEMENT.clickPointHalf;
  return scene.clicks
    .filter((c) => c.t >= callout.startMs - CALLOUT_PLACEMENT.clickNearMs && c.t < callout.endMs)
    .some((click) => {
      const box =
        click.box && click.box.width * click.box.height <= CALLOUT_PLACEMENT.largestElement ? click.box : null;
      const element = box ?? { x: click.x - half, y: click.y - half, width: 2 * half, height: 2 * half };
      const ms = Math.max(click.t, callout.startMs);
      const cover = calloutCover(callout, scene, ms);
      if (!cover) return false;
      const topLeft = onCanvas(scene, ms, element);
      const bottomRight = onCanvas(scene, ms, { x: element.x + element.width, y: element.y + element.height });
      const rect = { x: topLeft.x, y: topLeft.y, width: bottomRight.x - topLeft.x, height: bottomRight.y - topLeft.y };
      return intersects(cover.box, rect);
    });
}

/** The times a new callout may start, best first: a title from the start of the video, others from the playhead. */
function candidateStarts(draft: CalloutDraft, existing: readonly Callout[], lengthMs: number, durationMs: number) {
  const latest = Math.max(0, durationMs - lengthMs);
  const ends = [...new Set(existing.map((c) => c.endMs))].sort((a, b) => a - b);
  const from = draft.kind === 'title' ? 0 : Math.min(Math.max(0, draft.atMs), latest);
  const later = ends.filter((t) => t > from);
  const earlier = [0, ...ends.filter((t) => t < from)].reverse();
  return [...new Set([from, ...later, ...earlier].map((t) => Math.min(t, latest)))];
}

/** The places a new callout may take at a start, best first (a label: towards the middle from its target first). */
function candidatePlaces(kind: CalloutKind, target: Point | null, scene: CalloutScene, startMs: number) {
  if (kind === 'caption') return CALLOUT_PLACEMENTS.caption;
  if (kind !== 'label' || !target) return [undefined];
  const first = labelPlacementToward(onCanvas(scene, startMs, target), scene.video);
  const flip = (p: string, a: string, b: string) => (p.includes(a) ? p.replace(a, b) : p.replace(b, a));
  const across = flip(first, 'left', 'right') as CalloutPlacement;
  const upDown = flip(first, 'above', 'below') as CalloutPlacement;
  return [first, across, upDown, flip(across, 'above', 'below') as CalloutPlacement];
}

/**
 * A new callout of `draft.kind`, placed where it covers no other callout shown at the same time, nor the element
 * clicked near then: a title at the start of the video (or the first free moment after it), a caption or label at
 * the playhead (or the next free moment, else the latest free one before it), at the first place of its kind that is
 * free (a caption at the foot, else the top; a label on the side of its target towards the middle, else another
 * side). It lasts CALLOUT.defaultDurationMs (or what the recording has), shortened to fit before a callout that
 * follows if it must (never under CALLOUT.minDurationMs). Where nothing is free without covering a clicked element,
 * that rule gives way first; where nothing is free at all, it goes at the first time and place. A label points where
 * the pointer is when it starts.
 */
export function placeCallout(existing: readonly Callout[], draft: CalloutDraft, scene: CalloutScene): Callout {
  const { durationMs } = scene;
  const lengthMs = Math.min(CALLOUT.defaultDurationMs, durationMs);
  const starts = candidateStarts(draft, existing, lengthMs, durationMs);
  const candidates = starts.flatMap((startMs) => {
    const target = draft.kind === 'label' ? (scene.pointerAt?.(startMs) ?? { x: 0.5, y: 0.5 }) : null;
    return candidatePlaces(draft.kind, target, scene, startMs).map((placement): Callout => {
      const callout: Callout = {
        id: draft.id,
        kind: draft.kind,
        text: draft.text,
        startMs,
        endMs: Math.min(durationMs, startMs + lengthMs),
        target,
      };
      return placement ? { ...callout, placement } : callout;
    });
  });
  const overlapped = (callout: Callout) => existing.filter((other) => calloutsOverlap(callout, other, scene));
  /** The candidate shortened to end before the callouts it would cover, when they all start after it. */
  const shortened = (callout: Callout): Callout | null => {
    const covered = overlapped(callout);
    if (covered.length === 0 || covered.some((other) => other.startMs <= callout.startMs)) return null;
    const endMs = Math.min(...covered.map((other) => other.startMs));
    if (endMs - callout.startMs < CALLOUT.minDurationMs) return null;
    const shorter = { ...callout, endMs };
    return overlapped(shorter).length === 0 ? shorter : null;
  };
  // Full length anywhere before shortened; the clicked element kept free before that rule gives way.
  for (const keepClicksFree of [true, false]) {
    for (const shorten of [false, true]) {
      for (const candidate of candidates) {
        const placed = shorten ? shortened(candidate) : overlapped(candidate).length === 0 ? candidate : null;
        if (placed && !(keepClicksFree && coversClickedElement(placed, scene))) return placed;
      }
    }
  }
  return candidates[0] as Callout;
}
