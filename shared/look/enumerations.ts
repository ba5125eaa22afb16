/** How the area around the video is filled. */
export const ALL_BACKGROUND_TYPES = ['Image', 'Gradient', 'Color', 'Hidden'] as const;

/** The browser window drawn around the video. */
export const ALL_FRAME_THEMES = ['Default', 'Minimal', 'Hidden'] as const;
export type FrameTheme = (typeof ALL_FRAME_THEMES)[number];

/** Corner shapes, for the video window and for the webcam bubble. */
export const ALL_CORNER_STYLES = ['Sharp', 'Rounded', 'Circular'] as const;
export type CornerStyle = (typeof ALL_CORNER_STYLES)[number];

/** The canvas corner the webcam bubble sits in. */
export const ALL_WEBCAM_POSITIONS = ['BottomRight', 'BottomLeft', 'TopLeft', 'TopRight'] as const;
export type WebcamPosition = (typeof ALL_WEBCAM_POSITIONS)[number];

/** Sizes of the cursor and of the webcam bubble. */
export const ALL_SIZES = ['small', 'medium', 'large', 'maximum'] as const;
export type Size = (typeof ALL_SIZES)[number];

/** What a click looks like. */
export const ALL_CLICK_ANIMATIONS = ['pressure', 'ripple', 'orb'] as const;
export type ClickAnimation = (typeof ALL_CLICK_ANIMATIONS)[number];

/** Graded strength: zoom depth, shadow, cursor smoothing. */
export const ALL_STRENGTH_LEVELS = ['None', 'Weak', 'Moderate', 'Strong'] as const;
export type StrengthLevel = (typeof ALL_STRENGTH_LEVELS)[number];

/**
 * Motion blur, as a camera's shutter: how long each frame is exposed while the camera or the cursor moves (Off: every
 * frame sharp). See shared/render/motion-blur.ts.
 */
export const ALL_MOTION_BLURS = ['Off', 'Subtle', 'Natural', 'Strong'] as const;
export type MotionBlur = (typeof ALL_MOTION_BLURS)[number];

/** Output aspect ratios; 'auto' keeps the recording's own. */
export const ALL_ASPECT_RATIOS = ['auto', '16:9', '9:16', '1:1', '4:3', '4:5'] as const;
export type AspectRatio = (typeof ALL_ASPECT_RATIOS)[number];
