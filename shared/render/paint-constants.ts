/** Constants both painters (Canvas 2D and planar) draw with, so they paint the same frame. */

/**
 * Below this ratio of drawn to source pixels a picture is filtered with mipmaps: bilinear alone is sharp
 * enough down to about half size and several times faster.
 */
export const MIPMAP_BELOW_SCALE = 0.6;
