import { clamp, lastIndexAtOrBefore, type Rect } from '../geometry/geometry';
import { SpringPath, type SpringState, type SpringStep } from '../motion/spring';
import type { Recording } from '../recording/recording';
import { ZOOM_SCALE, type ZoomSegment } from '../zoom/zoom-segment';
import { DEFAULT_ZOOM_TIMING, type ZoomTiming } from '../zoom/zoom-timing';
import { containBox, FRAMING, type FramingTarget, fitScale, framingTargets } from './framing';

/** How the camera moves (its speed is a setting: ZoomTiming.speed, or a zoom's own). */
export const CAMERA = {
  /** The cursor may roam inside this central fraction of the view without moving the camera. */
  safeZone: 0.6,
  /** The camera aims at where the cursor is going: the mean position over this coming window. */
  lookAheadMs: 350,
  /** An excursion outside the safe zone must last this long before the camera pans. */
  excursionMs: 250,
  /** A zoom aims at where the cursor is during this long after the zoom starts. */
  aimWindowMs: 900,
  /** Above this speed (view widths per second) fast moves get motion blur. */
  blurSpeed: 0.8,
  /** Exposure time of a frame for motion blur, ms (a 180 degree shutter at 30 fps). */
  shutterMs: 16,
  /** Most sub-frames blended for motion blur. */
  maxBlurSamples: 4,
  /**
   * Once the rest of a move would shift the picture by less than this (output pixels), the camera shows where it
   * is heading: a spring only approaches its target, and its last ~2 s of invisible creep would make every frame
   * differ from the last (redrawn whole, costlier to encode) where the picture is still.
   */
  restPixels: 0.25,
  /** In a cursor-following zoom the cursor always stays this fraction of the view inside its edges. */
  cursorMargin: 0.04,
} as const;

/** The part of the video the camera shows, in normalized video coordinates (0..1), and its zoom. */
export interface CameraView {
  readonly rect: Rect;
  readonly scale: number;
  /** How fast the view moves, in view widths per second (pans and zooms). */
  readonly speed: number;
}

/** The camera's motion for one recording and zoom list, computed once and evaluated at any time. */
export interface CameraPlan {
  /** Step targets: [log scale, centre x, centre y] from each time on. */
  readonly steps: readonly SpringStep[];
  readonly path: SpringPath;
  /** The cursor track, and the stretches in which the view must keep the cursor in it (cursor-following zooms). */
  readonly samples: Samples;
  readonly follow: readonly { readonly startMs: number; readonly endMs: number }[];
}

type Samples = Recording['cursor'];

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

/** A view centre that keeps a view of half-size `half` inside the video. */
function clampCentre(value: number, half: number): number {
  return clamp(value, half, 1 - half);
}

/**
 * A spring target for a view that must reach the video's edge: past it by a fifth of the view, since the spring only
 * approaches its target (with the usual lead-in it still has ~6 % of the way to go at the action); cameraAt keeps
 * the view inside the video, so it stops at the edge, sooner.
 */
function edgeAim(value: number, half: number): number {
  if (value <= half + 1e-9) return half - 0.4 * half;
  if (value >= 1 - half - 1e-9) return 1 - half + 0.4 * half;
  return value;
}

/**
 * Pan targets inside one cursor-following zoom: the camera moves when the cursor leaves the safe zone, and, `leadInMs`
 * before each framing target (a clicked element, the field typed into), just enough to show it whole; it keeps it in
 * view until FRAMING.keepAfterMs after the action.
 */
