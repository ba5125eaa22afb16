// Redaction edits' zod schema, apart from redaction.ts: the export worker uses that module.
import { z } from 'zod';
import { ALL_REDACTION_STYLES, DEFAULT_REDACTION_EDITS } from './redaction';

const boxSchema = z.object({
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().nonnegative(),
  height: z.number().finite().nonnegative(),
});

export const blurBoxSchema = z
  .object({
    id: z.string().min(1),
    startMs: z.number().finite().nonnegative(),
    endMs: z.number().finite().nonnegative(),
    box: boxSchema,
  })
  .refine((box) => box.endMs > box.startMs, { message: 'a blur box ends after it starts', path: ['endMs'] });

export const redactionEditsSchema = z.object({
  style: z.enum(ALL_REDACTION_STYLES),
  off: z.array(z.string()),
  boxes: z.array(blurBoxSchema),
});

/** Saves from before redaction existed hide everything recorded, with blur. */
export const savedRedactionEditsSchema = redactionEditsSchema.default(() => ({
  style: DEFAULT_REDACTION_EDITS.style,
  off: [],
  boxes: [],
}));
