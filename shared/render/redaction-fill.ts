import type { RedactionStyle } from '../redaction/redaction';
import type { PixelPlane } from './burned-pointer';

/** Smallest cell, in pixels of the plane: below it text could still be read. */
const MIN_CELL = 4;

/**
 * The cell a box is averaged in: half its shorter side, so a line of text (about half a field's height) never keeps
 * a letter's shape: each cell holds whole letters or more.
 */
export function redactionCell(width: number, height: number): number {
  return Math.max(MIN_CELL, Math.ceil(Math.min(width, height) / 2));
}

/**
 * Hides the whole-pixel rectangle (x0, y0)–(x1, y1) of `plane`: the rectangle is cut into cells, each averaged;
 * 'pixelate' fills each cell with its average, 'blur' blends smoothly between the cells' averages (bilinear between
 * their centres). Nothing of the rectangle's detail finer than a cell is left. Linear in the pixels, so it commutes
 * with the colour conversion: the RGB and the YUV painter hide alike.
 */
export function obscurePlane(
  plane: PixelPlane,
  rect: { x0: number; y0: number; x1: number; y1: number },
  style: RedactionStyle,
): void {
  const { data, offset, step, stride } = plane;
  const left = Math.max(0, Math.floor(rect.x0));
  const top = Math.max(0, Math.floor(rect.y0));
  const right = Math.min(plane.width, Math.ceil(rect.x1));
  const bottom = Math.min(plane.height, Math.ceil(rect.y1));
  const width = right - left;
  const height = bottom - top;
  if (width <= 0 || height <= 0) return;
  const cell = redactionCell(width, height);
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const sums = new Float64Array(columns * rows);
  const counts = new Uint32Array(columns * rows);
  for (let y = top; y < bottom; y++) {
    const row = ((y - top) / cell) | 0;
    for (let x = left; x < right; x++) {
      const index = row * columns + (((x - left) / cell) | 0);
      sums[index] = (sums[index] as number) + (data[offset + y * stride + x * step] as number);
      counts[index] = (counts[index] as number) + 1;
    }
  }
  const means = sums.map((sum, index) => sum / Math.max(1, counts[index] as number));
  const mean = (column: number, row: number) => means[row * columns + column] as number;
  for (let y = top; y < bottom; y++) {
    const row = ((y - top) / cell) | 0;
    // Position between cell centres, for the blur.
    const fy = Math.min(rows - 1, Math.max(0, (y - top + 0.5) / cell - 0.5));
    const r0 = Math.floor(fy);
    const r1 = Math.min(rows - 1, r0 + 1);
    const ay = fy - r0;
    for (let x = left; x < right; x++) {
      let value: number;
      if (style === 'pixelate') {
        value = mean(((x - left) / cell) | 0, row);
      } else {
        const fx = Math.min(columns - 1, Math.max(0, (x - left + 0.5) / cell - 0.5));
        const c0 = Math.floor(fx);
        const c1 = Math.min(columns - 1, c0 + 1);
        const ax = fx - c0;
        const upper = mean(c0, r0) * (1 - ax) + mean(c1, r0) * ax;
        const lower = mean(c0, r1) * (1 - ax) + mean(c1, r1) * ax;
        value = upper * (1 - ay) + lower * ay;
      }
      data[offset + y * stride + x * step] = Math.round(value);
    }
  }
}
