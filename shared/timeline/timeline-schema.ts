// The timeline's zod schemas, apart from timeline.ts: the export worker uses that module, and importing zod there
// would make every export start by compiling it.
import { z } from 'zod';

export const timeRangeSchema = z.object({
  startMs: z.number().finite().nonnegative(),
  endMs: z.number().finite().nonnegative(),
});

export const timelineEditsSchema = z.object({
  trim: timeRangeSchema,
  cuts: z.array(timeRangeSchema),
});
