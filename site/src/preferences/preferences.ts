import { persistentAtom } from '@nanostores/persistent';
import type { z } from 'zod';
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
import { upgradeStoredPreferences } from './preferences-format';

/** Every stored preference lives under this prefix in localStorage. */
const PREFIX = 'clickreel:';

// Before any preference is first read: those an older version stored are brought up to date. Storage the browser
// blocks or that is full leaves them as they are (each is validated when read), never the page unloaded.
try {
  if (typeof localStorage !== 'undefined') upgradeStoredPreferences(localStorage, PREFIX);
} catch (error) {
  console.warn('The stored preferences could not be brought up to date.', error);
}

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

/** The timeline's height the user dragged it to, CSS px; 0: as tall as its lanes (up to a share of the window). */
export const $timelineHeight = persistentAtom<number>(`${PREFIX}timelineHeight`, 0, {
  encode: String,
  decode: (text) => (Number.isFinite(Number(text)) && Number(text) >= 0 ? Number(text) : 0),
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
