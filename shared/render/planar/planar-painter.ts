import type { Rect } from '../../geometry/geometry';
import type { CleanPatch } from '../burned-pointer-restore';
import type { FrameDescription } from '../frame-at';
import type { OutputSize } from '../output-size';
import { drawWatermark, paintPointer, paintTopOverlays, showsWebcam } from '../overlays';
import { context2d, type FramePainterAssets, StaticLayer } from '../static-layer';
import { PixelKernels } from './kernels';
import {
  KeyedValue,
  type Patch,
  SourceSlots,
  samePlace,
  sameRect,
  sameView,
  type ViewKey,
  type WatermarkPlace,
  watermarkPlaceOf,
} from './planar-caches';
import { type Canvas, drawVideo } from './planar-drawing';
import { disjoint, evenRect, innerEvenRect, overlaps, partsAround } from './planar-geometry';
import type { I420Image, PixelRect } from './planes';
import { colorSpaceFor, rgbToYuv, type YuvEncoding, yuvEncodingOf } from './yuv-color';

export { partsAround } from './planar-geometry';

/**
 * The export's painter: the same frame as the Canvas 2D painter (same static layer, same cursor, clicks and
 * overlays, drawn by the same functions), composed in YUV 4:2:0 instead of RGB. The decoded video, nearly every
 * pixel of a frame, is scaled plane by plane by SIMD kernels and never converted to RGB and back, which is what
 * made a Canvas 2D export cost several times the encoder; what we draw ourselves is blended in, converted with
 * the video's own matrix. The result is an I420 VideoFrame for the encoder.
 */
export interface PlanarPainter {
  /**
   * Paints `description` with the decoded `video` frame (and the webcam's, when shown) into a new VideoFrame the
   * caller closes; the burned-in pointer restored from `patches` (clean neighbours' pixels) where they have it.
   */
  paint(
    description: FrameDescription,
    video: VideoFrame,
    webcam: CanvasImageSource | null,
    timing: { readonly timestampUs: number; readonly durationUs: number },
    patches?: readonly CleanPatch[],
  ): Promise<VideoFrame>;
  /**
   * Paints `description` likewise into `picture` as RGBA (the editor's playing preview): converting the small
   * composed picture costs a fraction of drawing the decoded 1080p frame into a canvas.
   */
  paintPicture(
    description: FrameDescription,
    video: VideoFrame,
    webcam: CanvasImageSource | null,
    picture: ImageData,
  ): Promise<void>;
}

/** Decoded frame formats the planar painter reads (others are painted with Canvas 2D). */
export const PLANAR_SOURCE_FORMATS: readonly VideoPixelFormat[] = ['I420', 'I420A', 'NV12'];

/** Whether `frame` can go through the planar painter. */
export function canPaintPlanar(frame: VideoFrame): boolean {
  return frame.format !== null && PLANAR_SOURCE_FORMATS.includes(frame.format) && frame.visibleRect !== null;
}

