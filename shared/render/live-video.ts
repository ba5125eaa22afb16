import type { Rect } from '../geometry/geometry';
import type { SourcePatch } from './burned-pointer-restore';
import type { Context2D } from './canvas-2d';
import { BURNED_POINTER_RESTORE } from './clean-neighbour-choice';
import type { FrameDescription } from './frame-at';
import { context2d } from './static-layer';
import { drawShutter, drawView, eraseIn, obscureIn, placePatches, within } from './video-pixels';

/**
 * Draws the video layer of a frame (through the camera, pointer erased: restored from `patches` where they have it,
 * redactions hidden, motion blur).
 */
export type VideoLayer = (
  ctx: Context2D,
  description: FrameDescription,
  video: CanvasImageSource,
  size: { readonly width: number; readonly height: number },
  patches: readonly SourcePatch[],
) => void;

/** The smallest rectangle holding both. */
function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** `rect` grown by `margin` (normalized units) on every side. */
function grownBy(rect: Rect, margin: { width: number; height: number }): Rect {
  return {
    x: rect.x - margin.width,
    y: rect.y - margin.height,
    width: rect.width + 2 * margin.width,
    height: rect.height + 2 * margin.height,
  };
}

/**
 * Erases the burned-in pointer of a frame drawn straight onto `ctx`, at the size shown: the pointer's part of the
 * view (and the ring clean neighbours are checked on) is drawn again into a small scratch canvas, restored or
 * filled there and copied over. Reading the page's canvas back would make it rasterize mid-frame, which cost about
 * half again of the frame.
 */
function erasePointer(
  ctx: Context2D,
  scratch: OffscreenCanvas,
  description: FrameDescription,
  video: CanvasImageSource,
  size: { readonly width: number; readonly height: number },
  patches: readonly SourcePatch[],
): void {
  const { camera, layout } = description;
  const dest = layout.video;
  // The boxes in canvas pixels, with the one-pixel border the fill reads (and a patch's ring), kept inside the video.
  const ring = {
    width: BURNED_POINTER_RESTORE.ringPx / size.width,
    height: BURNED_POINTER_RESTORE.ringPx / size.height,
  };
  const reach =
    patches.length > 0 ? description.burnedPointer.map((rect) => grownBy(rect, ring)) : description.burnedPointer;
  const boxes = reach.map((rect) => within(camera.rect, rect));
  const left = Math.max(dest.x, Math.floor(dest.x + Math.min(...boxes.map((b) => b.x)) * dest.width) - 1);
  const top = Math.max(dest.y, Math.floor(dest.y + Math.min(...boxes.map((b) => b.y)) * dest.height) - 1);
  const right = Math.min(
    dest.x + dest.width,
    Math.ceil(dest.x + Math.max(...boxes.map((b) => b.x + b.width)) * dest.width) + 1,
  );
  const bottom = Math.min(
    dest.y + dest.height,
    Math.ceil(dest.y + Math.max(...boxes.map((b) => b.y + b.height)) * dest.height) + 1,
  );
  if (right <= left || bottom <= top) return;
  const region = { x: 0, y: 0, width: right - left, height: bottom - top };
  if (scratch.width < region.width) scratch.width = region.width;
  if (scratch.height < region.height) scratch.height = region.height;
  const sctx = scratch.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
  sctx.imageSmoothingQuality = 'low';
  // The same part of the source the canvas shows there, scaled alike.
  const view = {
    x: camera.rect.x + ((left - dest.x) / dest.width) * camera.rect.width,
    y: camera.rect.y + ((top - dest.y) / dest.height) * camera.rect.height,
    width: (region.width / dest.width) * camera.rect.width,
    height: (region.height / dest.height) * camera.rect.height,
  };
  drawView(sctx, video, size, view, region);
  // A video rectangle normalized to the scratch region.
  const place = (rect: Rect) => within(view, rect);
  eraseIn(sctx, region, description.burnedPointer, place, placePatches(patches, size, place));
  ctx.drawImage(scratch, 0, 0, region.width, region.height, left, top, region.width, region.height);
}

