import type { Rect } from '../geometry/geometry';
import { fillUnionFromBorder, pixelBox } from './burned-pointer';
import type { Context2D } from './canvas-2d';
import { obscurePlane } from './redaction-fill';
import { type FrameRedaction, videoPixelBox } from './redactions';

/** Draws the part `view` (normalized) of the video, a picture of `size`, into `dest`. */
export function drawView(
  ctx: Context2D,
  video: CanvasImageSource,
  size: { width: number; height: number },
  view: Rect,
  dest: Rect,
): void {
  ctx.drawImage(
    video,
    view.x * size.width,
    view.y * size.height,
    view.width * size.width,
    view.height * size.height,
    dest.x,
    dest.y,
    dest.width,
    dest.height,
  );
}

/** Where a picture lies on a canvas, in whole canvas pixels. */
export interface PictureBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Fills the rectangles (normalized to the picture) of the picture at `picture` on `ctx` from their surroundings in
 * it, channel by channel: one read and one write around all of them, with the one-pixel border the fill reads.
 */
export function eraseIn(ctx: Context2D, picture: PictureBox, rects: readonly Rect[]): void {
  const boxes = rects.map((rect) => pixelBox(rect, picture.width, picture.height));
  const x0 = Math.max(0, Math.min(...boxes.map((b) => b.x0)) - 1);
  const y0 = Math.max(0, Math.min(...boxes.map((b) => b.y0)) - 1);
  const x1 = Math.min(picture.width, Math.max(...boxes.map((b) => b.x1)) + 1);
  const y1 = Math.min(picture.height, Math.max(...boxes.map((b) => b.y1)) + 1);
  if (x1 <= x0 || y1 <= y0) return;
  const image = ctx.getImageData(picture.x + x0, picture.y + y0, x1 - x0, y1 - y0);
  const width = x1 - x0;
  const height = y1 - y0;
  for (let channel = 0; channel < 3; channel++) {
    const plane = { data: image.data, offset: channel, step: 4, stride: width * 4, width, height };
    fillUnionFromBorder(
      plane,
      boxes.map((b) => ({ x0: b.x0 - x0, y0: b.y0 - y0, x1: b.x1 - x0, y1: b.y1 - y0 })),
    );
  }
  ctx.putImageData(image, picture.x + x0, picture.y + y0);
}

/**
 * Blurs or pixelates the rectangles (normalized to the picture) of the picture at `picture` on `ctx`, channel by
 * channel.
 */
export function obscureIn(ctx: Context2D, picture: PictureBox, redaction: FrameRedaction): void {
  for (const rect of redaction.rects) {
    const box = videoPixelBox(rect, picture);
    const x0 = Math.max(0, box.x0);
    const y0 = Math.max(0, box.y0);
    const width = Math.min(picture.width, box.x1) - x0;
    const height = Math.min(picture.height, box.y1) - y0;
    if (width <= 0 || height <= 0) continue;
    const image = ctx.getImageData(picture.x + x0, picture.y + y0, width, height);
    for (let channel = 0; channel < 3; channel++) {
      const plane = { data: image.data, offset: channel, step: 4, stride: width * 4, width, height };
      obscurePlane(plane, { x0: 0, y0: 0, x1: width, y1: height }, redaction.style);
    }
    ctx.putImageData(image, picture.x + x0, picture.y + y0);
  }
}
