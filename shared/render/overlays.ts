import type { Rect } from '../geometry/geometry';
import { paintCallouts } from './callouts';
import { type Context2D, drawCover, roundedRectPath } from './canvas-2d';
import { clickEffectBounds, drawClickEffect } from './click-effects';
import { cursorBounds, drawCursor } from './cursor-shapes';
import type { FrameDescription } from './frame-at';

/** The text of the free plan's watermark. */
export const WATERMARK_TEXT = 'Made with Clickreel';

/** Whether this frame shows the webcam bubble: a webcam frame, a bubble in the layout, and a webcam time. */
export function showsWebcam(description: FrameDescription, webcam: CanvasImageSource | null): boolean {
  return webcam !== null && description.layout.webcam !== null && description.webcamTimeMs !== null;
}

/** `rect` grown by `margin` on every side (room for anti-aliased edges). */
function grown(rect: Rect, margin: number): Rect {
  return { x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin };
}

/**
 * Draws the click animations and the cursor, clipped to the video (they belong to the recorded page); returns
 * the rectangles they may have touched, before clipping.
 */
export function paintPointer(ctx: Context2D, description: FrameDescription): Rect[] {
  const { cursor, clickEffects, layout } = description;
  if (!cursor && clickEffects.length === 0) return [];
  const touched: Rect[] = [];
  // The video rectangle has whole-pixel edges: a cheap rectangular clip.
  ctx.save();
  ctx.beginPath();
  ctx.rect(layout.video.x, layout.video.y, layout.video.width, layout.video.height);
  ctx.clip();
  for (const effect of clickEffects) {
    drawClickEffect(ctx, effect);
    touched.push(clickEffectBounds(effect));
  }
  if (cursor && cursor.path.length > 0) touched.push(drawCursorStreak(ctx, cursor));
  else if (cursor) {
    drawCursor(ctx, cursor.shape, cursor.x, cursor.y, cursor.height, cursor.opacity);
    touched.push(cursorBounds(cursor.x, cursor.y, cursor.height));
  }
  ctx.restore();
  return touched;
}

/** The cursor drawn once (`sprite`) and the streak of its copies (`streak`): kept between frames, grown as needed. */
const streakCanvases: { sprite: OffscreenCanvas | null; streak: OffscreenCanvas | null } = {
  sprite: null,
  streak: null,
};

/** `canvas` (made when absent) at least `width` x `height`, cleared there. */
function scratchCanvas(canvas: OffscreenCanvas | null, width: number, height: number): OffscreenCanvas {
  const scratch = canvas ?? new OffscreenCanvas(width, height);
  if (scratch.width < width) scratch.width = width;
  if (scratch.height < height) scratch.height = height;
  return scratch;
}

/**
 * Motion blur of the cursor: its picture at every point of its path over the shutter, each weighing the same (the
 * copies are added, premultiplied, at 1/n of the opacity each: their mean), drawn over `ctx` at once. A copy is the
 * cursor drawn once and moved, so its outline and fill overlap as in a still cursor. Returns the rectangle touched.
 */
function drawCursorStreak(ctx: Context2D, cursor: NonNullable<FrameDescription['cursor']>): Rect {
  const bounds = cursorBounds(0, 0, cursor.height);
  const spriteLeft = Math.floor(bounds.x);
  const spriteTop = Math.floor(bounds.y);
  const spriteWidth = Math.ceil(bounds.x + bounds.width) - spriteLeft;
  const spriteHeight = Math.ceil(bounds.y + bounds.height) - spriteTop;
  const sprite = scratchCanvas(streakCanvases.sprite, spriteWidth, spriteHeight);
  streakCanvases.sprite = sprite;
  const spriteContext = sprite.getContext('2d') as OffscreenCanvasRenderingContext2D;
  spriteContext.clearRect(0, 0, spriteWidth, spriteHeight);
  drawCursor(spriteContext, cursor.shape, -spriteLeft, -spriteTop, cursor.height, 1);
  const xs = cursor.path.map((p) => p.x);
  const ys = cursor.path.map((p) => p.y);
  const left = Math.floor(Math.min(...xs) + spriteLeft) - 1;
  const top = Math.floor(Math.min(...ys) + spriteTop) - 1;
  const width = Math.ceil(Math.max(...xs) + spriteLeft + spriteWidth) + 1 - left;
  const height = Math.ceil(Math.max(...ys) + spriteTop + spriteHeight) + 1 - top;
  const streak = scratchCanvas(streakCanvases.streak, width, height);
  streakCanvases.streak = streak;
  const streakContext = streak.getContext('2d') as OffscreenCanvasRenderingContext2D;
  streakContext.clearRect(0, 0, width, height);
  streakContext.globalCompositeOperation = 'lighter';
  streakContext.globalAlpha = cursor.opacity / cursor.path.length;
  for (const point of cursor.path) {
    streakContext.drawImage(
      sprite,
      0,
      0,
      spriteWidth,
      spriteHeight,
      point.x + spriteLeft - left,
      point.y + spriteTop - top,
      spriteWidth,
      spriteHeight,
    );
  }
  streakContext.globalCompositeOperation = 'source-over';
  streakContext.globalAlpha = 1;
  ctx.drawImage(streak, 0, 0, width, height, left, top, width, height);
  return { x: left, y: top, width, height };
}

/** The shortcut overlay: a dark pill near the bottom of the video. Returns its rectangle. */
function drawShortcut(ctx: Context2D, description: FrameDescription): Rect | null {
  const { shortcut, layout } = description;
  if (!shortcut || shortcut.opacity <= 0) return null;
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
  return grown({ x, y, width, height }, 2);
}

/** The watermark, small, in the bottom corner away from the webcam. Returns its rectangle. */
export function drawWatermark(ctx: Context2D, description: FrameDescription): Rect {
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
  const lineWidth = Math.max(2, fontSize * 0.18);
  ctx.lineWidth = lineWidth;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.35)';
  ctx.strokeText(WATERMARK_TEXT, x, y);
  ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
  ctx.fillText(WATERMARK_TEXT, x, y);
  const width = ctx.measureText(WATERMARK_TEXT).width;
  ctx.restore();
  const left = webcamOnRight ? x : x - width;
  // The bottom baseline leaves descenders above y; ascenders reach at most 1.3 font sizes up.
  return grown({ x: left, y: y - fontSize * 1.3, width, height: fontSize * 1.3 }, lineWidth + 2);
}

/**
 * Draws what sits above the window: text callouts, the shortcut overlay, the webcam bubble and the watermark.
 * Returns the rectangles they may have touched.
 */
export function paintTopOverlays(
  ctx: Context2D,
  description: FrameDescription,
  webcam: CanvasImageSource | null,
): Rect[] {
  const touched = paintCallouts(ctx, description.callouts, description.layout.video, description.layout.unit);
  const shortcut = drawShortcut(ctx, description);
  if (shortcut) touched.push(shortcut);
  const bubble = description.layout.webcam;
  if (webcam && bubble && showsWebcam(description, webcam)) {
    const { rect, radius } = bubble;
    ctx.save();
    ctx.beginPath();
    roundedRectPath(ctx, rect.x, rect.y, rect.width, rect.height, radius);
    ctx.clip();
    drawCover(ctx, webcam, rect);
    ctx.restore();
    touched.push(grown(rect, 1));
  }
  if (description.watermark) touched.push(drawWatermark(ctx, description));
  return touched;
}
