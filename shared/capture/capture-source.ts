import { z } from 'zod';

/** What the extension records: a tab, or a window or the whole screen the user picks in Chrome's own picker. */
export const ALL_RECORDED_SOURCES = ['tab', 'window', 'screen'] as const;
export type RecordedSource = (typeof ALL_RECORDED_SOURCES)[number];

/** What a recording captured: what the extension records, or a video file opened alone in the editor. */
export const ALL_CAPTURE_SOURCES = [...ALL_RECORDED_SOURCES, 'file'] as const;

/**
 * The captured surface: its kind and its size in the screen's pixels before the display's scale (DIPs; a tab's is
 * its viewport's CSS size), the space the cursor track is mapped from (surface-coordinates.ts).
 */
export const captureSchema = z.object({
  source: z.enum(ALL_CAPTURE_SOURCES),
  width: z.number().positive(),
  height: z.number().positive(),
});
export type Capture = z.infer<typeof captureSchema>;
