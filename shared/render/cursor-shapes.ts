import type { Rect } from '../geometry/geometry';
import type { CursorType } from '../recording/cursor-types';
import type { Context2D } from './canvas-2d';

/** The vector cursor shapes we draw. */
export const ALL_CURSOR_SHAPES = [
  'arrow',
  'hand',
  'beam',
  'crosshair',
  'move',
  'not-allowed',
  'resize-ew',
  'resize-ns',
  'resize-nesw',
  'resize-nwse',
] as const;
export type CursorShape = (typeof ALL_CURSOR_SHAPES)[number];

/** The drawn shape for each recorded CSS cursor; null for 'none'. */
const SHAPE_OF_CURSOR: Readonly<Record<CursorType, CursorShape | null>> = {
  default: 'arrow',
  pointer: 'hand',
  text: 'beam',
  'vertical-text': 'beam',
  grab: 'hand',
  grabbing: 'hand',
  move: 'move',
  crosshair: 'crosshair',
  'not-allowed': 'not-allowed',
  'no-drop': 'not-allowed',
  wait: 'arrow',
  progress: 'arrow',
  help: 'arrow',
  'context-menu': 'arrow',
  cell: 'crosshair',
  copy: 'arrow',
  alias: 'arrow',
  'zoom-in': 'arrow',
  'zoom-out': 'arrow',
  'ew-resize': 'resize-ew',
  'ns-resize': 'resize-ns',
  'nesw-resize': 'resize-nesw',
  'nwse-resize': 'resize-nwse',
  'col-resize': 'resize-ew',
  'row-resize': 'resize-ns',
  'all-scroll': 'move',
  none: null,
};

/** The drawn shape for a recorded CSS cursor; null for 'none'. */
export function cursorShapeFor(type: CursorType): CursorShape | null {
  return SHAPE_OF_CURSOR[type];
}

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

/** A horizontal double-headed arrow centred on 0,0 (rotated for the other resize directions). */
function doubleArrowPath(ctx: Context2D, angle: number): void {
  const points: [number, number][] = [
    [-9, 0],
    [-5, -4.2],
    [-5, -1.6],
    [5, -1.6],
    [5, -4.2],
    [9, 0],
    [5, 4.2],
    [5, 1.6],
    [-5, 1.6],
    [-5, 4.2],
  ];
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  points.forEach(([px, py], index) => {
    const x = px * cos - py * sin;
    const y = px * sin + py * cos;
    if (index === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  });
  ctx.closePath();
}

const RESIZE_ANGLE: Readonly<Partial<Record<CursorShape, number>>> = {
  'resize-ew': 0,
  'resize-ns': Math.PI / 2,
  'resize-nesw': -Math.PI / 4,
  'resize-nwse': Math.PI / 4,
};

/** A line shape (I-beam, crosshair, forbidden sign): a white halo under a dark stroke. */
function strokeWithHalo(ctx: Context2D, path: () => void, width: number): void {
  path();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = width + 1.8;
  ctx.stroke();
  ctx.strokeStyle = '#111111';
  ctx.lineWidth = width;
  ctx.stroke();
}

/** A filled shape: a faint offset copy for depth, a white outline and a dark fill. */
function fillWithOutline(ctx: Context2D, path: () => void): void {
  ctx.save();
  ctx.translate(0.6, 1.2);
  path();
  ctx.fillStyle = 'rgba(0, 0, 0, 0.22)';
  ctx.lineWidth = 3;
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.12)';
  ctx.stroke();
  ctx.fill();
  ctx.restore();
  path();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 2.4;
  ctx.stroke();
  ctx.fillStyle = '#111111';
  ctx.fill();
}

/** An I-beam centred on 0,0 (its hotspot), with curved serifs. */
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

/** A crosshair centred on 0,0. */
function crosshairPath(ctx: Context2D): void {
  ctx.beginPath();
  ctx.moveTo(-8, 0);
  ctx.lineTo(8, 0);
  ctx.moveTo(0, -8);
  ctx.lineTo(0, 8);
}

/** A forbidden sign (a struck-through circle) centred on 0,0. */
function notAllowedPath(ctx: Context2D): void {
  ctx.beginPath();
  ctx.arc(0, 0, 7, 0, Math.PI * 2);
  ctx.moveTo(-4.9, 4.9);
  ctx.lineTo(4.9, -4.9);
}

/** The pointing hand, filled and outlined like the arrow. */
function drawHand(ctx: Context2D): void {
  fillWithOutline(ctx, () => handPath(ctx));
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

/** The move cross: two double arrows centred on 0,0. */
function drawMove(ctx: Context2D): void {
  // Both arrows' outlines first, then both fills, so the crossing shows no inner outline.
  for (const angle of [0, Math.PI / 2]) {
    ctx.beginPath();
    doubleArrowPath(ctx, angle);
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 2.4;
    ctx.stroke();
  }
  ctx.beginPath();
  doubleArrowPath(ctx, 0);
  doubleArrowPath(ctx, Math.PI / 2);
  ctx.fillStyle = '#111111';
  ctx.fill('nonzero');
}

/** Draws `shape` in design units with its hotspot at 0,0. */
function drawShape(ctx: Context2D, shape: CursorShape): void {
  switch (shape) {
    case 'arrow':
      fillWithOutline(ctx, () => arrowPath(ctx));
      return;
    case 'hand':
      drawHand(ctx);
      return;
    case 'beam':
      strokeWithHalo(ctx, () => beamPath(ctx), 1.6);
      return;
    case 'crosshair':
      strokeWithHalo(ctx, () => crosshairPath(ctx), 1.5);
      return;
    case 'not-allowed':
      strokeWithHalo(ctx, () => notAllowedPath(ctx), 2.4);
      return;
    case 'move':
      drawMove(ctx);
      return;
    default:
      fillWithOutline(ctx, () => {
        ctx.beginPath();
        doubleArrowPath(ctx, RESIZE_ANGLE[shape] ?? 0);
      });
  }
}

/** Every shape, with its outline and depth copy, lies inside this box of design units around its hotspot. */
const DESIGN_BOUNDS = { left: -13, top: -13, right: 17, bottom: 25 } as const;

/** The rectangle a cursor drawn at (x, y), `height` canvas pixels tall, may touch. */
export function cursorBounds(x: number, y: number, height: number): Rect {
  const unit = height / DESIGN_HEIGHT;
  return {
    x: x + DESIGN_BOUNDS.left * unit - 1,
    y: y + DESIGN_BOUNDS.top * unit - 1,
    width: (DESIGN_BOUNDS.right - DESIGN_BOUNDS.left) * unit + 2,
    height: (DESIGN_BOUNDS.bottom - DESIGN_BOUNDS.top) * unit + 2,
  };
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
  drawShape(ctx, shape);
  ctx.restore();
}
