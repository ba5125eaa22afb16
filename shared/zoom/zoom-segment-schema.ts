// Zoom segments' zod schemas, apart from zoom-segment.ts: the export worker uses that module, and importing zod
// there would make every export start by compiling it.
import { z } from 'zod';
import { strengthLevelSchema } from '../look/enumerations-schema';
import { ALL_ZOOM_ORIGINS } from './zoom-segment';

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
});
