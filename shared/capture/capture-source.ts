import { z } from 'zod';

/**
 * What a recording captured: a tab (the only source the extension records today), a window or the whole screen
 * (the capture surfaces Chrome's picker offers), or a video file opened alone in the editor.
 */
export const ALL_CAPTURE_SOURCES = ['tab', 'window', 'screen', 'file'] as const;

/**
 * The captured surface: its kind and its size in the screen's pixels before the display's scale (DIPs; a tab's is
 * its viewport's CSS size), the space the cursor track is mapped from (surface-coordinates.ts).
 */
export const captureSchema = z.object({
  source: z.enum(ALL_CAPTURE_SOURCES),
  width: z.number().positive(),
  height: z.number().positive(),
});
