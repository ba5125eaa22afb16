// Zoom segments' zod schemas, apart from zoom-segment.ts: the export worker uses that module, and importing zod
// there would make every export start by compiling it.
import { z } from 'zod';
import { strengthLevelSchema } from '../look/enumerations-schema';
import { ZOOM_TIMING_LIMITS } from '../look/zoom-timing';

/** Who made a zoom segment: regenerating automatic zooms replaces 'auto' ones and keeps the user's. */
const ALL_ZOOM_ORIGINS = ['auto', 'user'] as const;

export const zoomFocusSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cursor') }),
  /** Normalized video coordinates (0..1). */
  z.object({ kind: z.literal('point'), x: z.number().min(0).max(1), y: z.number().min(0).max(1) }),
]);

export const zoomOriginSchema = z.enum(ALL_ZOOM_ORIGINS);

export const zoomSegmentSchema = z.object({
  id: z.string().min(1),
  /** Source video time, milliseconds. */
  startMs: z.number().finite().nonnegative(),
  endMs: z.number().finite().nonnegative(),
  depth: strengthLevelSchema,
  focus: zoomFocusSchema,
  origin: zoomOriginSchema,
  /** This zoom's own camera speed (spring stiffness), overriding the setting; absent: the setting's. */
  speed: z.number().min(ZOOM_TIMING_LIMITS.speed.min).max(ZOOM_TIMING_LIMITS.speed.max).optional(),
  /**
   * Times of the first and last action an automatic zoom was made for: its lead-in is `firstMs - startMs`, its
   * hold `endMs - lastMs`. Absent on zooms made by hand and in older saves.
   */
  actions: z
    .object({ firstMs: z.number().finite().nonnegative(), lastMs: z.number().finite().nonnegative() })
    .optional(),
});
