// The export's closed sets, a leaf module: the schemas (export-options-schema.ts) and the zod-free functions
// (export-options.ts) both import it, so neither imports the other's values.

/** File formats the editor exports. */
export const ALL_EXPORT_FORMATS = ['mp4', 'webm', 'gif'] as const;
export type ExportFormat = (typeof ALL_EXPORT_FORMATS)[number];

/** Quality presets, from smallest file to best picture. */
export const ALL_QUALITY_PRESETS = ['low', 'medium', 'high', 'best'] as const;
export type QualityPreset = (typeof ALL_QUALITY_PRESETS)[number];

/** Output size multipliers: 2x renders at twice the composition size (sharper on high-DPI screens). */
export const ALL_EXPORT_MULTIPLIERS = [1, 2] as const;
export type ExportMultiplier = (typeof ALL_EXPORT_MULTIPLIERS)[number];

/** Frame rates a video export can have. */
export const ALL_EXPORT_FRAME_RATES = [30, 60] as const;
export type ExportFrameRate = (typeof ALL_EXPORT_FRAME_RATES)[number];
