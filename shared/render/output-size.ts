import type { AspectRatio } from '../look/enumerations';

/** A size in pixels. */
export interface OutputSize {
  readonly width: number;
  readonly height: number;
}

/** Width over height of each fixed aspect ratio. */
export const ASPECT_RATIO_VALUES: Readonly<Record<Exclude<AspectRatio, 'auto'>, number>> = {
  '16:9': 16 / 9,
  '9:16': 9 / 16,
  '1:1': 1,
  '4:3': 4 / 3,
  '4:5': 4 / 5,
};

/** Rounds to an even number of pixels (H.264 with 4:2:0 chroma needs even sizes). */
function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

/**
 * The export canvas for a source video: the aspect ratio's shape, with its shorter side as long as the
 * source's shorter side times `multiplier`, capped at `maxHeight` (the "p" of 1080p: the shorter side,
 * so a 9:16 export at the 1080p cap is 1080×1920). Both sides are even.
 */
export function outputSize(
  source: OutputSize,
  aspectRatio: AspectRatio,
  multiplier: 1 | 2 = 1,
  maxHeight?: number,
): OutputSize {
  const ratio = aspectRatio === 'auto' ? source.width / source.height : ASPECT_RATIO_VALUES[aspectRatio];
  let shortSide = Math.min(source.width, source.height) * multiplier;
  if (maxHeight !== undefined) shortSide = Math.min(shortSide, maxHeight);
  return ratio >= 1
    ? { width: even(shortSide * ratio), height: even(shortSide) }
    : { width: even(shortSide), height: even(shortSide / ratio) };
}
