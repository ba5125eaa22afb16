// Which neighbouring source frames restore what the burned-in pointer covers, and what to cut from them: chosen from
// the track and the frames' timestamps alone (burned-pointer-restore.ts restores the pixels).
import type { Rect } from '../geometry/geometry';
import type { Recording } from '../recording/recording';
import { burnedPointerRects, pixelBox } from './burned-pointer';

/**
 * Where the burned-in pointer is erased, the pixels it covered are taken from a neighbouring source frame in which
 * that area was uncovered and the page unchanged (the true picture, text and all), else filled from around (a soft
 * smudge). The choice of frame comes from the track and the frames' timestamps alone, so every painter (RGB and YUV
 * planes, any worker) makes the same one, and a frame stays a pure function of the recording, the settings, the
 * time and the source frames. A painter still checks the neighbour against the frame around the boxes (the page can
 * change without a click, a hovered button looks other than one the pointer left) and fills where it differs.
 */
export const BURNED_POINTER_RESTORE = {
  /** How far from the frame's time a clean neighbour is looked for, ms. */
  searchMs: 1500,
  /** Candidate neighbours are this far apart (about a source frame) when the frames' own times are not known, ms. */
  stepMs: 1000 / 30,
  /** A neighbour's pixels are cut this far (source px) around the boxes they restore: the ring they are checked on. */
  ringPx: 3,
  /**
   * A neighbour is used only where it matches the frame on that ring within this mean difference (0-255, per
   * plane): above a video codec's noise between two frames of a still page (1-3), below what a hover or any other
   * change of the page makes.
   */
  matchLevels: 6,
} as const;

type Track = Pick<Recording, 'video' | 'viewport' | 'cursor' | 'clicks' | 'scrolls' | 'typing' | 'shortcuts' | 'pages'>;

function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Whether something that changes the page's picture (a click, key, scroll or page load) happened in [from, to]; with
 * `clicks: false`, a click does not count (see cleanSourceTimes).
 */
function pageChangedBetween(track: Track, from: number, to: number, { clicks = true } = {}): boolean {
  const inside = (list: readonly { t: number }[]) => list.some((e) => e.t >= from && e.t <= to);
  return (
    (clicks && inside(track.clicks)) ||
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
 * The candidate neighbours of the frame at t, nearest first (earlier first at equal distance), within `searchMs`:
 * the source frames' own times when given (sorted, ms), else a grid a frame apart.
 */
function candidatesAround(t: number, durationMs: number, frameTimes?: readonly number[]): number[] {
  const { searchMs, stepMs } = BURNED_POINTER_RESTORE;
  if (!frameTimes) {
    const grid: number[] = [];
    for (let k = 1; k * stepMs <= searchMs; k++) {
      for (const sign of [-1, 1]) {
        const candidate = t + sign * k * stepMs;
        if (candidate >= 0 && candidate <= durationMs) grid.push(candidate);
      }
    }
    return grid;
  }
  return frameTimes
    .filter((time) => Math.abs(time - t) <= searchMs && Math.abs(time - t) > 0.5)
    .sort((a, b) => Math.abs(a - t) - Math.abs(b - t) || a - b);
}

/**
 * For each rectangle the burned-in pointer may cover at time t (burnedPointerRects), the source time, nearest to t
 * within `searchMs` (earlier first), whose frame shows that rectangle without the pointer and with nothing on the
 * page changed between the two times; null when there is none (the rectangle is filled from around). Candidates are
 * the source frames' times (`frameTimes`, ms, sorted) when given, else a grid a frame apart.
 *
 * A click changes the page somewhere, seldom under the pointer alone: where no frame on the click's side shows a
 * rectangle clean (the pointer rests on what it clicked for longer than the search reaches), a frame across the
 * click may, never across a scroll, key or page load. The painter's check on the ring around the boxes then keeps it
 * only where the page there looks the same (a pressed button, a highlighted row is filled instead): a smudge over
 * the clicked element's text was what a click that changed the page left before.
 */
export function cleanSourceTimes(
  track: Track,
  t: number,
  rects: readonly Rect[],
  frameTimes?: readonly number[],
): (number | null)[] {
  const found: (number | null)[] = rects.map(() => null);
  let open = rects.length;
  const candidates = candidatesAround(t, track.video.durationMs, frameTimes);
  for (const clicks of [true, false]) {
    for (const candidate of candidates) {
      if (open === 0) return found;
      if (pageChangedBetween(track, Math.min(t, candidate), Math.max(t, candidate), { clicks })) continue;
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

/** What to cut from one neighbouring source frame for the frame at `forMs`: a box, and the rectangles it restores. */
export interface PatchCut {
  /** The source frame the pixels come from (its time, ms) and the frame they go into. */
  readonly fromMs: number;
  readonly forMs: number;
  /** Where to cut, in whole pixels of the source frame, on even pixels (4:2:0 chroma lines up): the boxes and a ring. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The rectangles (normalized video, of the frame's burnedPointer) these pixels restore. */
  readonly rects: readonly Rect[];
}

/**
 * What the frame of source time `forMs` needs cut from its clean neighbours (a `width`×`height` video, frames at
 * `frameTimes`, ms, sorted): one cut per neighbour, around the rectangles it shows clean. Empty when the video has
 * no pointer burned in then; rectangles no neighbour shows clean are filled from around.
 */
export function patchCuts(
  track: Track,
  forMs: number,
  frameTimes: readonly number[],
  size: { readonly width: number; readonly height: number },
): PatchCut[] {
  const rects = burnedPointerRects(track, forMs);
  if (rects.length === 0) return [];
  const clean = cleanSourceTimes(track, forMs, rects, frameTimes);
  const groups = new Map<number, Rect[]>();
  rects.forEach((rect, i) => {
    const from = clean[i];
    if (from === null || from === undefined) return;
    const group = groups.get(from) ?? [];
    group.push(rect);
    groups.set(from, group);
  });
  const ring = BURNED_POINTER_RESTORE.ringPx;
  return [...groups].flatMap(([fromMs, group]) => {
    const boxes = group.map((rect) => pixelBox(rect, size.width, size.height));
    const x0 = Math.max(0, Math.floor((Math.min(...boxes.map((b) => b.x0)) - ring) / 2) * 2);
    const y0 = Math.max(0, Math.floor((Math.min(...boxes.map((b) => b.y0)) - ring) / 2) * 2);
    const x1 = Math.min(size.width - (size.width % 2), Math.ceil((Math.max(...boxes.map((b) => b.x1)) + ring) / 2) * 2);
    const y1 = Math.min(
      size.height - (size.height % 2),
      Math.ceil((Math.max(...boxes.map((b) => b.y1)) + ring) / 2) * 2,
    );
    if (x1 <= x0 || y1 <= y0) return [];
    return [{ fromMs, forMs, x: x0, y: y0, width: x1 - x0, height: y1 - y0, rects: group }];
  });
}
