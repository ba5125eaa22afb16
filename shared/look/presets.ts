import type { z } from 'zod';
import type { GradientPreset } from './preset-names';
import type { linearGradientSchema } from './presets-schema';

export type { GradientPreset, Wallpaper } from './preset-names';
export { ALL_GRADIENT_PRESETS, ALL_WALLPAPERS } from './preset-names';

/** A linear gradient: angle in degrees (0 = bottom to top, 90 = left to right, like CSS) and its stops. */
export type LinearGradient = z.infer<typeof linearGradientSchema>;

/** The colours of each gradient preset. */
export const GRADIENT_PRESETS: Readonly<Record<GradientPreset, LinearGradient>> = {
  sunset: {
    angle: 135,
    stops: [
      { offset: 0, color: '#ff7e5f' },
      { offset: 1, color: '#feb47b' },
    ],
  },
  lagoon: {
    angle: 135,
    stops: [
      { offset: 0, color: '#43cea2' },
      { offset: 1, color: '#185a9d' },
    ],
  },
  violet: {
    angle: 135,
    stops: [
      { offset: 0, color: '#8e2de2' },
      { offset: 1, color: '#4a00e0' },
    ],
  },
  mint: {
    angle: 160,
    stops: [
      { offset: 0, color: '#d4fc79' },
      { offset: 1, color: '#96e6a1' },
    ],
  },
  midnight: {
    angle: 180,
    stops: [
      { offset: 0, color: '#232526' },
      { offset: 1, color: '#414345' },
    ],
  },
  peach: {
    angle: 120,
    stops: [
      { offset: 0, color: '#ffecd2' },
      { offset: 0.5, color: '#fcb69f' },
      { offset: 1, color: '#ff9a9e' },
    ],
  },
};

/** Solid colours offered next to the colour picker (the background picker's colour tiles). */
export const COLOR_PRESETS = ['#0f172a', '#f8fafc', '#1e293b', '#fde68a', '#bfdbfe', '#fecaca'] as const;
/** What the picker calls each preset colour: a buyer's word, not a hex code. */
export const COLOR_PRESET_NAMES: Readonly<Record<(typeof COLOR_PRESETS)[number], string>> = {
  '#0f172a': 'Midnight',
  '#f8fafc': 'Snow',
  '#1e293b': 'Slate',
  '#fde68a': 'Butter',
  '#bfdbfe': 'Sky',
  '#fecaca': 'Blush',
};
