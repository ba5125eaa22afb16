import type { RenderSettings } from '../../../shared/look/render-settings';
import type { Recording } from '../../../shared/recording/recording';
import { type FrameInput, frameAt } from '../../../shared/render/frame-at';
import { createFramePainter } from '../../../shared/render/frame-painter';
import type { ZoomSegment } from '../../../shared/zoom/zoom-segment';

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
  /** The plan decides the watermark, whatever the stored settings say. */
  readonly watermark: boolean;
  /** Pictures the user chose as backgrounds, by id (ImageBitmaps travel to workers). */
  readonly userImages?: Readonly<Record<string, ImageBitmap>>;
}

/**
 * The one place the exporter and the preview get their painter from: the render engine's frameAt and
 * frame painter, at the canvas's size. Preview and export paint through this, so they show the same frame.
 */
export function createOutputPainter(
  canvas: OffscreenCanvas | HTMLCanvasElement,
  composition: Composition,
): PaintOutputFrame {
  // Export canvases are read back every frame (into the encoder): a CPU-backed canvas makes that, and drawing
  // decoded frames into it, cheaper. The first getContext call fixes the options; the painter gets the same context.
  if (typeof OffscreenCanvas !== 'undefined' && canvas instanceof OffscreenCanvas)
    canvas.getContext('2d', { willReadFrequently: true });
  const painter = createFramePainter(canvas, { userImages: composition.userImages });
  const input: FrameInput = {
    recording: composition.recording,
    settings: { ...composition.settings, watermark: composition.watermark },
    zoomSegments: composition.zoomSegments,
    output: { width: canvas.width, height: canvas.height },
  };
  return (video, sourceTimeMs, webcam = null) => painter.paint(frameAt(input, sourceTimeMs), video, webcam);
}
