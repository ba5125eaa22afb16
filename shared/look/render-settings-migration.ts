// How stored render settings changed: the one place a renamed or re-valued setting is mapped. Settings have no
// version of their own; each store that keeps them (saved edits, preset files, the preferences holding the last-used
// look and this browser's presets) bumps its version when they change and calls the step from its own StoredFormat.

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
 * Settings as they were when motion blur was a strength level, with it a shutter: saved edits 1 → 2, preset files
 * 1 → 2, preferences 3 → 4. Whatever it cannot make sense of is left for validation. Never throws; returns `data`
 * itself when nothing changes.
 */
export function settingsWithShutterBlur(data: unknown): unknown {
  if (
    !isRecord(data) ||
    typeof data.motionBlur !== 'string' ||
    !Object.hasOwn(MOTION_BLUR_OF_STRENGTH, data.motionBlur)
  )
    return data;
  return { ...data, motionBlur: MOTION_BLUR_OF_STRENGTH[data.motionBlur as StrengthLevel] };
}
