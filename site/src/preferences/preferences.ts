import { persistentAtom } from '@nanostores/persistent';
import type { z } from 'zod';
import { DEFAULT_EXPORT_OPTIONS } from '../../../shared/export/export-options';
import {
  exportFormatSchema,
  exportFrameRateSchema,
  exportMultiplierSchema,
  qualityPresetSchema,
} from '../../../shared/export/export-options-schema';
import {
  DEFAULT_RENDER_SETTINGS,
  parseRenderSettings,
  type RenderSettings,
  renderSettingsSchema,
} from '../../../shared/look/render-settings';
import { migrateLegacyLook } from './legacy-look';

/** Every stored preference lives under this prefix in localStorage. */
const PREFIX = 'clickreel:';

/** A localStorage-backed store of a validated JSON value; a corrupt or old value falls back to `initial`. */
export function storedPreference<T>(name: string, schema: z.ZodType<T>, initial: T) {
  return persistentAtom<T>(`${PREFIX}${name}`, initial, {
    encode: (value) => JSON.stringify(value),
    decode: (text) => {
      try {
        const parsed = schema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : initial;
      } catch {
        return initial;
      }
    },
  });
}

/** Export quality preset last chosen. */
export const $exportQuality = storedPreference('exportQuality', qualityPresetSchema, DEFAULT_EXPORT_OPTIONS.quality);
/** Export multiplier last chosen (1x or 2x). */
export const $exportMultiplier = storedPreference(
  'exportMultiplier',
  exportMultiplierSchema,
  DEFAULT_EXPORT_OPTIONS.multiplier,
);
/** Export format last chosen. */
export const $exportFormat = storedPreference('exportFormat', exportFormatSchema, DEFAULT_EXPORT_OPTIONS.format);
/** Export frame rate last chosen. */
export const $exportFrameRate = storedPreference(
  'exportFrameRate',
  exportFrameRateSchema,
  DEFAULT_EXPORT_OPTIONS.frameRate,
);
/** How many exports finished in this browser. */
export const $exportCount = persistentAtom<number>(`${PREFIX}exportCount`, 0, {
  encode: String,
  decode: (text) => (Number.isInteger(Number(text)) && Number(text) >= 0 ? Number(text) : 0),
});
// Before the look is first read: older versions kept four of its fields under keys of their own.
if (typeof localStorage !== 'undefined') migrateLegacyLook(localStorage, PREFIX);

/** The most workers an export paints with (site/src/workers/worker-pool.ts poolSize); 0: one per core. */
export const $exportWorkerLimit = persistentAtom<number>(`${PREFIX}exportWorkerLimit`, 0, {
  encode: String,
  decode: (text) => (Number.isInteger(Number(text)) && Number(text) >= 0 ? Number(text) : 0),
});
/** The last-used look (background, padding, frame, shadow, border, zoom depth, webcam, cursor...). */
export const $lastLook = storedPreference('look', renderSettingsSchema, DEFAULT_RENDER_SETTINGS);

/** The settings a newly opened recording starts with: the last-used ones. */
export function rememberedRenderSettings(): RenderSettings {
  return parseRenderSettings({ ...$lastLook.get(), watermark: false });
}

/** Remembers `settings` as the last-used ones. */
export function rememberRenderSettings(settings: RenderSettings): void {
  $lastLook.set(settings);
}
