import type { Context2D } from './canvas-2d';
import type { CursorShape } from './frame-at';

/** Shapes are designed in a 24-unit box; `height` in the description is this many units. */
const DESIGN_HEIGHT = 24;

/** The classic arrow, tip (hotspot) at 0,0. */
function arrowPath(ctx: Context2D): void {
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.lineTo(0, 18);
  ctx.lineTo(4.3, 14);
  ctx.lineTo(7.2, 20.6);
  ctx.lineTo(10.2, 19.3);
  ctx.lineTo(7.4, 12.9);
  ctx.lineTo(13, 12.9);
  ctx.closePath();
}

/** A pointing hand, index fingertip (hotspot) at 0,0. */
function handPath(ctx: Context2D): void {
  ctx.beginPath();
  ctx.roundRect(-2, 0, 4, 12, 2); // index finger
  ctx.roundRect(1.6, 6.2, 3.8, 7, 1.9); // middle
  ctx.roundRect(5, 7.2, 3.6, 6.4, 1.8); // ring
  ctx.roundRect(8.2, 8.4, 3.3, 5.6, 1.65); // little finger
  ctx.roundRect(-2, 10, 13.5, 10, [1, 1, 4, 4]); // palm
  ctx.moveTo(-2, 17);
  ctx.lineTo(-6.5, 12.2);
  ctx.arc(-5.2, 11, 1.8, Math.PI * 0.75, Math.PI * 1.9);
  ctx.lineTo(-1, 13.5);
  ctx.closePath();
}

/** The text I-beam, centred on 0,0. */
function beamPath(ctx: Context2D): void {
  ctx.beginPath();
  ctx.moveTo(-3.5, -9.5);
  ctx.quadraticCurveTo(0, -9.5, 0, -7.5);
  ctx.quadraticCurveTo(0, -9.5, 3.5, -9.5);
  ctx.moveTo(0, -7.5);
  ctx.lineTo(0, 7.5);
  ctx.moveTo(-3.5, 9.5);
  ctx.quadraticCurveTo(0, 9.5, 0, 7.5);
  ctx.quadraticCurveTo(0, 9.5, 3.5, 9.5);
}

/**
 * Draws a crisp vector cursor with its hotspot at (x, y), `height` canvas pixels tall.
 * A light outline keeps it visible on dark pages and a faint offset copy gives depth without shadowBlur.
 */
export function drawCursor(
  ctx: Context2D,
  shape: CursorShape,
  x: number,
  y: number,
  height: number,
  opacity: number,
): void {
  const unit = height / DESIGN_HEIGHT;
  ctx.save();
  ctx.globalAlpha = opacity;
  ctx.translate(x, y);
  ctx.scale(unit, unit);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  if (shape === 'beam') {
    beamPath(ctx);
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 3.4;
    ctx.stroke();
    ctx.strokeStyle = '#111111';
    ctx.lineWidth = 1.6;
    ctx.stroke();
    ctx.restore();
    return;
  }
  const path = shape === 'arrow' ? arrowPath : handPath;
  // Depth: the same shape, offset and translucent, under the cursor.
  ctx.save();
  ctx.translate(0.6, 1.2);
  path(ctx);
  ctx.fillStyle = 'rgba(0, 0, 0, 0.22)';
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.12)';
  ctx.stroke();
  ctx.fill();
  ctx.restore();
  path(ctx);
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 2.4;
  ctx.stroke();
  ctx.fillStyle = '#111111';
  ctx.fill();
  if (shape === 'hand') {
    // Gaps between the fingers, so the hand reads as a hand and not a blob at small sizes.
    ctx.beginPath();
    for (const x of [1.8, 5.2, 8.4]) {
      ctx.moveTo(x, 9.6);
      ctx.lineTo(x, 13.4);
    }
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 0.8;
    ctx.stroke();
  }
  ctx.restore();
}
