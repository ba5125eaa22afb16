import type { ExportMultiplier } from '../export/export-enumerations';
import type { OutputSize } from '../geometry/geometry';
import type { AspectRatio } from '../look/enumerations';
import type { RenderSettings } from '../look/render-settings';
import { layoutFrame } from './layout';

export type { OutputSize } from '../geometry/geometry';

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
  multiplier: ExportMultiplier = 1,
  maxHeight?: number,
): OutputSize {
  let shortSide = Math.min(source.width, source.height) * multiplier;
  if (maxHeight !== undefined) shortSide = Math.min(shortSide, maxHeight);
  return shapeOf(aspectRatioOf(source, aspectRatio), shortSide);
}

/** Width over height of the output for an aspect ratio setting ('auto': the source's own). */
function aspectRatioOf(source: OutputSize, aspectRatio: AspectRatio): number {
  return aspectRatio === 'auto' ? source.width / source.height : ASPECT_RATIO_VALUES[aspectRatio];
}

/** A canvas of width/height `ratio` whose shorter side is `shortSide`, both sides even. */
function shapeOf(ratio: number, shortSide: number): OutputSize {
  return ratio >= 1
    ? { width: even(shortSide * ratio), height: even(shortSide) }
    : { width: even(shortSide), height: even(shortSide / ratio) };
}

/** An export's size and why it is that size. */
export interface ExportSize extends OutputSize {
  /** Output pixels per recorded pixel inside the padding and frame: 1 or more keeps the recording sharp. */
  readonly videoScale: number;
  /** The plan's largest size made it smaller than the recording needs to stay 1:1 (× the multiplier). */
  readonly capped: boolean;
}

/**
 * The default export size: the aspect ratio's shape, just large enough that the recording inside the padding and
 * browser frame is drawn at `multiplier` output pixels per recorded pixel or more (instead of shrinking a
 * 1280×744 capture into a 1280×744 canvas around it), with its shorter side at most `maxHeight`. Both sides even.
 */
export function exportSize(
  source: OutputSize,
  settings: RenderSettings,
  multiplier: ExportMultiplier = 1,
  maxHeight = Number.POSITIVE_INFINITY,
): ExportSize {
  const ratio = aspectRatioOf(source, settings.aspectRatio);
  const scaleAt = (size: OutputSize) => {
    const video = layoutFrame(settings, source, size, false).video;
    return Math.min(video.width / source.width, video.height / source.height);
  };
  // The layout is proportional to the canvas, so one measurement gives the size; whole-pixel rounding may leave the
  // video a pixel short, which a few even steps make up.
  const reference = Math.min(source.width, source.height);
  let shortSide = Math.min(maxHeight, Math.ceil((reference * multiplier) / scaleAt(shapeOf(ratio, reference))));
  let size = shapeOf(ratio, shortSide);
  for (let step = 0; step < 4 && scaleAt(size) < multiplier && shortSide + 2 <= maxHeight; step++) {
    shortSide += 2;
    size = shapeOf(ratio, shortSide);
  }
  const videoScale = scaleAt(size);
  return { ...size, videoScale, capped: videoScale < multiplier - 1e-9 };
}
