// The export options' zod schemas, apart from export-options.ts: the export worker uses its functions, and importing
// zod there would make every export start by compiling it.
import { z } from 'zod';
import { ALL_EXPORT_FORMATS, ALL_QUALITY_PRESETS } from './export-options';

export const exportFormatSchema = z.enum(ALL_EXPORT_FORMATS);
export const qualityPresetSchema = z.enum(ALL_QUALITY_PRESETS);
export const exportMultiplierSchema = z.union([z.literal(1), z.literal(2)]);
export const exportFrameRateSchema = z.union([z.literal(30), z.literal(60)]);

/** What the user asked for in the export dialog. */
export const exportOptionsSchema = z.object({
  format: exportFormatSchema,
  quality: qualityPresetSchema,
  multiplier: exportMultiplierSchema,
  frameRate: exportFrameRateSchema,
});
