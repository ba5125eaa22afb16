import type { Rect } from '../../shared/geometry/geometry';

/**
 * Finds cursors in decoded frames of the real-pointer page (tests/fixtures/pages/real-pointer-page.ts), which has only
 * saturated colours: a cursor (the system pointer tab capture burns in, or ours) is what is black or white there.
 * Chromium's arrow, hand and I-beam pointers are black outlined in white (or white outlined in black), and so is ours.
 */
export function isCursorPixel(r: number, g: number, b: number): boolean {
  // biome-ignore lint/complexity/useMathMinMax: this runs for every pixel of every frame a test reads; comparisons ran twice as fast as Math.max/min on 1080p frames
  const max = r > g ? (r > b ? r : b) : g > b ? g : b;
  // biome-ignore lint/complexity/useMathMinMax: as above
  const min = r < g ? (r < b ? r : b) : g < b ? g : b;
  return max - min < 60 && (max < 80 || min > 185);
}

/** Cursor pixels that touch each other (gaps under 3 px): how many, and their bounding box (frame pixels). */
export interface CursorBlob {
  readonly count: number;
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

function inside(rect: Rect, x: number, y: number): boolean {
  return x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height;
}

/**
 * The blobs of cursor pixels of an RGB frame inside `region` and outside every rect of `exclude`, largest first,
 * each of at least `minCount` pixels (codec noise at a stray edge is a pixel or two; the smallest pointer, the I-beam,
 * has over 30).
 */
export function findCursorBlobs(
  frame: Uint8Array,
  width: number,
  region: Rect,
  exclude: readonly Rect[] = [],
  minCount = 8,
): CursorBlob[] {
  const x0 = Math.max(0, Math.ceil(region.x));
  const y0 = Math.max(0, Math.ceil(region.y));
  const x1 = Math.min(width, Math.floor(region.x + region.width));
  const y1 = Math.floor(region.y + region.height);
  const w = x1 - x0;
  const h = y1 - y0;
  if (w <= 0 || h <= 0) return [];
  const mask = new Uint8Array(w * h);
  const found: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0, i = (y * width + x0) * 3; x < x1; x++, i += 3) {
      if (!isCursorPixel(frame[i] ?? 0, frame[i + 1] ?? 0, frame[i + 2] ?? 0)) continue;
      if (exclude.some((rect) => inside(rect, x, y))) continue;
      mask[(y - y0) * w + (x - x0)] = 1;
      found.push((y - y0) * w + (x - x0));
    }
  }
  const blobs: CursorBlob[] = [];
  const stack: number[] = [];
  for (const seed of found) {
    if (mask[seed] !== 1) continue;
    mask[seed] = 2;
    stack.push(seed);
    let count = 0;
    let left = Infinity;
    let top = Infinity;
    let right = -Infinity;
    let bottom = -Infinity;
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const x = at % w;
      const y = (at - x) / w;
      count++;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const n = ny * w + nx;
          if (mask[n] === 1) {
            mask[n] = 2;
            stack.push(n);
          }
        }
      }
    }
    if (count >= minCount)
      blobs.push({ count, left: left + x0, top: top + y0, right: right + x0, bottom: bottom + y0 });
  }
  return blobs.sort((a, b) => b.count - a.count);
}

/**
 * The blobs grouped into cursors: each blob joins the cursor of a bigger one less than `gap` px away (an I-beam's
 * black-and-white serifs are apart, its grey stem between them is not a cursor pixel). Largest first.
 */
export function groupIntoCursors(blobs: readonly CursorBlob[], gap: number): CursorBlob[] {
  const groups: CursorBlob[] = [];
  for (const blob of blobs) {
    const index = groups.findIndex(
      (g) =>
        blob.left - g.right <= gap &&
        g.left - blob.right <= gap &&
        blob.top - g.bottom <= gap &&
        g.top - blob.bottom <= gap,
    );
    const group = groups[index];
    if (!group) {
      groups.push(blob);
      continue;
    }
    groups[index] = {
      count: group.count + blob.count,
      left: Math.min(group.left, blob.left),
      top: Math.min(group.top, blob.top),
      right: Math.max(group.right, blob.right),
      bottom: Math.max(group.bottom, blob.bottom),
    };
  }
  return groups;
}
