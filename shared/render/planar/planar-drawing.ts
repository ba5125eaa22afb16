// The planar painter's drawing of the video: the camera's view of the decoded frame scaled plane by plane into the
// video rectangle (with motion blur), only the parts that changed when the camera stood still, and the burned-in
// pointer filled from its surroundings first.
import type { Rect } from '../../geometry/geometry';
import { fillUnionFromBorder, pixelBox } from '../burned-pointer';
import type { FrameDescription } from '../frame-at';
import { MOTION_TRAIL_ALPHA } from '../paint-constants';
import { obscurePlane } from '../redaction-fill';
import { type FrameRedaction, videoPixelBox } from '../redactions';
import {
  CHANGE_BAND_ROWS,
  type ChangedColumns,
  changedRegions,
  halved,
  MOST_OF_THE_VIDEO,
  sourceRead,
  unionColumns,
  videoPartsShowing,
} from './changed-video';
import type { PixelKernels } from './kernels';
import { type SourceShape, type SourceSlots, sameShape } from './planar-caches';
import { halfSize, halvingsFor, sourcePlanes } from './planar-geometry';
import type { I420Image, PixelRect, Plane, YuvPlanes } from './planes';

/** The kernels and the I420 picture they draw into. */
export interface Canvas {
  readonly kernels: PixelKernels;
  readonly out: I420Image;
}

/** Scales the camera view `view` (normalized) of `source` into the video rectangle `dest`, or only its part `clip`. */
function drawView(
  { kernels, out }: Canvas,
  source: YuvPlanes,
  view: Rect,
  dest: PixelRect,
  alpha: number,
  clip: PixelRect = dest,
): void {
  // Luma: source pixels per destination pixel, and where the first destination pixel samples.
  const stepX = (view.width * source.y.width) / dest.width;
  const stepY = (view.height * source.y.height) / dest.height;
  const x = view.x * source.y.width;
  const y = view.y * source.y.height;
  kernels.scale(source.y, { x, y }, { x: stepX, y: stepY }, out.y, dest, alpha, clip);
  // Chroma: the half-size rectangle covering the video; its pixel centres mapped through the same transform.
  const chromaRect = halfSize(dest);
  const origin = {
    x: (x + (2 * chromaRect.x - dest.x) * stepX) / 2,
    y: (y + (2 * chromaRect.y - dest.y) * stepY) / 2,
  };
  const step = { x: stepX, y: stepY };
  const chromaClip = clip === dest ? chromaRect : halfSize(clip);
  kernels.scale(source.u, origin, step, out.u, chromaRect, alpha, chromaClip);
  kernels.scale(source.v, origin, step, out.v, chromaRect, alpha, chromaClip);
}

/**
 * The parts of the video rectangle `dest` showing where the decoded frame `after` differs from `before` (same
 * layout) through the camera `view`, drawn from `halvedLuma` (`after`'s luma halved `halvings` times); null when
 * that is most of the rectangle, which is then cheaper to scale whole. Only the source the view reads is
 * compared, and the chroma (a colour can change where the luma does not) only when the luma left little to redraw.
 */
function changedParts(
  kernels: PixelKernels,
  before: YuvPlanes,
  after: YuvPlanes,
  view: Rect,
  halvings: number,
  halvedLuma: Plane,
  dest: PixelRect,
): PixelRect[] | null {
  const read = sourceRead(view, after.y, halvings);
  const skippedBands: ChangedColumns[] = Array(read.y / CHANGE_BAND_ROWS).fill(null);
  // Band spans of the part of a plane covering `read` (chroma planes at half size), in source luma columns.
  const columns = (a: Plane, b: Plane, scale: number): ChangedColumns[] => {
    const x = read.x / scale;
    const y = read.y / scale;
    const width = Math.min(a.width, Math.ceil((read.x + read.width) / scale)) - x;
    const height = Math.min(a.height, Math.ceil((read.y + read.height) / scale)) - y;
    const part = (plane: Plane): Plane => ({
      ...plane,
      offset: plane.offset + y * plane.stride + x * plane.step,
      width,
      height,
    });
    const spans = kernels.changedSpans(part(a), part(b), CHANGE_BAND_ROWS / scale);
    return [
      ...skippedBands,
      ...spans.map(
        (span) =>
          span && {
            start: (x + Math.floor(span.start / a.step)) * scale,
            end: (x + Math.ceil(span.end / a.step)) * scale,
          },
      ),
    ];
  };
  const partsShowing = (bands: ChangedColumns[][]): PixelRect[] | null => {
    const regions = changedRegions(unionColumns(...bands), after.y.height);
    const parts = videoPartsShowing(halved(regions, halvings), view, halvedLuma, dest);
    const area = parts.reduce((sum, part) => sum + part.width * part.height, 0);
    return area <= MOST_OF_THE_VIDEO * dest.width * dest.height ? parts : null;
  };
  const y = columns(before.y, after.y, 1);
  if (!partsShowing([y])) return null;
  const u = columns(before.u, after.u, 2);
  // NV12 keeps U and V in one plane, whose bytes the U plane's comparison already covered.
  const v = after.v.step === 2 ? [] : columns(before.v, after.v, 2);
  return partsShowing([y, u, v]);
}