/** What a planar painter draws with (the kernels and `out`, the I420 frame it composes), and what it keeps. */
interface PlanarState extends Canvas {
  readonly size: OutputSize;
  /** Black in the video's encoding: what `base` is cleared to under the static layer. */
  readonly black: readonly [number, number, number];
  readonly base: I420Image;
  readonly staticLayer: StaticLayer;
  /** Overlays are drawn here with the Canvas 2D painter's functions and read back only where they drew. */
  readonly overlayContext: OffscreenCanvasRenderingContext2D;
  // What is kept between frames (each with what says it is still good):
  // the static layer as YUV in `base` and its corner squares, for the static layer's version;
  baseVersion: number;
  corners: Patch[];
  // `out` keeps the static layer and the video between frames (overlays are in it only while a frame is made), for
  // one version of the base and one video rectangle; and the decoded frame it shows, through which view;
  picture: { baseVersion: number; dest: PixelRect } | null;
  shownVideo: { frame: VideoFrame; view: ViewKey } | null;
  // the last decoded frame's pixels, which the next one is compared with;
  readonly sources: SourceSlots;
  // the watermark's pixels, for its place.
  readonly watermark: KeyedValue<WatermarkPlace, Patch | null>;
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
  const black = rgbToYuv(encoding, 0, 0, 0).map(Math.round) as [number, number, number];
  const base = kernels.allocateI420(size.width, size.height);
  const out = kernels.allocateI420(size.width, size.height);
  const staticLayer = new StaticLayer(assets);
  const overlay = new OffscreenCanvas(size.width, size.height);
  const overlayContext = overlay.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
  const state: PlanarState = {
    kernels,
    out,
    size,
    black,
    base,
    staticLayer,
    overlayContext,
    baseVersion: -1,
    corners: [],
    picture: null,
    shownVideo: null,
    sources: new SourceSlots(kernels),
    watermark: new KeyedValue<WatermarkPlace, Patch | null>(samePlace),
  };
  return {
    paint: (description, video, webcam, timing, patches = []) =>
      compose(
        state,
        description,
        video,
        webcam,
        patches,
        () =>
          new VideoFrame(kernels.bytes(out.offset, out.byteLength), {
            format: 'I420',
            codedWidth: size.width,
            codedHeight: size.height,
            timestamp: timing.timestampUs,
            duration: timing.durationUs,
            colorSpace: outputColorSpace,
          }),
      ),
    paintPicture: (description, video, webcam, picture) =>
      compose(state, description, video, webcam, [], () => kernels.toRgba(out, picture.data)),
  };
}

/** The static layer as YUV, and the pixels of its corner squares: redone when the layer was redrawn. */
function prepareBase(state: PlanarState, description: FrameDescription, hasWebcam: boolean): void {
  const { kernels, base, size, staticLayer } = state;
  const layer = staticLayer.canvasFor(description, hasWebcam);
  if (staticLayer.version === state.baseVersion) return;
  const [blackY, blackU, blackV] = state.black;
  kernels.fill(base, blackY, blackU, blackV);
  // Only around the video, which covers its rectangle in every frame: reading back and converting the whole
  // layer took most of the export's first frame.
  const layerContext = context2d(layer);
  for (const part of partsAround(size, innerEvenRect(description.layout.video))) {
    kernels.blendRgba(layerContext.getImageData(part.x, part.y, part.width, part.height).data, base, part);
  }
  const cut = staticLayer.corners(description, hasWebcam);
  const cutContext = context2d(cut.canvas);
  state.corners = disjoint(cut.squares.flatMap((square) => evenRect(square, size) ?? [])).map((rect) => ({
    rect,
    pixels: cutContext.getImageData(rect.x, rect.y, rect.width, rect.height).data,
  }));
  state.baseVersion = staticLayer.version;
}

/**
 * Blends what the overlay canvas holds in `touched` into the frame, then clears it there; what it covered is
 * saved first, put back by the functions added to `restore`.
 */
function blendOverlay(state: PlanarState, touched: Rect[], restore: (() => void)[]): void {
  const { kernels, out, overlayContext } = state;
  const rects = disjoint(touched.flatMap((rect) => evenRect(rect, state.size) ?? []));
  for (const rect of rects) {
    const pixels = overlayContext.getImageData(rect.x, rect.y, rect.width, rect.height).data;
    restore.push(kernels.save(out, rect));
    kernels.blendRgba(pixels, out, rect);
    overlayContext.clearRect(rect.x, rect.y, rect.width, rect.height);
  }
}

/** The watermark's pixels for this layout: drawn and read back once, not every frame. */
function watermarkFor(state: PlanarState, description: FrameDescription): Patch | null {
  const { overlayContext } = state;
  return state.watermark.get(watermarkPlaceOf(description.layout), () => {
    const rect = evenRect(drawWatermark(overlayContext, description), state.size);
    const pixels = rect ? overlayContext.getImageData(rect.x, rect.y, rect.width, rect.height).data : null;
    if (rect) overlayContext.clearRect(rect.x, rect.y, rect.width, rect.height);
    return rect && pixels ? { rect, pixels } : null;
  });
}

