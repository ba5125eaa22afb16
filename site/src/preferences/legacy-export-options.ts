import type { ExportResolution } from '../../../shared/export/export-options';
import { type PreferenceTexts, parsedJson, textOf, withoutPreferences } from './json-text';

// Older versions stored each export option under a key of its own ('clickreel:exportFormat', …Quality,
// …Resolution, …FrameRate, …WorkerLimit), and before sizes were named, the size as a multiplier of the recording's
// ('clickreel:exportMultiplier', 1 or 2). The choice is one stored object now ('clickreel:export'); the preferences'
// step 2 → 3 folds the old keys into it and removes them. Values are checked when the object is read
// (storedExportOptionsSchema), so a stale one falls back there.

/** The old keys (without the prefix) and the option each held. */
const LEGACY_KEYS = {
  exportFormat: 'format',
  exportQuality: 'quality',
  exportResolution: 'resolution',
  exportFrameRate: 'frameRate',
  exportWorkerLimit: 'paintingWorkers',
} as const;

/**
 * The size a stored multiplier becomes (its JSON text; null: none stored): 1x, every free export and the first
 * choice, becomes 1080p, the size buyers ask for and the one the home page names; 2x, which was Pro's and meant
 * "twice as sharp", becomes 4K, the size that is at least twice a 1080p-or-smaller recording. Anything else: none.
 */
export function resolutionForLegacyMultiplier(text: string | null): ExportResolution | null {
  if (text === null) return null;
  const value = text.trim();
  if (value === '1') return '1080p';
  if (value === '2') return '4k';
  return null;
}

/**
 * The preferences' step 2 → 3: the old keys folded into the stored choice (`export`), unless one is stored already,
 * and removed.
 */
export function foldLegacyExportKeys(texts: PreferenceTexts): Record<string, unknown> {
  const oldKeys = [...Object.keys(LEGACY_KEYS), 'exportMultiplier'];
  if (!oldKeys.some((key) => textOf(texts, key) !== null)) return { ...texts };
  const rest = withoutPreferences(texts, oldKeys);
  if (textOf(texts, 'export') !== null) return rest;
  const options: Record<string, unknown> = {};
  const resolution = resolutionForLegacyMultiplier(textOf(texts, 'exportMultiplier'));
  if (resolution) options.resolution = resolution;
  for (const [key, option] of Object.entries(LEGACY_KEYS)) {
    const text = textOf(texts, key);
    if (text !== null) options[option] = parsedJson(text);
  }
  return { ...rest, export: JSON.stringify(options) };
}
