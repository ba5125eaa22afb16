import type { Rect } from '../geometry/geometry';
import { pixelBox } from './burned-pointer';
import { erasePointer, rectKey, type SourcePatch } from './burned-pointer-restore';
import { type Context2D, imageSize } from './canvas-2d';
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

/**
 * The video through the camera into `dest`: the camera's view, or with motion blur the mean of the shutter's
 * sub-frame views (description.motionBlur), each drawn over the ones before at 1 / (its rank) of opacity, which
 * weighs all of them the same. `views` normalized to the video, `video` a picture of `size` showing `region` of it.
 */
export function drawShutter(
  ctx: Context2D,
  video: CanvasImageSource,
  size: { width: number; height: number },
  description: { readonly camera: { readonly rect: Rect }; readonly motionBlur: readonly Rect[] },
  dest: Rect,
  region: Rect = { x: 0, y: 0, width: 1, height: 1 },
): void {
  const views = description.motionBlur.length > 0 ? description.motionBlur : [description.camera.rect];
  const alpha = ctx.globalAlpha;
  views.forEach((view, index) => {
    ctx.globalAlpha = alpha / (index + 1);
    drawView(ctx, video, size, within(region, view), dest);
  });
  ctx.globalAlpha = alpha;
}

/** `rect` (normalized to the video) normalized to `region`, a part of the video. */
export function within(region: Rect, rect: Rect): Rect {
  if (region.x === 0 && region.y === 0 && region.width === 1 && region.height === 1) return rect;
  return {
    x: (rect.x - region.x) / region.width,
    y: (rect.y - region.y) / region.height,
    width: rect.width / region.width,
    height: rect.height / region.height,
  };
}

/** Where a picture lies on a canvas, in whole canvas pixels. */
export interface PictureBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A clean neighbour's pixels placed on a picture: the patch, where its cut lies and what it restores (normalized to the picture). */
export interface PlacedPatch {
  readonly patch: SourcePatch;
  readonly box: Rect;
  /** Equal to the erased rectangles they restore (eraseIn's `rects`, before placing). */
  readonly rects: readonly Rect[];
}

/**
 * Draws a patch's pixels (its cut of the source frame) into `dest` of `ctx`. A neighbour decoded whole is drawn a
 * little past the cut, so the whole pixels around a `dest` that does not fall on whole pixels (a picture drawn at
 * another size) are covered too; a cut alone covers exactly its box (pictures drawn at the source's size).
 */
function drawPatch(ctx: Context2D, patch: SourcePatch, dest: Rect): void {
  if ('frame' in patch) {
    const size = imageSize(patch.frame);
    const scaleX = dest.width / patch.width;
    const scaleY = dest.height / patch.height;
    const margin = Math.ceil(2 / Math.min(1, scaleX, scaleY));
    const x0 = Math.max(0, patch.x - margin);
    const y0 = Math.max(0, patch.y - margin);
    const x1 = Math.min(size.width, patch.x + patch.width + margin);
    const y1 = Math.min(size.height, patch.y + patch.height + margin);
    ctx.drawImage(
      patch.frame,
      x0,
      y0,
      x1 - x0,
      y1 - y0,
      dest.x + (x0 - patch.x) * scaleX,
      dest.y + (y0 - patch.y) * scaleY,
      (x1 - x0) * scaleX,
      (y1 - y0) * scaleY,
    );
    return;
  }
  const frame = new VideoFrame(patch.data, {
    format: 'I420',
    codedWidth: patch.width,
    codedHeight: patch.height,
    timestamp: 0,
    ...(patch.colorSpace ? { colorSpace: patch.colorSpace } : {}),
  });
  try {
    ctx.drawImage(frame, dest.x, dest.y, dest.width, dest.height);
  } finally {
    frame.close();
  }
}

/** Scratch canvas for patches drawn at a picture's scale. */
let patchCanvas: OffscreenCanvas | null = null;

