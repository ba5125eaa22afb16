import { clamp, lastIndexAtOrBefore } from '../geometry/geometry';
import { FRAMING } from '../zoom/framing';
import { CAMERA, type CameraPlan, clampCentre, type Samples } from './camera-model';

/** Whether time t is inside a zoom that follows the cursor. */
export function followsCursor(plan: CameraPlan, t: number): boolean {
  return plan.follow.some((span) => t >= span.startMs && t < span.endMs);
}

/** The cursor's position at time t, between samples (the first one before the track starts). */
function pointerAt(samples: Samples, t: number): { x: number; y: number } | null {
  const index = lastIndexAtOrBefore(samples, t, (s) => s.t);
  const sample = samples[Math.max(0, index)];
  if (!sample) return null;
  const next = samples[index + 1];
  if (index < 0 || !next || next.t <= sample.t) return { x: sample.x, y: sample.y };
  const amount = (t - sample.t) / (next.t - sample.t);
  return { x: sample.x + (next.x - sample.x) * amount, y: sample.y + (next.y - sample.y) * amount };
}

/** The planned view centre and half-size at time t, before it is moved for the cursor. */
function plannedView(plan: CameraPlan, t: number): { x: number; y: number; half: number } {
  const [logScale, centreX, centreY] = plan.path.at(t);
  const half = 0.5 / Math.max(1, Math.exp(logScale?.value ?? 0));
  return { x: clampCentre(centreX?.value ?? 0.5, half), y: clampCentre(centreY?.value ?? 0.5, half), half };
}

/** How far the view centre must move on each axis at time t to have the cursor inside it with a margin. */
function shiftFor(plan: CameraPlan, t: number): { x: number; y: number } {
  if (!followsCursor(plan, t)) return { x: 0, y: 0 };
  const pointer = pointerAt(plan.samples, t);
  if (!pointer) return { x: 0, y: 0 };
  const view = plannedView(plan, t);
  const reach = Math.max(0, view.half - view.half * CAMERA.cursorMargin * 2);
  const shift = (centre: number, at: number) => clamp(centre, at - reach, at + reach) - centre;
  return { x: shift(view.x, pointer.x), y: shift(view.y, pointer.y) };
}

/**
 * The view centre (x, y), moved enough that the cursor is inside the view with a margin: where the spring lags a
 * fast move, or ignores a brief excursion, the view's edge carries the cursor instead of losing it (the plan itself
 * does not move for it, so the view is back where it was once the cursor is). The shift is eased: at each time it is
 * the mean, over ±`CAMERA.keepEaseMs`, of the largest shift needed within ±`CAMERA.keepEaseMs` of that time, so it is
 * at least what is needed now (the cursor stays in view) but starts before and ends after it, without the kinks of
 * the pointer's own path. Still inside the video.
 */
export function keepCursorInView(
  plan: CameraPlan,
  t: number,
  x: number,
  y: number,
  half: number,
): { x: number; y: number } {
  const pointer = pointerAt(plan.samples, t);
  if (!pointer) return { x, y };
  const steps = CAMERA.keepEaseSteps;
  const stepMs = CAMERA.keepEaseMs / steps;
  const needed: { x: number; y: number }[] = [];
  for (let i = -2 * steps; i <= 2 * steps; i++) needed.push(shiftFor(plan, t + i * stepMs));
  if (needed.every((shift) => shift.x === 0 && shift.y === 0)) return { x, y };
  const eased = (axis: 'x' | 'y', sign: 1 | -1) => {
    let sum = 0;
    for (let centre = 0; centre <= 2 * steps; centre++) {
      let most = 0;
      for (let i = centre; i <= centre + 2 * steps; i++)
        most = Math.max(most, sign * (needed[i] as { x: number; y: number })[axis]);
      sum += most;
    }
    return (sign * sum) / (2 * steps + 1);
  };
  const reach = Math.max(0, half - half * CAMERA.cursorMargin * 2);
  const box = plan.targets.find(
    (target) => t >= target.t - 2 * CAMERA.keepEaseMs && t <= target.t + FRAMING.keepAfterMs,
  )?.box;
  const moved = (centre: number, axis: 'x' | 'y', at: number) => {
    let value = centre + eased(axis, 1) + eased(axis, -1);
    // An element being framed stays as much in view as the plan shows it.
    const [start, size] = box ? (axis === 'x' ? [box.x, box.width] : [box.y, box.height]) : [0, 0];
    if (box && size <= 2 * half)
      value = clamp(value, Math.min(centre, start + size - half), Math.max(centre, start + half));
    return clampCentre(clamp(value, at - reach, at + reach), half);
  };
  return { x: moved(x, 'x', pointer.x), y: moved(y, 'y', pointer.y) };
}
