// The timeline's zod schemas, apart from timeline.ts: the export worker uses that module, and importing zod there
// would make every export start by compiling it.
import { z } from 'zod';
import { speedRangeSchema } from '../time-map/speed-schema';

export const timeRangeSchema = z.object({
  startMs: z.number().finite().nonnegative(),
  endMs: z.number().finite().nonnegative(),
});

export const timelineEditsSchema = z.object({
  trim: timeRangeSchema,
  cuts: z.array(timeRangeSchema),
  /** Saves from before speed-ups existed have none. */
  speeds: z.array(speedRangeSchema).default([]),
});
