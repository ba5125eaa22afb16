import { clamp } from '../geometry/geometry';
import { DEFAULT_ZOOM_TIMING, type ZoomTiming } from '../look/zoom-timing';
import { SpringPath, type SpringStep } from '../motion/spring';
import type { Recording } from '../recording/recording';
import { containBox, type FramingTarget, fitScale, framingTargets } from '../zoom/framing';
import { ZOOM_SCALE, type ZoomSegment } from '../zoom/zoom-segment';
import { CAMERA, type CameraPlan, clampCentre, type Samples } from './camera-model';
import { panSteps } from './pans';

// The camera: planCamera plans it once per recording and zoom list; cameraAt (camera-view.ts) evaluates the plan.
export { CAMERA, type CameraPlan } from './camera-model';
export { cameraAt } from './camera-view';

/** Mean cursor position over [from, to] (the last known position when no sample falls inside). */
function meanPosition(samples: Samples, from: number, to: number): { x: number; y: number } {
  let sumX = 0;
  let sumY = 0;
  let count = 0;
  let before = samples[0];
  for (const s of samples) {
    if (s.t < from) {
      before = s;
      continue;
    }
    if (s.t > to) break;
    sumX += s.x;
    sumY += s.y;
    count++;
  }
  if (count > 0) return { x: sumX / count, y: sumY / count };
  return before ? { x: before.x, y: before.y } : { x: 0.5, y: 0.5 };
}

const WIDE: readonly number[] = [0, 0.5, 0.5];

/** Segments sorted by start, each starting no earlier than the previous one ends (edits keep them apart anyway). */
function withoutOverlaps(segments: readonly ZoomSegment[]): ZoomSegment[] {
  const ordered: ZoomSegment[] = [];
  for (const segment of [...segments].sort((a, b) => a.startMs - b.startMs)) {
    const previousEnd = ordered[ordered.length - 1]?.endMs ?? 0;
    const startMs = Math.max(segment.startMs, previousEnd);
    if (segment.endMs > startMs) ordered.push(startMs === segment.startMs ? segment : { ...segment, startMs });
  }
  return ordered;
}

/** What of the zoom timing the camera moves by. */
export type CameraTiming = Pick<ZoomTiming, 'speed' | 'leadInMs'>;

/**
 * Plans the camera for a recording's cursor track and a list of zoom segments. Each zoom moves at its own speed,
 * else at `timing.speed`: zooming in, its pans, and zooming out of it.
 */
export function planCamera(
  recording: Recording,
  segments: readonly ZoomSegment[],
  timing: CameraTiming = DEFAULT_ZOOM_TIMING,
): CameraPlan {
  const samples = recording.cursor;
  const steps: SpringStep[] = [{ t: 0, values: WIDE }];
  const ordered = withoutOverlaps(segments);
  const kept: FramingTarget[] = [];
  for (const [index, segment] of ordered.entries()) {
    const depthScale = ZOOM_SCALE[segment.depth];
    if (depthScale <= 1 || segment.endMs <= segment.startMs) continue;
    const stiffness = segment.speed ?? timing.speed;
    // A point the user chose is shown as they chose it; otherwise the zoom frames what was clicked or typed into,
    // as deep as the largest of them allows (and no deeper than the zoom's depth).
    const framed = segment.focus.kind === 'cursor' || segment.origin === 'auto';
    const targets = framed ? framingTargets(recording, segment.startMs, segment.endMs) : [];
    const scale = Math.min(depthScale, ...targets.map((target) => fitScale(target.box)));
    const half = 0.5 / scale;
    const first = targets[0];
    const aim =
      segment.focus.kind === 'point'
        ? first
          ? containBox(segment.focus, first.box, half)
          : segment.focus
        : meanPosition(samples, segment.startMs, Math.min(segment.endMs, segment.startMs + CAMERA.aimWindowMs));
    // A zoom that follows the cursor straight on from another (no zoom out between) pans from where the view is,
    // as a pan inside one zoom would, instead of re-centring on the cursor.
    const previous = ordered[index - 1];
    const last = steps[steps.length - 1]?.values ?? WIDE;
    const zone = half * CAMERA.safeZone;
    const from =
      segment.focus.kind === 'cursor' && previous && previous.endMs === segment.startMs && last !== WIDE
        ? { x: last[1] ?? 0.5, y: last[2] ?? 0.5 }
        : aim;
    const centre = {
      x: clampCentre(aim.x - clamp(aim.x - from.x, -zone, zone), half),
      y: clampCentre(aim.y - clamp(aim.y - from.y, -zone, zone), half),
    };
    steps.push({ t: segment.startMs, values: [Math.log(scale), centre.x, centre.y], stiffness });
    if (segment.focus.kind === 'cursor') kept.push(...targets);
    if (segment.focus.kind === 'cursor')
      steps.push(
        ...panSteps(samples, segment, half, centre, targets, timing.leadInMs).map((step) => ({ ...step, stiffness })),
      );
    const next = ordered[index + 1];
    if (!next || next.startMs > segment.endMs) steps.push({ t: segment.endMs, values: WIDE, stiffness });
  }
  const follow = ordered.filter((segment) => segment.focus.kind === 'cursor');
  return { steps, path: new SpringPath(steps, timing.speed), samples, follow, targets: kept };
}
