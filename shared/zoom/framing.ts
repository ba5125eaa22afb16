import { clamp } from '../geometry/geometry';
import type { Box, Recording } from '../recording/recording';

/** How the camera frames an element that was clicked or typed into. */
export const FRAMING = {
  /** The framed box fills at most this fraction of the view across its larger side; the rest is margin. */
  fill: 0.6,
  /**
   * A box the camera could not zoom into by at least this much (something about the size of the page) is not
   * zoomed into at all.
   */
  minScale: 1.25,
  /** When the camera moves to show a box, it keeps this fraction of the view as margin on each side when it can. */
  inset: 0.1,
  /** After a click the camera keeps the clicked element in view this long before it follows the cursor away. */
  keepAfterMs: 400,
} as const;

/** `box` clipped to the video; null when nothing of it is on screen or it has no size. */
export function clipBox(box: Box): Box | null {
  const x = clamp(box.x, 0, 1);
  const y = clamp(box.y, 0, 1);
  const right = clamp(box.x + box.width, 0, 1);
  const bottom = clamp(box.y + box.height, 0, 1);
  if (right - x <= 0 || bottom - y <= 0) return null;
  return { x, y, width: right - x, height: bottom - y };
}

/** The zoom that shows `box` with its margin (view sizes are fractions of the video on both axes). */
export function fitScale(box: Box): number {
  return FRAMING.fill / Math.max(box.width, box.height, 1e-6);
}

/** The part of `box` on screen when it is worth zooming into (not the size of the page), else null. */
export function framedBox(box: Box | undefined | null): Box | null {
  const clipped = box ? clipBox(box) : null;
  return clipped && fitScale(clipped) >= FRAMING.minScale ? clipped : null;
}

/** Something the camera should show whole at time `t`: a clicked element, or the field being typed into. */
export interface FramingTarget {
  readonly t: number;
  readonly box: Box;
}

/** The focused field's box at time t, if a field had the focus. */
export function fieldBoxAt(recording: Pick<Recording, 'fields'>, t: number): Box | null {
  let found: Box | null = null;
  for (const entry of recording.fields ?? []) {
    if (entry.t > t) break;
    found = entry.box;
  }
  return found;
}

/**
 * What the camera frames between `from` and `to`: every click there on an element worth zooming into, and the
 * field typed into at each typing key (one target per box), sorted by time. Empty for recordings without boxes.
 */
export function framingTargets(recording: Recording, from: number, to: number): FramingTarget[] {
  const targets: FramingTarget[] = [];
  for (const c of recording.clicks) {
    if (c.t < from || c.t > to) continue;
    const box = framedBox(c.box);
    if (box) targets.push({ t: c.t, box });
  }
  if (recording.fields && recording.fields.length > 0) {
    let last: Box | null = null;
    for (const key of recording.typing) {
      if (key.t < from || key.t > to) continue;
      const box = framedBox(fieldBoxAt(recording, key.t));
      if (box && !(last && sameBox(box, last))) targets.push({ t: key.t, box });
      last = box;
    }
  }
  return targets.sort((a, b) => a.t - b.t);
}

function sameBox(a: Box, b: Box): boolean {
  return Math.abs(a.x - b.x) + Math.abs(a.y - b.y) + Math.abs(a.width - b.width) + Math.abs(a.height - b.height) < 1e-3;
}

/**
 * The view centre nearest `centre` (one axis) that shows the span [start, start + size] whole in a view of half-size
 * `half`, with the inset margin when it fits; centred on the span when it does not fit.
 */
function containAxis(centre: number, start: number, size: number, half: number): number {
  const inset = Math.min(FRAMING.inset * 2 * half, Math.max(0, half - size / 2));
  const low = start + size - half + inset;
  const high = start + half - inset;
  if (low > high) return start + size / 2;
  return clamp(centre, low, high);
}

/** The view centre nearest `centre` that shows `box` whole (see containAxis). */
export function containBox(centre: { x: number; y: number }, box: Box, half: number): { x: number; y: number } {
  return { x: containAxis(centre.x, box.x, box.width, half), y: containAxis(centre.y, box.y, box.height, half) };
}