/**
 * Erases the burned-in pointer: the rectangles `rects` of the picture at `picture` on `ctx` (`place` normalizes one
 * to the picture), each restored from the clean neighbour patch that names it where that patch matches around it,
 * the rest filled from their surroundings (erasePointer), channel by channel: one read and one write around all of
 * them, with the one-pixel border the fill reads and the ring the patches are checked on.
 */
export function eraseIn(
  ctx: Context2D,
  picture: PictureBox,
  rects: readonly Rect[],
  place: (rect: Rect) => Rect = (rect) => rect,
  patches: readonly PlacedPatch[] = [],
): void {
  const placedRects = rects.map(place);
  const boxes = [
    ...placedRects.map((rect) => pixelBox(rect, picture.width, picture.height)),
    ...patches.map((p) => pixelBox(p.box, picture.width, picture.height)),
  ];
  const x0 = Math.max(0, Math.min(...boxes.map((b) => b.x0)) - 1);
  const y0 = Math.max(0, Math.min(...boxes.map((b) => b.y0)) - 1);
  const x1 = Math.min(picture.width, Math.max(...boxes.map((b) => b.x1)) + 1);
  const y1 = Math.min(picture.height, Math.max(...boxes.map((b) => b.y1)) + 1);
  if (x1 <= x0 || y1 <= y0) return;
  const width = x1 - x0;
  const height = y1 - y0;
  const image = ctx.getImageData(picture.x + x0, picture.y + y0, width, height);
  const channels = (data: Uint8ClampedArray, w: number, h: number) =>
    [0, 1, 2].map((offset) => ({ data, offset, step: 4, stride: w * 4, width: w, height: h }));
  // The rectangles normalized to the part read, by their value (patches name theirs by it).
  const inPart = new Map(
    rects.map((original, i) => {
      const rect = placedRects[i] as Rect;
      return [
        rectKey(original),
        {
          x: (rect.x * picture.width - x0) / width,
          y: (rect.y * picture.height - y0) / height,
          width: (rect.width * picture.width) / width,
          height: (rect.height * picture.height) / height,
        },
      ] as const;
    }),
  );
  const placed = patches.flatMap((p) => {
    const box = pixelBox(p.box, picture.width, picture.height);
    const left = Math.max(x0, box.x0);
    const top = Math.max(y0, box.y0);
    const w = Math.min(x1, box.x1) - left;
    const h = Math.min(y1, box.y1) - top;
    if (w <= 0 || h <= 0) return [];
    patchCanvas ??= new OffscreenCanvas(w, h);
    if (patchCanvas.width < w) patchCanvas.width = w;
    if (patchCanvas.height < h) patchCanvas.height = h;
    const pctx = patchCanvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
    pctx.imageSmoothingQuality = 'low';
    pctx.clearRect(0, 0, w, h);
    // The cut drawn where it lies on the picture, at the picture's scale.
    drawPatch(pctx, p.patch, {
      x: p.box.x * picture.width - left,
      y: p.box.y * picture.height - top,
      width: p.box.width * picture.width,
      height: p.box.height * picture.height,
    });
    const rgba = pctx.getImageData(0, 0, w, h).data;
    return [
      {
        x: left - x0,
        y: top - y0,
        width: w,
        height: h,
        planes: channels(rgba, w, h),
        rects: p.rects.flatMap((rect) => inPart.get(rectKey(rect)) ?? []),
      },
    ];
  });
  erasePointer(channels(image.data, width, height), [1, 1, 1], [...inPart.values()], placed);
  ctx.putImageData(image, picture.x + x0, picture.y + y0);
}

/** `patches` (in source pixels of a `size` video) placed on a picture: `place` normalizes a video rectangle to it. */
export function placePatches(
  patches: readonly SourcePatch[],
  size: { readonly width: number; readonly height: number },
  place: (rect: Rect) => Rect = (rect) => rect,
): PlacedPatch[] {
  return patches.map((patch) => ({
    patch,
    box: place({
      x: patch.x / size.width,
      y: patch.y / size.height,
      width: patch.width / size.width,
      height: patch.height / size.height,
    }),
    rects: patch.rects,
  }));
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
