import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from '../../shared/look/render-settings';
import { type FrameInput, frameAt } from '../../shared/render/frame-at';
import { createFramePainter } from '../../shared/render/frame-painter';
import { outputSize } from '../../shared/render/output-size';
import { createPlanarPainter } from '../../shared/render/planar/planar-painter';
import { autoZoomSegments } from '../../shared/zoom/auto-zoom';
import { click, cursorPath, recordingFixture, shortcut } from '../../tests/fixtures/builders/recording-fixture';
import { drawFakePage, drawFakeWebcam, toDecodedFrame } from '../../tests/fixtures/media/synthetic-media';

/** Milliseconds per frame of a plain drawImage and of the full look, for one kind of source frame. */
export interface RenderTiming {
  readonly plainMs: number;
  readonly fullLookMs: number;
}

/** What one run measured. */
export interface RenderBenchResult {
  readonly frames: number;
  readonly width: number;
  readonly height: number;
  /** The source frame as an RGB ImageBitmap: the cost of our drawing alone. */
  readonly bitmap: RenderTiming;
  /** The source frame as a decoder gives it (an I420 VideoFrame): every drawImage converts YUV to RGB. */
  readonly decoded: RenderTiming;
  /** The full look with the static layer (background, shadow, chrome) repainted every frame, ms per frame. */
  readonly uncachedMs: number;
  /** The export's planar painter: the full look from the decoded frame into an I420 VideoFrame, ms per frame. */
  readonly planarMs: number;
}

/** The full look: wallpaper, strong shadow, browser frame, border, webcam, zooms with motion blur, cursor, clicks. */
const SETTINGS: RenderSettings = {
  ...DEFAULT_RENDER_SETTINGS,
  shadow: 'Strong',
  border: { width: 4, color: '#ffffff' },
  frame: 'Default',
  webcam: { visible: true, shape: 'Circular', position: 'BottomRight', size: 'medium' },
  cursor: { ...DEFAULT_RENDER_SETTINGS.cursor, clickAnimation: 'ripple' },
  zoomDepth: 'Strong',
  motionBlur: 'Subtle',
  keystrokes: true,
  watermark: true,
};

/** A 1080p recording: the cursor travels, clicks three times (zooms and pans) and types a shortcut. */
function benchInput(): FrameInput {
  const base = recordingFixture();
  const recording = recordingFixture({
    webcam: { mimeType: 'video/webm', width: 640, height: 480, size: 1, offsetMs: 0 },
    video: { ...base.video, durationMs: 12_000 },
    cursor: cursorPath([
      { t: 0, x: 0.2, y: 0.2 },
      { t: 1500, x: 0.7, y: 0.65 },
      { t: 4000, x: 0.25, y: 0.4 },
      { t: 7000, x: 0.8, y: 0.3 },
      { t: 12_000, x: 0.5, y: 0.5 },
    ]),
    clicks: [click(1600, 0.7, 0.65), click(4100, 0.25, 0.4), click(7100, 0.8, 0.3)],
    shortcuts: [shortcut(5000, 's', { ctrl: true })],
  });
  const zoomSegments = autoZoomSegments(recording, { depth: SETTINGS.zoomDepth });
  return { recording, settings: SETTINGS, zoomSegments, output: outputSize(recording.video, 'auto') };
}

/** Waits until the canvas has really been rasterized (2D drawing is deferred until someone reads it). */
function flush(ctx: OffscreenCanvasRenderingContext2D): void {
  ctx.getImageData(0, 0, 1, 1);
}

declare global {
  /** Times `frames` frames of a plain drawImage and of the full look, interleaved in blocks. */
  var runRenderBench: (frames: number) => Promise<RenderBenchResult>;
}

