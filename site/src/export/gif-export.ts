import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import type { InputVideoTrack, StreamTargetChunk } from 'mediabunny';
import { exportMimeType } from '../../../shared/export/codecs';
import { gifFrameDelayMs, gifOutput } from '../../../shared/export/export-options';
import { holdInterval, isHeld } from '../../../shared/export/frame-choice';
import { createOutputPainter } from '../../../shared/render/output-painter';
import { outputFrameTimes } from '../../../shared/timeline/timeline';
import { ExportCancelledError, type ExportControls, type ExportJob, type ExportResult } from './export-job';
import { sourceHeldFrames, videoFramesAt } from './source-frames';
import { openWebcamFrames } from './webcam-frames';

/**
 * Renders the edited recording as a looping GIF (smaller and slower than video: see gifOutput). Its frames are the
 * video export's frames at the GIF's own frame times: the same source frame and the same camera at each time.
 * Each frame's bytes go to `writable` as soon as it is encoded, so memory does not grow with the GIF's length.
 */
export async function exportGif(
  job: ExportJob,
  videoTrack: InputVideoTrack,
  writable: WritableStream<StreamTargetChunk>,
  controls: ExportControls,
): Promise<Omit<ExportResult, 'size'>> {
  const size = gifOutput(job.width, job.height, job.options.frameRate);
  const times = outputFrameTimes(job.timeline, size.frameRate);
  const canvas = new OffscreenCanvas(size.width, size.height);
  const paint = createOutputPainter(canvas, job);
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
  const firstTimestamp = await videoTrack.getFirstTimestamp();
  const trackTimes = times.map((t) => firstTimestamp + t / 1000);
  const interval = holdInterval(size.frameRate, job.recording.video.frameRate);
  const webcam = await openWebcamFrames(job, times);
  let index = 0;
  let heldFrames = 0;
  try {
    for await (const shown of videoFramesAt(videoTrack, trackTimes)) {
      if (controls.signal?.aborted) throw new ExportCancelledError();
      if (isHeld(shown.age, interval)) heldFrames++;
      const webcamShown = webcam ? ((await webcam.frames.next().catch(() => null))?.value ?? null) : null;
      paint(
        shown.frame.toCanvasImageSource(),
        times[index] as number,
        webcamShown?.frame.toCanvasImageSource() ?? null,
      );
      const { data } = context.getImageData(0, 0, size.width, size.height);
      const palette = quantize(data, 256);
      if (index === 0) gif.writeHeader();
      gif.writeFrame(applyPalette(data, palette), size.width, size.height, {
        palette,
        first: index === 0,
        repeat: 0,
        delay: gifFrameDelayMs(index, size.frameRate),
      });
      await flush();
      index++;
      controls.onProgress?.({ framesDone: index, framesTotal: times.length });
    }
  } finally {
    await webcam?.close();
  }
  if (index < times.length) throw new Error('The recording’s video has no frame this browser can decode.');
  gif.finish();
  await flush();
  await writer.close();
  return {
    mimeType: exportMimeType('gif'),
    videoCodec: 'gif',
    audioCodec: null,
    rateControl: null,
    frames: index,
    planarFrames: 0,
    heldFrames,
    sourceHeldFrames: heldFrames > 0 ? await sourceHeldFrames(videoTrack, trackTimes, interval) : 0,
    timings: { decodeWaitMs: 0, paintMs: 0, encodeWaitMs: 0 },
  };
}
