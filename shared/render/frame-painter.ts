import { paintBackground } from './backgrounds';
import { type Context2D, drawCover, imageSize, type PaintTarget, roundedRectPath } from './canvas-2d';
import { drawClickEffect } from './click-effects';
import { drawCursor } from './cursor-shapes';
import type { FrameDescription } from './frame-at';
import type { Rect } from './geometry';
import { drawWindowChrome } from './window-chrome';

/** Pictures the painter may need besides the video: the user's background images, by id. */
export interface FramePainterAssets {
  readonly userImages?: Readonly<Record<string, CanvasImageSource>>;
}

/** Draws frame descriptions on one canvas. */
export interface FramePainter {
  /** Draws `description` with the source `video` frame and, when the recording has one, the `webcam` frame. */
  paint(description: FrameDescription, video: CanvasImageSource, webcam?: CanvasImageSource | null): void;
}

/** Opacity of the first motion blur copy; later ones fade further. */
const MOTION_TRAIL_ALPHA = 0.32;

/** The text of the free plan's watermark. */
export const WATERMARK_TEXT = 'Made with Clickreel';

function context2d(canvas: PaintTarget | OffscreenCanvas): Context2D {
  const ctx = canvas.getContext('2d') as Context2D | null;
  if (!ctx) throw new Error('This browser cannot draw 2D graphics on a canvas.');
  return ctx;
}

/** Everything the static layer depends on: when this string is unchanged, the cached layer is reused. */
function staticLayerKey(description: FrameDescription, hasWebcam: boolean, userImageId: string | null): string {
  return JSON.stringify([
    description.layout,
    description.background,
    description.frameTheme,
    description.page,
    hasWebcam,
    userImageId,
  ]);
}

/** Background, border, window shadow, window chrome and the webcam's shadow: drawn once, reused every frame. */
function paintStaticLayer(
  ctx: Context2D,
  description: FrameDescription,
  hasWebcam: boolean,
  userImage: CanvasImageSource | undefined,
): void {
  const { layout } = description;
  const { window, radius } = layout;
  ctx.clearRect(0, 0, layout.canvas.width, layout.canvas.height);
  paintBackground(ctx, description.background, layout.canvas.width, layout.canvas.height, userImage);

  // The window's silhouette (with its border) casts the shadow; the video later covers the inside.
  const border = layout.border?.width ?? 0;
  ctx.save();
  if (layout.shadow) {
    ctx.shadowColor = `rgba(0, 0, 0, ${layout.shadow.alpha})`;
    ctx.shadowBlur = layout.shadow.blur;
    ctx.shadowOffsetY = layout.shadow.offsetY;
  }
  ctx.beginPath();
  roundedRectPath(
    ctx,
    window.x - border,
    window.y - border,
    window.width + 2 * border,
    window.height + 2 * border,
    radius + border,
  );
  ctx.fillStyle = layout.border?.color ?? '#ffffff';
  ctx.fill();
  ctx.restore();

  ctx.save();
  ctx.beginPath();
  roundedRectPath(ctx, window.x, window.y, window.width, window.height, radius);
  ctx.fillStyle = '#ffffff';
  ctx.fill();
  ctx.clip();
  if (layout.chrome) drawWindowChrome(ctx, description.frameTheme, layout.chrome, description.page);
  ctx.restore();

  if (layout.webcam && hasWebcam) {
    const { rect, radius: webcamRadius } = layout.webcam;
    ctx.save();
    ctx.shadowColor = 'rgba(0, 0, 0, 0.35)';
    ctx.shadowBlur = 24 * layout.unit;
    ctx.shadowOffsetY = 6 * layout.unit;
    ctx.beginPath();
    roundedRectPath(ctx, rect.x, rect.y, rect.width, rect.height, webcamRadius);
    ctx.fillStyle = '#1f2937';
    ctx.fill();
    ctx.restore();
  }
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

/** The shortcut overlay: a dark pill near the bottom of the video. */
function drawShortcut(ctx: Context2D, description: FrameDescription): void {
  const { shortcut, layout } = description;
  if (!shortcut || shortcut.opacity <= 0) return;
  const fontSize = Math.round(30 * layout.unit);
  ctx.save();
  ctx.globalAlpha = shortcut.opacity;
  ctx.font = `600 ${fontSize}px system-ui, sans-serif`;
  const width = ctx.measureText(shortcut.label).width + fontSize * 1.4;
  const height = fontSize * 2;
  const x = layout.video.x + (layout.video.width - width) / 2;
  const y = layout.video.y + layout.video.height - height - layout.video.height * 0.06;
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, height * 0.3);
  ctx.fillStyle = 'rgba(17, 24, 39, 0.86)';
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(shortcut.label, x + width / 2, y + height / 2);
  ctx.restore();
}

