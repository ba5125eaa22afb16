/** A rectangle of whole pixels, (x0, y0) inclusive to (x1, y1) exclusive. */
export interface PixelBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * A region's pixels in a union of boxes, row by row (`width` a row): `masked` (1) for those in it, and for each of
 * them the nearest unmasked pixel on each side in its row (`left`, `right`: its x) and column (`up`, `down`: its y),
 * -1 for none; `filled` is room for the values fillUnionFromBorder computes for them.
 */
interface UnionMask {
  readonly masked: Uint8Array;
  readonly left: Int32Array;
  readonly right: Int32Array;
  readonly up: Int32Array;
  readonly down: Int32Array;
  readonly filled: Float32Array;
}

/** fillUnionFromBorder's working arrays, kept between calls: it runs on every played and exported frame. */
let scratch: UnionMask | null = null;

/** Working arrays for `size` pixels: nothing masked, no neighbour found yet. */
function fillScratch(size: number): UnionMask {
  if (!scratch || scratch.masked.length < size) {
    const length = Math.max(size, (scratch?.masked.length ?? 0) * 2);
    scratch = {
      masked: new Uint8Array(length),
      left: new Int32Array(length),
      right: new Int32Array(length),
      up: new Int32Array(length),
      down: new Int32Array(length),
      filled: new Float32Array(length),
    };
  }
  const { masked, left, right, up, down, filled } = scratch;
  masked.fill(0, 0, size);
  for (const side of [left, right, up, down]) side.fill(-1, 0, size);
  return { masked, left, right, up, down, filled };
}

/**
 * The mask of the union of `boxes` (whole pixels, inside `region`) over the pixels of `region`, indexed from its top
 * left corner. Valid until the next call: its arrays are reused.
 */
export function unionMask(boxes: readonly PixelBox[], region: PixelBox): UnionMask {
  const w = region.x1 - region.x0;
  const h = region.y1 - region.y0;
  const mask = fillScratch(w * h);
  const { masked, left, right, up, down } = mask;
  for (const b of boxes)
    for (let y = b.y0; y < b.y1; y++)
      masked.fill(1, (y - region.y0) * w + (b.x0 - region.x0), (y - region.y0) * w + (b.x1 - region.x0));
  // For every masked pixel, the nearest unmasked pixel on each side in its row and column (-1: none).
  for (let y = 0; y < h; y++) {
    let last = -1;
    for (let x = 0; x < w; x++) {
      if (masked[y * w + x]) left[y * w + x] = last;
      else last = x;
    }
    last = -1;
    for (let x = w - 1; x >= 0; x--) {
      if (masked[y * w + x]) right[y * w + x] = last;
      else last = x;
    }
  }
  for (let x = 0; x < w; x++) {
    let last = -1;
    for (let y = 0; y < h; y++) {
      if (masked[y * w + x]) up[y * w + x] = last;
      else last = y;
    }
    last = -1;
    for (let y = h - 1; y >= 0; y--) {
      if (masked[y * w + x]) down[y * w + x] = last;
      else last = y;
    }
  }
  return mask;
}
