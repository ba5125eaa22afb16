// The presets' zod schemas, apart from presets.ts: the export worker paints backgrounds from that module, and
// importing zod there would make every export start by compiling it.
import { z } from 'zod';
import { ALL_GRADIENT_PRESETS, ALL_WALLPAPERS } from './preset-names';

export const wallpaperSchema = z.enum(ALL_WALLPAPERS);
export const gradientPresetSchema = z.enum(ALL_GRADIENT_PRESETS);

/** A CSS-like hex colour, '#1a2b3c'. */
export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1a2b3c');

export const linearGradientSchema = z.object({
  angle: z.number().finite(),
  stops: z
    .array(z.object({ offset: z.number().min(0).max(1), color: hexColorSchema }))
    .min(2)
    .max(8),
});
