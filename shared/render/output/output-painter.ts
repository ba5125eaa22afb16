import type { CleanPatch, SourcePatch } from '../burned-pointer-restore';
import { type Composition, frameInputOf } from '../composition';
import { frameAt } from '../frame-at';
import { createFramePainter, type FramePainterOptions } from '../frame-painter';
import { canPaintPlanar, createPlanarPainter, type PlanarPainter } from '../planar/planar-painter';

/**
 * Paints the output frame for source time `sourceTimeMs`, given the decoded source frame showing at that time (taken
 * at `pictureMs`, its timestamp, when known) and, when the recording has one, the webcam frame of that moment; the
 * pointer the capture burned in is restored from `patches` (its clean neighbours' pixels) where they have it, else
 * filled from around.
 */
export type PaintOutputFrame = (
  video: CanvasImageSource,
  sourceTimeMs: number,
  webcam?: CanvasImageSource | null,
  pictureMs?: number,
  patches?: readonly SourcePatch[],
) => void;

/** When the decoded frame `video` was taken, ms of source time: its timestamp. */
function pictureTimeOf(video: VideoFrame): number {
  return video.timestamp / 1000;
}

/**
 * The one place the exporter and the preview get their painter from: the render engine's frameAt and
 * frame painter, at the canvas's size. Preview and export paint through this, so they show the same frame.
 */
export function createOutputPainter(
  canvas: OffscreenCanvas | HTMLCanvasElement,
  composition: Composition,
  options: FramePainterOptions = {},
): PaintOutputFrame {
  // Export canvases are read back every frame (into the encoder): a CPU-backed canvas makes that, and drawing
  // decoded frames into it, cheaper. The first getContext call fixes the options; the painter gets the same context.
  if (typeof OffscreenCanvas !== 'undefined' && canvas instanceof OffscreenCanvas)
    canvas.getContext('2d', { willReadFrequently: true });
  const painter = createFramePainter(canvas, { userImages: composition.userImages }, options);
  const input = frameInputOf(composition, { width: canvas.width, height: canvas.height });
  return (video, sourceTimeMs, webcam = null, pictureMs = sourceTimeMs, patches = []) =>
    painter.paint(frameAt(input, sourceTimeMs, pictureMs), video, webcam, patches);
}

/** Paints the export's frames for the encoder. */
export interface ExportFramePainter {
  /**
   * The output frame for source time `sourceTimeMs` as a VideoFrame (the caller closes it), from the decoded source
   * frame showing at that time and the webcam's frame of that moment; the burned-in pointer restored from `patches`
   * (cut from the source frame's clean neighbours: patchCuts) where they have it.
   */
  paint(
    video: VideoFrame,
    sourceTimeMs: number,
    webcam: VideoFrame | null,
    timing: { readonly timestampUs: number; readonly durationUs: number },
    patches?: readonly CleanPatch[],
  ): Promise<VideoFrame>;
  /** How many frames so far went through the planar painter (the rest through Canvas 2D). */
  readonly planarFrames: number;
  /** Why the planar painter could not be made (its error's message), when it could not: Canvas 2D paints instead. */
  readonly fallback: string | null;
}

/**
 * The planar painter of `size`, made for the first decoded frame it is asked for: that frame's colour space is the
 * video's, and the painter keeps it. Where it cannot be made (WebAssembly not allowed by a strict content security
 * policy, no memory), null for every frame, and `onFailure` is told why once.
 */
function planarPainterOnFirstFrame(
  composition: Composition,
  size: { readonly width: number; readonly height: number },
  onFailure: (error: unknown) => void = () => undefined,
): (video: VideoFrame) => Promise<PlanarPainter | null> {
  let planar: Promise<PlanarPainter | null> | null = null;
  return (video) => {
    planar ??= createPlanarPainter(size, video.colorSpace.toJSON(), { userImages: composition.userImages }).catch(
      (error: unknown) => {
        onFailure(error);
        return null;
      },
    );
    return planar;
  };
}

/**
 * The export's painter: the planar (YUV) painter for decoded frames it reads, which never converts the video to
 * RGB and back, and the Canvas 2D painter for any other frame. Both draw the same frame description with the
 * same static layer and overlays.
 */
export function createExportPainter(
  composition: Composition,
  size: { readonly width: number; readonly height: number },
): ExportFramePainter {
  const input = frameInputOf(composition, size);
  let canvas: { canvas: OffscreenCanvas; paint: PaintOutputFrame } | null = null;
  let planarFrames = 0;
  let fallback: string | null = null;
  // Where the planar painter cannot be made, Canvas 2D paints every frame: said in the log with its cause, and in the
  // export's result (fallback).
  const planarFor = planarPainterOnFirstFrame(composition, size, (error) => {
    fallback = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    console.warn('The planar painter could not be made; painting with Canvas 2D instead.', error);
  });
  return {
    get planarFrames() {
      return planarFrames;
    },
    get fallback() {
      return fallback;
    },
    async paint(video, sourceTimeMs, webcam, timing, patches = []) {
      const pictureMs = pictureTimeOf(video);
      const description = frameAt(input, sourceTimeMs, pictureMs);
      if (canPaintPlanar(video)) {
        const painter = await planarFor(video);
        if (painter) {
          planarFrames++;
          return painter.paint(description, video, webcam, timing, patches);
        }
      }
      if (!canvas) {
        const target = new OffscreenCanvas(size.width, size.height);
        canvas = { canvas: target, paint: createOutputPainter(target, composition) };
      }
      canvas.paint(video, sourceTimeMs, webcam, pictureMs, patches);
      return new VideoFrame(canvas.canvas, { timestamp: timing.timestampUs, duration: timing.durationUs });
    },
  };
}

/** Paints output frames as RGBA pictures through the planar painter (the editor's playing preview). */
export interface PicturePainter {
  /**
   * Paints the frame for `sourceTimeMs` with the decoded `video` frame (the source frame of `pictureMs`) into
   * `picture`; false when the planar painter cannot read that frame or could not be made (paint it with Canvas 2D
   * then). A frame taken from a video element can carry no timestamp of its own: the element says when it was.
   */
  paint(
    video: VideoFrame,
    sourceTimeMs: number,
    webcam: CanvasImageSource | null,
    picture: ImageData,
    pictureMs?: number,
  ): Promise<boolean>;
}

/**
 * The planar painter for pictures the size of `picture`s: the same frame description as the preview's Canvas 2D
 * painter and the export's, composed in YUV from the decoded frame and converted to RGBA once, at its size. Where
 * the browser draws canvases without a GPU, drawing a decoded 1080p frame into a canvas converts all of it to RGB
 * on the page's main thread: most of a frame's time (bench:preview).
 */
export function createPicturePainter(
  composition: Composition,
  size: { readonly width: number; readonly height: number },
  onFailure?: (error: unknown) => void,
): PicturePainter {
  const input = frameInputOf(composition, size);
  const planarFor = planarPainterOnFirstFrame(composition, size, onFailure);
  return {
    async paint(video, sourceTimeMs, webcam, picture, pictureMs = sourceTimeMs) {
      if (!canPaintPlanar(video)) return false;
      const painter = await planarFor(video);
      if (!painter) return false;
      await painter.paintPicture(frameAt(input, sourceTimeMs, pictureMs), video, webcam, picture);
      return true;
    },
  };
}
