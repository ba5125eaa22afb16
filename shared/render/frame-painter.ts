import type { Rect } from '../geometry/geometry';
import { fillUnionFromBorder, pixelBox } from './burned-pointer';
import { type Context2D, imageSize, type PaintTarget } from './canvas-2d';
import type { FrameDescription } from './frame-at';
import { paintPointer, paintTopOverlays, showsWebcam } from './overlays';
import { MIPMAP_BELOW_SCALE, MOTION_TRAIL_ALPHA } from './paint-constants';
import { obscurePlane } from './redaction-fill';
import { type FrameRedaction, videoPixelBox } from './redactions';
import { context2d, type FramePainterAssets, StaticLayer } from './static-layer';

/** Draws frame descriptions on one canvas. */
export interface FramePainter {
  /** Draws `description` with the source `video` frame and, when the recording has one, the `webcam` frame. */
  paint(description: FrameDescription, video: CanvasImageSource, webcam?: CanvasImageSource | null): void;
}

/**
 * How a painter is used. `live`: the editor's preview, painted as the video plays. It scales bilinearly only (no
 * mipmaps, rebuilt for every new frame) and makes its RGB copy of the frame (for motion blur and the pointer erase)
 * at about the size the frame is drawn, not the source's: a 1080p frame then costs what the preview shows. The
 * export leaves it off and paints at full quality.
 */
export interface FramePainterOptions {
  readonly live?: boolean;
}