/**
 * The live preview's video layer: the same erase, redaction and motion blur as the export's, at the size the
 * preview shows, with as few pixels touched as a frame needs. A frame without motion blur or redaction (most)
 * draws the camera's view of the video straight onto the canvas, then fills the burned-in pointer at the size
 * shown (erasePointer): one scaled copy of the frame and a read-back of the pointer's box only. Otherwise only the part of
 * the frame the views and what they hide reach is copied, at about the size drawn, fixed there and drawn from.
 */
export function createLiveVideoLayer(): VideoLayer {
  let scratch: OffscreenCanvas | null = null;
  let pointerScratch: OffscreenCanvas | null = null;
  return (ctx, description, video, size, patches) => {
    const { camera, motionBlur, burnedPointer: erase, redaction, layout } = description;
    ctx.imageSmoothingQuality = 'low';
    if (motionBlur.length === 0 && redaction.rects.length === 0) {
      drawView(ctx, video, size, camera.rect, layout.video);
      if (erase.length > 0) {
        pointerScratch ??= new OffscreenCanvas(64, 64);
        erasePointer(ctx, pointerScratch, description, video, size, patches);
      }
      return;
    }
    // The part of the frame needed: the views with a source pixel around (what bilinear scaling reads), and whole
    // the boxes reaching into them (a box is filled from its border, hidden in cells of its own size).
    const pixel = { width: 1 / size.width, height: 1 / size.height };
    let part = motionBlur.reduce(union, camera.rect);
    // With clean neighbours, the ring around the boxes they are checked on too.
    const ring = {
      width: BURNED_POINTER_RESTORE.ringPx / size.width,
      height: BURNED_POINTER_RESTORE.ringPx / size.height,
    };
    const erased = patches.length > 0 ? erase.map((rect) => grownBy(rect, ring)) : erase;
    for (const rect of [...erased, ...redaction.rects]) if (overlaps(rect, part)) part = union(part, rect);
    const x0 = Math.max(0, Math.floor((part.x - pixel.width) * size.width));
    const y0 = Math.max(0, Math.floor((part.y - pixel.height) * size.height));
    const x1 = Math.min(size.width, Math.ceil((part.x + part.width + pixel.width) * size.width));
    const y1 = Math.min(size.height, Math.ceil((part.y + part.height + pixel.height) * size.height));
    const region: Rect = {
      x: x0 / size.width,
      y: y0 / size.height,
      width: (x1 - x0) / size.width,
      height: (y1 - y0) / size.height,
    };
    // About as large as drawn (in eighths, so a zoom's every frame does not change it), never above the source.
    const drawnScale = layout.video.width / (camera.rect.width * size.width);
    const scale = Math.min(1, Math.ceil(drawnScale * 8) / 8);
    const copy = {
      x: 0,
      y: 0,
      width: Math.max(1, Math.round((x1 - x0) * scale)),
      height: Math.max(1, Math.round((y1 - y0) * scale)),
    };
    // Grown, never shrunk: a canvas resized every frame would be a new allocation every frame.
    if (!scratch) scratch = new OffscreenCanvas(copy.width, copy.height);
    if (scratch.width < copy.width) scratch.width = copy.width;
    if (scratch.height < copy.height) scratch.height = copy.height;
    const sctx = context2d(scratch);
    sctx.imageSmoothingQuality = 'low';
    sctx.drawImage(video, x0, y0, x1 - x0, y1 - y0, 0, 0, copy.width, copy.height);
    if (erase.length > 0) {
      const place = (rect: Rect) => within(region, rect);
      eraseIn(sctx, copy, erase, place, placePatches(patches, size, place));
    }
    if (redaction.rects.length > 0) {
      obscureIn(sctx, copy, { style: redaction.style, rects: redaction.rects.map((rect) => within(region, rect)) });
    }
    // The camera's view, or with motion blur the mean of the shutter's views.
    drawShutter(ctx, scratch, copy, description, layout.video, region);
  };
}
