import { lastIndexAtOrBefore, type Rect } from '../geometry/geometry';
import type { Recording } from '../recording/recording';
import { type PixelBox, unionMask } from './union-mask';

export type { PixelBox } from './union-mask';

/**
 * The system pointer that Chromium's tab capture burns into the frames (Recording.video.pointerInVideo), and where
 * to erase it. The capture draws the pointer at the position of the window system's latest mouse event, the same
 * positions the content script records, but late by a delay that varies from frame to frame and grows with the
 * machine's load; it shows the pointer once it has moved 15 px and hides it 2 s after the last move, press or wheel
 * turn (Chromium's MouseCursorOverlayController). No capture path leaves it out: Chromium ignores the `cursor`
 * constraint. So the video is cleaned where the track says the pointer can be at each frame's time.
 */
export const BURNED_POINTER = {
  /**
   * The capture showed the pointer where the track had it up to this long before the frame's time. Measured with the
   * real OS pointer over every frame of three recordings (tests/browser/real-pointer.test.ts, headed Chromium 156
   * under Xvfb on a shared 2-core machine, one with two busy loops): median 85–105 ms, 90th percentile 100–125 ms,
   * at most 175 ms; the rest is margin for slower machines and for a decoded frame shown up to a frame after its time.
   */
  lagMs: 300,
  /**
   * ...and up to this long after: recording time starts when the recorder is handed its first frame, which comes
   * late on a loaded machine, so the frames' times run behind the track's and the pointer can show ahead of the
   * track (measured up to 50 ms and more in one recording on a machine with a load average of 20).
   */
  leadMs: 120,
  /** Chromium hides the pointer this long after the last move, press or wheel turn (its kIdleTimeout). */
  hideAfterMs: 2000,
  /**
   * The box the pointer's picture fills around its hotspot, CSS px: Chromium's and the usual desktop themes' arrow
   * (hotspot at its tip), hand (at the fingertip) and I-beam (in its middle) at 24 px, with a margin for
   * anti-aliasing and codec ringing. One box for every shape: the capture changes the shape late too, so a frame
   * can show the hand where the track already has the I-beam.
   */
  box: { left: -10, top: -14, right: 19, bottom: 27 },
} as const;

/** Positions closer than this (CSS px) share one box: boxes along a move overlap by most of their size. */
const BOX_SPACING_CSS = 6;

/**
 * Where the burned-in pointer can be in the frame at recording time `t`: boxes in normalized video coordinates
 * (0..1), one per distinct position the track held in the capture's delay window; empty when the video has no
 * pointer burned in or Chromium had hidden it.
 */
export function burnedPointerRects(
  recording: Pick<Recording, 'video' | 'viewport' | 'cursor' | 'clicks' | 'scrolls'>,
  t: number,
): Rect[] {
  if (recording.video.pointerInVideo !== true) return [];
  const samples = recording.cursor;
  const from = t - BURNED_POINTER.lagMs;
  const to = t + BURNED_POINTER.leadMs;
  const last = lastIndexAtOrBefore(samples, to, (s) => s.t);
  if (last < 0) return [];
  // The last move, press or wheel turn before the window's end: 2 s after it, Chromium hid the pointer.
  const lastClick = recording.clicks[lastIndexAtOrBefore(recording.clicks, to, (c) => c.t)]?.t ?? -Infinity;
  let lastWheel = Number.NEGATIVE_INFINITY;
  for (let i = lastIndexAtOrBefore(recording.scrolls, to, (s) => s.t); i >= 0; i--) {
    const scroll = recording.scrolls[i];
    if (!scroll || scroll.t < from - BURNED_POINTER.hideAfterMs) break;
    // Wheel turns only: a page scrolled by script or keys does not show the pointer.
    if (scroll.deltaX !== 0 || scroll.deltaY !== 0) {
      lastWheel = scroll.t;
      break;
    }
  }
  const lastActivity = Math.max(samples[last]?.t ?? -Infinity, lastClick, lastWheel);
  if (from - lastActivity > BURNED_POINTER.hideAfterMs) return [];
  const first = Math.max(
    0,
    lastIndexAtOrBefore(samples, from, (s) => s.t),
  );
  const { width, height } = recording.viewport;
  const rects: Rect[] = [];
  const box = BURNED_POINTER.box;
  let kept: { x: number; y: number } | null = null;
  for (let i = first; i <= last; i++) {
    const sample = samples[i];
    if (!sample) continue;
    const x = sample.x * width;
    const y = sample.y * height;
    if (kept && Math.hypot(x - kept.x, y - kept.y) < BOX_SPACING_CSS) continue;
    kept = { x, y };
    rects.push({
      x: (x + box.left) / width,
      y: (y + box.top) / height,
      width: (box.right - box.left) / width,
      height: (box.bottom - box.top) / height,
    });
  }
  return rects;
}