function panSteps(
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
  /** A cursor-driven centre, moved as little as needed to keep the targets being shown at time t in view. */
  const keepingTargets = (t: number, aim: { x: number; y: number }) => {
    let kept = aim;
    for (const target of targets) {
      if (showAt(target) <= t && t <= target.t + FRAMING.keepAfterMs) kept = containBox(kept, target.box, half);
    }
    return { x: edgeAim(clampCentre(kept.x, half), half), y: edgeAim(clampCentre(kept.y, half), half) };
  };
  // Sliding window [sample.t, sample.t + lookAhead] over samples[i..next): where the cursor is heading.
  let next = 0;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < samples.length; i++) {
    const leaving = samples[i - 1];
    if (leaving && i - 1 < next) {
      sumX -= leaving.x;
      sumY -= leaving.y;
    }
    const sample = samples[i] as Samples[number];
    if (sample.t >= segment.endMs) break;
    showTargetsUntil(sample.t);
    if (next < i) {
      next = i;
      sumX = 0;
      sumY = 0;
    }
    while (next < samples.length && (samples[next] as Samples[number]).t <= sample.t + CAMERA.lookAheadMs) {
      sumX += (samples[next] as Samples[number]).x;
      sumY += (samples[next] as Samples[number]).y;
      next++;
    }
    if (sample.t < from) continue;
    const count = next - i;
    const aim = { x: sumX / count, y: sumY / count };
    const outside = Math.abs(aim.x - centre.x) > zone || Math.abs(aim.y - centre.y) > zone;
    if (!outside) {
      excursionStart = undefined;
      continue;
    }
    excursionStart ??= sample.t;
    if (sample.t - excursionStart < CAMERA.excursionMs) continue;
    const leftAt = excursionStart;
    excursionStart = undefined;
    // The track is known in advance: once the move is confirmed as lasting, the pan starts when it began,
    // so the camera anticipates instead of trailing by the confirmation time.
    // Moving only until the cursor is back well inside the safe zone (not centred) keeps the camera's path short.
    const pan = {
      x: aim.x - clamp(aim.x - centre.x, -zone / 2, zone / 2),
      y: aim.y - clamp(aim.y - centre.y, -zone / 2, zone / 2),
    };
    moveTo(leftAt, keepingTargets(sample.t, pan));
  }
  showTargetsUntil(segment.endMs - 1);
  return steps;
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
    const centre = { x: clampCentre(aim.x, half), y: clampCentre(aim.y, half) };
    steps.push({ t: segment.startMs, values: [Math.log(scale), centre.x, centre.y], stiffness });
    if (segment.focus.kind === 'cursor')
      steps.push(
        ...panSteps(samples, segment, half, centre, targets, timing.leadInMs).map((step) => ({ ...step, stiffness })),
      );
    const next = ordered[index + 1];
    if (!next || next.startMs > segment.endMs) steps.push({ t: segment.endMs, values: WIDE, stiffness });
  }
  const follow = ordered.filter((segment) => segment.focus.kind === 'cursor');
  return { steps, path: new SpringPath(steps, timing.speed), samples, follow };
}

/** The size, in output pixels, of the rectangle the camera's view is shown in. */
export interface ShownSize {
  readonly width: number;
  readonly height: number;
}

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
  const kept = followsCursor(plan, t) ? keepCursorInView(plan.samples, t, x, y, half) : { x, y };
  const panSpeed = Math.hypot(centreX?.velocity ?? 0, centreY?.velocity ?? 0) / (2 * half);
  const zoomSpeed = Math.abs(logScale?.velocity ?? 0);
  return {
    rect: { x: kept.x - half, y: kept.y - half, width: 2 * half, height: 2 * half },
    scale,
    speed: panSpeed + zoomSpeed,
  };
}

/** Whether time t is inside a zoom that follows the cursor. */
function followsCursor(plan: CameraPlan, t: number): boolean {
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

/**
 * The view centre (x, y), moved just enough that the cursor is inside the view with a margin: where the spring lags
 * a fast move, or ignores a brief excursion, the view's edge carries the cursor instead of losing it (the plan itself
 * does not move for it, so the view is back where it was once the cursor is). Still inside the video.
 */
function keepCursorInView(samples: Samples, t: number, x: number, y: number, half: number): { x: number; y: number } {
  const pointer = pointerAt(samples, t);
  if (!pointer) return { x, y };
  const reach = Math.max(0, half - half * CAMERA.cursorMargin * 2);
  return {
    x: clampCentre(clamp(x, pointer.x - reach, pointer.x + reach), half),
    y: clampCentre(clamp(y, pointer.y - reach, pointer.y + reach), half),
  };
}

/**
 * Earlier views to blend for motion blur at time t: none when the camera is slow, at most `maxSamples`
 * (each one is another full copy of the video to draw, so the strength setting bounds the cost).
 */
export function motionBlurViews(
  plan: CameraPlan,
  t: number,
  view: CameraView,
  maxSamples: number = CAMERA.maxBlurSamples,
): Rect[] {
  if (view.speed < CAMERA.blurSpeed || maxSamples < 1) return [];
  const samples = Math.min(maxSamples, 1 + Math.floor(view.speed / CAMERA.blurSpeed));
  const rects: Rect[] = [];
  for (let i = 1; i <= samples; i++) rects.push(cameraAt(plan, t - (CAMERA.shutterMs * i) / samples).rect);
  return rects;
}
