import { persistentAtom } from '@nanostores/persistent';
import { z } from 'zod';
import { DEFAULT_EXPORT_OPTIONS } from '../../../shared/export/export-options';
import {
  exportFormatSchema,
  exportFrameRateSchema,
  exportResolutionSchema,
  qualityPresetSchema,
} from '../../../shared/export/export-options-schema';
import {
  DEFAULT_RENDER_SETTINGS,
  parseRenderSettings,
  type RenderSettings,
  renderSettingsSchema,
} from '../../../shared/look/render-settings';
import { migrateRenderSettings } from '../../../shared/look/render-settings-migration';
import { migrateLegacyExportSize } from './legacy-export-size';
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
// Before the export's size is first read: older versions stored a multiplier (1x, 2x) instead.
if (typeof localStorage !== 'undefined') migrateLegacyExportSize(localStorage, PREFIX);
/** Export size last chosen (720p, 1080p, 1440p, 4K or the source's size). */
export const $exportResolution = storedPreference(
  'exportResolution',
  exportResolutionSchema,
  DEFAULT_EXPORT_OPTIONS.resolution,
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

/** Workers an export paints with (site/src/workers/worker-pool.ts poolSize caps it at the cores); 0: Automatic. */
export const $exportWorkerLimit = persistentAtom<number>(`${PREFIX}exportWorkerLimit`, 0, {
  encode: String,
  decode: (text) => (Number.isInteger(Number(text)) && Number(text) >= 0 ? Number(text) : 0),
});
/** The timeline's height the user dragged it to, CSS px; 0: as tall as its lanes (up to a share of the window). */
export const $timelineHeight = persistentAtom<number>(`${PREFIX}timelineHeight`, 0, {
  encode: String,
  decode: (text) => (Number.isFinite(Number(text)) && Number(text) >= 0 ? Number(text) : 0),
});
/** The last-used look (background, padding, frame, shadow, border, zoom depth, webcam, cursor...), old values migrated. */
export const $lastLook = storedPreference(
  'look',
  z.preprocess(migrateRenderSettings, renderSettingsSchema),
  DEFAULT_RENDER_SETTINGS,
);

/** The settings a newly opened recording starts with: the last-used ones. */
export function rememberedRenderSettings(): RenderSettings {
  return parseRenderSettings({ ...$lastLook.get(), watermark: false });
}

/** Remembers `settings` as the last-used ones. */
export function rememberRenderSettings(settings: RenderSettings): void {
  $lastLook.set(settings);
}