/** Times `frames` frames of a plain drawImage and of the full look, in alternating blocks so both see the same load. */
function time(
  input: FrameInput,
  video: CanvasImageSource,
  webcam: CanvasImageSource,
  frames: number,
): RenderTiming & { frames: number } {
  const { width, height } = input.output;
  const plainCanvas = new OffscreenCanvas(width, height);
  const plain = plainCanvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  const lookCanvas = new OffscreenCanvas(width, height);
  const look = lookCanvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  const painter = createFramePainter(lookCanvas);
  const frameMs = 1000 / 30;
  const drawPlain = (i: number) => {
    plain.drawImage(video, 0, 0, width, height);
    plain.fillRect(i % width, 0, 1, 1); // the frame changes, as a decoded one would
    flush(plain);
  };
  const drawLook = (i: number) => {
    painter.paint(frameAt(input, (i * frameMs) % 12_000), video, webcam);
    flush(look);
  };
  // Warm up both paths (static layer, JIT, caches).
  for (let i = 0; i < 10; i++) {
    drawPlain(i);
    drawLook(i);
  }
  let plainTotal = 0;
  let lookTotal = 0;
  const block = 10;
  for (let start = 0; start < frames; start += block) {
    let t0 = performance.now();
    for (let i = start; i < start + block; i++) drawPlain(i);
    plainTotal += performance.now() - t0;
    t0 = performance.now();
    for (let i = start; i < start + block; i++) drawLook(i);
    lookTotal += performance.now() - t0;
  }
  const measured = Math.ceil(frames / block) * block;
  return { frames: measured, plainMs: plainTotal / measured, fullLookMs: lookTotal / measured };
}

/** The full look with a fresh painter per frame, so nothing is cached: what the static layer saves. */
function timeUncached(input: FrameInput, video: CanvasImageSource, webcam: CanvasImageSource, frames: number): number {
  const canvas = new OffscreenCanvas(input.output.width, input.output.height);
  const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  const t0 = performance.now();
  for (let i = 0; i < frames; i++) {
    createFramePainter(canvas).paint(frameAt(input, (i * 1000) / 30), video, webcam);
    flush(ctx);
  }
  return (performance.now() - t0) / frames;
}

/** The full look with the export's planar painter, from a decoded frame to the encoder's I420 frame. */
async function timePlanar(
  input: FrameInput,
  video: VideoFrame,
  webcam: CanvasImageSource,
  frames: number,
): Promise<number> {
  const painter = await createPlanarPainter(input.output, video.colorSpace.toJSON());
  const paint = async (i: number) => {
    const frame = await painter.paint(frameAt(input, (i * 1000) / 30), video, webcam, {
      timestampUs: i,
      durationUs: 1,
    });
    frame.close();
  };
  for (let i = 0; i < 10; i++) await paint(i);
  const t0 = performance.now();
  for (let i = 0; i < frames; i++) await paint(i);
  return (performance.now() - t0) / frames;
}

globalThis.runRenderBench = async (frames) => {
  const input = benchInput();
  const page = drawFakePage(1920, 1080);
  const webcamImage = drawFakeWebcam(640, 480);
  const video = await createImageBitmap(page);
  const webcam = await createImageBitmap(webcamImage);
  const bitmap = time(input, video, webcam, frames);
  const decodedVideo = toDecodedFrame(page, { matrix: 'bt709', fullRange: false });
  const decodedWebcam = new VideoFrame(webcamImage, { timestamp: 0 });
  const decoded = time(input, decodedVideo, decodedWebcam, Math.max(30, Math.round(frames / 3)));
  const uncachedMs = timeUncached(input, video, webcam, Math.max(20, Math.round(frames / 10)));
  const planarMs = await timePlanar(input, decodedVideo, decodedWebcam, frames);
  video.close();
  webcam.close();
  decodedVideo.close();
  decodedWebcam.close();
  return {
    frames: bitmap.frames,
    width: input.output.width,
    height: input.output.height,
    bitmap,
    decoded,
    uncachedMs,
    planarMs,
  };
};