/**
 * Shortcut, webcam and watermark. The watermark's cached pixels are blended on their own where nothing else
 * drawn here comes near them (the same pixels as drawn together); otherwise it is drawn with the rest.
 */
function blendTopOverlays(
  state: PlanarState,
  description: FrameDescription,
  webcam: CanvasImageSource | null,
  restore: (() => void)[],
) {
  const { kernels, out, overlayContext } = state;
  // Read back before anything else is drawn on the overlay canvas.
  const mark = description.watermark ? watermarkFor(state, description) : null;
  const touched = paintTopOverlays(overlayContext, { ...description, watermark: false }, webcam);
  if (description.watermark && (!mark || touched.some((rect) => overlapsEven(state.size, rect, mark.rect)))) {
    touched.push(drawWatermark(overlayContext, description));
  } else if (mark) {
    restore.push(kernels.save(out, mark.rect));
    kernels.blendRgba(mark.pixels, out, mark.rect);
  }
  blendOverlay(state, touched, restore);
}

function overlapsEven(size: OutputSize, rect: Rect, other: PixelRect): boolean {
  const even = evenRect(rect, size);
  return even !== null && overlaps(even, other);
}

/** Composes the frame in `out`, then hands it to `emit` before the overlays are taken out again. */
async function compose<T>(
  state: PlanarState,
  description: FrameDescription,
  video: VideoFrame,
  webcam: CanvasImageSource | null,
  patches: readonly CleanPatch[],
  emit: () => T,
): Promise<T> {
  if (!canPaintPlanar(video)) throw new Error(`The planar painter cannot read ${video.format} frames.`);
  const { layout } = description;
  if (layout.canvas.width !== state.size.width || layout.canvas.height !== state.size.height) {
    throw new Error('The frame was laid out for another size than this painter paints.');
  }
  const hasWebcam = showsWebcam(description, webcam);
  prepareBase(state, description, hasWebcam);
  const dest = layout.video;
  if (state.picture?.baseVersion !== state.baseVersion || !sameRect(state.picture.dest, dest)) {
    state.kernels.copy(state.base, state.out);
    state.picture = { baseVersion: state.baseVersion, dest };
    state.shownVideo = null;
  }
  // The video covers its whole rectangle: drawn again only for another decoded frame or another camera view,
  // so a still page or a held frame is neither copied out of its VideoFrame nor scaled again.
  // The burned-in pointer is erased per decoded frame: a held frame keeps the erasing it got when first drawn.
  const view: ViewKey = {
    rect: description.camera.rect,
    motionBlur: description.motionBlur,
    redaction: description.redaction,
  };
  const viewStill = state.shownVideo !== null && sameView(state.shownVideo.view, view);
  if (state.shownVideo?.frame !== video || !viewStill) {
    state.shownVideo = null;
    await drawVideo(state, state.sources, description, video, viewStill, patches);
    state.shownVideo = { frame: video, view };
  }
  return withOverlays(state, description, hasWebcam ? webcam : null, emit);
}

/** Blends the pointer, the static layer's corners and the top overlays into `out`, calls `emit`, takes them out. */
function withOverlays<T>(
  state: PlanarState,
  description: FrameDescription,
  webcam: CanvasImageSource | null,
  emit: () => T,
): T {
  const { kernels, out } = state;
  const restore: (() => void)[] = [];
  const mark = kernels.mark();
  try {
    blendOverlay(state, paintPointer(state.overlayContext, description), restore);
    for (const corner of state.corners) {
      restore.push(kernels.save(out, corner.rect));
      kernels.blendRgba(corner.pixels, out, corner.rect);
    }
    blendTopOverlays(state, description, webcam, restore);
    return emit();
  } finally {
    // Back to the picture without overlays, latest first (saved areas may overlap).
    for (const undo of restore.reverse()) undo();
    kernels.release(mark);
  }
}
