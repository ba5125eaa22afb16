// Stored render settings written by older versions, brought up to the current schema before they are validated:
// the one place a renamed or re-valued setting is mapped, for every store that keeps settings (a recording's saved
// edits, the last-used look, presets stored in this browser and preset files).

import { isRecord } from '../data/plain-objects';
import type { MotionBlur, StrengthLevel } from './enumerations';

/**
 * Motion blur was a strength level (None, Weak, Moderate, Strong: how many fading copies of earlier views were
 * drawn) before it became a shutter; each old level maps to the shutter of the same rank.
 */
const MOTION_BLUR_OF_STRENGTH: Readonly<Record<StrengthLevel, MotionBlur>> = {
  None: 'Off',
  Weak: 'Subtle',
  Moderate: 'Natural',
  Strong: 'Strong',
};

/**
 * `data` (stored settings, any version) with old values mapped to current ones; anything else, and whatever it
 * cannot make sense of, is left for validation. Never throws; returns `data` itself when nothing changes.
 */
export function migrateRenderSettings(data: unknown): unknown {
  if (
    !isRecord(data) ||
    typeof data.motionBlur !== 'string' ||
    !Object.hasOwn(MOTION_BLUR_OF_STRENGTH, data.motionBlur)
  )
    return data;
  return { ...data, motionBlur: MOTION_BLUR_OF_STRENGTH[data.motionBlur as StrengthLevel] };
}
