// The looks the editor offers before the user has saved any (the Presets tab's "Starter looks"): each sets the look
// (background, window, shape, camera depth, shutter, cursor) and leaves the recording's sounds, webcam, zoom timing
// and the rest as they are, so trying one never switches off a click sound.
import { sameSettings } from './look-presets';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from './render-settings';

/** What a starter look sets: the settings that make a video look one way or another. */
export type StarterLookSettings = Pick<
  RenderSettings,
  'background' | 'padding' | 'corners' | 'shadow' | 'border' | 'frame' | 'aspectRatio' | 'zoomDepth' | 'motionBlur'
> & { readonly cursor: Pick<RenderSettings['cursor'], 'size' | 'clickAnimation'> };

/** A look offered from the start. */
export interface StarterLook {
  readonly id: string;
  readonly name: string;
  /** What it is for, in one line. */
  readonly description: string;
  readonly settings: StarterLookSettings;
}

const DEFAULT_LOOK: StarterLookSettings = {
  background: DEFAULT_RENDER_SETTINGS.background,
  padding: DEFAULT_RENDER_SETTINGS.padding,
  corners: DEFAULT_RENDER_SETTINGS.corners,
  shadow: DEFAULT_RENDER_SETTINGS.shadow,
  border: DEFAULT_RENDER_SETTINGS.border,
  frame: DEFAULT_RENDER_SETTINGS.frame,
  aspectRatio: DEFAULT_RENDER_SETTINGS.aspectRatio,
  zoomDepth: DEFAULT_RENDER_SETTINGS.zoomDepth,
  motionBlur: DEFAULT_RENDER_SETTINGS.motionBlur,
  cursor: { size: DEFAULT_RENDER_SETTINGS.cursor.size, clickAnimation: DEFAULT_RENDER_SETTINGS.cursor.clickAnimation },
};

/** A background of `type` with the default's other choices kept (as the Background tab keeps them). */
function background(change: Partial<RenderSettings['background']>): RenderSettings['background'] {
  return { ...DEFAULT_LOOK.background, ...change };
}

/** The starter looks, in the order the editor shows them; the first is what a new recording starts with. */
export const STARTER_LOOKS: readonly StarterLook[] = [
  {
    id: 'starter-aurora',
    name: 'Aurora',
    description: 'The default: a soft wallpaper, the browser window and a shadow.',
    settings: DEFAULT_LOOK,
  },
  {
    id: 'starter-midnight',
    name: 'Midnight',
    description: 'Dark and calm, with a deep shadow and a larger cursor: product demos.',
    settings: {
      ...DEFAULT_LOOK,
      background: background({ type: 'Gradient', gradient: { kind: 'preset', preset: 'midnight' } }),
      padding: 0.1,
      shadow: 'Strong',
      frame: 'Minimal',
      cursor: { size: 'large', clickAnimation: 'ripple' },
    },
  },
  {
    id: 'starter-paper',
    name: 'Paper',
    description: 'Light and plain, a thin border and a light shadow: guides and help pages.',
    settings: {
      ...DEFAULT_LOOK,
      background: background({ type: 'Color', color: '#eef2f7' }),
      padding: 0.06,
      shadow: 'Weak',
      border: { width: 1, color: '#cbd5e1' },
      cursor: { size: 'medium', clickAnimation: 'pressure' },
    },
  },
  {
    id: 'starter-ocean',
    name: 'Ocean',
    description: 'A blue wallpaper, more room around the window and a deep shadow: launch videos.',
    settings: {
      ...DEFAULT_LOOK,
      background: background({ type: 'Image', image: { kind: 'preset', wallpaper: 'ocean' } }),
      padding: 0.12,
      shadow: 'Strong',
      cursor: { size: 'large', clickAnimation: 'orb' },
    },
  },
  {
    id: 'starter-edge',
    name: 'Edge to edge',
    description: 'Only the page, no frame, zoomed in closer: tutorials.',
    settings: {
      ...DEFAULT_LOOK,
      background: background({ type: 'Hidden' }),
      padding: 0,
      corners: 'Sharp',
      shadow: 'None',
      frame: 'Hidden',
      zoomDepth: 'Strong',
      motionBlur: 'Subtle',
    },
  },
  {
    id: 'starter-vertical',
    name: 'Vertical',
    description: '9:16 with deeper zooms and a large cursor: Shorts, Reels and TikTok.',
    settings: {
      ...DEFAULT_LOOK,
      background: background({ type: 'Gradient', gradient: { kind: 'preset', preset: 'sunset' } }),
      padding: 0.05,
      frame: 'Minimal',
      aspectRatio: '9:16',
      zoomDepth: 'Strong',
      cursor: { size: 'large', clickAnimation: 'orb' },
    },
  },
];

/** `settings` with the starter look's choices; everything else (sounds, webcam, timing, the plan's watermark) kept. */
export function withStarterLook(settings: RenderSettings, look: StarterLook): RenderSettings {
  const { cursor, ...rest } = look.settings;
  return { ...settings, ...rest, cursor: { ...settings.cursor, ...cursor } };
}

/** Whether `settings` look as the starter look makes them. */
export function usesStarterLook(settings: RenderSettings, look: StarterLook): boolean {
  return sameSettings(withStarterLook(settings, look), settings);
}
