import { z } from 'zod';
import { isRecord, withDefaults } from '../data/plain-objects';
import {
  aspectRatioSchema,
  backgroundTypeSchema,
  clickAnimationSchema,
  cornerStyleSchema,
  frameThemeSchema,
  motionBlurSchema,
  sizeSchema,
  strengthLevelSchema,
  webcamPositionSchema,
} from './enumerations-schema';
import { gradientPresetSchema, hexColorSchema, linearGradientSchema, wallpaperSchema } from './presets-schema';
import { RENDER_LIMITS } from './render-limits';
import { DEFAULT_ZOOM_TIMING, ZOOM_TIMING_LIMITS } from './zoom-timing';

/** A number inside limits (the same ones the editor's slider has). */
function limited(limits: { readonly min: number; readonly max: number }) {
  return z.number().min(limits.min).max(limits.max);
}

/** A number inside one of the zoom timing limits. */
function zoomTimingValue(key: keyof typeof ZOOM_TIMING_LIMITS) {
  return limited(ZOOM_TIMING_LIMITS[key]);
}

/** When automatic zooms start and end around an action, and how fast the camera moves (see zoom-timing.ts). */
export const zoomTimingSchema = z.object({
  leadInMs: zoomTimingValue('leadInMs'),
  holdMs: zoomTimingValue('holdMs'),
  speed: zoomTimingValue('speed'),
});

/** A background image: one of the shipped wallpapers, or the user's own picture (the shell resolves `id` to pixels). */
export const backgroundImageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('preset'), wallpaper: wallpaperSchema }),
  z.object({ kind: z.literal('user'), id: z.string().min(1) }),
]);

/** A background gradient: a preset or the user's own. */
export const backgroundGradientSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('preset'), preset: gradientPresetSchema }),
  z.object({ kind: z.literal('custom'), custom: linearGradientSchema }),
]);
export type BackgroundGradient = z.infer<typeof backgroundGradientSchema>;

/**
 * What fills the canvas around the video. `type` picks the fill; the other choices are kept,
 * so switching back and forth in the editor does not lose them.
 */
export const backgroundSchema = z.object({
  type: backgroundTypeSchema,
  image: backgroundImageSchema,
  gradient: backgroundGradientSchema,
  color: hexColorSchema,
});
export type Background = z.infer<typeof backgroundSchema>;

/** The webcam bubble. */
export const webcamSettingsSchema = z.object({
  visible: z.boolean(),
  shape: cornerStyleSchema,
  position: webcamPositionSchema,
  size: sizeSchema,
});

/**
 * The cursor drawn from the track. The system pointer the tab capture burns into the video is erased whatever these
 * say (shared/render/burned-pointer.ts), so this cursor is the only one shown.
 */
export const cursorSettingsSchema = z.object({
  /** True hides the cursor and its click effects (the burned-in pointer is erased all the same). */
  hidden: z.boolean(),
  size: sizeSchema,
  /** How much the recorded path is smoothed (None draws it as recorded). */
  smoothing: strengthLevelSchema,
  /** Fade the cursor out when it has not moved for a while. */
  hideWhenIdle: z.boolean(),
  clickAnimation: clickAnimationSchema,
  /** Keep the cursor's size on screen when the camera zooms in (else it is magnified with the page). */
  constantSize: z.boolean(),
  /** Over the video's last second the cursor glides back to where it started, so a looping GIF has no jump. */
  returnToStart: z.boolean(),
});

/** Sounds mixed into the export's audio at each click (and, optionally, key press: its time only). */
export const clickSoundsSchema = z.object({
  clicks: z.boolean(),
  keys: z.boolean(),
  /** 0 (silent) to 1 (full scale). */
  volume: limited(RENDER_LIMITS.clickSoundVolume),
});
export type ClickSoundSettings = z.infer<typeof clickSoundsSchema>;

/** Everything the editor changes about how a recording looks (zoom segments are kept separately). */
export const renderSettingsSchema = z.object({
  background: backgroundSchema,
  /** Space around the window, as a fraction of the canvas's shorter side (ignored when the background is Hidden). */
  padding: limited(RENDER_LIMITS.padding),
  /** Corners of the video window. */
  corners: cornerStyleSchema,
  shadow: strengthLevelSchema,
  /** Border around the window; width in pixels of a 1080p canvas (0 = none). */
  border: z.object({ width: limited(RENDER_LIMITS.borderWidth), color: hexColorSchema }),
  frame: frameThemeSchema,
  aspectRatio: aspectRatioSchema,
  webcam: webcamSettingsSchema,
  cursor: cursorSettingsSchema,
  sounds: clickSoundsSchema,
  /** Depth of generated automatic zooms (the deepest an automatic zoom framing an element goes). */
  zoomDepth: strengthLevelSchema,
  /** Lead-in, hold and speed of zooms; a zoom's own `speed` overrides the speed. */
  zoomTiming: zoomTimingSchema,
  /** The shutter: blur along fast camera and cursor moves (shared/render/motion-blur.ts). */
  motionBlur: motionBlurSchema,
  /** Show shortcuts (modifiers + key) as an overlay. */
  keystrokes: z.boolean(),
  /** "Made with Clickreel" in a corner; the plan decides. */
  watermark: z.boolean(),
});
/** The editor's render settings for one recording. */
export type RenderSettings = z.infer<typeof renderSettingsSchema>;

/** Settings a new recording starts with. */
export const DEFAULT_RENDER_SETTINGS: RenderSettings = {
  background: {
    type: 'Image',
    image: { kind: 'preset', wallpaper: 'aurora' },
    gradient: { kind: 'preset', preset: 'lagoon' },
    color: '#0f172a',
  },
  padding: 0.08,
  corners: 'Rounded',
  shadow: 'Moderate',
  border: { width: 0, color: '#ffffff' },
  frame: 'Default',
  aspectRatio: 'auto',
  webcam: { visible: true, shape: 'Circular', position: 'BottomRight', size: 'medium' },
  cursor: {
    hidden: false,
    size: 'medium',
    smoothing: 'Moderate',
    hideWhenIdle: true,
    clickAnimation: 'ripple',
    constantSize: false,
    returnToStart: false,
  },
  sounds: { clicks: false, keys: false, volume: 0.6 },
  zoomDepth: 'Moderate',
  zoomTiming: DEFAULT_ZOOM_TIMING,
  motionBlur: 'Natural',
  keystrokes: false,
  watermark: false,
};

/**
 * Validates stored or received settings (their store brought them up to date), what is missing filled from the
 * defaults (saves from before a setting existed); throws a ZodError naming the first invalid field.
 */
export function parseRenderSettings(data: unknown): RenderSettings {
  return renderSettingsSchema.parse(withDefaults(DEFAULT_RENDER_SETTINGS, isRecord(data) ? data : {}));
}
