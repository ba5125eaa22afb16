import type { Rect } from '../geometry/geometry';
import type { SourcePatch } from './burned-pointer-restore';
import { type Context2D, imageSize, type PaintTarget } from './canvas-2d';
import type { FrameDescription } from './frame-at';
import { createLiveVideoLayer, type VideoLayer } from './live-video';
import { paintPointer, paintTopOverlays, showsWebcam } from './overlays';
import { MIPMAP_BELOW_SCALE } from './paint-constants';
import type { FrameRedaction } from './redactions';
import { context2d, type FramePainterAssets, StaticLayer } from './static-layer';
import { drawShutter, eraseIn, obscureIn, placePatches } from './video-pixels';

/** Draws frame descriptions on one canvas. */
export interface FramePainter {
  /**
   * Draws `description` with the source `video` frame and, when the recording has one, the `webcam` frame; the
   * burned-in pointer restored from `patches` (clean neighbours' pixels) where they have it, else filled.
   */
  paint(
    description: FrameDescription,
    video: CanvasImageSource,
    webcam?: CanvasImageSource | null,
    patches?: readonly SourcePatch[],
  ): void;
}

/**
 * How a painter is used. `live`: the editor's preview, painted as the video plays. It scales bilinearly only (no
 * mipmaps, rebuilt for every new frame) and fixes the frame (pointer erase, redaction, motion blur) at about the
 * size it is drawn and only where a frame needs it (live-video.ts): a 1080p frame then costs what the preview shows.
 * The export leaves it off and paints at full quality.
 */
export interface FramePainterOptions {
  readonly live?: boolean;
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
   * where a burned-in system pointer can be, the copy is restored from clean neighbours (`patches`) or filled from
   * around, and what must not be seen is blurred (any image is copied then).
   */
  function rgbSource(
    video: CanvasImageSource,
    size: { width: number; height: number },
    erase: readonly Rect[],
    redaction: FrameRedaction,
    patches: readonly SourcePatch[],
  ): { image: CanvasImageSource; size: { width: number; height: number } } {
    const decoded = typeof VideoFrame !== 'undefined' && video instanceof VideoFrame;
    if (!decoded && erase.length === 0 && redaction.rects.length === 0) return { image: video, size };
    const { width, height } = size;
    if (!scratch) scratch = new OffscreenCanvas(width, height);
    if (scratch.width !== width) scratch.width = width;
    if (scratch.height !== height) scratch.height = height;
    const sctx = context2d(scratch);
    sctx.imageSmoothingQuality = 'low';
    sctx.drawImage(video, 0, 0, width, height);
    const copied = { width, height };
    const picture = { x: 0, y: 0, ...copied };
    if (erase.length > 0) eraseIn(sctx, picture, erase, undefined, placePatches(patches, size));
    if (redaction.rects.length > 0) obscureIn(sctx, picture, redaction);
    return { image: scratch, size: copied };
  }

  /** The export's video layer: full quality, every image copied whole when something is fixed in it. */
  const exportVideo: VideoLayer = (target, description, video, size, patches) => {
    const { layout } = description;
    const drawnScale = layout.video.width / (description.camera.rect.width * size.width);
    target.imageSmoothingQuality = drawnScale < MIPMAP_BELOW_SCALE ? 'medium' : 'low';
    // Several copies of a decoded frame would each convert YUV to RGB again: convert once when blurring.
    // What must not be seen is hidden in the source, so every camera view of the shutter shows it hidden.
    const { burnedPointer: erase, redaction } = description;
    const { image: source, size: sourceSize } =
      description.motionBlur.length > 0 || erase.length > 0 || redaction.rects.length > 0
        ? rgbSource(video, size, erase, redaction, patches)
        : { image: video, size };
    drawShutter(target, source, sourceSize, description, layout.video);
  };
  const videoLayer = live ? createLiveVideoLayer() : exportVideo;

  return {
    paint(description, video, webcam = null, patches = []) {
      const { layout } = description;
      if (canvas.width !== layout.canvas.width) canvas.width = layout.canvas.width;
      if (canvas.height !== layout.canvas.height) canvas.height = layout.canvas.height;
      const hasWebcam = showsWebcam(description, webcam);
      ctx.globalAlpha = 1;
      const layer = staticLayer.canvasFor(description, hasWebcam);
      // Live, only around the video (it covers its rectangle whole): a full-canvas copy less per frame.
      if (live) drawAround(ctx, layer, layout.video);
      else ctx.drawImage(layer, 0, 0);
      // The video fills its whole-pixel rectangle: no clip needed.
      videoLayer(ctx, description, video, imageSize(video), patches);
      paintPointer(ctx, description);
      const corners = staticLayer.corners(description, hasWebcam);
      for (const { x, y, width, height } of corners.squares) {
        ctx.drawImage(corners.canvas, x, y, width, height, x, y, width, height);
      }
      paintTopOverlays(ctx, description, hasWebcam ? webcam : null);
    },
  };
}

/** Copies `layer` onto `ctx` except inside `hole` (whole pixels): the four strips around it. */
function drawAround(ctx: Context2D, layer: OffscreenCanvas, hole: Rect): void {
  const { width, height } = layer;
  const right = hole.x + hole.width;
  const bottom = hole.y + hole.height;
  const strips: Rect[] = [
    { x: 0, y: 0, width, height: hole.y },
    { x: 0, y: bottom, width, height: height - bottom },
    { x: 0, y: hole.y, width: hole.x, height: hole.height },
    { x: right, y: hole.y, width: width - right, height: hole.height },
  ];
  for (const { x, y, width: w, height: h } of strips) {
    if (w > 0 && h > 0) ctx.drawImage(layer, x, y, w, h, x, y, w, h);
  }
}
