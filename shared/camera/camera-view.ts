import type { SpringState } from '../motion/spring';
import { CAMERA, type CameraPlan, type CameraView, clampCentre, type ShownSize } from './camera-model';
import { followsCursor, keepCursorInView } from './keep-cursor';

/**
 * Whether springs at `states`, chasing `target` ([log scale, centre x, centre y]), are within `CAMERA.restPixels`
 * of it when shown at `shown`, counting what their velocity still carries them (about velocity / stiffness).
 */
function atRest(
  states: readonly SpringState[],
  target: readonly number[],
  shown: ShownSize,
  stiffness: number,
): boolean {
  const scale = Math.max(1, Math.exp(target[0] ?? 0));
  // Output pixels per unit of each channel: a log-scale change moves the view's edges by half the rectangle;
  // a centre change moves the picture by the zoomed rectangle.
  const pixelsPerUnit = [Math.max(shown.width, shown.height) / 2, scale * shown.width, scale * shown.height];
  // A target past the video's edge (see edgeAim) is at rest once the view stands at the edge.
  const half = 0.5 / scale;
  const shownValue = (channel: number, value: number) => (channel === 0 ? value : clampCentre(value, half));
  return states.every((state, channel) => {
    const remaining =
      Math.abs(shownValue(channel, state.value) - shownValue(channel, target[channel] ?? 0)) +
      Math.abs(state.velocity) / stiffness;
    return remaining * (pixelsPerUnit[channel] ?? 0) < CAMERA.restPixels;
  });
}

/**
 * What the camera shows at time t (ms); always inside the video. Given the size it is `shown` at, a camera whose
 * move has less than `CAMERA.restPixels` left is at rest on its target.
 */
export function cameraAt(plan: CameraPlan, t: number, shown?: ShownSize): CameraView {
  const moving = plan.path.at(t);
  const target = plan.path.targetAt(t);
  const [logScale, centreX, centreY] =
    shown && atRest(moving, target, shown, plan.path.stiffnessAt(t))
      ? target.map((value) => ({ value, velocity: 0 }))
      : moving;
  const scale = Math.max(1, Math.exp(logScale?.value ?? 0));
  const half = 0.5 / scale;
  const x = clampCentre(centreX?.value ?? 0.5, half);
  const y = clampCentre(centreY?.value ?? 0.5, half);
  const kept = followsCursor(plan, t) ? keepCursorInView(plan, t, x, y, half) : { x, y };
  return {
    rect: { x: kept.x - half, y: kept.y - half, width: 2 * half, height: 2 * half },
    scale,
  };
}
