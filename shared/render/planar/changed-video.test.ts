import { describe, expect, it } from 'vitest';
import type { Rect } from '../../geometry/geometry';
import { CHANGE_BAND_ROWS, changedRegions, halved, sourceRead, unionColumns, videoPartsShowing } from './changed-video';
import type { PixelRect } from './kernels';

/** A small deterministic generator (tests must not change between runs). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

/** The source pixels (one axis) destination pixel `i` reads, as the scale kernel samples. */
function taps(origin: number, step: number, i: number, length: number): [number, number] {
  const x = Math.min(Math.max(origin + (i + 0.5) * step - 0.5, 0), length - 1);
  const left = Math.min(Math.floor(x), Math.max(0, length - 2));
  return [left, left + 1];
}

/** A camera view inside the video: unzoomed three times in ten, else zoomed up to `maxZoom`. */
function randomView(next: () => number, maxZoom: number): Rect {
  const zoom = next() < 0.3 ? 1 : 1 + next() * (maxZoom - 1);
  return { x: ((zoom - 1) / zoom) * next(), y: ((zoom - 1) / zoom) * next(), width: 1 / zoom, height: 1 / zoom };
}

function reads(taps: [number, number], start: number, end: number): boolean {
  return taps[1] >= start && taps[0] < end;
}

function inside(x: number, y: number, rects: readonly PixelRect[]): boolean {
  return rects.some((r) => x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height);
}

const half = (r: PixelRect): PixelRect => {
  const x = Math.floor(r.x / 2);
  const y = Math.floor(r.y / 2);
  return { x, y, width: Math.ceil((r.x + r.width) / 2) - x, height: Math.ceil((r.y + r.height) / 2) - y };
};

