import type {
  AspectRatio,
  ClickAnimation,
  CornerStyle,
  FrameTheme,
  Size,
  StrengthLevel,
  WebcamPosition,
} from '../../../../shared/look/enumerations';
import type { GradientPreset, Wallpaper } from '../../../../shared/look/presets';

// Every option of the render settings in the words a buyer uses; the stored values stay as they are.

export const WALLPAPER_NAMES: Readonly<Record<Wallpaper, string>> = {
  aurora: 'Aurora',
  dusk: 'Dusk',
  ocean: 'Ocean',
  meadow: 'Meadow',
  graphite: 'Graphite',
};

export const GRADIENT_NAMES: Readonly<Record<GradientPreset, string>> = {
  sunset: 'Sunset gradient',
  lagoon: 'Lagoon gradient',
  violet: 'Violet gradient',
  mint: 'Mint gradient',
  midnight: 'Midnight gradient',
  peach: 'Peach gradient',
};

export const FRAME_NAMES: Readonly<Record<FrameTheme, string>> = {
  Default: 'Browser',
  Minimal: 'Slim bar',
  Hidden: 'No frame',
};

export const CORNER_NAMES: Readonly<Record<CornerStyle, string>> = {
  Sharp: 'Square',
  Rounded: 'Rounded',
  Circular: 'Round',
};

export const WEBCAM_SHAPE_NAMES: Readonly<Record<CornerStyle, string>> = {
  Sharp: 'Square',
  Rounded: 'Rounded',
  Circular: 'Circle',
};

export const WEBCAM_POSITION_NAMES: Readonly<Record<WebcamPosition, string>> = {
  TopLeft: 'Top left',
  TopRight: 'Top right',
  BottomLeft: 'Bottom left',
  BottomRight: 'Bottom right',
};

/** Short names on the buttons, full names read out. */
export const SIZE_NAMES: Readonly<Record<Size, { short: string; full: string }>> = {
  small: { short: 'S', full: 'Small' },
  medium: { short: 'M', full: 'Medium' },
  large: { short: 'L', full: 'Large' },
  maximum: { short: 'XL', full: 'Extra large' },
};

export const CLICK_ANIMATION_NAMES: Readonly<Record<ClickAnimation, string>> = {
  pressure: 'Press',
  ripple: 'Ring',
  orb: 'Glow',
};

/** Strength levels, the same words for shadow, smoothing and zoom depth (motion blur has its own: a shutter). */
export const STRENGTH_NAMES: Readonly<Record<StrengthLevel, string>> = {
  None: 'Off',
  Weak: 'Light',
  Moderate: 'Medium',
  Strong: 'Strong',
};

export const ASPECT_RATIO_NAMES: Readonly<Record<AspectRatio, string>> = {
  auto: 'Original',
  '16:9': 'Wide',
  '9:16': 'Vertical',
  '1:1': 'Square',
  '4:3': 'Classic',
  '4:5': 'Portrait',
};
