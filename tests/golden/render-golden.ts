import { type FrameDescription, frameAt } from '../../shared/render/frame-at';
import { createFramePainter } from '../../shared/render/frame-painter';
import { type OutputSize, outputSize } from '../../shared/render/output-size';
import { drawFakePage, drawFakePhoto, drawFakeWebcam } from '../fixtures/media/synthetic-media';
import { GOLDEN_SHORT_SIDE, type GoldenCase, goldenRecording, goldenZooms, SOURCE } from './golden-cases';

/** The synthetic pictures every case draws with (a page for the video, a webcam, the user's background photo). */
export interface GoldenMedia {
  readonly video: OffscreenCanvas;
  readonly webcam: OffscreenCanvas;
  readonly photo: OffscreenCanvas;
}

let media: GoldenMedia | undefined;

export function goldenMedia(): GoldenMedia {
  media ??= {
    video: drawFakePage(SOURCE.width, SOURCE.height),
    webcam: drawFakeWebcam(320, 240),
    photo: drawFakePhoto(640, 400),
  };
  return media;
}

/** The frame description of a golden case and the canvas size it is drawn at. */
export function goldenFrame(golden: GoldenCase): { description: FrameDescription; output: OutputSize } {
  const recording = goldenRecording(golden);
  const output = outputSize(SOURCE, golden.settings.aspectRatio, GOLDEN_SHORT_SIDE);
  const description = frameAt(
    {
      recording,
      settings: golden.settings,
      zoomSegments: goldenZooms(golden, recording),
      output,
      callouts: golden.callouts,
      redaction: golden.redaction,
    },
    golden.timeMs,
  );
  return { description, output };
}

/**
 * Draws one golden case with the Canvas 2D painter on a new OffscreenCanvas (works on a page and in a worker),
 * from the synthetic page or from `video` (the same page as a decoded frame).
 */
export function renderGolden(golden: GoldenCase, video: CanvasImageSource = goldenMedia().video): OffscreenCanvas {
  const { webcam, photo } = goldenMedia();
  const { description, output } = goldenFrame(golden);
  const canvas = new OffscreenCanvas(output.width, output.height);
  const painter = createFramePainter(canvas, { userImages: { photo } });
  painter.paint(description, video, golden.webcam ? webcam : null);
  return canvas;
}
