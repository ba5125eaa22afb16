import type { Rect } from '../geometry/geometry';
import type { Recording } from '../recording/recording';
import { burnedPointerRects, fillUnionFromBorder, type PixelPlane } from './burned-pointer';

/**
 * Where the burned-in pointer is erased, the pixels it covered are taken from a neighbouring source frame in which
 * that area was uncovered and the page unchanged (the true picture, text and all), else filled from around (a soft
 * smudge). The choice of frame comes from the track alone, so both painters (RGB and YUV planes) make the same one,
 * and a frame stays a pure function of the recording, the settings and the time.
 */
export const BURNED_POINTER_RESTORE = {
  /** How far from the frame's time a clean neighbour is looked for, ms. */
  searchMs: 1500,
  /** Candidate neighbours are this far apart (about a source frame), ms. */
  stepMs: 1000 / 30,
} as const;

type Track = Pick<Recording, 'video' | 'viewport' | 'cursor' | 'clicks' | 'scrolls' | 'typing' | 'shortcuts' | 'pages'>;

function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Whether something that changes the page's picture (a click, key, scroll or page load) happened in [from, to]. */
function pageChangedBetween(track: Track, from: number, to: number): boolean {
  const inside = (list: readonly { t: number }[]) => list.some((e) => e.t >= from && e.t <= to);
  return (
    inside(track.clicks) ||
    inside(track.scrolls) ||
    inside(track.typing) ||
    inside(track.shortcuts) ||
    inside(track.pages)
  );
}

/** Whether the frame at `candidate` shows `rect` without the pointer, with nothing on the page changed since t. */
export function showsClean(track: Track, t: number, candidate: number, rect: Rect): boolean {
  if (pageChangedBetween(track, Math.min(t, candidate), Math.max(t, candidate))) return false;
  return !burnedPointerRects(track, candidate).some((covered) => intersects(covered, rect));
}

/**
 * For each rectangle the burned-in pointer may cover at time t (burnedPointerRects), the source time, nearest to t
 * within `searchMs` (earlier first), whose frame shows that rectangle without the pointer and with nothing on the
 * page changed between the two times; null when there is none (the rectangle is filled from around).
 */
export function cleanSourceTimes(track: Track, t: number, rects: readonly Rect[]): (number | null)[] {
  const { searchMs, stepMs } = BURNED_POINTER_RESTORE;
  const found: (number | null)[] = rects.map(() => null);
  let open = rects.length;
  for (let k = 1; open > 0 && k * stepMs <= searchMs; k++) {
    for (const sign of [-1, 1]) {
      const candidate = t + sign * k * stepMs;
      if (candidate < 0 || candidate > track.video.durationMs) continue;
      if (pageChangedBetween(track, Math.min(t, candidate), Math.max(t, candidate))) continue;
      const covered = burnedPointerRects(track, candidate);
      rects.forEach((rect, index) => {
        if (found[index] !== null || covered.some((c) => intersects(c, rect))) return;
        found[index] = candidate;
        open--;
      });
    }
  }
  return found;
}

/** Copies the whole-pixel rectangle (x0, y0)–(x1, y1) of `source` into `target` (planes of the same size). */
export function copyRect(target: PixelPlane, source: PixelPlane, x0: number, y0: number, x1: number, y1: number) {
  const left = Math.max(0, Math.floor(x0));
  const top = Math.max(0, Math.floor(y0));
  const right = Math.min(target.width, source.width, Math.ceil(x1));
  const bottom = Math.min(target.height, source.height, Math.ceil(y1));
  for (let y = top; y < bottom; y++) {
    for (let x = left; x < right; x++) {
      target.data[target.offset + y * target.stride + x * target.step] =
        source.data[source.offset + y * source.stride + x * source.step] ?? 0;
    }
  }
}

/** A box in whole pixels of one plane, and the plane of the clean neighbour to take it from (null: fill it). */
export interface RestoreBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
  readonly from: PixelPlane | null;
}

/**
 * Restores `boxes` of `plane`: copied from their clean neighbour's plane when they have one, then the rest filled
 * from around (after the copies, so a fill next to a restored box reads true pixels at its border).
 */
export function restoreBoxes(plane: PixelPlane, boxes: readonly RestoreBox[]): void {
  for (const box of boxes) if (box.from) copyRect(plane, box.from, box.x0, box.y0, box.x1, box.y1);
  fillUnionFromBorder(
    plane,
    boxes.filter((box) => !box.from),
  );
}
