// The planar painter's drawing of the video: the camera's view of the decoded frame scaled plane by plane into the
// video rectangle (or the mean of a shutter's views: motion blur), only the parts that changed when the camera stood
// still, and the burned-in pointer erased first (restored from clean neighbours, else filled from around).
import type { Rect } from '../../geometry/geometry';
import { type CleanPatch, erasePointer, i420PatchPlanes } from '../burned-pointer-restore';
import type { FrameDescription } from '../frame-at';
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

/** How one plane of a source is scaled into its rectangle of the frame: where its first pixel samples, and the step. */
interface PlaneMapping {
  readonly source: Plane;
  readonly origin: { readonly x: number; readonly y: number };
  readonly step: { readonly x: number; readonly y: number };
  /** The rectangle of the frame's plane drawn (the video rectangle; at half size for chroma). */
  readonly rect: PixelRect;
}

/** How the camera view `view` (normalized) of `source` maps onto the video rectangle `dest`, plane by plane. */
function viewMappings(source: YuvPlanes, view: Rect, dest: PixelRect): [PlaneMapping, PlaneMapping, PlaneMapping] {
  // Luma: source pixels per destination pixel, and where the first destination pixel samples.
  const stepX = (view.width * source.y.width) / dest.width;
  const stepY = (view.height * source.y.height) / dest.height;
  const x = view.x * source.y.width;
  const y = view.y * source.y.height;
  const step = { x: stepX, y: stepY };
  // Chroma: the half-size rectangle covering the video; its pixel centres mapped through the same transform.
  const chromaRect = halfSize(dest);
  const origin = {
    x: (x + (2 * chromaRect.x - dest.x) * stepX) / 2,
    y: (y + (2 * chromaRect.y - dest.y) * stepY) / 2,
  };
  return [
    { source: source.y, origin: { x, y }, step, rect: dest },
    { source: source.u, origin, step, rect: chromaRect },
    { source: source.v, origin, step, rect: chromaRect },
  ];
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
  const [luma, u, v] = viewMappings(source, view, dest);
  kernels.scale(luma.source, luma.origin, luma.step, out.y, luma.rect, alpha, clip);
  const chromaClip = clip === dest ? u.rect : halfSize(clip);
  kernels.scale(u.source, u.origin, u.step, out.u, u.rect, alpha, chromaClip);
  kernels.scale(v.source, v.origin, v.step, out.v, v.rect, alpha, chromaClip);
}

/**
 * Motion blur: the mean of the sub-frame views of the shutter (`views`, normalized), every one weighing the same,
 * into the video rectangle `dest`. Each view's scale is added to 16-bit sums (scaleAdd) and divided once at the end,
 * so a long streak is as smooth as a short one and no view is rounded away. Chroma, at half the size, moves half as
 * many of its pixels: from 16 views on (an even number) it takes the middles of pairs of them (as evenly spread,
 * half the cost).
 */
function drawShutter({ kernels, out }: Canvas, source: YuvPlanes, views: readonly Rect[], dest: PixelRect): void {
  const first = views[0];
  if (!first) return;
  const chromaViews = views.length >= 16 && views.length % 2 === 0 ? pairMiddles(views) : views;
  const [luma, u, v] = viewMappings(source, first, dest);
  const planes = [
    { out: out.y, rect: luma.rect, views, pick: 0 },
    { out: out.u, rect: u.rect, views: chromaViews, pick: 1 },
    { out: out.v, rect: v.rect, views: chromaViews, pick: 2 },
  ] as const;
  for (const plane of planes) {
    const sums = kernels.allocateSums(plane.rect.width, plane.rect.height);
    for (const view of plane.views) {
      const mapping = viewMappings(source, view, dest)[plane.pick];
      kernels.scaleAdd(mapping.source, mapping.origin, mapping.step, sums);
    }
    kernels.average(sums, plane.views.length, plane.out, plane.rect);
  }
}

/** The rectangle halfway between each pair of `views` (an even number of them), in order. */
function pairMiddles(views: readonly Rect[]): Rect[] {
  const middles: Rect[] = [];
  for (let i = 0; i + 1 < views.length; i += 2) {
    const a = views[i] as Rect;
    const b = views[i + 1] as Rect;
    middles.push({
      x: (a.x + b.x) / 2,
      y: (a.y + b.y) / 2,
      width: (a.width + b.width) / 2,
      height: (a.height + b.height) / 2,
    });
  }
  return middles;
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

/**
 * Erases the burned-in system pointer from the planes of the decoded frame, before it is compared or scaled:
 * restored from the clean neighbours' `patches` where they have it and match around it, else filled from around.
 */
function erasePlanes(
  kernels: PixelKernels,
  planes: YuvPlanes,
  rects: readonly Rect[],
  patches: readonly CleanPatch[],
): void {
  if (rects.length === 0) return;
  const pixels = [planes.y, planes.u, planes.v].map((plane) => {
    const length = (plane.height - 1) * plane.stride + (plane.width - 1) * plane.step + 1;
    return { ...plane, data: kernels.bytes(plane.offset, length), offset: 0 };
  });
  erasePointer(pixels, [1, 2, 2], rects, patches.map(i420PatchPlanes));
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
  patches: readonly CleanPatch[] = [],
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
  erasePlanes(kernels, decoded, description.burnedPointer, patches);
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
    // Motion blur: the shutter's sub-frame views in place of the one view, as the Canvas 2D painter draws them.
    if (description.motionBlur.length > 0) drawShutter(canvas, source, description.motionBlur, dest);
    else drawView(canvas, source, description.camera.rect, dest, 256);
  } finally {
    kernels.release(mark);
  }
}
