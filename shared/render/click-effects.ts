import type { Rect } from '../geometry/geometry';
import type { Context2D } from './canvas-2d';
import type { FrameDescription } from './frame-at';

type ClickEffect = FrameDescription['clickEffects'][number];

/** Fast start, gentle finish. */
function easeOutCubic(t: number): number {
  return 1 - (1 - t) ** 3;
}

/** The rectangle a click animation may touch at any progress (no animation grows past its radius plus the ring). */
export function clickEffectBounds(effect: ClickEffect): Rect {
  const reach = effect.radius * 1.1 + 2;
  return { x: effect.x - reach, y: effect.y - reach, width: 2 * reach, height: 2 * reach };
}

/** Draws one click animation at its progress (0 = press, 1 = finished). */
export function drawClickEffect(ctx: Context2D, effect: ClickEffect): void {
  const p = Math.min(1, Math.max(0, effect.progress));
  ctx.save();
  switch (effect.animation) {
    case 'ripple': {
      // A ring that grows and fades, with a faint fill so it reads on light and dark pages.
      const radius = effect.radius * (0.25 + 0.75 * easeOutCubic(p));
      const alpha = 1 - p;
      ctx.beginPath();
      ctx.arc(effect.x, effect.y, radius, 0, Math.PI * 2);
      ctx.fillStyle = `rgba(59, 130, 246, ${0.18 * alpha})`;
      ctx.fill();
      ctx.lineWidth = Math.max(1, effect.radius * 0.09);
      ctx.strokeStyle = `rgba(37, 99, 235, ${0.85 * alpha})`;
      ctx.stroke();
      break;
    }
    case 'orb': {
      // A soft glowing orb that swells and fades under the cursor.
      const radius = effect.radius * (0.35 + 0.45 * Math.sin(Math.PI * Math.min(1, p * 1.4)) + 0.2 * p);
      const alpha = 1 - p * p;
      const fill = ctx.createRadialGradient(effect.x, effect.y, 0, effect.x, effect.y, Math.max(1, radius));
      fill.addColorStop(0, `rgba(250, 204, 21, ${0.75 * alpha})`);
      fill.addColorStop(0.6, `rgba(250, 204, 21, ${0.35 * alpha})`);
      fill.addColorStop(1, 'rgba(250, 204, 21, 0)');
      ctx.fillStyle = fill;
      ctx.beginPath();
      ctx.arc(effect.x, effect.y, Math.max(1, radius), 0, Math.PI * 2);
      ctx.fill();
      break;
    }
    case 'pressure': {
      // The cursor itself shrinks (see frameAt); a small dark dimple marks the press.
      const radius = effect.radius * 0.45 * (1 - 0.5 * p);
      ctx.beginPath();
      ctx.arc(effect.x, effect.y, radius, 0, Math.PI * 2);
      ctx.fillStyle = `rgba(15, 23, 42, ${0.28 * Math.sin(Math.PI * p)})`;
      ctx.fill();
      break;
    }
  }
  ctx.restore();
}
