import { CALLOUT, type Callout, type CalloutKind, type CalloutPlacement } from '../callouts/callout';
import {
  CALLOUT_LINE_HEIGHT,
  CALLOUT_TYPE,
  type CalloutBoxSize,
  calloutFontSize,
  calloutPadding,
  captionPlacement,
  captionRect,
  labelPlacement,
  labelRect,
  titleRect,
} from '../callouts/callout-layout';
import { clamp, type Point, type Rect } from '../geometry/geometry';
import type { CornerStyle } from '../look/enumerations';
import { GRADIENT_PRESETS } from '../look/presets';
import type { Background } from '../look/render-settings';
import type { Context2D } from './canvas-2d';
import type { EditedClock } from './cursor-motion';

/** A callout as one frame shows it, in canvas pixels. */
export interface CalloutFrame {
  readonly kind: CalloutKind;
  readonly text: string;
  /** How far it has come in (0 → 1 over CALLOUT.fadeMs) or, near its end, how far from gone; eased. */
  readonly shown: number;
  /** A label's target on the canvas, through the camera; null for the other kinds. */
  readonly target: Point | null;
  /** Where it sits (a caption's edge, a label's side of its target); null: the kind's first place. */
  readonly placement: CalloutPlacement | null;
  /** The look's colour the callout is filled with, and the corner style of the window. */
  readonly accent: string;
  readonly corners: CornerStyle;
}

/** Ease out (cubic): fast in, settling. */
function easeOut(x: number): number {
  return 1 - (1 - x) ** 3;
}

/** The look's accent: the background colour or the gradient's first stop; indigo over a wallpaper or nothing. */
export function calloutAccent(background: Background): string {
  if (background.type === 'Color') return background.color;
  if (background.type === 'Gradient') {
    const gradient = background.gradient.kind === 'preset' ? GRADIENT_PRESETS[background.gradient.preset] : null;
    return (
      (gradient ?? (background.gradient.kind === 'custom' ? background.gradient.custom : null))?.stops[0]?.color ??
      '#4f46e5'
    );
  }
  return '#4f46e5';
}

/**
 * The callouts shown at time t, in their order: each comes in over its first CALLOUT.fadeMs (one starting at 0 is
 * there from the first frame) and goes out over its last. A label whose target the camera does not show is not drawn (its arrow would point off the video).
 */
export function calloutsAt(
  callouts: readonly Callout[],
  t: number,
  look: { readonly background: Background; readonly corners: CornerStyle },
  video: Rect,
  toCanvas: (x: number, y: number) => Point,
  clock: EditedClock = (ms) => ms,
): CalloutFrame[] {
  const now = clock(t);
  const accent = calloutAccent(look.background);
  const frames: CalloutFrame[] = [];
  for (const callout of callouts) {
    if (t < callout.startMs || t >= callout.endMs || !callout.text.trim()) continue;
    // Fades run on the edited clock, so one in a sped-up range lasts as long on screen as anywhere else.
    const [start, end] = [clock(callout.startMs), clock(callout.endMs)];
    const fade = Math.min(CALLOUT.fadeMs, (end - start) / 2);
    // One at the very start is there from the first frame (a title card opens the video); the rest come in.
    const sinceStart = callout.startMs <= 0 ? fade : now - start;
    const shown = fade > 0 ? easeOut(clamp(Math.min(sinceStart, end - now) / fade, 0, 1)) : 1;
    let target: Point | null = null;
    if (callout.kind === 'label') {
      if (!callout.target) continue;
      target = toCanvas(callout.target.x, callout.target.y);
      const inside =
        target.x >= video.x &&
        target.x <= video.x + video.width &&
        target.y >= video.y &&
        target.y <= video.y + video.height;
      if (!inside) continue;
    }
    frames.push({
      kind: callout.kind,
      text: callout.text,
      shown,
      target,
      placement: callout.placement ?? null,
      accent,
      corners: look.corners,
    });
  }
  return frames;
}

