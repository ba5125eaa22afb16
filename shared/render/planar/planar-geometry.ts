// The planar painter's geometry: rectangles on 4:2:0 pixel edges, the parts of the canvas around the video, the
// planes of a decoded frame, how many halvings a scale takes. Pure functions of numbers.
import type { Rect } from '../../geometry/geometry';
import type { OutputSize } from '../output-size';
import { MIPMAP_BELOW_SCALE } from '../paint-constants';
import type { PixelRect, Plane, YuvPlanes } from './planes';

/** `rect` grown to even pixel edges (4:2:0 chroma covers 2x2 pixels) and kept inside `size`. */
export function evenRect(rect: Rect, size: OutputSize): PixelRect | null {
  const x0 = Math.max(0, Math.floor(rect.x / 2) * 2);
  const y0 = Math.max(0, Math.floor(rect.y / 2) * 2);
  const x1 = Math.min(size.width, Math.ceil((rect.x + rect.width) / 2) * 2);
  const y1 = Math.min(size.height, Math.ceil((rect.y + rect.height) / 2) * 2);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/** The even-edged rectangle inside `rect` (every pixel of it, and of its 4:2:0 chroma, lies within `rect`). */
export function innerEvenRect(rect: Rect): PixelRect {
  const x0 = Math.ceil(rect.x / 2) * 2;
  const y0 = Math.ceil(rect.y / 2) * 2;
  const x1 = Math.floor((rect.x + rect.width) / 2) * 2;
  const y1 = Math.floor((rect.y + rect.height) / 2) * 2;
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** The canvas of `size` outside `hole` (even-edged), as up to four bands: above, below, left and right of it. */
export function partsAround(size: OutputSize, hole: PixelRect): PixelRect[] {
  const top = Math.max(0, Math.min(size.height, hole.y));
  const bottom = Math.max(top, Math.min(size.height, hole.y + hole.height));
  const left = Math.max(0, Math.min(size.width, hole.x));
  const right = Math.max(left, Math.min(size.width, hole.x + hole.width));
  const parts: PixelRect[] = [
    { x: 0, y: 0, width: size.width, height: top },
    { x: 0, y: bottom, width: size.width, height: size.height - bottom },
    { x: 0, y: top, width: left, height: bottom - top },
    { x: right, y: top, width: size.width - right, height: bottom - top },
  ];
  return parts.filter((part) => part.width > 0 && part.height > 0);
}

export function overlaps(a: PixelRect, b: PixelRect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Rectangles merged until none overlap, so no pixel is blended twice. */
export function disjoint(rects: PixelRect[]): PixelRect[] {
  const result = [...rects];
  for (let merged = true; merged; ) {
    merged = false;
    outer: for (let i = 0; i < result.length; i++) {
      for (let j = i + 1; j < result.length; j++) {
        const a = result[i] as PixelRect;
        const b = result[j] as PixelRect;
        if (overlaps(a, b)) {
          const x = Math.min(a.x, b.x);
          const y = Math.min(a.y, b.y);
          result[i] = {
            x,
            y,
            width: Math.max(a.x + a.width, b.x + b.width) - x,
            height: Math.max(a.y + a.height, b.y + b.height) - y,
          };
          result.splice(j, 1);
          merged = true;
          break outer;
        }
      }
    }
  }
  return result;
}

/** The planes of a decoded frame copied into kernel memory by `copyTo`. */
export function sourcePlanes(
  format: VideoPixelFormat,
  layout: PlaneLayout[],
  offset: number,
  frame: VideoFrame,
): YuvPlanes {
  const width = frame.visibleRect?.width ?? frame.codedWidth;
  const height = frame.visibleRect?.height ?? frame.codedHeight;
  const chroma = { width: Math.ceil(width / 2), height: Math.ceil(height / 2) };
  const plane = (index: number, step = 1, shift = 0, size = chroma): Plane => {
    const entry = layout[index];
    if (!entry) throw new Error(`A decoded ${format} frame came without plane ${index}.`);
    return { offset: offset + entry.offset + shift, stride: entry.stride, step, ...size };
  };
  const y = plane(0, 1, 0, { width, height });
  if (format === 'NV12') return { y, u: plane(1, 2, 0), v: plane(1, 2, 1) };
  return { y, u: plane(1), v: plane(2) };
}

/** The chroma pixels covering a luma rectangle (4:2:0: each covers 2x2). */
export function halfSize(rect: PixelRect): PixelRect {
  const x = Math.floor(rect.x / 2);
  const y = Math.floor(rect.y / 2);
  return { x, y, width: Math.ceil((rect.x + rect.width) / 2) - x, height: Math.ceil((rect.y + rect.height) / 2) - y };
}

/** Painters draw the video at most this many halvings down before bilinear takes over (as mipmaps do). */
export function halvingsFor(step: number): number {
  let halvings = 0;
  while (step / 2 ** halvings > 1 / MIPMAP_BELOW_SCALE && halvings < 4) halvings++;
  return halvings;
}
