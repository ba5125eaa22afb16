import { z } from 'zod';

/** How the area around the video is filled. */
export const ALL_BACKGROUND_TYPES = ['Image', 'Gradient', 'Color', 'Hidden'] as const;
export type BackgroundType = (typeof ALL_BACKGROUND_TYPES)[number];
export const backgroundTypeSchema = z.enum(ALL_BACKGROUND_TYPES);

/** The browser window drawn around the video. */
export const ALL_FRAME_THEMES = ['Default', 'Minimal', 'Hidden'] as const;
export type FrameTheme = (typeof ALL_FRAME_THEMES)[number];
export const frameThemeSchema = z.enum(ALL_FRAME_THEMES);

/** Corner shapes, for the video window and for the webcam bubble. */
export const ALL_CORNER_STYLES = ['Sharp', 'Rounded', 'Circular'] as const;
export type CornerStyle = (typeof ALL_CORNER_STYLES)[number];
export const cornerStyleSchema = z.enum(ALL_CORNER_STYLES);

/** The canvas corner the webcam bubble sits in. */
export const ALL_WEBCAM_POSITIONS = ['BottomRight', 'BottomLeft', 'TopLeft', 'TopRight'] as const;
export type WebcamPosition = (typeof ALL_WEBCAM_POSITIONS)[number];
export const webcamPositionSchema = z.enum(ALL_WEBCAM_POSITIONS);

/** Sizes of the cursor and of the webcam bubble. */
export const ALL_SIZES = ['small', 'medium', 'large', 'maximum'] as const;
export type Size = (typeof ALL_SIZES)[number];
export const sizeSchema = z.enum(ALL_SIZES);

/** What a click looks like. */
export const ALL_CLICK_ANIMATIONS = ['pressure', 'ripple', 'orb'] as const;
export type ClickAnimation = (typeof ALL_CLICK_ANIMATIONS)[number];
export const clickAnimationSchema = z.enum(ALL_CLICK_ANIMATIONS);

/** Graded strength: zoom depth, shadow, cursor smoothing, motion blur. */
export const ALL_STRENGTH_LEVELS = ['None', 'Weak', 'Moderate', 'Strong'] as const;
export type StrengthLevel = (typeof ALL_STRENGTH_LEVELS)[number];
export const strengthLevelSchema = z.enum(ALL_STRENGTH_LEVELS);

/** Output aspect ratios; 'auto' keeps the recording's own. */
export const ALL_ASPECT_RATIOS = ['auto', '16:9', '9:16', '1:1', '4:3', '4:5'] as const;
export type AspectRatio = (typeof ALL_ASPECT_RATIOS)[number];
export const aspectRatioSchema = z.enum(ALL_ASPECT_RATIOS);
