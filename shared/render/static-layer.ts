import type { Rect } from '../geometry/geometry';
import { paintBackground } from './backgrounds';
import { type Context2D, roundedRectPath } from './canvas-2d';
import type { FrameDescription } from './frame-at';
import { drawWindowChrome } from './window-chrome';

/** Pictures the painters may need besides the video: the user's background images, by id. */
export interface FramePainterAssets {
  readonly userImages?: Readonly<Record<string, CanvasImageSource>>;
}

/** The 2D context of a canvas, or a clear error where the browser has none. */
export function context2d(canvas: OffscreenCanvas | HTMLCanvasElement): Context2D {
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

/** Background, border, window shadow, window chrome and the webcam's shadow. */
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

/** The video's rounded corners: where they are, and the picture that covers the video outside the rounding. */
export interface VideoCorners {
  /** The static layer with the window's inside cut out (transparent). */
  readonly canvas: OffscreenCanvas;
  /** Squares at the video's corners that are window corners (the top ones sit under the chrome when it shows). */
  readonly squares: readonly Rect[];
}

/**
 * What does not change between frames (background, shadow, border, chrome, webcam shadow), drawn once and
 * reused while the frame's layout, look and page stay the same: a live shadowBlur would cost several times
 * the rest of a frame. Both painters (Canvas 2D and planar) build their frames on it.
 */
export class StaticLayer {
  private layer: OffscreenCanvas | null = null;
  private layerKey = '';
  private cutout: OffscreenCanvas | null = null;
  private cutoutVersion = -1;
  private drawn = 0;

  constructor(private readonly assets: FramePainterAssets = {}) {}

  /** Counts redraws: a painter that derives something from the layer redoes it when this changes. */
  get version(): number {
    return this.drawn;
  }

  /** The layer for this frame, redrawn only when something it shows changed. */
  canvasFor(description: FrameDescription, hasWebcam: boolean): OffscreenCanvas {
    const { background } = description;
    const userImageId = background.type === 'Image' && background.image.kind === 'user' ? background.image.id : null;
    const key = staticLayerKey(description, hasWebcam, userImageId);
    const { width, height } = description.layout.canvas;
    if (!this.layer || this.layer.width !== width || this.layer.height !== height) {
      this.layer = new OffscreenCanvas(width, height);
      this.layerKey = '';
    }
    if (key !== this.layerKey) {
      const userImage = userImageId ? this.assets.userImages?.[userImageId] : undefined;
      paintStaticLayer(context2d(this.layer), description, hasWebcam, userImage);
      this.layerKey = key;
      this.drawn++;
    }
    return this.layer;
  }

  /**
   * The video's corners for the current layer: copying the squares of the cut-out layer over the video rounds
   * it without clipping the whole video to a curved path (an anti-aliased clip costs a full-frame mask).
   */
  corners(description: FrameDescription, hasWebcam: boolean): VideoCorners {
    const source = this.canvasFor(description, hasWebcam);
    if (!this.cutout || this.cutout.width !== source.width || this.cutout.height !== source.height) {
      this.cutout = new OffscreenCanvas(source.width, source.height);
      this.cutoutVersion = -1;
    }
    const { window, video, radius, chrome } = description.layout;
    if (this.cutoutVersion !== this.drawn) {
      const ctx = context2d(this.cutout);
      ctx.globalCompositeOperation = 'copy';
      ctx.drawImage(source, 0, 0);
      ctx.globalCompositeOperation = 'destination-out';
      ctx.beginPath();
      roundedRectPath(ctx, window.x, window.y, window.width, window.height, radius);
      ctx.fill();
      ctx.globalCompositeOperation = 'source-over';
      this.cutoutVersion = this.drawn;
    }
    const r = Math.ceil(Math.min(radius, window.width / 2, window.height / 2));
    if (r <= 0) return { canvas: this.cutout, squares: [] };
    const right = video.x + video.width - r;
    const bottom = video.y + video.height - r;
    const corners: [number, number][] = [
      [video.x, bottom],
      [right, bottom],
    ];
    if (!chrome) corners.push([video.x, video.y], [right, video.y]);
    return { canvas: this.cutout, squares: corners.map(([x, y]) => ({ x, y, width: r, height: r })) };
  }
}
