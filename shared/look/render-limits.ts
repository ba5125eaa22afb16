// The look's numeric limits, a leaf module: render-settings.ts builds its schema from them and the editor's sliders
// take their ends and steps from them, so the stored settings and the controls share one set (as ZOOM_TIMING_LIMITS).

/** One slider's ends and step. */
export interface NumberLimits {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

/** Limits of the look's numbers. */
export const RENDER_LIMITS = {
  /** Space around the window, as a fraction of the canvas's shorter side. */
  padding: { min: 0, max: 0.3, step: 0.01 },
  /** Border width in pixels of a 1080p canvas (0 = none). */
  borderWidth: { min: 0, max: 24, step: 1 },
  /** Click-sound volume, 0 (silent) to 1 (full scale). */
  clickSoundVolume: { min: 0, max: 1, step: 0.05 },
} as const satisfies Record<string, NumberLimits>;
