import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import type { InputVideoTrack, StreamTargetChunk } from 'mediabunny';
import { exportMimeType } from '../../../shared/export/codecs';
import { gifFrameDelayMs, gifOutput } from '../../../shared/export/export-options';
import { createOutputPainter } from '../../../shared/render/output/output-painter';
import type { ExportControls, ExportJob, MadeExport } from './export-job';
import { forEachOutputFrame } from './frame-loop';

/**
 * Renders the edited recording as a looping GIF (smaller and slower than video: see gifOutput). Its frames come
 * from the export's one frame loop at the GIF's own frame rate: the same source frame and the same camera at each
 * time. Each frame's bytes go to `writable` as soon as it is encoded, so memory does not grow with the GIF's length.
 */
export async function exportGif(
  job: ExportJob,
  videoTrack: InputVideoTrack,
  writable: WritableStream<StreamTargetChunk>,
  controls: ExportControls,
): Promise<MadeExport> {
  const size = gifOutput(job.width, job.height, job.options.frameRate);
  const canvas = new OffscreenCanvas(size.width, size.height);
  const paint = createOutputPainter(canvas, job.composition);
  const context = canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
  // Manual mode: the header once, then each frame written out and the encoder's buffer emptied.
  const gif = GIFEncoder({ auto: false });
  const writer = writable.getWriter();
  let position = 0;
  const flush = async () => {
    const bytes = gif.bytesView();
    // Awaited before the buffer is reused: the write has taken the bytes when it resolves.
    await writer.write({ type: 'write', data: bytes, position });
    position += bytes.byteLength;
    gif.reset();
  };
  const counts = await forEachOutputFrame(job, videoTrack, size.frameRate, controls, async (frame) => {
    paint(
      frame.video.toCanvasImageSource(),
      frame.sourceTimeMs,
      frame.webcam?.toCanvasImageSource() ?? null,
      frame.video.timestamp * 1000,
      frame.patches,
    );
    const { data } = context.getImageData(0, 0, size.width, size.height);
    const palette = quantize(data, 256);
    if (frame.index === 0) gif.writeHeader();
    gif.writeFrame(applyPalette(data, palette), size.width, size.height, {
      palette,
      first: frame.index === 0,
      repeat: 0,
      delay: gifFrameDelayMs(frame.index, size.frameRate),
    });
    await flush();
  });
  gif.finish();
  await flush();
  await writer.close();
  return {
    mimeType: exportMimeType('gif'),
    videoCodec: 'gif',
    audioCodec: null,
    rateControl: null,
    frames: counts.frames,
    heldFrames: counts.heldFrames,
    sourceHeldFrames: counts.sourceHeldFrames,
    painterFallback: null,
  };
}
