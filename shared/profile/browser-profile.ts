import { z } from 'zod';

/** The browser profile the extension runs in: a stable random id and a name the user can edit. */
export const browserProfileSchema = z.object({
  id: z.string().min(8),
  name: z.string().min(1).max(80),
});
export type BrowserProfile = z.infer<typeof browserProfileSchema>;
