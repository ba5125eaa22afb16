// The export options' zod schemas, apart from export-options.ts: the export worker uses its functions, and importing
// zod there would make every export start by compiling it.
import { z } from 'zod';
import {
  ALL_EXPORT_FORMATS,
  ALL_EXPORT_FRAME_RATES,
  ALL_EXPORT_RESOLUTIONS,
  ALL_QUALITY_PRESETS,
} from './export-enumerations';

export const exportFormatSchema = z.enum(ALL_EXPORT_FORMATS);
export const qualityPresetSchema = z.enum(ALL_QUALITY_PRESETS);
export const exportResolutionSchema = z.enum(ALL_EXPORT_RESOLUTIONS);
export const exportFrameRateSchema = z.literal(ALL_EXPORT_FRAME_RATES);

/** What the user asked for in the export dialog. */
export const exportOptionsSchema = z.object({
  format: exportFormatSchema,
  quality: qualityPresetSchema,
  resolution: exportResolutionSchema,
  frameRate: exportFrameRateSchema,
});