/** Fills where the burned-in system pointer can be, in each plane of the decoded frame, before it is compared or scaled. */
function erasePlanes(kernels: PixelKernels, planes: YuvPlanes, rects: readonly Rect[]): void {
  if (rects.length === 0) return;
  for (const plane of [planes.y, planes.u, planes.v]) {
    const length = (plane.height - 1) * plane.stride + (plane.width - 1) * plane.step + 1;
    const pixels = { ...plane, data: kernels.bytes(plane.offset, length), offset: 0 };
    fillUnionFromBorder(
      pixels,
      rects.map((rect) => pixelBox(rect, plane.width, plane.height)),
    );
  }
}

/** Blurs or pixelates what must not be seen, in each plane of the decoded frame (so the camera shows it hidden). */
function obscurePlanes(kernels: PixelKernels, planes: YuvPlanes, redaction: FrameRedaction): void {
  if (redaction.rects.length === 0) return;
  for (const plane of [planes.y, planes.u, planes.v]) {
    const length = (plane.height - 1) * plane.stride + (plane.width - 1) * plane.step + 1;
    const pixels = { ...plane, data: kernels.bytes(plane.offset, length), offset: 0 };
    for (const rect of redaction.rects) obscurePlane(pixels, videoPixelBox(rect, plane), redaction.style);
  }
}

/**
 * The decoded `video` through the camera (and its motion blur) into the video rectangle of `out`. With
 * `sameView` (`out` shows the previous decoded frame through this same still camera), only the parts of the
 * rectangle that show what changed since that frame are scaled again.
 */
export async function drawVideo(
  canvas: Canvas,
  slots: SourceSlots,
  description: FrameDescription,
  video: VideoFrame,
  sameView: boolean,
): Promise<void> {
  const { kernels } = canvas;
  const bytes = video.allocationSize();
  const { previous, offset, keep } = slots.take(bytes);
  const planeLayout = await video.copyTo(kernels.bytes(offset, bytes));
  const format = video.format as VideoPixelFormat;
  const decoded = sourcePlanes(format, planeLayout, offset, video);
  const shape: SourceShape = {
    format,
    width: decoded.y.width,
    height: decoded.y.height,
    planes: planeLayout.map((p) => ({ offset: p.offset, stride: p.stride })),
  };
  keep({ planes: decoded, shape });
  erasePlanes(kernels, decoded, description.burnedPointer);
  obscurePlanes(kernels, decoded, description.redaction);

  const mark = kernels.mark();
  try {
    let source = decoded;
    const dest = description.layout.video;
    const stepX = (description.camera.rect.width * source.y.width) / dest.width;
    const stepY = (description.camera.rect.height * source.y.height) / dest.height;
    const halvings = halvingsFor(Math.max(stepX, stepY));
    for (let i = 0; i < halvings; i++) {
      source = { y: kernels.halve(source.y), u: kernels.halve(source.u), v: kernels.halve(source.v) };
    }
    const parts =
      sameView && previous && sameShape(previous.shape, shape) && description.motionBlur.length === 0
        ? changedParts(kernels, previous.planes, decoded, description.camera.rect, halvings, source.y, dest)
        : null;
    if (parts) {
      for (const part of parts) drawView(canvas, source, description.camera.rect, dest, 256, part);
      return;
    }
    drawView(canvas, source, description.camera.rect, dest, 256);
    // Motion blur: fading copies of earlier views, as the Canvas 2D painter draws them.
    description.motionBlur.forEach((view, index) => {
      drawView(canvas, source, view, dest, Math.round((256 * MOTION_TRAIL_ALPHA) / (index + 1)));
    });
  } finally {
    kernels.release(mark);
  }
}
