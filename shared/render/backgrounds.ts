import { GRADIENT_PRESETS, type LinearGradient, type Wallpaper } from '../look/presets';
import type { Background } from '../look/render-settings';
import { type Context2D, drawCover } from './canvas-2d';

/** Fills `ctx` (width × height) with a CSS-like linear gradient. */
function fillLinearGradient(ctx: Context2D, gradient: LinearGradient, width: number, height: number): void {
  const radians = (gradient.angle * Math.PI) / 180;
  const dx = Math.sin(radians);
  const dy = -Math.cos(radians);
  // CSS: the gradient line is as long as needed for the corners to get the end colours.
  const half = (Math.abs(width * dx) + Math.abs(height * dy)) / 2;
  const cx = width / 2;
  const cy = height / 2;
  const fill = ctx.createLinearGradient(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half);
  for (const stop of gradient.stops) fill.addColorStop(stop.offset, stop.color);
  ctx.fillStyle = fill;
  ctx.fillRect(0, 0, width, height);
}

/** A soft round glow of `color` fading to transparent. */
function glow(ctx: Context2D, x: number, y: number, radius: number, color: string): void {
  const fill = ctx.createRadialGradient(x, y, 0, x, y, radius);
  fill.addColorStop(0, color);
  fill.addColorStop(1, `${color}00`);
  ctx.fillStyle = fill;
  ctx.fillRect(x - radius, y - radius, radius * 2, radius * 2);
}

/** A band of hills: a sine-shaped ridge at `baseline` (fraction of height) filled to the bottom. */
function hills(
  ctx: Context2D,
  width: number,
  height: number,
  baseline: number,
  amplitude: number,
  waves: number,
  phase: number,
  color: string,
): void {
  ctx.beginPath();
  ctx.moveTo(0, height);
  const steps = 48;
  for (let i = 0; i <= steps; i++) {
    const x = (i / steps) * width;
    const y = height * (baseline + amplitude * Math.sin((i / steps) * Math.PI * 2 * waves + phase));
    ctx.lineTo(x, y);
  }
  ctx.lineTo(width, height);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
}

/** The wallpapers' skies: the linear gradients under their glows, hills and dots. */
const WALLPAPER_SKIES = {
  dusk: {
    angle: 180,
    stops: [
      { offset: 0, color: '#2e1065' },
      { offset: 0.55, color: '#c2410c' },
      { offset: 1, color: '#fbbf24' },
    ],
  },
  ocean: {
    angle: 160,
    stops: [
      { offset: 0, color: '#0ea5e9' },
      { offset: 1, color: '#1e3a8a' },
    ],
  },
  meadow: {
    angle: 180,
    stops: [
      { offset: 0, color: '#bae6fd' },
      { offset: 1, color: '#fef9c3' },
    ],
  },
  graphite: {
    angle: 135,
    stops: [
      { offset: 0, color: '#374151' },
      { offset: 1, color: '#111827' },
    ],
  },
} satisfies Readonly<Partial<Record<Wallpaper, LinearGradient>>>;

/** A grid of small faint dots over the whole canvas, spaced for its size. */
function dotGrid(ctx: Context2D, width: number, height: number): void {
  const spacing = Math.max(8, Math.round(Math.min(width, height) / 40));
  const dot = Math.max(1, spacing / 14);
  ctx.fillStyle = '#ffffff1f';
  for (let y = spacing / 2; y < height; y += spacing) {
    for (let x = spacing / 2; x < width; x += spacing) ctx.fillRect(x - dot / 2, y - dot / 2, dot, dot);
  }
}

/** Paints one of the shipped wallpapers; drawn from code, so it is sharp at any size and costs no download. */
export function paintWallpaper(ctx: Context2D, wallpaper: Wallpaper, width: number, height: number): void {
  const size = Math.max(width, height);
  switch (wallpaper) {
    case 'aurora':
      ctx.fillStyle = '#0b1026';
      ctx.fillRect(0, 0, width, height);
      glow(ctx, width * 0.15, height * 0.2, size * 0.6, '#2dd4bf');
      glow(ctx, width * 0.85, height * 0.3, size * 0.55, '#8b5cf6');
      glow(ctx, width * 0.55, height * 1.05, size * 0.6, '#ec4899');
      return;
    case 'dusk':
      fillLinearGradient(ctx, WALLPAPER_SKIES.dusk, width, height);
      glow(ctx, width * 0.5, height * 0.7, size * 0.35, '#fde68a');
      hills(ctx, width, height, 0.78, 0.04, 1.5, 0.4, '#7c2d12cc');
      hills(ctx, width, height, 0.88, 0.03, 2.5, 1.9, '#431407');
      return;
    case 'ocean':
      fillLinearGradient(ctx, WALLPAPER_SKIES.ocean, width, height);
      for (let i = 0; i < 4; i++)
        hills(ctx, width, height, 0.45 + i * 0.14, 0.035, 1.2 + i * 0.4, i * 1.3, '#ffffff14');
      return;
    case 'meadow':
      fillLinearGradient(ctx, WALLPAPER_SKIES.meadow, width, height);
      hills(ctx, width, height, 0.62, 0.05, 1, 0.3, '#86efac');
      hills(ctx, width, height, 0.72, 0.045, 1.6, 2.2, '#4ade80');
      hills(ctx, width, height, 0.84, 0.035, 2.2, 4.1, '#16a34a');
      return;
    case 'graphite':
      fillLinearGradient(ctx, WALLPAPER_SKIES.graphite, width, height);
      dotGrid(ctx, width, height);
      return;
  }
}

/**
 * Paints the canvas background. `userImage` is the picture a 'user' image background refers to;
 * without it the first wallpaper stands in, so a missing file never leaves the canvas empty.
 */
export function paintBackground(
  ctx: Context2D,
  background: Background,
  width: number,
  height: number,
  userImage: CanvasImageSource | undefined,
): void {
  switch (background.type) {
    case 'Hidden':
      ctx.fillStyle = '#000000';
      ctx.fillRect(0, 0, width, height);
      return;
    case 'Color':
      ctx.fillStyle = background.color;
      ctx.fillRect(0, 0, width, height);
      return;
    case 'Gradient': {
      const gradient =
        background.gradient.kind === 'preset'
          ? GRADIENT_PRESETS[background.gradient.preset]
          : background.gradient.custom;
      fillLinearGradient(ctx, gradient, width, height);
      return;
    }
    case 'Image':
      if (background.image.kind === 'user' && userImage) {
        drawCover(ctx, userImage, { x: 0, y: 0, width, height });
        return;
      }
      paintWallpaper(ctx, background.image.kind === 'preset' ? background.image.wallpaper : 'aurora', width, height);
      return;
  }
}
