import { persistentAtom } from '@nanostores/persistent';
import type { z } from 'zod';
import { DEFAULT_EXPORT_OPTIONS } from '../../../shared/export/export-options';
import {
  exportFormatSchema,
  exportFrameRateSchema,
  exportMultiplierSchema,
  qualityPresetSchema,
} from '../../../shared/export/export-options-schema';
import { cornerStyleSchema, strengthLevelSchema } from '../../../shared/look/enumerations-schema';
import {
  DEFAULT_RENDER_SETTINGS,
  parseRenderSettings,
  type RenderSettings,
  renderSettingsSchema,
} from '../../../shared/look/render-settings';

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
/** The most workers an export paints with (site/src/workers/worker-pool.ts poolSize); 0: one per core. */
export const $exportWorkerLimit = persistentAtom<number>(`${PREFIX}exportWorkerLimit`, 0, {
  encode: String,
  decode: (text) => (Number.isInteger(Number(text)) && Number(text) >= 0 ? Number(text) : 0),
});
/** Webcam shape last chosen. */
export const $webcamShape = storedPreference('webcamShape', cornerStyleSchema, DEFAULT_RENDER_SETTINGS.webcam.shape);
/** Shadow strength last chosen. */
export const $shadow = storedPreference('shadow', strengthLevelSchema, DEFAULT_RENDER_SETTINGS.shadow);
/** Border last chosen. */
export const $border = storedPreference('border', renderSettingsSchema.shape.border, DEFAULT_RENDER_SETTINGS.border);
/** Zoom depth last chosen. */
export const $zoomDepth = storedPreference('zoomDepth', strengthLevelSchema, DEFAULT_RENDER_SETTINGS.zoomDepth);
/** The rest of the last-used look (background, padding, frame, cursor...). */
export const $lastLook = storedPreference('look', renderSettingsSchema, DEFAULT_RENDER_SETTINGS);

/** The settings a newly opened recording starts with: the last-used ones. */
export function rememberedRenderSettings(): RenderSettings {
  const look = $lastLook.get();
  return parseRenderSettings({
    ...look,
    shadow: $shadow.get(),
    border: $border.get(),
    zoomDepth: $zoomDepth.get(),
    webcam: { ...look.webcam, shape: $webcamShape.get() },
    watermark: false,
  });
}

/** Remembers `settings` as the last-used ones. */
export function rememberRenderSettings(settings: RenderSettings): void {
  $lastLook.set(settings);
  $shadow.set(settings.shadow);
  $border.set(settings.border);
  $zoomDepth.set(settings.zoomDepth);
  $webcamShape.set(settings.webcam.shape);
}
