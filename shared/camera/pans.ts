import { clamp } from '../geometry/geometry';
import type { SpringStep } from '../motion/spring';
import { containBox, FRAMING, type FramingTarget } from '../zoom/framing';
import type { ZoomSegment } from '../zoom/zoom-segment';
import { CAMERA, clampCentre, edgeAim, type Samples } from './camera-model';

/** For every sample, where the cursor is heading: its mean position over the coming `CAMERA.lookAheadMs`. */
function lookAheadAims(samples: Samples): { x: number; y: number }[] {
  const aims: { x: number; y: number }[] = [];
  let next = 0;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i] as Samples[number];
    while (next < samples.length && (samples[next] as Samples[number]).t <= sample.t + CAMERA.lookAheadMs) {
      sumX += (samples[next] as Samples[number]).x;
      sumY += (samples[next] as Samples[number]).y;
      next++;
    }
    const count = next - i;
    aims.push({ x: sumX / count, y: sumY / count });
    sumX -= sample.x;
    sumY -= sample.y;
  }
  return aims;
}

/**
 * The index of the sample, from `from` on and before `until` (ms), where the cursor comes to rest: its heading moves
 * less than `CAMERA.restRadius` over the next `CAMERA.restMs`. The last sample before `until` when it keeps moving.
 */
function restIndex(aims: readonly { x: number; y: number }[], samples: Samples, from: number, until: number): number {
  let last = from;
  for (let i = from; i < samples.length && (samples[i] as Samples[number]).t < until; i++) {
    last = i;
    const anchor = aims[i] as { x: number; y: number };
    const t = (samples[i] as Samples[number]).t;
    let still = true;
    let j = i + 1;
    for (; j < samples.length && (samples[j] as Samples[number]).t <= t + CAMERA.restMs; j++) {
      const aim = aims[j] as { x: number; y: number };
      if (Math.hypot(aim.x - anchor.x, aim.y - anchor.y) > CAMERA.restRadius) {
        still = false;
        break;
      }
    }
    if (still) return i;
  }
  return last;
}

/** A zoom's framing targets, the view's half size, and when each target is shown (`leadInMs` before its action). */
interface Framing {
  readonly targets: readonly FramingTarget[];
  readonly half: number;
  readonly showAt: (target: FramingTarget) => number;
}

/** A cursor-driven centre, moved as little as needed to keep the targets being shown at time t in view. */
function keepingTargets({ targets, half, showAt }: Framing, t: number, aim: { x: number; y: number }) {
  let kept = aim;
  for (const target of targets) {
    if (showAt(target) <= t && t <= target.t + FRAMING.keepAfterMs) kept = containBox(kept, target.box, half);
  }
  return { x: edgeAim(clampCentre(kept.x, half), half), y: edgeAim(clampCentre(kept.y, half), half) };
}

/** Whether `point` is on an element being framed at time t that the view centred on `centre` shows whole. */
function framedHere(
  { targets, half, showAt }: Framing,
  centre: { x: number; y: number },
  t: number,
  point: { x: number; y: number },
): boolean {
  return targets.some((target) => {
    if (showAt(target) > t || t > target.t + FRAMING.keepAfterMs) return false;
    const { box } = target;
    const inside =
      point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
    const shown = containBox(centre, box, half);
    return inside && Math.abs(shown.x - centre.x) < 1e-6 && Math.abs(shown.y - centre.y) < 1e-6;
  });
}

/**
 * Pan targets inside one cursor-following zoom: the camera moves when the cursor leaves the safe zone, and, `leadInMs`
 * before each framing target (a clicked element, the field typed into), just enough to show it whole; it keeps it in
 * view until FRAMING.keepAfterMs after the action.
 */
export function panSteps(
  samples: Samples,
  segment: ZoomSegment,
  half: number,
  start: { x: number; y: number },
  targets: readonly FramingTarget[],
  leadInMs: number,
): SpringStep[] {
  const steps: SpringStep[] = [];
  const logScale = Math.log(0.5 / half);
  let centre = start;
  let excursionStart: number | undefined;
  const zone = half * CAMERA.safeZone;
  const from = segment.startMs + CAMERA.aimWindowMs;
  const showAt = (target: FramingTarget) => Math.max(segment.startMs, target.t - leadInMs);
  const framing: Framing = { targets, half, showAt };
  let nextTarget = 0;
  const lastStepAt = () => steps[steps.length - 1]?.t ?? segment.startMs;
  const moveTo = (t: number, target: { x: number; y: number }) => {
    if (Math.abs(target.x - centre.x) < 1e-6 && Math.abs(target.y - centre.y) < 1e-6) return;
    centre = target;
    steps.push({ t: Math.max(t, lastStepAt()), values: [logScale, target.x, target.y] });
  };
  /** Shows every target due by time t whole. */
  const showTargetsUntil = (t: number) => {
    while (nextTarget < targets.length && showAt(targets[nextTarget] as FramingTarget) <= t) {
      const target = targets[nextTarget] as FramingTarget;
      const shown = containBox(centre, target.box, half);
      moveTo(showAt(target), { x: edgeAim(shown.x, half), y: edgeAim(shown.y, half) });
      nextTarget++;
    }
  };
  const aims = lookAheadAims(samples);
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i] as Samples[number];
    if (sample.t >= segment.endMs) break;
    showTargetsUntil(sample.t);
    if (sample.t < from) continue;
    const aim = aims[i] as { x: number; y: number };
    if (Math.abs(aim.x - centre.x) <= zone && Math.abs(aim.y - centre.y) <= zone) {
      excursionStart = undefined;
      continue;
    }
    excursionStart ??= sample.t;
    if (sample.t - excursionStart < CAMERA.excursionMs) continue;
    const leftAt = excursionStart;
    excursionStart = undefined;
    // The track is known in advance: once the move is confirmed as lasting, the pan starts when it began (the camera
    // anticipates instead of trailing by the confirmation time) and goes, in one move, just far enough that the
    // cursor is inside the safe zone where it comes to rest; a camera retargeted at every step of a long move, or
    // centred on the cursor, travels further and changes direction more often.
    const rest = aims[restIndex(aims, samples, i, Math.min(segment.endMs, sample.t + CAMERA.restHorizonMs))] ?? aim;
    // A cursor coming to rest on the element the view already frames whole is shown well where it is.
    if (framedHere(framing, centre, sample.t, rest)) continue;
    const pan = {
      x: rest.x - clamp(rest.x - centre.x, -zone * CAMERA.restInZone, zone * CAMERA.restInZone),
      y: rest.y - clamp(rest.y - centre.y, -zone * CAMERA.restInZone, zone * CAMERA.restInZone),
    };
    const panned = keepingTargets(framing, sample.t, pan);
    // A pan by a sliver of the view is restlessness, not framing: the cursor stays well in view without it.
    if (
      Math.hypot(clampCentre(panned.x, half) - centre.x, clampCentre(panned.y, half) - centre.y) <
      CAMERA.minPan * 2 * half
    )
      continue;
    moveTo(leftAt, panned);
  }
  showTargetsUntil(segment.endMs - 1);
  return steps;
}