/** The watermark, small, in the bottom corner away from the webcam. */
function drawWatermark(ctx: Context2D, description: FrameDescription): void {
  const { layout } = description;
  const fontSize = Math.max(10, Math.round(20 * layout.unit));
  const margin = fontSize;
  const webcamOnRight = layout.webcam ? layout.webcam.rect.x > layout.canvas.width / 2 : true;
  ctx.save();
  ctx.font = `600 ${fontSize}px system-ui, sans-serif`;
  ctx.textBaseline = 'bottom';
  ctx.textAlign = webcamOnRight ? 'left' : 'right';
  const x = webcamOnRight ? margin : layout.canvas.width - margin;
  const y = layout.canvas.height - margin;
  ctx.lineWidth = Math.max(2, fontSize * 0.18);
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.35)';
  ctx.strokeText(WATERMARK_TEXT, x, y);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
  ctx.fillText(WATERMARK_TEXT, x, y);
  ctx.restore();
}

/**
 * A painter for `canvas` (a page canvas, or an OffscreenCanvas in a worker: no DOM needed).
 * What does not change between frames (background, shadow, chrome) is drawn once into a cached layer,
 * so a frame costs a few image copies and small vector shapes; a live shadowBlur would cost several times more.
 */
export function createFramePainter(canvas: PaintTarget, assets: FramePainterAssets = {}): FramePainter {
  const ctx = context2d(canvas);
  let layer: OffscreenCanvas | null = null;
  let layerKey = '';
  let corners: OffscreenCanvas | null = null;
  let cornersKey = '';
  let scratch: OffscreenCanvas | null = null;

  function staticLayer(description: FrameDescription, hasWebcam: boolean): OffscreenCanvas {
    const { background } = description;
    const userImageId = background.type === 'Image' && background.image.kind === 'user' ? background.image.id : null;
    const key = staticLayerKey(description, hasWebcam, userImageId);
    const { width, height } = description.layout.canvas;
    if (!layer || layer.width !== width || layer.height !== height) {
      layer = new OffscreenCanvas(width, height);
      layerKey = '';
    }
    if (key !== layerKey) {
      const userImage = userImageId ? assets.userImages?.[userImageId] : undefined;
      paintStaticLayer(context2d(layer), description, hasWebcam, userImage);
      layerKey = key;
    }
    return layer;
  }

  /**
   * The static layer with the window's inside cut out: copied over the video's rounded corners, it rounds
   * them without clipping the whole video to a curved path (an anti-aliased clip costs a full-frame mask).
   */
  function cornerLayer(description: FrameDescription, source: OffscreenCanvas): OffscreenCanvas {
    if (!corners || corners.width !== source.width || corners.height !== source.height) {
      corners = new OffscreenCanvas(source.width, source.height);
      cornersKey = '';
    }
    if (cornersKey !== layerKey) {
      const cctx = context2d(corners);
      const { window, radius } = description.layout;
      cctx.globalCompositeOperation = 'copy';
      cctx.drawImage(source, 0, 0);
      cctx.globalCompositeOperation = 'destination-out';
      cctx.beginPath();
      roundedRectPath(cctx, window.x, window.y, window.width, window.height, radius);
      cctx.fill();
      cctx.globalCompositeOperation = 'source-over';
      cornersKey = layerKey;
    }
    return corners;
  }

  /** Covers the video's corners that are window corners (the top ones sit under the chrome when it is shown). */
  function roundVideoCorners(description: FrameDescription, source: OffscreenCanvas): void {
    const { window, video, radius, chrome } = description.layout;
    const r = Math.ceil(Math.min(radius, window.width / 2, window.height / 2));
    if (r <= 0) return;
    const layer = cornerLayer(description, source);
    const right = video.x + video.width - r;
    const bottom = video.y + video.height - r;
    const squares: [number, number][] = [
      [video.x, bottom],
      [right, bottom],
    ];
    if (!chrome) squares.push([video.x, video.y], [right, video.y]);
    for (const [x, y] of squares) ctx.drawImage(layer, x, y, r, r, x, y, r, r);
  }

  /** `video` as RGB pixels: a decoded VideoFrame is copied once into a scratch canvas, other images are used as is. */
  function rgbSource(video: CanvasImageSource, size: { width: number; height: number }): CanvasImageSource {
    if (typeof VideoFrame === 'undefined' || !(video instanceof VideoFrame)) return video;
    if (!scratch || scratch.width !== size.width || scratch.height !== size.height) {
      scratch = new OffscreenCanvas(size.width, size.height);
    }
    const sctx = context2d(scratch);
    sctx.drawImage(video, 0, 0, size.width, size.height);
    return scratch;
  }

  return {
    paint(description, video, webcam = null) {
      const { layout } = description;
      if (canvas.width !== layout.canvas.width) canvas.width = layout.canvas.width;
      if (canvas.height !== layout.canvas.height) canvas.height = layout.canvas.height;
      const hasWebcam = webcam !== null && layout.webcam !== null && description.webcamTimeMs !== null;
      ctx.globalAlpha = 1;
      const background = staticLayer(description, hasWebcam);
      ctx.drawImage(background, 0, 0);

      // Video, cursor and clicks live inside the video area (whole pixels: a cheap rectangular clip).
      ctx.save();
      ctx.beginPath();
      ctx.rect(layout.video.x, layout.video.y, layout.video.width, layout.video.height);
      ctx.clip();
      const size = imageSize(video);
      // Bilinear is sharp enough down to half size and several times faster than 'high'; below that, mipmaps.
      const shrink = layout.video.width / (description.camera.rect.width * size.width) < 0.6;
      ctx.imageSmoothingQuality = shrink ? 'medium' : 'low';
      // Several copies of a decoded frame would each convert YUV to RGB again: convert once when blurring.
      const source = description.motionBlur.length > 0 ? rgbSource(video, size) : video;
      drawView(ctx, source, size, description.camera.rect, layout.video);
      // Motion blur, only along fast moves: fading copies of the earlier views trail the current one. An equal
      // blend of so few samples would read as double images; a fading trail reads as speed.
      description.motionBlur.forEach((view, index) => {
        ctx.globalAlpha = MOTION_TRAIL_ALPHA / (index + 1);
        drawView(ctx, source, size, view, layout.video);
      });
      ctx.globalAlpha = 1;
      for (const effect of description.clickEffects) drawClickEffect(ctx, effect);
      const { cursor } = description;
      if (cursor) drawCursor(ctx, cursor.shape, cursor.x, cursor.y, cursor.height, cursor.opacity);
      ctx.restore();
      roundVideoCorners(description, background);

      drawShortcut(ctx, description);

      if (hasWebcam && webcam && layout.webcam) {
        const { rect, radius } = layout.webcam;
        ctx.save();
        ctx.beginPath();
        roundedRectPath(ctx, rect.x, rect.y, rect.width, rect.height, radius);
        ctx.clip();
        drawCover(ctx, webcam, rect);
        ctx.restore();
      }
      if (description.watermark) drawWatermark(ctx, description);
    },
  };
}
