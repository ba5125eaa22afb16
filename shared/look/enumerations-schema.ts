// The look's enumerations as zod schemas, apart from enumerations.ts: the export worker uses those, and importing
// zod there would make every export start by compiling it.
import { z } from 'zod';
import {
  ALL_ASPECT_RATIOS,
  ALL_BACKGROUND_TYPES,
  ALL_CLICK_ANIMATIONS,
  ALL_CORNER_STYLES,
  ALL_FRAME_THEMES,
  ALL_MOTION_BLURS,
  ALL_SIZES,
  ALL_STRENGTH_LEVELS,
  ALL_WEBCAM_POSITIONS,
} from './enumerations';

export const backgroundTypeSchema = z.enum(ALL_BACKGROUND_TYPES);
export const frameThemeSchema = z.enum(ALL_FRAME_THEMES);
export const cornerStyleSchema = z.enum(ALL_CORNER_STYLES);
export const webcamPositionSchema = z.enum(ALL_WEBCAM_POSITIONS);
export const sizeSchema = z.enum(ALL_SIZES);
export const clickAnimationSchema = z.enum(ALL_CLICK_ANIMATIONS);
export const strengthLevelSchema = z.enum(ALL_STRENGTH_LEVELS);
export const motionBlurSchema = z.enum(ALL_MOTION_BLURS);
export const aspectRatioSchema = z.enum(ALL_ASPECT_RATIOS);
