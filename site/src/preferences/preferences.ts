import { persistentAtom } from '@nanostores/persistent';
import { z } from 'zod';
import {
  DEFAULT_EXPORT_OPTIONS,
  type ExportOptionName,
  type ExportOptionValue,
} from '../../../shared/export/export-option-table';
import { storedExportOptionsSchema } from '../../../shared/export/export-options-schema';
import {
  DEFAULT_RENDER_SETTINGS,
  parseRenderSettings,
  type RenderSettings,
  renderSettingsSchema,
} from '../../../shared/look/render-settings';
import { migrateRenderSettings } from '../../../shared/look/render-settings-migration';
import { migrateLegacyExportOptions } from './legacy-export-options';
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

// Before the export's choice is first read: older versions kept each option under a key of its own.
if (typeof localStorage !== 'undefined') migrateLegacyExportOptions(localStorage, PREFIX);
/** The export's options last chosen (format, quality, size, frame rate, painting workers). */
export const $exportOptions = storedPreference('export', storedExportOptionsSchema, DEFAULT_EXPORT_OPTIONS);

/** Remembers one export option's new value. */
export function chooseExportOption<N extends ExportOptionName>(name: N, value: ExportOptionValue<N>): void {
  $exportOptions.set({ ...$exportOptions.get(), [name]: value });
}

/** How many exports finished in this browser. */
export const $exportCount = persistentAtom<number>(`${PREFIX}exportCount`, 0, {
  encode: String,
  decode: (text) => (Number.isInteger(Number(text)) && Number(text) >= 0 ? Number(text) : 0),
});
// Before the look is first read: older versions kept four of its fields under keys of their own.
if (typeof localStorage !== 'undefined') migrateLegacyLook(localStorage, PREFIX);

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
