import type { ExportResolution } from '../export/export-enumerations';
import { EXPORT_RESOLUTIONS } from '../export/export-resolutions';
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
 * A canvas for a source video: the aspect ratio's shape, with its shorter side as long as the source's shorter side,
 * at most `maxShortSide` (the "p" of 1080p: the shorter side, so a 9:16 canvas at 1080 is 1080×1920). Both sides even.
 */
export function outputSize(source: OutputSize, aspectRatio: AspectRatio, maxShortSide?: number): OutputSize {
  const shortSide = Math.min(source.width, source.height, maxShortSide ?? Number.POSITIVE_INFINITY);
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
  /** Output pixels per recorded pixel inside the padding and frame: 1 or more keeps every recorded pixel. */
  readonly videoScale: number;
  /** The plan's tallest size made it smaller than asked ('Source size': than the recording needs to stay 1:1). */
  readonly capped: boolean;
}

/**
 * The size of an export at `resolution`, its shorter side at most `maxHeight` (the plan's). A named size is the
 * aspect ratio's shape with that shorter side (16:9 1080p = 1920×1080, 9:16 = 1080×1920, 1:1 = 1080×1080, 4:3 =
 * 1440×1080, 4:5 = 1080×1350; 'auto' takes the recording's shape), the recording fitted inside the padding and frame
 * at whatever scale that gives. 'source' is just large enough that the recording inside the padding and browser frame
 * keeps one output pixel per recorded pixel (instead of shrinking a 1280×744 capture into a 1280×744 canvas around
 * it). Both sides even.
 */
export function exportSize(
  source: OutputSize,
  settings: RenderSettings,
  resolution: ExportResolution,
  maxHeight = Number.POSITIVE_INFINITY,
): ExportSize {
  const ratio = aspectRatioOf(source, settings.aspectRatio);
  const scaleAt = (size: OutputSize) => {
    const video = layoutFrame(settings, source, size, false).video;
    return Math.min(video.width / source.width, video.height / source.height);
  };
  const named = EXPORT_RESOLUTIONS[resolution].shortSide;
  if (named !== null) {
    const size = shapeOf(ratio, Math.min(named, maxHeight));
    return { ...size, videoScale: scaleAt(size), capped: named > maxHeight };
  }
  // The layout is proportional to the canvas, so one measurement gives the size; whole-pixel rounding may leave the
  // video a pixel short, which a few even steps make up.
  const reference = Math.min(source.width, source.height);
  let shortSide = Math.min(maxHeight, Math.ceil(reference / scaleAt(shapeOf(ratio, reference))));
  let size = shapeOf(ratio, shortSide);
  for (let step = 0; step < 4 && scaleAt(size) < 1 && shortSide + 2 <= maxHeight; step++) {
    shortSide += 2;
    size = shapeOf(ratio, shortSide);
  }
  const videoScale = scaleAt(size);
  return { ...size, videoScale, capped: videoScale < 1 - 1e-9 };
}