/** Black or white, whichever reads better on `hex`. */
function textColorOn(hex: string): string {
  const value = Number.parseInt(hex.slice(1, 7), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#111827' : '#ffffff';
}

/** The words of `text` in lines no wider than `maxWidth` (at most `maxLines`, the last cut with an ellipsis). */
function wrapLines(ctx: Context2D, text: string, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

function radiusFor(corners: CornerStyle, height: number): number {
  return corners === 'Sharp' ? 0 : corners === 'Circular' ? height / 2 : Math.min(height * 0.25, 24);
}

/** `rect` grown by `margin` on every side (room for anti-aliased edges). */
function grown(rect: Rect, margin: number): Rect {
  return { x: rect.x - margin, y: rect.y - margin, width: rect.width + 2 * margin, height: rect.height + 2 * margin };
}

interface TextBox extends CalloutBoxSize {
  readonly lines: readonly string[];
  readonly padY: number;
}

/** The box of a callout of `kind` saying `text` over `video`, measured with the canvas's font. */
function measureBox(ctx: Context2D, kind: CalloutKind, text: string, video: Rect, unit: number): TextBox {
  const type = CALLOUT_TYPE[kind];
  const fontSize = calloutFontSize(kind, unit);
  ctx.font = `${type.weight} ${fontSize}px system-ui, sans-serif`;
  const padding = calloutPadding(fontSize);
  const lines = wrapLines(ctx, text, video.width * type.maxWidth - 2 * padding.x, type.maxLines);
  const textWidth = Math.max(...lines.map((l) => ctx.measureText(l).width), 0);
  const height = lines.length * CALLOUT_LINE_HEIGHT * fontSize + 2 * padding.y;
  return { lines, fontSize, width: textWidth + 2 * padding.x, height, padY: padding.y };
}

function drawBox(
  ctx: Context2D,
  box: TextBox,
  x: number,
  y: number,
  fill: string,
  color: string,
  corners: CornerStyle,
) {
  ctx.beginPath();
  ctx.roundRect(x, y, box.width, box.height, radiusFor(corners, Math.min(box.height, box.fontSize * 2.2)));
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.fillStyle = color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const lineHeight = box.fontSize * CALLOUT_LINE_HEIGHT;
  box.lines.forEach((line, i) => {
    ctx.fillText(line, x + box.width / 2, y + box.padY + lineHeight * (i + 0.5));
  });
}

/** The arrow from a label's box to its target: a white line with a dark edge and a head at the target. */
function drawArrow(ctx: Context2D, from: Point, to: Point, width: number) {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const head = width * 4;
  const shaftEnd = { x: to.x - Math.cos(angle) * head * 0.8, y: to.y - Math.sin(angle) * head * 0.8 };
  const headPath = () => {
    ctx.beginPath();
    ctx.moveTo(to.x, to.y);
    ctx.lineTo(to.x - Math.cos(angle - 0.45) * head, to.y - Math.sin(angle - 0.45) * head);
    ctx.lineTo(to.x - Math.cos(angle + 0.45) * head, to.y - Math.sin(angle + 0.45) * head);
    ctx.closePath();
  };
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const [style, extra] of [
    ['rgba(17, 24, 39, 0.6)', width * 0.9],
    ['#ffffff', 0],
  ] as const) {
    ctx.strokeStyle = style;
    ctx.fillStyle = style;
    ctx.lineWidth = width + extra;
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(shaftEnd.x, shaftEnd.y);
    ctx.stroke();
    headPath();
    ctx.fill();
    if (extra > 0) ctx.stroke();
  }
}

/**
 * Draws the callouts of a frame over the video: a title card centred on a dimmed video, a caption at the video's
 * foot, a label beside its target with an arrow to it. Returns the rectangles they may have touched.
 */
export function paintCallouts(ctx: Context2D, callouts: readonly CalloutFrame[], video: Rect, unit: number): Rect[] {
  const touched: Rect[] = [];
  for (const callout of callouts) {
    if (callout.shown <= 0) continue;
    ctx.save();
    ctx.globalAlpha = callout.shown;
    if (callout.kind === 'title') {
      ctx.fillStyle = 'rgba(11, 13, 18, 0.45)';
      ctx.fillRect(video.x, video.y, video.width, video.height);
      const box = measureBox(ctx, 'title', callout.text, video, unit);
      const scale = 0.92 + 0.08 * callout.shown;
      const rect = titleRect(box, video);
      ctx.translate(rect.x + rect.width / 2, rect.y + rect.height / 2);
      ctx.scale(scale, scale);
      drawBox(ctx, box, -box.width / 2, -box.height / 2, callout.accent, textColorOn(callout.accent), callout.corners);
      touched.push(grown(video, 2));
    } else if (callout.kind === 'caption') {
      const box = measureBox(ctx, 'caption', callout.text, video, unit);
      const rise = (1 - callout.shown) * box.fontSize;
      const place = captionRect(box, video, captionPlacement(callout.placement));
      const x = place.x;
      const y = place.y + rise;
      drawBox(ctx, box, x, y, 'rgba(17, 24, 39, 0.86)', '#ffffff', callout.corners);
      touched.push(grown({ x, y: y - rise, width: box.width, height: box.height + rise }, 2));
    } else if (callout.target) {
      const target = callout.target;
      const box = measureBox(ctx, 'label', callout.text, video, unit);
      // Beside the target on its side (by itself, towards the middle of the video, so it stays on screen).
      const {
        rect: { x, y },
        from,
      } = labelRect(box, video, target, labelPlacement(callout.placement));
      const reach = callout.shown;
      const tip = { x: from.x + (target.x - from.x) * reach, y: from.y + (target.y - from.y) * reach };
      const lineWidth = Math.max(2, 4 * unit);
      drawArrow(ctx, from, tip, lineWidth);
      drawBox(ctx, box, x, y, callout.accent, textColorOn(callout.accent), callout.corners);
      const minX = Math.min(x, target.x);
      const minY = Math.min(y, target.y);
      touched.push(
        grown(
          {
            x: minX,
            y: minY,
            width: Math.max(x + box.width, target.x) - minX,
            height: Math.max(y + box.height, target.y) - minY,
          },
          lineWidth * 5 + 2,
        ),
      );
    }
    ctx.restore();
  }
  return touched;
}
