import type { Rect } from '../../geometry/geometry';
import { fillFromBorder, pixelBox } from '../burned-pointer';
import type { FrameDescription } from '../frame-at';
import type { OutputSize } from '../output-size';
import { drawWatermark, paintPointer, paintTopOverlays, showsWebcam } from '../overlays';
import { MIPMAP_BELOW_SCALE, MOTION_TRAIL_ALPHA } from '../paint-constants';
import { obscurePlane } from '../redaction-fill';
import { type FrameRedaction, videoPixelBox } from '../redactions';
import { context2d, type FramePainterAssets, StaticLayer } from '../static-layer';
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
import { PixelKernels, type PixelRect, type Plane, type YuvPlanes } from './kernels';
import { colorSpaceFor, rgbToYuv, type YuvEncoding, yuvEncodingOf } from './yuv-color';

/**
 * The export's painter: the same frame as the Canvas 2D painter (same static layer, same cursor, clicks and
 * overlays, drawn by the same functions), composed in YUV 4:2:0 instead of RGB. The decoded video, nearly every
 * pixel of a frame, is scaled plane by plane by SIMD kernels and never converted to RGB and back, which is what
 * made a Canvas 2D export cost several times the encoder; what we draw ourselves is blended in, converted with
 * the video's own matrix. The result is an I420 VideoFrame for the encoder.
 */
export interface PlanarPainter {
  /** Paints `description` with the decoded `video` frame (and the webcam's, when shown) into a new VideoFrame the caller closes. */
  paint(
    description: FrameDescription,
    video: VideoFrame,
    webcam: CanvasImageSource | null,
    timing: { readonly timestampUs: number; readonly durationUs: number },
  ): Promise<VideoFrame>;
}

/** Decoded frame formats the planar painter reads (others are painted with Canvas 2D). */
export const PLANAR_SOURCE_FORMATS: readonly VideoPixelFormat[] = ['I420', 'I420A', 'NV12'];

/** Whether `frame` can go through the planar painter. */
export function canPaintPlanar(frame: VideoFrame): boolean {
  return frame.format !== null && PLANAR_SOURCE_FORMATS.includes(frame.format) && frame.visibleRect !== null;
}