/** One plane of pixels: a byte array, where the plane starts, bytes between pixels and between rows. */
export interface PixelPlane {
  readonly data: Uint8Array | Uint8ClampedArray;
  readonly offset: number;
  readonly step: number;
  readonly stride: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Fills the whole-pixel rectangle (x0, y0)–(x1, y1) of `plane` from the pixels just outside it: each pixel is the
 * average of the four nearest border pixels in its row and column, weighted by nearness. Smooth across flat
 * backgrounds and gradients; over text it leaves a soft smudge where the pointer was. Borders outside the plane
 * are left out of the average.
 */
export function fillFromBorder(plane: PixelPlane, x0: number, y0: number, x1: number, y1: number): void {
  const { data, offset, step, stride, width, height } = plane;
  const left = Math.max(0, Math.floor(x0));
  const top = Math.max(0, Math.floor(y0));
  const right = Math.min(width, Math.ceil(x1));
  const bottom = Math.min(height, Math.ceil(y1));
  if (right <= left || bottom <= top) return;
  const at = (x: number, y: number) => offset + y * stride + x * step;
  const hasLeft = left > 0;
  const hasRight = right < width;
  const hasTop = top > 0;
  const hasBottom = bottom < height;
  if (!hasLeft && !hasRight && !hasTop && !hasBottom) return;
  // Borders are read before any pixel is written (the rectangle's own pixels are never read).
  const columnTop = new Float32Array(right - left);
  const columnBottom = new Float32Array(right - left);
  for (let x = left; x < right; x++) {
    columnTop[x - left] = hasTop ? (data[at(x, top - 1)] ?? 0) : 0;
    columnBottom[x - left] = hasBottom ? (data[at(x, bottom)] ?? 0) : 0;
  }
  for (let y = top; y < bottom; y++) {
    const rowLeft = hasLeft ? (data[at(left - 1, y)] ?? 0) : 0;
    const rowRight = hasRight ? (data[at(right, y)] ?? 0) : 0;
    const wTop = hasTop ? 1 / (y - top + 1) : 0;
    const wBottom = hasBottom ? 1 / (bottom - y) : 0;
    for (let x = left; x < right; x++) {
      const wLeft = hasLeft ? 1 / (x - left + 1) : 0;
      const wRight = hasRight ? 1 / (right - x) : 0;
      const sum =
        wLeft * rowLeft +
        wRight * rowRight +
        wTop * (columnTop[x - left] as number) +
        wBottom * (columnBottom[x - left] as number);
      data[at(x, y)] = Math.round(sum / (wLeft + wRight + wTop + wBottom));
    }
  }
}

/** `rect` (normalized) in whole pixels of a `width`×`height` picture, rounded outwards. */
export function pixelBox(
  rect: Rect,
  width: number,
  height: number,
): { x0: number; y0: number; x1: number; y1: number } {
  return {
    x0: Math.floor(rect.x * width),
    y0: Math.floor(rect.y * height),
    x1: Math.ceil((rect.x + rect.width) * width),
    y1: Math.ceil((rect.y + rect.height) * height),
  };
}

/** `boxes` rounded outwards to whole pixels and clipped to a `width`×`height` plane, the empty ones left out. */
function clippedBoxes(boxes: readonly PixelBox[], width: number, height: number): PixelBox[] {
  return boxes
    .map((b) => ({
      x0: Math.max(0, Math.floor(b.x0)),
      y0: Math.max(0, Math.floor(b.y0)),
      x1: Math.min(width, Math.ceil(b.x1)),
      y1: Math.min(height, Math.ceil(b.y1)),
    }))
    .filter((b) => b.x1 > b.x0 && b.y1 > b.y0);
}

/**
 * Fills the union of `boxes` of `plane` from the pixels just outside it, as fillFromBorder fills one rectangle (the
 * same result for a single box): each pixel is the average of the nearest pixels outside the union in its row and
 * column, weighted by nearness. Only pixels outside the union are read, so where boxes overlap along a move no box
 * is filled from another's pointer pixels or fill (which drew streaks and dashes).
 */
export function fillUnionFromBorder(plane: PixelPlane, boxes: readonly PixelBox[]): void {
  const { data, offset, step, stride, width, height } = plane;
  const clipped = clippedBoxes(boxes, width, height);
  if (clipped.length === 0) return;
  // The region read and written: the union's bounds with a one-pixel border where the plane has one.
  const rx0 = Math.max(0, Math.min(...clipped.map((b) => b.x0)) - 1);
  const ry0 = Math.max(0, Math.min(...clipped.map((b) => b.y0)) - 1);
  const rx1 = Math.min(width, Math.max(...clipped.map((b) => b.x1)) + 1);
  const ry1 = Math.min(height, Math.max(...clipped.map((b) => b.y1)) + 1);
  const w = rx1 - rx0;
  const h = ry1 - ry0;
  const { masked, left, right, up, down, filled } = unionMask(clipped, { x0: rx0, y0: ry0, x1: rx1, y1: ry1 });
  const value = (x: number, y: number) => data[offset + (y + ry0) * stride + (x + rx0) * step] ?? 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!masked[i]) continue;
      // Written out, without a closure per pixel: this runs for every pointer pixel of every played frame.
      let sum = 0;
      let weights = 0;
      const l = left[i] as number;
      const r = right[i] as number;
      const u = up[i] as number;
      const d = down[i] as number;
      if (l >= 0) {
        sum += value(l, y) / (x - l);
        weights += 1 / (x - l);
      }
      if (r >= 0) {
        sum += value(r, y) / (r - x);
        weights += 1 / (r - x);
      }
      if (u >= 0) {
        sum += value(x, u) / (y - u);
        weights += 1 / (y - u);
      }
      if (d >= 0) {
        sum += value(x, d) / (d - y);
        weights += 1 / (d - y);
      }
      filled[i] = weights > 0 ? sum / weights : value(x, y);
    }
  }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (masked[y * w + x]) data[offset + (y + ry0) * stride + (x + rx0) * step] = Math.round(filled[y * w + x] ?? 0);
}
