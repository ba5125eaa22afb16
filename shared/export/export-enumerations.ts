// The export's closed sets, a leaf module: the schemas (export-options-schema.ts) and the zod-free functions
// (export-options.ts) both import it, so neither imports the other's values.

/** File formats the editor exports. */
export const ALL_EXPORT_FORMATS = ['mp4', 'webm', 'gif'] as const;
export type ExportFormat = (typeof ALL_EXPORT_FORMATS)[number];

/** Quality presets, from smallest file to best picture. */
export const ALL_QUALITY_PRESETS = ['low', 'medium', 'high', 'best'] as const;
export type QualityPreset = (typeof ALL_QUALITY_PRESETS)[number];

/**
 * Output sizes, as buyers name them: a picture height (the shorter side, so 1080p is 1920×1080 at 16:9 and 1080×1920
 * at 9:16; see export-resolutions.ts), or 'source', the size that keeps the recording's own pixels.
 */
export const ALL_EXPORT_RESOLUTIONS = ['720p', '1080p', '1440p', '4k', 'source'] as const;
export type ExportResolution = (typeof ALL_EXPORT_RESOLUTIONS)[number];

/** Frame rates a video export can have. */
export const ALL_EXPORT_FRAME_RATES = [30, 60] as const;
export type ExportFrameRate = (typeof ALL_EXPORT_FRAME_RATES)[number];
