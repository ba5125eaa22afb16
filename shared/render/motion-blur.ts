import { type CameraPlan, cameraAt } from '../camera/camera';
import type { Rect } from '../geometry/geometry';
import type { MotionBlur } from '../look/enumerations';

/**
 * Motion blur as a camera shutter makes it: each frame is the mean of the picture over the time the shutter is open,
 * centred on the frame's time. Painters draw it as that many sub-frame views of the one decoded source frame, every
 * view weighing the same: a moving edge becomes a continuous ramp (the streak), never a second edge. A few fading
 * copies of earlier views (what was drawn before) read as a double exposure mid-move.
 */
export const MOTION_BLUR = {
  /** How long each frame is exposed, ms: a 90°, 180° (film's) and 360° shutter at 30 fps; the same at 60 fps. */
  shutterMs: { Off: 0, Subtle: 25 / 3, Natural: 50 / 3, Strong: 100 / 3 } satisfies Record<MotionBlur, number>,
  /** Sub-frame views lie at most this far apart (output px) where the picture moves most, up to `maxSamples`. */
  spacingPx: 1.5,
  /** Fewest and most sub-frame views of a moving frame (each is one more scaled copy of the video to draw). */
  minSamples: 8,
  maxSamples: 32,
  /** A frame whose picture moves less than this over the shutter (output px) is drawn sharp, at no cost. */
  minTravelPx: 1,
} as const;

/**
 * How many sub-frame views a move of `travelPx` over the shutter needs: none below `minTravelPx`; an even number
 * (the planar painter's chroma takes the middles of pairs of them).
 */
export function shutterSamples(travelPx: number): number {
  if (!(travelPx >= MOTION_BLUR.minTravelPx)) return 0;
  const needed = 2 * Math.ceil(travelPx / MOTION_BLUR.spacingPx / 2);
  return Math.min(MOTION_BLUR.maxSamples, Math.max(MOTION_BLUR.minSamples, needed));
}

/** `samples` times spread evenly over the shutter of `shutterMs` centred on t (each the middle of its slice). */
export function shutterTimes(t: number, shutterMs: number, samples: number): number[] {
  return Array.from({ length: samples }, (_, k) => t + shutterMs * ((k + 0.5) / samples - 0.5));
}

/**
 * How far (output px) the picture shown in `shown` (a rectangle of the canvas showing `view` of the video) moves
 * between the camera views `from` and `to`, at the point that moves most: a view maps the video onto the rectangle
 * linearly, so that point is one of the rectangle's corners.
 */
export function viewTravel(from: Rect, to: Rect, view: Rect, shown: { width: number; height: number }): number {
  let most = 0;
  for (const u of [0, 1]) {
    for (const v of [0, 1]) {
      // The video point at this corner of the frame, and where each view puts it (in the rectangle's units).
      const x = view.x + u * view.width;
      const y = view.y + v * view.height;
      const dx = ((x - to.x) / to.width - (x - from.x) / from.width) * shown.width;
      const dy = ((y - to.y) / to.height - (y - from.y) / from.height) * shown.height;
      most = Math.max(most, Math.hypot(dx, dy));
    }
  }
  return most;
}

/**
 * The camera's sub-frame views over the shutter of `shutterMs` around t (normalized to the video), as many as its
 * move shown at `shown` needs; empty when the camera (nearly) stands still: the frame is drawn through `view` alone.
 */
export function shutterViews(
  plan: CameraPlan,
  t: number,
  view: Rect,
  shown: { width: number; height: number },
  shutterMs: number,
): Rect[] {
  if (shutterMs <= 0) return [];
  const opening = cameraAt(plan, t - shutterMs / 2, shown).rect;
  const closing = cameraAt(plan, t + shutterMs / 2, shown).rect;
  const samples = shutterSamples(viewTravel(opening, closing, view, shown));
  return shutterTimes(t, shutterMs, samples).map((time) => cameraAt(plan, time, shown).rect);
}
