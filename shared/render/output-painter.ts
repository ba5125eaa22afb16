import type { Callout } from '../callouts/callout';
import type { RenderSettings } from '../look/render-settings';
import type { Recording } from '../recording/recording';
import type { TimelineEdits } from '../timeline/timeline';
import type { ZoomSegment } from '../zoom/zoom-segment';
import { type FrameInput, frameAt } from './frame-at';
import { createFramePainter, type FramePainterOptions } from './frame-painter';
import { canPaintPlanar, createPlanarPainter, type PlanarPainter } from './planar/planar-painter';

/**
 * Paints the output frame for source time `sourceTimeMs`, given the decoded source frame at that time and,
 * when the recording has one, the webcam frame of that moment.
 */
export type PaintOutputFrame = (
  video: CanvasImageSource,
  sourceTimeMs: number,
  webcam?: CanvasImageSource | null,
) => void;

/** What the composition is made of; the same for the preview and the export. */
export interface Composition {
  readonly recording: Recording;
  readonly settings: RenderSettings;
  readonly zoomSegments: readonly ZoomSegment[];
  /** What of the recording plays (absent: all of it). */
  readonly timeline?: TimelineEdits;
  /** The plan decides the watermark, whatever the stored settings say. */
  readonly watermark: boolean;
  /** Pictures the user chose as backgrounds, by id (ImageBitmaps travel to workers). */
  readonly userImages?: Readonly<Record<string, ImageBitmap>>;
  /** Text callouts on the video (none when absent). */
  readonly callouts?: readonly Callout[];
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
  const input = frameInput(composition, { width: canvas.width, height: canvas.height });
  return (video, sourceTimeMs, webcam = null) => painter.paint(frameAt(input, sourceTimeMs), video, webcam);
}

function frameInput(composition: Composition, output: { width: number; height: number }): FrameInput {
  return {
    recording: composition.recording,
    settings: { ...composition.settings, watermark: composition.watermark },
    zoomSegments: composition.zoomSegments,
    timeline: composition.timeline,
    output,
    callouts: composition.callouts,
  };
}

/** Paints the export's frames for the encoder. */
export interface ExportFramePainter {
  /**
   * The output frame for source time `sourceTimeMs` as a VideoFrame (the caller closes it), from the decoded source
   * frame showing at that time and the webcam's frame of that moment.
   */
  paint(
    video: VideoFrame,
    sourceTimeMs: number,
    webcam: VideoFrame | null,
    timing: { readonly timestampUs: number; readonly durationUs: number },
  ): Promise<VideoFrame>;
  /** How many frames so far went through the planar painter (the rest through Canvas 2D). */
  readonly planarFrames: number;
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
  const input = frameInput(composition, size);
  let planar: Promise<PlanarPainter | null> | null = null;
  let canvas: { canvas: OffscreenCanvas; paint: PaintOutputFrame } | null = null;
  let planarFrames = 0;
  return {
    get planarFrames() {
      return planarFrames;
    },
    async paint(video, sourceTimeMs, webcam, timing) {
      const description = frameAt(input, sourceTimeMs);
      if (canPaintPlanar(video)) {
        // The first decoded frame's colour space is the video's: the painter keeps it. Where WebAssembly is not
        // allowed (a strict content security policy), Canvas 2D paints every frame.
        planar ??= createPlanarPainter(size, video.colorSpace.toJSON(), { userImages: composition.userImages }).catch(
          () => null,
        );
        const painter = await planar;
        if (painter) {
          planarFrames++;
          return painter.paint(description, video, webcam, timing);
        }
      }
      if (!canvas) {
        const target = new OffscreenCanvas(size.width, size.height);
        canvas = { canvas: target, paint: createOutputPainter(target, composition) };
      }
      canvas.paint(video, sourceTimeMs, webcam);
      return new VideoFrame(canvas.canvas, { timestamp: timing.timestampUs, duration: timing.durationUs });
    },
  };
}