/** Draws the part `view` (normalized) of the video into `dest`. */
function drawView(
  ctx: Context2D,
  video: CanvasImageSource,
  size: { width: number; height: number },
  view: Rect,
  dest: Rect,
) {
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

/** Fills the rectangles (normalized) of a picture of `size` on `ctx` from their surroundings, channel by channel. */
function eraseIn(ctx: Context2D, size: { width: number; height: number }, rects: readonly Rect[]): void {
  const boxes = rects.map((rect) => pixelBox(rect, size.width, size.height));
  // One read and one write around all of them, with the one-pixel border the fill reads.
  const x0 = Math.max(0, Math.min(...boxes.map((b) => b.x0)) - 1);
  const y0 = Math.max(0, Math.min(...boxes.map((b) => b.y0)) - 1);
  const x1 = Math.min(size.width, Math.max(...boxes.map((b) => b.x1)) + 1);
  const y1 = Math.min(size.height, Math.max(...boxes.map((b) => b.y1)) + 1);
  if (x1 <= x0 || y1 <= y0) return;
  const image = ctx.getImageData(x0, y0, x1 - x0, y1 - y0);
  const width = x1 - x0;
  const height = y1 - y0;
  for (let channel = 0; channel < 3; channel++) {
    const plane = { data: image.data, offset: channel, step: 4, stride: width * 4, width, height };
    fillUnionFromBorder(
      plane,
      boxes.map((b) => ({ x0: b.x0 - x0, y0: b.y0 - y0, x1: b.x1 - x0, y1: b.y1 - y0 })),
    );
  }
  ctx.putImageData(image, x0, y0);
}

/** Blurs or pixelates the rectangles (normalized) of a picture of `size` on `ctx`, channel by channel. */
function obscureIn(ctx: Context2D, size: { width: number; height: number }, redaction: FrameRedaction): void {
  for (const rect of redaction.rects) {
    const box = videoPixelBox(rect, size);
    const x0 = Math.max(0, box.x0);
    const y0 = Math.max(0, box.y0);
    const width = Math.min(size.width, box.x1) - x0;
    const height = Math.min(size.height, box.y1) - y0;
    if (width <= 0 || height <= 0) continue;
    const image = ctx.getImageData(x0, y0, width, height);
    for (let channel = 0; channel < 3; channel++) {
      const plane = { data: image.data, offset: channel, step: 4, stride: width * 4, width, height };
      obscurePlane(plane, { x0: 0, y0: 0, x1: width, y1: height }, redaction.style);
    }
    ctx.putImageData(image, x0, y0);
  }
}

/**
 * A painter for `canvas` (a page canvas, or an OffscreenCanvas in a worker: no DOM needed).
 * What does not change between frames (background, shadow, chrome) comes from the cached static layer, so a
 * frame costs a few image copies and small vector shapes.
 */
export function createFramePainter(
  canvas: PaintTarget,
  assets: FramePainterAssets = {},
  { live = false }: FramePainterOptions = {},
): FramePainter {
  const ctx = context2d(canvas);
  const staticLayer = new StaticLayer(assets);
  let scratch: OffscreenCanvas | null = null;

  /**
   * `video` as RGB pixels: a decoded VideoFrame is copied once into a scratch canvas, other images are used as is;
   * where a burned-in system pointer can be, the copy is filled from around, and what must not be seen is blurred
   * (any image is copied then).
   */
  function rgbSource(
    video: CanvasImageSource,
    size: { width: number; height: number },
    erase: readonly Rect[],
    redaction: FrameRedaction,
    scale: number,
  ): { image: CanvasImageSource; size: { width: number; height: number } } {
    const decoded = typeof VideoFrame !== 'undefined' && video instanceof VideoFrame;
    if (!decoded && erase.length === 0 && redaction.rects.length === 0) return { image: video, size };
    const width = Math.max(1, Math.round(size.width * scale));
    const height = Math.max(1, Math.round(size.height * scale));
    if (!scratch) scratch = new OffscreenCanvas(width, height);
    if (scratch.width !== width) scratch.width = width;
    if (scratch.height !== height) scratch.height = height;
    const sctx = context2d(scratch);
    sctx.imageSmoothingQuality = 'low';
    sctx.drawImage(video, 0, 0, width, height);
    const copied = { width, height };
    if (erase.length > 0) eraseIn(sctx, copied, erase);
    if (redaction.rects.length > 0) obscureIn(sctx, copied, redaction);
    return { image: scratch, size: copied };
  }

  return {
    paint(description, video, webcam = null) {
      const T: any = ((globalThis as any).__T ??= {}); let tp = performance.now(); let last = '';
      const mark = (k: string) => { const n = performance.now(); if (last) T[last] = (T[last] ?? 0) + n - tp; tp = n; last = k; };
      const { layout } = description;
      if (canvas.width !== layout.canvas.width) canvas.width = layout.canvas.width;
      if (canvas.height !== layout.canvas.height) canvas.height = layout.canvas.height;
      const hasWebcam = showsWebcam(description, webcam);
      mark('static');
      ctx.globalAlpha = 1;
      ctx.drawImage(staticLayer.canvasFor(description, hasWebcam), 0, 0);

      mark('rgb');
      // The video fills its whole-pixel rectangle: no clip needed.
      const size = imageSize(video);
      const drawnScale = layout.video.width / (description.camera.rect.width * size.width);
      ctx.imageSmoothingQuality = !live && drawnScale < MIPMAP_BELOW_SCALE ? 'medium' : 'low';
      // Several copies of a decoded frame would each convert YUV to RGB again: convert once when blurring. Live, the
      // copy is about as large as it is drawn (in eighths, so a zoom's every frame does not resize it).
      // What must not be seen is hidden in the source, so every camera view and motion trail shows it hidden.
      const { burnedPointer: erase, redaction } = description;
      const copyScale = live ? Math.min(1, Math.ceil(drawnScale * 8) / 8) : 1;
      const { image: source, size: sourceSize } =
        description.motionBlur.length > 0 || erase.length > 0 || redaction.rects.length > 0
          ? rgbSource(video, size, erase, redaction, copyScale)
          : { image: video, size };
      mark('view');
      drawView(ctx, source, sourceSize, description.camera.rect, layout.video);
      // Motion blur, only along fast moves: fading copies of the earlier views trail the current one. An equal
      // blend of so few samples would read as double images; a fading trail reads as speed.
      mark('blur');
      description.motionBlur.forEach((view, index) => {
        ctx.globalAlpha = MOTION_TRAIL_ALPHA / (index + 1);
        drawView(ctx, source, sourceSize, view, layout.video);
      });
      ctx.globalAlpha = 1;
      mark('pointer');
      paintPointer(ctx, description);
      mark('corners');
      const corners = staticLayer.corners(description, hasWebcam);
      for (const { x, y, width, height } of corners.squares) {
        ctx.drawImage(corners.canvas, x, y, width, height, x, y, width, height);
      }
      mark('overlays');
      paintTopOverlays(ctx, description, hasWebcam ? webcam : null);
      mark('');
    },
  };
}
