import { z } from 'zod';
import { type StrengthLevel, strengthLevelSchema } from '../look/enumerations';

/** Where a zoom segment looks: at the cursor (the camera pans with it) or at a fixed point of the video. */
export const zoomFocusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cursor') }),
  /** Normalized video coordinates (0..1). */
  z.object({ kind: z.literal('point'), x: z.number().min(0).max(1), y: z.number().min(0).max(1) }),
]);
export type ZoomFocus = z.infer<typeof zoomFocusSchema>;

/** Who made a zoom segment: regenerating automatic zooms replaces 'auto' ones and keeps the user's. */
export const ALL_ZOOM_ORIGINS = ['auto', 'user'] as const;
export type ZoomOrigin = (typeof ALL_ZOOM_ORIGINS)[number];
export const zoomOriginSchema = z.enum(ALL_ZOOM_ORIGINS);

/** A stretch of source-video time during which the camera is zoomed in. */
export const zoomSegmentSchema = z.object({
  id: z.string().min(1),
  /** Source video time, milliseconds. */
  startMs: z.number().finite().nonnegative(),
  endMs: z.number().finite().nonnegative(),
  depth: strengthLevelSchema,
  focus: zoomFocusSchema,
  origin: zoomOriginSchema,
});
export type ZoomSegment = z.infer<typeof zoomSegmentSchema>;

/** Camera magnification for each zoom depth. */
export const ZOOM_SCALE: Readonly<Record<StrengthLevel, number>> = { None: 1, Weak: 1.4, Moderate: 1.8, Strong: 2.4 };
