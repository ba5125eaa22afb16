import type { ExportResolution } from '../../../shared/export/export-options';

// Older versions stored the export's size as a multiplier of the recording's ('clickreel:exportMultiplier', 1 or 2:
// 1x kept the recording's pixels inside the padding, 2x twice them, up to the plan's cap). Sizes are now named
// (shared/export/export-resolutions.ts); this turns a stored multiplier into the size once and removes its key, as
// legacy-look.ts does for the look's fields.

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
 * Moves a stored multiplier under `prefix` to the stored size (`exportResolution`), unless a size is stored already,
 * and removes it (once: then there is none).
 */
export function migrateLegacyExportSize(storage: Storage, prefix: string): void {
  const legacy = storage.getItem(`${prefix}exportMultiplier`);
  if (legacy === null) return;
  const resolution = resolutionForLegacyMultiplier(legacy);
  if (resolution && storage.getItem(`${prefix}exportResolution`) === null)
    storage.setItem(`${prefix}exportResolution`, JSON.stringify(resolution));
  storage.removeItem(`${prefix}exportMultiplier`);
}
