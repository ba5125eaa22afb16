// How much the area where the burned-in pointer was erased differs from the same area of a clean frame: a trace of
// the pointer (a smudge where it was filled, a shape left over) is what differs there, beyond the codec's noise.
import type { Rect } from '../../shared/geometry/geometry';
import { lumaAt } from './line-profile';

/** A set of pixels of a `width`×`height` frame. */
export interface PixelMask {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
  readonly count: number;
}

/** The pixels of `rects` (frame pixels, rounded outwards), clipped to the frame. */
export function maskOf(rects: readonly Rect[], width: number, height: number): PixelMask {
  const pixels = new Uint8Array(width * height);
  for (const rect of rects) {
    const x0 = Math.max(0, Math.floor(rect.x));
    const y0 = Math.max(0, Math.floor(rect.y));
    const x1 = Math.min(width, Math.ceil(rect.x + rect.width));
    const y1 = Math.min(height, Math.ceil(rect.y + rect.height));
    for (let y = y0; y < y1; y++) if (x1 > x0) pixels.fill(1, y * width + x0, y * width + x1);
  }
  let count = 0;
  for (const p of pixels) count += p;
  return { width, height, pixels, count };
}

/**
 * Every pixel of the frame farther than `margin` px from `rects`: the page away from an erased pointer, where the
 * codec's noise of the same frame is measured (a key frame differs from a predicted one everywhere, a trace only in
 * `rects`).
 */
export function everywhereBut(rects: readonly Rect[], margin: number, width: number, height: number): PixelMask {
  const near = maskOf(
    rects.map((r) => ({
      x: r.x - margin,
      y: r.y - margin,
      width: r.width + 2 * margin,
      height: r.height + 2 * margin,
    })),
    width,
    height,
  );
  return { width, height, pixels: near.pixels.map((p) => 1 - p), count: width * height - near.count };
}

/** Two frames' difference over a mask. */
export interface AreaDifference {
  /** Mean absolute luma difference over the mask (0-255). */
  readonly mean: number;
  /** The largest mean absolute difference of an 8×8 block (on the 8-pixel grid) with at least 16 of its pixels in the mask. */
  readonly worstBlock: number;
}

/** How RGB frames `a` and `b` (the mask's size) differ in luma over `mask`. */
export function areaDifference(a: Uint8Array, b: Uint8Array, mask: PixelMask): AreaDifference {
  const { width, height, pixels } = mask;
  let sum = 0;
  let worstBlock = 0;
  for (let by = 0; by < height; by += 8) {
    for (let bx = 0; bx < width; bx += 8) {
      let blockSum = 0;
      let blockCount = 0;
      for (let y = by; y < Math.min(height, by + 8); y++) {
        for (let x = bx; x < Math.min(width, bx + 8); x++) {
          if (!pixels[y * width + x]) continue;
          const d = Math.abs(lumaAt(a, width, x, y) - lumaAt(b, width, x, y));
          blockSum += d;
          blockCount++;
        }
      }
      sum += blockSum;
      if (blockCount >= 16) worstBlock = Math.max(worstBlock, blockSum / blockCount);
    }
  }
  return { mean: mask.count > 0 ? sum / mask.count : 0, worstBlock };
}
