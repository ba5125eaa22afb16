/**
 * The zoom timing the user controls: how long before an action the camera starts zooming in, how long it holds
 * after the last one, and how fast it moves. Plain data (no zod): the export worker reads it; the schema in
 * look/render-settings.ts takes its bounds from ZOOM_TIMING_LIMITS, so the editor's sliders, the stored settings
 * and the camera share one set of limits.
 */
export interface ZoomTiming {
  /** The camera starts moving this long before a click or typing, so it arrives as the action happens. */
  readonly leadInMs: number;
  /** It stays this long after the last action of a zoom. */
  readonly holdMs: number;
  /** Spring stiffness (rad/s) of zooms and pans: higher is faster; 7.5 settles in about 0.9 s without overshoot. */
  readonly speed: number;
}

/** Bounds and slider steps of each timing setting (the one place they are written). */
export const ZOOM_TIMING_LIMITS = {
  leadInMs: { min: 0, max: 2000, step: 50 },
  holdMs: { min: 300, max: 5000, step: 100 },
  speed: { min: 3, max: 20, step: 0.5 },
} as const satisfies Record<keyof ZoomTiming, { min: number; max: number; step: number }>;

/** What a new recording starts with: the timing automatic zooms always had. */
export const DEFAULT_ZOOM_TIMING: ZoomTiming = { leadInMs: 600, holdMs: 1800, speed: 7.5 };

/** `value` inside the limits of timing setting `key`. */
export function withinZoomTimingLimits(key: keyof ZoomTiming, value: number): number {
  const { min, max } = ZOOM_TIMING_LIMITS[key];
  return Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : DEFAULT_ZOOM_TIMING[key];
}
