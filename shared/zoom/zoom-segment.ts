import type { z } from 'zod';
import type { StrengthLevel } from '../look/enumerations';
import type { zoomFocusSchema, zoomSegmentSchema } from './zoom-segment-schema';

/** Where a zoom segment looks: at the cursor (the camera pans with it) or at a fixed point of the video. */
export type ZoomFocus = z.infer<typeof zoomFocusSchema>;

/** A stretch of source-video time during which the camera is zoomed in. */
export type ZoomSegment = z.infer<typeof zoomSegmentSchema>;

/** Camera magnification for each zoom depth. */
export const ZOOM_SCALE: Readonly<Record<StrengthLevel, number>> = { None: 1, Weak: 1.4, Moderate: 1.8, Strong: 2.4 };
