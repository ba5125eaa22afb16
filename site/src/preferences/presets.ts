import { z } from 'zod';
import { applyPreset, type LookPreset, readStoredPresets } from '../../../shared/look/look-presets';
import type { RenderSettings } from '../../../shared/look/render-settings';
import { rememberedRenderSettings, storedPreference } from './preferences';

/** The presets saved in this browser, in the order they were made. */
export const $presets = storedPreference<LookPreset[]>(
  'presets',
  z.unknown().transform((data) => readStoredPresets(data)),
  [],
);
/** The preset new recordings open with (null: the last-used look). A deleted preset's id finds nothing. */
export const $defaultPresetId = storedPreference<string | null>('defaultPreset', z.string().nullable(), null);

/** The default preset, when one is chosen and still saved. */
export function defaultPreset(): LookPreset | null {
  const id = $defaultPresetId.get();
  return $presets.get().find((preset) => preset.id === id) ?? null;
}

/** The settings a newly opened recording starts with: the default preset's, else the last-used ones. */
export function newRecordingSettings(): RenderSettings {
  const remembered = rememberedRenderSettings();
  const preset = defaultPreset();
  return preset ? applyPreset(remembered, preset) : remembered;
}
