import type { z } from 'zod';
import { isRecord } from '../../../shared/data/plain-objects';
import { cornerStyleSchema, strengthLevelSchema } from '../../../shared/look/enumerations-schema';
import { DEFAULT_RENDER_SETTINGS, renderSettingsSchema } from '../../../shared/look/render-settings';
import { type PreferenceTexts, parsedJson, textOf, withoutPreferences } from './json-text';

// Older versions stored four of the look's fields a second time, each under a key of its own beside the look
// ('clickreel:look'). The look holds them; the preferences' step 1 → 2 folds stored copies into it and removes the
// keys, keeping the user's values (the separate copies won when both were read, so they win here too).

/** The keys older versions wrote (without the 'clickreel:' prefix) and the schema of each. */
const LEGACY_FIELDS = {
  shadow: strengthLevelSchema,
  border: renderSettingsSchema.shape.border,
  zoomDepth: strengthLevelSchema,
  webcamShape: cornerStyleSchema,
} as const satisfies Record<string, z.ZodType>;
type LegacyField = keyof typeof LEGACY_FIELDS;
const ALL_LEGACY_FIELDS = Object.keys(LEGACY_FIELDS) as LegacyField[];

/**
 * The stored look with the legacy copies folded in (each only when it is still a valid value), or null when there
 * is no legacy copy (nothing to change). Pure: `look` and the copies are the stored JSON texts (null: not stored).
 */
export function foldLegacyLook(
  lookText: string | null,
  legacyTexts: Readonly<Partial<Record<LegacyField, string | null>>>,
): Record<string, unknown> | null {
  const present = ALL_LEGACY_FIELDS.filter((field) => typeof legacyTexts[field] === 'string');
  if (present.length === 0) return null;
  const stored = parsedJson(lookText);
  const look: Record<string, unknown> = isRecord(stored) ? { ...stored } : { ...DEFAULT_RENDER_SETTINGS };
  const valid = <F extends LegacyField>(field: F) => {
    const parsed = LEGACY_FIELDS[field].safeParse(parsedJson(legacyTexts[field] ?? null));
    return parsed.success ? parsed.data : undefined;
  };
  const shadow = valid('shadow');
  const border = valid('border');
  const zoomDepth = valid('zoomDepth');
  const webcamShape = valid('webcamShape');
  if (shadow !== undefined) look.shadow = shadow;
  if (border !== undefined) look.border = border;
  if (zoomDepth !== undefined) look.zoomDepth = zoomDepth;
  if (webcamShape !== undefined) {
    const webcam = isRecord(look.webcam) ? look.webcam : DEFAULT_RENDER_SETTINGS.webcam;
    look.webcam = { ...webcam, shape: webcamShape };
  }
  return look;
}

/** The preferences' step 1 → 2: the legacy copies folded into the stored look, and their keys removed. */
export function foldLegacyLookKeys(texts: PreferenceTexts): Record<string, unknown> {
  const legacyTexts = Object.fromEntries(ALL_LEGACY_FIELDS.map((field) => [field, textOf(texts, field)]));
  const look = foldLegacyLook(textOf(texts, 'look'), legacyTexts);
  if (!look) return { ...texts };
  return { ...withoutPreferences(texts, ALL_LEGACY_FIELDS), look: JSON.stringify(look) };
}
