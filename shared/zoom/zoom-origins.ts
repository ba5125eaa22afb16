// A leaf module: zoom-segment-schema.ts and zoom-segment.ts both import it, so neither imports the other's values.

/** Who made a zoom segment: regenerating automatic zooms replaces 'auto' ones and keeps the user's. */
export const ALL_ZOOM_ORIGINS = ['auto', 'user'] as const;
export type ZoomOrigin = (typeof ALL_ZOOM_ORIGINS)[number];
