import type { Rect } from '../../geometry/geometry';
import type { PixelRect } from './planes';

/**
 * Which parts of the video rectangle a change between two source frames reaches. A screen recording mostly
 * changes in places (a spinner, a caret, a typed word) while the camera holds still; the planar painter then
 * scales only those parts again, and each part comes out exactly as drawing the whole would make it.
 */

/** Luma rows per band in which changes are located (chroma bands are half as tall). */
export const CHANGE_BAND_ROWS = 16;

/** Above this share of the video rectangle, scaling the whole is cheaper than scaling its changed parts. */
export const MOST_OF_THE_VIDEO = 0.5;

/** Source pixels around a change counted with it: bilinear's second tap, and a chroma pixel's 2x2 luma pixels. */
const SOURCE_MARGIN = 4;

/** A band's changed columns, in source luma pixels (end exclusive); null when the band did not change. */
export type ChangedColumns = { readonly start: number; readonly end: number } | null;

/** Column ranges of the same bands, united (the luma's and the chroma's, say). */
export function unionColumns(...bands: readonly ChangedColumns[][]): ChangedColumns[] {
  const length = Math.max(0, ...bands.map((b) => b.length));
  return Array.from({ length }, (_, band) => {
    const ranges = bands.flatMap((b) => b[band] ?? []);
    if (ranges.length === 0) return null;
    return { start: Math.min(...ranges.map((r) => r.start)), end: Math.max(...ranges.map((r) => r.end)) };
  });
}

/**
 * The changed regions of a source of `height` rows, from its bands' changed columns: consecutive changed bands
 * whose columns overlap form one rectangle.
 */
export function changedRegions(bands: readonly ChangedColumns[], height: number): Rect[] {
  const regions: Rect[] = [];
  let open: { x0: number; x1: number; y0: number; y1: number } | null = null;
  for (const [band, columns] of bands.entries()) {
    const y0 = band * CHANGE_BAND_ROWS;
    if (open && (!columns || open.y1 !== y0 || columns.start > open.x1 || open.x0 > columns.end)) {
      regions.push({ x: open.x0, y: open.y0, width: open.x1 - open.x0, height: open.y1 - open.y0 });
      open = null;
    }
    if (!columns) continue;
    const y1 = Math.min(height, y0 + CHANGE_BAND_ROWS);
    open = open
      ? { x0: Math.min(open.x0, columns.start), x1: Math.max(open.x1, columns.end), y0: open.y0, y1 }
      : { x0: columns.start, x1: columns.end, y0, y1 };
  }
  if (open) regions.push({ x: open.x0, y: open.y0, width: open.x1 - open.x0, height: open.y1 - open.y0 });
  return regions;
}

/**
 * The source pixels (luma) the camera `view` (normalized) reads from a source of `source` size drawn from `halvings`
 * halvings of it, with the margin a change reaches by: what lies outside cannot change the picture, so it is not
 * compared. Rows start and end on band edges (so bands keep their numbers), columns on even pixels (whole chroma).
 */
export function sourceRead(
  view: Rect,
  source: { readonly width: number; readonly height: number },
  halvings: number,
): PixelRect {
  const margin = (SOURCE_MARGIN + 2) * 2 ** halvings;
  const x0 = Math.max(0, Math.floor((view.x * source.width - margin) / 2) * 2);
  const x1 = Math.min(source.width, Math.ceil(((view.x + view.width) * source.width + margin) / 2) * 2);
  const y0 = Math.max(0, Math.floor((view.y * source.height - margin) / CHANGE_BAND_ROWS) * CHANGE_BAND_ROWS);
  const y1 = Math.min(
    source.height,
    Math.ceil(((view.y + view.height) * source.height + margin) / CHANGE_BAND_ROWS) * CHANGE_BAND_ROWS,
  );
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** `regions` of a source in pixels of that source halved `halvings` times (a halved pixel is 2x2 of the level above). */
export function halved(regions: readonly Rect[], halvings: number): Rect[] {
  const factor = 2 ** halvings;
  return regions.map((r) => {
    const x = Math.floor(r.x / factor);
    const y = Math.floor(r.y / factor);
    return { x, y, width: Math.ceil((r.x + r.width) / factor) - x, height: Math.ceil((r.y + r.height) / factor) - y };
  });
}

/**
 * The destination pixels (from `first`, up to `end`) whose samples read the changed source pixels from
 * `changeStart` up to `changeEnd` (one axis; the margin included). Destination pixel i samples
 * `origin + (i + 0.5) * step - 0.5` and the pixel after it, clamped to the source, so a change at the source's
 * edge reaches every pixel clamped to it.
 */
function reach(
  changeStart: number,
  changeEnd: number,
  origin: number,
  step: number,
  sourceLength: number,
  destLength: number,
): { first: number; end: number } {
  const start = changeStart - SOURCE_MARGIN;
  const end = changeEnd + SOURCE_MARGIN;
  const first = start <= 1 ? 0 : Math.floor((start - 1 - origin + 0.5) / step - 0.5) - 1;
  const last = end >= sourceLength - 1 ? destLength : Math.ceil((end - origin + 0.5) / step - 0.5) + 1;
  return { first: Math.max(0, first), end: Math.min(destLength, last) };
}

/**
 * The parts of the video rectangle `dest` (in output pixels) that show the changed `regions` of a source of
 * `source` size through the camera `view` (normalized), grown to even pixel edges inside the rectangle.
 */
export function videoPartsShowing(
  regions: readonly Rect[],
  view: Rect,
  source: { readonly width: number; readonly height: number },
  dest: PixelRect,
): PixelRect[] {
  const stepX = (view.width * source.width) / dest.width;
  const stepY = (view.height * source.height) / dest.height;
  const parts: PixelRect[] = [];
  for (const region of regions) {
    const x = reach(region.x, region.x + region.width, view.x * source.width, stepX, source.width, dest.width);
    const y = reach(region.y, region.y + region.height, view.y * source.height, stepY, source.height, dest.height);
    // Even edges in output pixels where the video rectangle's own are (they may be odd), so chroma pixels are whole.
    const x0 = Math.max(dest.x, Math.floor((dest.x + x.first) / 2) * 2);
    const y0 = Math.max(dest.y, Math.floor((dest.y + y.first) / 2) * 2);
    const x1 = Math.min(dest.x + dest.width, Math.ceil((dest.x + x.end) / 2) * 2);
    const y1 = Math.min(dest.y + dest.height, Math.ceil((dest.y + y.end) / 2) * 2);
    if (x1 > x0 && y1 > y0) parts.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  }
  return parts;
}
