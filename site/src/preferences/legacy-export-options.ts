import type { ExportResolution } from '../../../shared/export/export-options';
import { parsedJson } from './json-text';

// Older versions stored each export option under a key of its own ('clickreel:exportFormat', …Quality,
// …Resolution, …FrameRate, …WorkerLimit), and before sizes were named, the size as a multiplier of the recording's
// ('clickreel:exportMultiplier', 1 or 2). The choice is one stored object now ('clickreel:export'); this folds the
// old keys into it once and removes them, as legacy-look.ts does for the look's fields. Values are checked when the
// object is read (storedExportOptionsSchema), so a stale one falls back there.

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
 * Folds the old keys under `prefix` into the stored choice (`export`), unless one is stored already, and removes
 * them (once: then there are none).
 */
export function migrateLegacyExportOptions(storage: Storage, prefix: string): void {
  const present = [...Object.keys(LEGACY_KEYS), 'exportMultiplier'].filter(
    (key) => storage.getItem(prefix + key) !== null,
  );
  if (present.length === 0) return;
  if (storage.getItem(`${prefix}export`) === null) {
    const options: Record<string, unknown> = {};
    const resolution = resolutionForLegacyMultiplier(storage.getItem(`${prefix}exportMultiplier`));
    if (resolution) options.resolution = resolution;
    for (const [key, option] of Object.entries(LEGACY_KEYS)) {
      const text = storage.getItem(prefix + key);
      if (text !== null) options[option] = parsedJson(text);
    }
    storage.setItem(`${prefix}export`, JSON.stringify(options));
  }
  for (const key of present) storage.removeItem(prefix + key);
}
