import { clamp, lastIndexAtOrBefore, lerp } from '../geometry/geometry';
import type { ClickAnimation, Size, StrengthLevel } from '../look/enumerations';
import { SpringPath } from '../motion/spring';
import type { CursorType } from '../recording/cursor-types';
import type { Recording } from '../recording/recording';

/** How the drawn cursor behaves. */
export const CURSOR = {
  /** Smoothing spring stiffness (rad/s) per strength; None draws the recorded path. */
  stiffness: { None: 0, Weak: 60, Moderate: 34, Strong: 20 } as Readonly<Record<StrengthLevel, number>>,
  /** Height of the arrow in CSS pixels of the recorded page at size 'small'. */
  baseHeightCss: 22,
  sizeFactor: { small: 1, medium: 1.4, large: 1.9, maximum: 2.6 } as Readonly<Record<Size, number>>,
  /** Without movement or clicks for this long, the cursor fades out (when hiding idle cursors). */
  idleMs: 2500,
  fadeOutMs: 300,
  fadeInMs: 150,
  /** Moves smaller than this (normalized) are not activity. */
  moveEpsilon: 0.0005,
  clickDurationMs: { pressure: 350, ripple: 600, orb: 500 } as Readonly<Record<ClickAnimation, number>>,
  /** The cursor shrinks to this fraction at the deepest point of a 'pressure' click. */
  pressureDepth: 0.22,
  /** With "return to start", the cursor glides back to its first position over the video's last this long. */
  returnMs: 1000,
} as const;

/** The cursor track prepared for evaluation at any time. */
export interface CursorPlan {
  readonly samples: Recording['cursor'];
  readonly path: SpringPath | null;
  /** Times of activity (moves and clicks), sorted. */
  readonly activity: readonly number[];
  /** For each activity, when its burst began (after an idle stretch), for the fade-in. */
  readonly burstStart: readonly number[];
}

/** Prepares a recording's cursor track with the given smoothing. */
export function planCursor(recording: Recording, smoothing: StrengthLevel): CursorPlan {
  const samples = recording.cursor;
  const stiffness = CURSOR.stiffness[smoothing];
  // A critically damped spring trails a steady move by 2/stiffness seconds; chasing the track that much ahead
  // cancels the lag, so the drawn cursor arrives on a button when the recorded one did (and clicks line up).
  const leadMs = stiffness > 0 ? 2000 / stiffness : 0;
  const path =
    stiffness > 0 && samples.length > 0
      ? new SpringPath(
          samples.map((s) => ({ t: s.t - leadMs, values: [s.x, s.y] })),
          stiffness,
        )
      : null;
  const times: number[] = recording.clicks.map((c) => c.t);
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1];
    const b = samples[i];
    if (a && b && Math.hypot(b.x - a.x, b.y - a.y) > CURSOR.moveEpsilon) times.push(b.t);
  }
  const activity = [samples[0]?.t ?? 0, ...times].sort((a, b) => a - b);
  const burstStart: number[] = [];
  for (let i = 0; i < activity.length; i++) {
    const t = activity[i] as number;
    const previous = activity[i - 1];
    burstStart.push(
      previous === undefined ? -Infinity : t - previous > CURSOR.idleMs ? t : (burstStart[i - 1] as number),
    );
  }
  return { samples, path, activity, burstStart };
}

/** Where the cursor is, what it looks like and how visible it is at time t. */
export interface CursorState {
  readonly x: number;
  readonly y: number;
  readonly type: CursorType;
  readonly opacity: number;
}

/** The cursor at time t (ms), in normalized video coordinates; null before the first sample. */
export function cursorAt(plan: CursorPlan, t: number, hideWhenIdle: boolean): CursorState | null {
  const index = lastIndexAtOrBefore(plan.samples, t, (s) => s.t);
  const sample = plan.samples[Math.max(0, index)];
  if (!sample) return null;
  let x = sample.x;
  let y = sample.y;
  if (plan.path) {
    const [sx, sy] = plan.path.at(t);
    x = sx?.value ?? x;
    y = sy?.value ?? y;
  } else {
    const next = plan.samples[index + 1];
    if (index >= 0 && next && next.t > sample.t) {
      const amount = clamp((t - sample.t) / (next.t - sample.t), 0, 1);
      x = lerp(sample.x, next.x, amount);
      y = lerp(sample.y, next.y, amount);
    }
  }
  let opacity = 1;
  if (hideWhenIdle) {
    const last = Math.max(
      0,
      lastIndexAtOrBefore(plan.activity, t, (a) => a),
    );
    const lastActive = plan.activity[last] ?? 0;
    const fadeOut = 1 - clamp((t - lastActive - CURSOR.idleMs) / CURSOR.fadeOutMs, 0, 1);
    const fadeIn = clamp((t - (plan.burstStart[last] ?? -Infinity)) / CURSOR.fadeInMs, 0, 1);
    opacity = Math.min(fadeOut, fadeIn);
  }
  return { x, y, type: sample.cursor, opacity };
}

/** A click animation in progress. */
export interface ClickEffectState {
  readonly animation: ClickAnimation;
  /** Normalized video coordinates of the click. */
  readonly x: number;
  readonly y: number;
  /** 0 at the press, 1 when the animation ends. */
  readonly progress: number;
}

/** Click animations playing at time t, oldest first. */
export function clickEffectsAt(
  recording: Recording,
  animation: ClickAnimation,
  t: number,
  clock: EditedClock = sameTime,
): ClickEffectState[] {
  const duration = CURSOR.clickDurationMs[animation];
  const now = clock(t);
  return recording.clicks
    .filter((c) => c.t <= t && now - clock(c.t) < duration)
    .map((c) => ({ animation, x: c.x, y: c.y, progress: (now - clock(c.t)) / duration }));
}

/**
 * Source time → the time a click animation runs on: the edited video's (so an animation in a sped-up range lasts as
 * long on screen as anywhere else), or the source's own.
 */
export type EditedClock = (sourceMs: number) => number;
const sameTime: EditedClock = (ms) => ms;

/** How much a 'pressure' click shrinks the cursor at time t (1 = not at all). */
export function pressureScaleAt(recording: Recording, t: number, clock: EditedClock = sameTime): number {
  const duration = CURSOR.clickDurationMs.pressure;
  const now = clock(t);
  let scale = 1;
  for (const c of recording.clicks) {
    const elapsed = now - clock(c.t);
    if (c.t <= t && elapsed < duration) {
      scale = Math.min(scale, 1 - CURSOR.pressureDepth * Math.sin(Math.PI * (elapsed / duration)));
    }
  }
  return scale;
}

/** How far (0..1, eased) the cursor has glided back to its start at output time `outputMs` of a video that long. */
export function returnToStartAmount(outputMs: number, outputDurationMs: number): number {
  const into = outputMs - (outputDurationMs - Math.min(CURSOR.returnMs, outputDurationMs / 2));
  if (into <= 0) return 0;
  const a = clamp(into / Math.min(CURSOR.returnMs, outputDurationMs / 2), 0, 1);
  // Ease in and out (smoothstep), so the glide starts and lands without a jolt.
  return a * a * (3 - 2 * a);
}

/**
 * The cursor `amount` of the way from `state` back to `start` (1: exactly as the first frame shows it): position,
 * opacity, and the start's shape from halfway.
 */
export function towardStart(state: CursorState, start: CursorState, amount: number): CursorState {
  return {
    x: lerp(state.x, start.x, amount),
    y: lerp(state.y, start.y, amount),
    type: amount >= 0.5 ? start.type : state.type,
    opacity: lerp(state.opacity, start.opacity, amount),
  };
}
