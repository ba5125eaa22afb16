// Kept apart from speed.ts for the reason timeline-schema.ts is: the export worker should not compile zod.
import { z } from 'zod';
import { SPEED_RATES } from './speed';

export const speedRangeSchema = z
  .object({
    startMs: z.number().finite().nonnegative(),
    endMs: z.number().finite().nonnegative(),
    rate: z.literal(SPEED_RATES),
  })
  .refine((range) => range.endMs > range.startMs, 'A speed-up must end after it starts');
