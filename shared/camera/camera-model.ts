import type { Rect } from '../geometry/geometry';
import { clamp } from '../geometry/geometry';
import type { SpringPath, SpringStep } from '../motion/spring';
import type { Recording } from '../recording/recording';
import type { FramingTarget } from '../zoom/framing';

/** How the camera moves (its speed is a setting: ZoomTiming.speed, or a zoom's own). */
export const CAMERA = {
  /** The cursor may roam inside this central fraction of the view without moving the camera. */
  safeZone: 0.6,
  /** The camera aims at where the cursor is going: the mean position over this coming window. */
  lookAheadMs: 350,
  /** An excursion outside the safe zone must last this long before the camera pans. */
  excursionMs: 250,
  /**
   * A pan goes to where the cursor comes to rest (its heading moves less than `restRadius`, a fraction of the
   * video, over `restMs`), looking at most `restHorizonMs` ahead, and puts it this fraction of the safe zone from
   * the view's centre.
   */
  restRadius: 0.01,
  restMs: 300,
  restHorizonMs: 1500,
  restInZone: 1,
  /** A pan shorter than this fraction of the view is not made. */
  minPan: 0.1,
  /** A zoom aims at where the cursor is during this long after the zoom starts. */
  aimWindowMs: 900,
  /**
   * Once the rest of a move would shift the picture by less than this (output pixels), the camera shows where it
   * is heading: a spring only approaches its target, and its last ~2 s of invisible creep would make every frame
   * differ from the last (redrawn whole, costlier to encode) where the picture is still.
   */
  restPixels: 0.25,
  /** In a cursor-following zoom the cursor always stays this fraction of the view inside its edges. */
  cursorMargin: 0.04,
  /** The shift that keeps the cursor in view is eased over this long on each side, in this many steps. */
  keepEaseMs: 50,
  keepEaseSteps: 5,
} as const;

/** The part of the video the camera shows, in normalized video coordinates (0..1), and its zoom. */
export interface CameraView {
  readonly rect: Rect;
  readonly scale: number;
}

/** The camera's motion for one recording and zoom list, computed once and evaluated at any time. */
export interface CameraPlan {
  /** Step targets: [log scale, centre x, centre y] from each time on. */
  readonly steps: readonly SpringStep[];
  readonly path: SpringPath;
  /** The cursor track, and the stretches in which the view must keep the cursor in it (cursor-following zooms). */
  readonly samples: Samples;
  readonly follow: readonly { readonly startMs: number; readonly endMs: number }[];
  /** What the cursor-following zooms frame: easing the view for the cursor never hides one of these at its time. */
  readonly targets: readonly FramingTarget[];
}

/** The size, in output pixels, of the rectangle the camera's view is shown in. */
export interface ShownSize {
  readonly width: number;
  readonly height: number;
}

/** A recording's cursor track. */
export type Samples = Recording['cursor'];

/** A view centre that keeps a view of half-size `half` inside the video. */
export function clampCentre(value: number, half: number): number {
  return clamp(value, half, 1 - half);
}

/**
 * A spring target for a view that must reach the video's edge: past it by a fifth of the view, since the spring only
 * approaches its target (with the usual lead-in it still has ~6 % of the way to go at the action); cameraAt keeps
 * the view inside the video, so it stops at the edge, sooner.
 */
export function edgeAim(value: number, half: number): number {
  if (value <= half + 1e-9) return half - 0.4 * half;
  if (value >= 1 - half - 1e-9) return 1 - half + 0.4 * half;
  return value;
}
