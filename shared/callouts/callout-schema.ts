// Callouts' zod schema, apart from callout.ts: the export worker uses that module, and importing zod there would make
// every export start by compiling it.
import { z } from 'zod';
import { ALL_CALLOUT_KINDS, ALL_CALLOUT_PLACEMENTS, CALLOUT, CALLOUT_PLACEMENTS } from './callout';

const pointSchema = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });

export const calloutSchema = z
  .object({
    id: z.string().min(1),
    kind: z.enum(ALL_CALLOUT_KINDS),
    /** Empty while being typed: then not drawn. */
    text: z.string().max(CALLOUT.maxTextLength),
    startMs: z.number().finite().nonnegative(),
    endMs: z.number().finite().nonnegative(),
    target: pointSchema.nullable(),
    /** Saves from before callouts could be placed have none: the kind's first place. */
    placement: z.enum(ALL_CALLOUT_PLACEMENTS).optional(),
  })
  .refine((callout) => callout.endMs > callout.startMs, { message: 'a callout ends after it starts', path: ['endMs'] })
  .refine(
    (callout) => callout.placement === undefined || CALLOUT_PLACEMENTS[callout.kind].includes(callout.placement),
    {
      message: 'a callout takes a place of its kind',
      path: ['placement'],
    },
  );
