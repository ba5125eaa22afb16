import type { Rect } from '../../geometry/geometry';

/** One 8-bit plane in kernel memory. `step` is 2 for one channel of an interleaved pair (NV12's UV). */
export interface Plane {
  readonly offset: number;
  readonly stride: number;
  readonly step: number;
  readonly width: number;
  readonly height: number;
}

/** A picture as three planes, chroma at half size both ways (4:2:0). */
export interface YuvPlanes {
  readonly y: Plane;
  readonly u: Plane;
  readonly v: Plane;
}

/** An I420 picture in one block of kernel memory, laid out the way `new VideoFrame(data, { format: 'I420' })` reads it. */
export interface I420Image extends YuvPlanes {
  readonly width: number;
  readonly height: number;
  readonly offset: number;
  readonly byteLength: number;
}

/** A rectangle in whole pixels. */
export type PixelRect = Rect;

/** The layout of an I420 picture of even size `width` x `height` whose bytes start at `offset`. */
export function i420Layout(offset: number, width: number, height: number): I420Image {
  const chromaWidth = width / 2;
  const chromaHeight = height / 2;
  const lumaBytes = width * height;
  const chromaBytes = chromaWidth * chromaHeight;
  const chroma = (at: number): Plane => ({
    offset: at,
    stride: chromaWidth,
    step: 1,
    width: chromaWidth,
    height: chromaHeight,
  });
  return {
    width,
    height,
    offset,
    byteLength: lumaBytes + 2 * chromaBytes,
    y: { offset, stride: width, step: 1, width, height },
    u: chroma(offset + lumaBytes),
    v: chroma(offset + lumaBytes + chromaBytes),
  };
}
