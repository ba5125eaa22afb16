import { applyPalette, GIFEncoder, quantize } from 'gifenc';
import { type InputVideoTrack, VideoSampleSink } from 'mediabunny';
import { exportMimeType } from '../../../shared/export/codecs';
import { gifOutput } from '../../../shared/export/export-options';
import { outputFrameTimes } from '../../../shared/timeline/timeline';
import { ExportCancelledError, type ExportJob, type ExportResult } from './export-job';
import type { ExportControls } from './export-pipeline';
import { createOutputPainter } from './output-painter';
import { openWebcamFrames } from './webcam-frames';

/** Renders the edited recording as a looping GIF (smaller and slower than video: see gifOutput). */
export async function exportGif(
  job: ExportJob,
  videoTrack: InputVideoTrack,
  controls: ExportControls,
): Promise<ExportResult> {
  const size = gifOutput(job.width, job.height, job.options.frameRate);
  const times = outputFrameTimes(job.timeline, size.frameRate);
  const canvas = new OffscreenCanvas(size.width, size.height);
  const paint = createOutputPainter(canvas, job);
  const context = canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
  const gif = GIFEncoder();
  const delay = Math.round(1000 / size.frameRate);
  const firstTimestamp = await videoTrack.getFirstTimestamp();
  const sink = new VideoSampleSink(videoTrack);
  const webcamFrames = await openWebcamFrames(job, times);
  let index = 0;
  for await (const source of sink.samplesAtTimestamps(times.map((t) => firstTimestamp + t / 1000))) {
    if (controls.signal?.aborted) throw new ExportCancelledError();
    const webcam = webcamFrames ? ((await webcamFrames.next()).value ?? null) : null;
    if (source) {
      paint(source.toCanvasImageSource(), times[index] as number, webcam?.toCanvasImageSource() ?? null);
      source.close();
    }
    webcam?.close();
    const { data } = context.getImageData(0, 0, size.width, size.height);
    const palette = quantize(data, 256);
    gif.writeFrame(applyPalette(data, palette), size.width, size.height, { palette, delay });
    index++;
    controls.onProgress?.({ framesDone: index, framesTotal: times.length });
  }
  gif.finish();
  const bytes = gif.bytes();
  return {
    bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    mimeType: exportMimeType('gif'),
    videoCodec: 'gif',
    audioCodec: null,
    frames: index,
    planarFrames: 0,
    timings: { decodeWaitMs: 0, paintMs: 0, encodeWaitMs: 0 },
  };
}
