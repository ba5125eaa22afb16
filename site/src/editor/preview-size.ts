import type { OutputSize } from '../../../shared/render/output-size';

/** Shorter side of the preview canvas at most, device pixels: enough to judge the picture, cheap to paint live. */
export const PREVIEW_SHORT_SIDE = 720;

/** The preview canvas's pixels, and the CSS pixels it is shown in. */
export interface PreviewSize {
  readonly pixels: OutputSize;
  readonly css: { readonly width: number; readonly height: number };
}

/**
 * The largest picture of the composition's shape (`shape`: its pixels for a shorter side, at most the recording's)
 * that fits `box` (CSS px), with one canvas pixel per device pixel up to PREVIEW_SHORT_SIDE. A canvas the compositor
 * has to scale costs a scaled draw of every played frame, which without a GPU took a fifth of a frame's time
 * (bench:preview); one shown pixel for pixel is a copy. Where the pixels are capped (a large or dense screen, a small
 * recording), the canvas is shown scaled up to fill the box all the same.
 */
export function previewSize(
  shape: (shortSide: number) => OutputSize,
  box: { readonly width: number; readonly height: number },
  pixelRatio: number,
): PreviewSize {
  const unit = shape(1000);
  const aspect = unit.width / unit.height;
  const width = Math.min(box.width, box.height * aspect);
  const wanted = Math.max(2, Math.floor(Math.min(width, width / aspect) * pixelRatio));
  let shortSide = Math.min(PREVIEW_SHORT_SIDE, wanted);
  let pixels = shape(shortSide);
  // Even sides round up: step down until it fits.
  while (shortSide > 2 && (pixels.width > box.width * pixelRatio || pixels.height > box.height * pixelRatio)) {
    shortSide -= 2;
    pixels = shape(shortSide);
  }
  const oneToOne = Math.min(pixels.width, pixels.height) >= wanted - 2;
  return {
    pixels,
    css: oneToOne
      ? { width: pixels.width / pixelRatio, height: pixels.height / pixelRatio }
      : { width, height: width / aspect },
  };
}
