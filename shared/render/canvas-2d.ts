/** A 2D context on a page canvas or on an OffscreenCanvas (in a worker): the painter works with both. */
export type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** A canvas the painter can draw on. */
export type PaintTarget = OffscreenCanvas | HTMLCanvasElement;

/** Pixel size of anything drawImage accepts (a video element reports its intrinsic size). */
export function imageSize(image: CanvasImageSource): { width: number; height: number } {
  if (typeof VideoFrame !== 'undefined' && image instanceof VideoFrame) {
    return { width: image.displayWidth, height: image.displayHeight };
  }
  if (typeof HTMLVideoElement !== 'undefined' && image instanceof HTMLVideoElement) {
    return { width: image.videoWidth, height: image.videoHeight };
  }
  if (typeof HTMLImageElement !== 'undefined' && image instanceof HTMLImageElement) {
    return { width: image.naturalWidth, height: image.naturalHeight };
  }
  const sized = image as { width: number | SVGAnimatedLength; height: number | SVGAnimatedLength };
  const width = typeof sized.width === 'number' ? sized.width : sized.width.baseVal.value;
  const height = typeof sized.height === 'number' ? sized.height : sized.height.baseVal.value;
  return { width, height };
}

/** Adds a rounded rectangle to the current path (radius limited to half the shorter side). */
export function roundedRectPath(
  ctx: Context2D,
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
): void {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  if (r === 0) {
    ctx.rect(x, y, width, height);
    return;
  }
  ctx.roundRect(x, y, width, height, r);
}

/** Draws `image` to cover `dest` (cropping the overflow, centred), like CSS object-fit: cover. */
export function drawCover(
  ctx: Context2D,
  image: CanvasImageSource,
  dest: { x: number; y: number; width: number; height: number },
): void {
  const size = imageSize(image);
  if (size.width <= 0 || size.height <= 0) return;
  const scale = Math.max(dest.width / size.width, dest.height / size.height);
  const sw = dest.width / scale;
  const sh = dest.height / scale;
  ctx.drawImage(image, (size.width - sw) / 2, (size.height - sh) / 2, sw, sh, dest.x, dest.y, dest.width, dest.height);
}