describe('the parts of the video a source change reaches', () => {
  it('are bands of changed columns, joined while consecutive and overlapping', () => {
    const bands = unionColumns(
      [null, { start: 10, end: 20 }, { start: 15, end: 40 }, { start: 100, end: 120 }, null, { start: 0, end: 4 }],
      [null, null, { start: 30, end: 50 }],
    );
    expect(changedRegions(bands, 90)).toEqual([
      { x: 10, y: CHANGE_BAND_ROWS, width: 40, height: 2 * CHANGE_BAND_ROWS },
      { x: 100, y: 3 * CHANGE_BAND_ROWS, width: 20, height: CHANGE_BAND_ROWS },
      // The last band is cut at the source's height.
      { x: 0, y: 5 * CHANGE_BAND_ROWS, width: 4, height: 90 - 5 * CHANGE_BAND_ROWS },
    ]);
  });

  it('in a halved source, cover the halved pixels made from changed ones', () => {
    expect(halved([{ x: 5, y: 8, width: 3, height: 9 }], 0)).toEqual([{ x: 5, y: 8, width: 3, height: 9 }]);
    // Pixels 5-7 feed halved pixels 2-3, and quarter pixels 1; rows 8-16 feed halved 4-8, quarter 2-4.
    expect(halved([{ x: 5, y: 8, width: 3, height: 9 }], 1)).toEqual([{ x: 2, y: 4, width: 2, height: 5 }]);
    expect(halved([{ x: 5, y: 8, width: 3, height: 9 }], 2)).toEqual([{ x: 1, y: 2, width: 1, height: 3 }]);
  });

  it('hold every luma and chroma pixel whose samples read a changed source pixel (zoomed, shrunk, odd edges)', () => {
    const next = random(7);
    const source = { width: 240, height: 136 };
    for (let round = 0; round < 400; round++) {
      const width = 40 + Math.floor(next() * 260);
      const height = 30 + Math.floor(next() * 160);
      const dest = { x: Math.floor(next() * 9), y: Math.floor(next() * 9), width, height };
      const view = randomView(next, 3);
      // A chroma change (in chroma pixels), counted in luma pixels as the painter counts it; near the edges at times.
      const cx = next() < 0.2 ? 0 : Math.floor(next() * 115);
      const cy = next() < 0.2 ? 67 : Math.floor(next() * 64);
      const chroma = { x: cx, y: cy, width: 1 + Math.floor(next() * 4), height: 1 };
      const region = { x: 2 * chroma.x, y: 2 * chroma.y, width: 2 * chroma.width, height: 2 * chroma.height };
      const parts = videoPartsShowing([region], view, source, dest);
      const stepX = (view.width * source.width) / dest.width;
      const stepY = (view.height * source.height) / dest.height;
      const x0 = view.x * source.width;
      const y0 = view.y * source.height;
      for (const part of parts) {
        expect(part.x).toBeGreaterThanOrEqual(dest.x);
        expect(part.y).toBeGreaterThanOrEqual(dest.y);
        expect(part.x + part.width).toBeLessThanOrEqual(dest.x + dest.width);
        expect(part.y + part.height).toBeLessThanOrEqual(dest.y + dest.height);
      }
      for (let j = 0; j < height; j++) {
        if (!reads(taps(y0, stepY, j, source.height), region.y, region.y + region.height)) continue;
        for (let i = 0; i < width; i++) {
          if (!reads(taps(x0, stepX, i, source.width), region.x, region.x + region.width)) continue;
          expect(inside(dest.x + i, dest.y + j, parts), `luma ${i},${j} of round ${round}`).toBe(true);
        }
      }
      // Chroma pixels, mapped as the planar painter maps them.
      const chromaRect = half(dest);
      const chromaParts = parts.map(half);
      const origin = {
        x: (x0 + (2 * chromaRect.x - dest.x) * stepX) / 2,
        y: (y0 + (2 * chromaRect.y - dest.y) * stepY) / 2,
      };
      for (let j = 0; j < chromaRect.height; j++) {
        if (!reads(taps(origin.y, stepY, j, source.height / 2), chroma.y, chroma.y + chroma.height)) continue;
        for (let i = 0; i < chromaRect.width; i++) {
          if (!reads(taps(origin.x, stepX, i, source.width / 2), chroma.x, chroma.x + chroma.width)) continue;
          expect(inside(chromaRect.x + i, chromaRect.y + j, chromaParts), `chroma ${i},${j} of round ${round}`).toBe(
            true,
          );
        }
      }
    }
  });

  it('come only from the source the view reads: a change outside it reaches no pixel of the picture', () => {
    const next = random(11);
    for (let round = 0; round < 300; round++) {
      const source = { width: 60 + Math.floor(next() * 200), height: 40 + Math.floor(next() * 120) };
      const halvings = Math.floor(next() * 3);
      const view = randomView(next, 4);
      const dest = { width: 20 + Math.floor(next() * 200), height: 20 + Math.floor(next() * 150) };
      const read = sourceRead(view, source, halvings);
      expect(read.x % 2).toBe(0);
      expect(read.y % CHANGE_BAND_ROWS).toBe(0);
      expect(read.y + read.height === source.height || (read.y + read.height) % CHANGE_BAND_ROWS === 0).toBe(true);
      // Every source pixel (luma, and the luma pixels under each chroma pixel) that a destination pixel's taps
      // read through the halved levels, as the painter maps them.
      const factor = 2 ** halvings;
      const check = (axis: 'x' | 'y', length: number, destLength: number, chroma: boolean) => {
        const scale = chroma ? 2 : 1;
        let level = chroma ? Math.ceil(length / 2) : length;
        for (let h = 0; h < halvings; h++) level = Math.max(1, level >> 1);
        const step = ((axis === 'x' ? view.width : view.height) * level) / (chroma ? destLength / 2 : destLength);
        const origin = (axis === 'x' ? view.x : view.y) * level;
        const start = axis === 'x' ? read.x : read.y;
        const end = start + (axis === 'x' ? read.width : read.height);
        let first = length;
        let last = 0;
        for (let i = 0; i < (chroma ? Math.ceil(destLength / 2) : destLength); i++) {
          const [left, right] = taps(origin, step, i, level);
          first = Math.min(first, left * factor * scale);
          last = Math.max(last, Math.min(length, (right + 1) * factor * scale) - 1);
        }
        expect(first, `${axis} of round ${round}`).toBeGreaterThanOrEqual(start);
        expect(last, `${axis} of round ${round}`).toBeLessThan(end);
      };
      check('x', source.width, dest.width, false);
      check('y', source.height, dest.height, false);
      check('x', source.width, dest.width, true);
      check('y', source.height, dest.height, true);
    }
  });
});
