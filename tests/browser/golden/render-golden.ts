import { frameAt } from '../../../shared/render/frame-at';
import { createFramePainter } from '../../../shared/render/frame-painter';
import { outputSize } from '../../../shared/render/output-size';
import { GOLDEN_SHORT_SIDE, type GoldenCase, goldenRecording, goldenZooms, SOURCE } from './golden-cases';
import { drawFakePage, drawFakePhoto, drawFakeWebcam } from './synthetic-media';

let media: { video: OffscreenCanvas; webcam: OffscreenCanvas; photo: OffscreenCanvas } | undefined;

/** Draws one golden case on a new OffscreenCanvas (works on a page and in a worker). */
export function renderGolden(golden: GoldenCase): OffscreenCanvas {
  media ??= {
    video: drawFakePage(SOURCE.width, SOURCE.height),
    webcam: drawFakeWebcam(320, 240),
    photo: drawFakePhoto(640, 400),
  };
  const recording = goldenRecording(golden);
  const output = outputSize(SOURCE, golden.settings.aspectRatio, 1, GOLDEN_SHORT_SIDE);
  const canvas = new OffscreenCanvas(output.width, output.height);
  const painter = createFramePainter(canvas, { userImages: { photo: media.photo } });
  const description = frameAt(
    { recording, settings: golden.settings, zoomSegments: goldenZooms(golden, recording), output },
    golden.timeMs,
  );
  painter.paint(description, media.video, golden.webcam ? media.webcam : null);
  return canvas;
}