/** `rect` grown to even pixel edges (4:2:0 chroma covers 2x2 pixels) and kept inside `size`. */
function evenRect(rect: Rect, size: OutputSize): PixelRect | null {
  const x0 = Math.max(0, Math.floor(rect.x / 2) * 2);
  const y0 = Math.max(0, Math.floor(rect.y / 2) * 2);
  const x1 = Math.min(size.width, Math.ceil((rect.x + rect.width) / 2) * 2);
  const y1 = Math.min(size.height, Math.ceil((rect.y + rect.height) / 2) * 2);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/** The even-edged rectangle inside `rect` (every pixel of it, and of its 4:2:0 chroma, lies within `rect`). */
function innerEvenRect(rect: Rect): PixelRect {
  const x0 = Math.ceil(rect.x / 2) * 2;
  const y0 = Math.ceil(rect.y / 2) * 2;
  const x1 = Math.floor((rect.x + rect.width) / 2) * 2;
  const y1 = Math.floor((rect.y + rect.height) / 2) * 2;
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** The canvas of `size` outside `hole` (even-edged), as up to four bands: above, below, left and right of it. */
export function partsAround(size: OutputSize, hole: PixelRect): PixelRect[] {
  const top = Math.max(0, Math.min(size.height, hole.y));
  const bottom = Math.max(top, Math.min(size.height, hole.y + hole.height));
  const left = Math.max(0, Math.min(size.width, hole.x));
  const right = Math.max(left, Math.min(size.width, hole.x + hole.width));
  const parts: PixelRect[] = [
    { x: 0, y: 0, width: size.width, height: top },
    { x: 0, y: bottom, width: size.width, height: size.height - bottom },
    { x: 0, y: top, width: left, height: bottom - top },
    { x: right, y: top, width: size.width - right, height: bottom - top },
  ];
  return parts.filter((part) => part.width > 0 && part.height > 0);
}

function overlaps(a: PixelRect, b: PixelRect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Rectangles merged until none overlap, so no pixel is blended twice. */
function disjoint(rects: PixelRect[]): PixelRect[] {
  const result = [...rects];
  for (let merged = true; merged; ) {
    merged = false;
    outer: for (let i = 0; i < result.length; i++) {
      for (let j = i + 1; j < result.length; j++) {
        const a = result[i] as PixelRect;
        const b = result[j] as PixelRect;
        if (overlaps(a, b)) {
          const x = Math.min(a.x, b.x);
          const y = Math.min(a.y, b.y);
          result[i] = {
            x,
            y,
            width: Math.max(a.x + a.width, b.x + b.width) - x,
            height: Math.max(a.y + a.height, b.y + b.height) - y,
          };
          result.splice(j, 1);
          merged = true;
          break outer;
        }
      }
    }
  }
  return result;
}

/** The planes of a decoded frame copied into kernel memory by `copyTo`. */
function sourcePlanes(format: VideoPixelFormat, layout: PlaneLayout[], offset: number, frame: VideoFrame): YuvPlanes {
  const width = frame.visibleRect?.width ?? frame.codedWidth;
  const height = frame.visibleRect?.height ?? frame.codedHeight;
  const chroma = { width: Math.ceil(width / 2), height: Math.ceil(height / 2) };
  const plane = (index: number, step = 1, shift = 0, size = chroma): Plane => {
    const entry = layout[index];
    if (!entry) throw new Error(`A decoded ${format} frame came without plane ${index}.`);
    return { offset: offset + entry.offset + shift, stride: entry.stride, step, ...size };
  };
  const y = plane(0, 1, 0, { width, height });
  if (format === 'NV12') return { y, u: plane(1, 2, 0), v: plane(1, 2, 1) };
  return { y, u: plane(1), v: plane(2) };
}

/** The chroma pixels covering a luma rectangle (4:2:0: each covers 2x2). */
function halfSize(rect: PixelRect): PixelRect {
  const x = Math.floor(rect.x / 2);
  const y = Math.floor(rect.y / 2);
  return { x, y, width: Math.ceil((rect.x + rect.width) / 2) - x, height: Math.ceil((rect.y + rect.height) / 2) - y };
}

/** Painters draw the video at most this many halvings down before bilinear takes over (as mipmaps do). */
function halvingsFor(step: number): number {
  let halvings = 0;
  while (step / 2 ** halvings > 1 / MIPMAP_BELOW_SCALE && halvings < 4) halvings++;
  return halvings;
}

/**
 * Creates a planar painter for frames of `size` whose video is in `colorSpace` (the decoded frames' own): its
 * frames are tagged with that colour space so the encoder records it and players show the video's pixels as
 * they were.
 */
export async function createPlanarPainter(
  size: OutputSize,
  colorSpace: VideoColorSpaceInit | null,
  assets: FramePainterAssets = {},
): Promise<PlanarPainter> {
  const kernels = await PixelKernels.load();
  const encoding: YuvEncoding = yuvEncodingOf(colorSpace);
  const outputColorSpace = colorSpaceFor(encoding, colorSpace);
  kernels.setEncoding(encoding);
  const [blackY, blackU, blackV] = rgbToYuv(encoding, 0, 0, 0).map(Math.round) as [number, number, number];
  const base = kernels.allocateI420(size.width, size.height);
  const out = kernels.allocateI420(size.width, size.height);
  const staticLayer = new StaticLayer(assets);
  // Overlays are drawn here with the Canvas 2D painter's functions and read back only where they drew.
  const overlay = new OffscreenCanvas(size.width, size.height);
  const overlayContext = overlay.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
  let baseVersion = -1;
  // `out` keeps the static layer and the video between frames; overlays are in it only while a frame is made.
  let pictureBase = -1;
  let pictureDest = '';
  let shownVideo: { frame: VideoFrame; view: string } | null = null;
  let corners: { rect: PixelRect; pixels: Uint8ClampedArray }[] = [];
  // The last decoded frame's pixels, in one of two slots taken in turn: the next frame is compared with them.
  let sourceSlots: { bytes: number; offsets: [number, number] } | null = null;
  let lastSource: { planes: YuvPlanes; slot: 0 | 1; shape: string } | null = null;
  let watermark: { key: string; image: { rect: PixelRect; pixels: Uint8ClampedArray } | null } | null = null;

  /** The static layer as YUV, and the pixels of its corner squares: redone when the layer was redrawn. */
  function prepareBase(description: FrameDescription, hasWebcam: boolean): void {
    const layer = staticLayer.canvasFor(description, hasWebcam);
    if (staticLayer.version === baseVersion) return;
    kernels.fill(base, blackY, blackU, blackV);
    // Only around the video, which covers its rectangle in every frame: reading back and converting the whole
    // layer took most of the export's first frame.
    const layerContext = context2d(layer);
    for (const part of partsAround(size, innerEvenRect(description.layout.video))) {
      kernels.blendRgba(layerContext.getImageData(part.x, part.y, part.width, part.height).data, base, part);
    }
    const cut = staticLayer.corners(description, hasWebcam);
    const cutContext = context2d(cut.canvas);
    corners = disjoint(cut.squares.flatMap((square) => evenRect(square, size) ?? [])).map((rect) => ({
      rect,
      pixels: cutContext.getImageData(rect.x, rect.y, rect.width, rect.height).data,
    }));
    baseVersion = staticLayer.version;
  }

  /**
   * Blends what the overlay canvas holds in `touched` into the frame, then clears it there; what it covered is
   * saved first, put back by the functions added to `restore`.
   */
  function blendOverlay(touched: Rect[], restore: (() => void)[]): void {
    const rects = disjoint(touched.flatMap((rect) => evenRect(rect, size) ?? []));
    for (const rect of rects) {
      const pixels = overlayContext.getImageData(rect.x, rect.y, rect.width, rect.height).data;
      restore.push(kernels.save(out, rect));
      kernels.blendRgba(pixels, out, rect);
      overlayContext.clearRect(rect.x, rect.y, rect.width, rect.height);
    }
  }

  /** The watermark's pixels for this layout: drawn and read back once, not every frame. */
  function watermarkFor(description: FrameDescription): { rect: PixelRect; pixels: Uint8ClampedArray } | null {
    const key = JSON.stringify(description.layout);
    if (watermark?.key !== key) {
      const rect = evenRect(drawWatermark(overlayContext, description), size);
      const pixels = rect ? overlayContext.getImageData(rect.x, rect.y, rect.width, rect.height).data : null;
      if (rect) overlayContext.clearRect(rect.x, rect.y, rect.width, rect.height);
      watermark = { key, image: rect && pixels ? { rect, pixels } : null };
    }
    return watermark.image;
  }

  /**
   * Shortcut, webcam and watermark. The watermark's cached pixels are blended on their own where nothing else
   * drawn here comes near them (the same pixels as drawn together); otherwise it is drawn with the rest.
   */
  function blendTopOverlays(description: FrameDescription, webcam: CanvasImageSource | null, restore: (() => void)[]) {
    // Read back before anything else is drawn on the overlay canvas.
    const mark = description.watermark ? watermarkFor(description) : null;
    const touched = paintTopOverlays(overlayContext, { ...description, watermark: false }, webcam);
    if (description.watermark && (!mark || touched.some((rect) => overlapsEven(rect, mark.rect)))) {
      touched.push(drawWatermark(overlayContext, description));
    } else if (mark) {
      restore.push(kernels.save(out, mark.rect));
      kernels.blendRgba(mark.pixels, out, mark.rect);
    }
    blendOverlay(touched, restore);
  }

  function overlapsEven(rect: Rect, other: PixelRect): boolean {
    const even = evenRect(rect, size);
    return even !== null && overlaps(even, other);
  }

  /** Scales the camera view `view` (normalized) of `source` into the video rectangle `dest`, or only its part `clip`. */
  function drawView(source: YuvPlanes, view: Rect, dest: PixelRect, alpha: number, clip: PixelRect = dest): void {
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
  function erasePlanes(planes: YuvPlanes, rects: readonly Rect[]): void {
    if (rects.length === 0) return;
    for (const plane of [planes.y, planes.u, planes.v]) {
      const length = (plane.height - 1) * plane.stride + (plane.width - 1) * plane.step + 1;
      const pixels = { ...plane, data: kernels.bytes(plane.offset, length), offset: 0 };
      for (const rect of rects) {
        const box = pixelBox(rect, plane.width, plane.height);
        fillFromBorder(pixels, box.x0, box.y0, box.x1, box.y1);
      }
    }
  }

  /** Blurs or pixelates what must not be seen, in each plane of the decoded frame (so the camera shows it hidden). */
  function obscurePlanes(planes: YuvPlanes, redaction: FrameRedaction): void {
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
  async function drawVideo(description: FrameDescription, video: VideoFrame, sameView: boolean): Promise<void> {
    const bytes = video.allocationSize();
    if (!sourceSlots || sourceSlots.bytes < bytes) {
      // Allocated while no frame's scratch is: these live as long as the painter.
      sourceSlots = { bytes, offsets: [kernels.allocate(bytes), kernels.allocate(bytes)] };
      lastSource = null;
    }
    const previous = lastSource;
    lastSource = null;
    const slot = previous?.slot === 0 ? 1 : 0;
    const offset = sourceSlots.offsets[slot];
    const planeLayout = await video.copyTo(kernels.bytes(offset, bytes));
    const format = video.format as VideoPixelFormat;
    const decoded = sourcePlanes(format, planeLayout, offset, video);
    const shape = `${format} ${decoded.y.width}x${decoded.y.height} ${planeLayout.map((p) => `${p.offset}/${p.stride}`)}`;
    lastSource = { planes: decoded, slot, shape };
    erasePlanes(decoded, description.burnedPointer);
    obscurePlanes(decoded, description.redaction);

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
        sameView && previous?.shape === shape && description.motionBlur.length === 0
          ? changedParts(previous.planes, decoded, description.camera.rect, halvings, source.y, dest)
          : null;
      if (parts) {
        for (const part of parts) drawView(source, description.camera.rect, dest, 256, part);
        return;
      }
      drawView(source, description.camera.rect, dest, 256);
      // Motion blur: fading copies of earlier views, as the Canvas 2D painter draws them.
      description.motionBlur.forEach((view, index) => {
        drawView(source, view, dest, Math.round((256 * MOTION_TRAIL_ALPHA) / (index + 1)));
      });
    } finally {
      kernels.release(mark);
    }
  }

  return {
    async paint(description, video, webcam, timing) {
      if (!canPaintPlanar(video)) throw new Error(`The planar painter cannot read ${video.format} frames.`);
      const { layout } = description;
      if (layout.canvas.width !== size.width || layout.canvas.height !== size.height) {
        throw new Error('The frame was laid out for another size than this painter paints.');
      }
      const hasWebcam = showsWebcam(description, webcam);
      prepareBase(description, hasWebcam);
      const dest = layout.video;
      const destKey = `${dest.x},${dest.y},${dest.width},${dest.height}`;
      if (pictureBase !== baseVersion || pictureDest !== destKey) {
        kernels.copy(base, out);
        pictureBase = baseVersion;
        pictureDest = destKey;
        shownVideo = null;
      }
      // The video covers its whole rectangle: drawn again only for another decoded frame or another camera view,
      // so a still page or a held frame is neither copied out of its VideoFrame nor scaled again.
      // The burned-in pointer is erased per decoded frame: a held frame keeps the erasing it got when first drawn.
      const view = JSON.stringify([description.camera.rect, description.motionBlur, description.redaction]);
      if (shownVideo?.frame !== video || shownVideo.view !== view) {
        const sameView = shownVideo?.view === view;
        shownVideo = null;
        await drawVideo(description, video, sameView);
        shownVideo = { frame: video, view };
      }

      const restore: (() => void)[] = [];
      const mark = kernels.mark();
      try {
        blendOverlay(paintPointer(overlayContext, description), restore);
        for (const corner of corners) {
          restore.push(kernels.save(out, corner.rect));
          kernels.blendRgba(corner.pixels, out, corner.rect);
        }
        blendTopOverlays(description, hasWebcam ? webcam : null, restore);
        return new VideoFrame(kernels.bytes(out.offset, out.byteLength), {
          format: 'I420',
          codedWidth: size.width,
          codedHeight: size.height,
          timestamp: timing.timestampUs,
          duration: timing.durationUs,
          colorSpace: outputColorSpace,
        });
      } finally {
        // Back to the picture without overlays, latest first (saved areas may overlap).
        for (const undo of restore.reverse()) undo();
        kernels.release(mark);
      }
    },
  };
}
