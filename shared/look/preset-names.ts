// The presets' closed sets, a leaf module: presets-schema.ts and presets.ts both import it, so neither imports the
// other's values.

/** Wallpapers shipped with the product, painted from code so they cost no download and scale to any size. */
export const ALL_WALLPAPERS = ['aurora', 'dusk', 'ocean', 'meadow', 'graphite'] as const;
export type Wallpaper = (typeof ALL_WALLPAPERS)[number];

/** Gradient presets; a custom gradient is also possible. */
export const ALL_GRADIENT_PRESETS = ['sunset', 'lagoon', 'violet', 'mint', 'midnight', 'peach'] as const;
export type GradientPreset = (typeof ALL_GRADIENT_PRESETS)[number];
