// Test and benchmark page: makes a synthetic recording and exports it through the real export worker.
import {
  ALL_FORMATS,
  BlobSource,
  BufferTarget,
  Input,
  Mp4OutputFormat,
  Output,
  Quality,
  VideoSample,
  VideoSampleSink,
  VideoSampleSource,
  WebMOutputFormat,
} from 'mediabunny';
import type { ExportOptions } from '../../shared/export/export-options';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from '../../shared/look/render-settings';
import type { Recording } from '../../shared/recording/recording';
import type { TimelineEdits } from '../../shared/timeline/timeline';
import type { ZoomSegment } from '../../shared/zoom/zoom-segment';
import { probeVideoFile, recordingForVideo } from '../../site/src/editor/open-video';
import type { ExportJob, ExportReply, ExportResult } from '../../site/src/export/export-job';
import { makeSyntheticRecording, type SyntheticRecordingOptions } from './synthetic-recording';

let source: { video: Blob; recording: Recording } | undefined;

/** What a test asks the harness to export. */
export interface HarnessExport {
  readonly settings?: Partial<RenderSettings>;
  readonly zoomSegments?: ZoomSegment[];
  readonly timeline: TimelineEdits;
  readonly options: ExportOptions;
  readonly watermark: boolean;
  readonly width: number;
  readonly height: number;
}

async function makeSource(options: SyntheticRecordingOptions): Promise<{ recording: Recording; base64: string }> {
  source = await makeSyntheticRecording(options);
  return { recording: source.recording, base64: await toBase64(source.video) };
}

/**
 * Uses a video file as the source of the next exports, opened the way the editor opens a video alone (probed, with a
 * track-less recording), without the seek index the editor adds: the export must read any file as it is.
 */
async function importFile(file: { base64: string; type: string; name: string }): Promise<Recording> {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const video = new Blob([bytes], { type: file.type });
  const recording = recordingForVideo(video, file.name, await probeVideoFile(video, file.name));
  source = { video, recording };
  return recording;
}

async function exportInWorker(request: HarnessExport): Promise<{
  base64: string;
  seconds: number;
  videoCodec: string;
  audioCodec: string | null;
  frames: number;
  planarFrames: number;
  heldFrames: number;
  sourceHeldFrames: number;
  timings: ExportResult['timings'];
}> {
  if (!source) throw new Error('makeSource first');
  const job: ExportJob = {
    video: source.video,
    recording: source.recording,
    settings: { ...DEFAULT_RENDER_SETTINGS, ...request.settings },
    zoomSegments: request.zoomSegments ?? [],
    timeline: request.timeline,
    options: request.options,
    watermark: request.watermark,
    width: request.width,
    height: request.height,
  };
  const worker = new Worker('/export-worker.js', { type: 'module' });
  const started = performance.now();
  try {
    const result = await new Promise<Extract<ExportReply, { type: 'done' }>['result']>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<ExportReply>) => {
        const message = event.data;
        if (message.type === 'done') resolve(message.result);
        else if (message.type === 'error') reject(new Error(message.message));
        else if (message.type === 'cancelled') reject(new Error('cancelled'));
      };
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage({ type: 'start', job });
    });
    const seconds = (performance.now() - started) / 1000;
    return {
      base64: await toBase64(new Blob([result.bytes])),
      seconds,
      videoCodec: result.videoCodec,
      audioCodec: result.audioCodec,
      frames: result.frames,
      planarFrames: result.planarFrames,
      heldFrames: result.heldFrames,
      sourceHeldFrames: result.sourceHeldFrames,
      timings: result.timings,
    };
  } finally {
    worker.terminate();
  }
}

/** Starts an export and cancels it at its first progress report; resolves with how the worker answered. */
async function exportAndCancel(
  request: HarnessExport,
): Promise<{ reply: ExportReply['type']; framesDoneAtCancel: number }> {
  if (!source) throw new Error('makeSource first');
  const job: ExportJob = {
    video: source.video,
    recording: source.recording,
    settings: { ...DEFAULT_RENDER_SETTINGS, ...request.settings },
    zoomSegments: request.zoomSegments ?? [],
    timeline: request.timeline,
    options: request.options,
    watermark: request.watermark,
    width: request.width,
    height: request.height,
  };
  const worker = new Worker('/export-worker.js', { type: 'module' });
  try {
    return await new Promise((resolve) => {
      let framesDoneAtCancel = -1;
      worker.onmessage = (event: MessageEvent<ExportReply>) => {
        const message = event.data;
        if (message.type === 'progress') {
          if (framesDoneAtCancel < 0) {
            framesDoneAtCancel = message.framesDone;
            worker.postMessage({ type: 'cancel' });
          }
        } else resolve({ reply: message.type, framesDoneAtCancel });
      };
      worker.postMessage({ type: 'start', job });
    });
  } finally {
    worker.terminate();
  }
}

/**
 * Encode-only throughput, no composition, at the export's size. 'canvas': frames taken from a canvas holding a
 * source frame (what the exporter hands the encoder: RGBA canvas frames), changed a little each time so none
 * is skipped. 'decoded': the decoded source frames handed straight to the encoder (YUV, no conversion).
 */
async function encodeOnly(
  codec: 'avc' | 'vp9',
  frames: number,
  bitrate: number,
  from: 'canvas' | 'decoded',
): Promise<number> {
  if (!source) throw new Error('makeSource first');
  const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(source.video) });
  const track = await input.getPrimaryVideoTrack();
  if (!track) throw new Error('source has no video');
  const output = new Output({
    format: codec === 'avc' ? new Mp4OutputFormat({ fastStart: 'in-memory' }) : new WebMOutputFormat(),
    target: new BufferTarget(),
  });
  const videoSource = new VideoSampleSource({ codec, quality: new Quality({ bitrate }), keyFrameInterval: 2 });
  output.addVideoTrack(videoSource, { frameRate: 30 });
  await output.start();
  let count = 0;
  let started = performance.now();
  if (from === 'decoded') {
    for await (const sample of new VideoSampleSink(track).samples()) {
      if (count >= frames) {
        sample.close();
        break;
      }
      await videoSource.add(sample);
      sample.close();
      count++;
    }
  } else {
    const canvas = new OffscreenCanvas(track.displayWidth, track.displayHeight);
    // The same kind of canvas the exporter paints into (CPU-backed, read back every frame).
    const context = canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
    const first = await new VideoSampleSink(track).getSample(await track.getFirstTimestamp());
    first?.draw(context, 0, 0);
    first?.close();
    started = performance.now();
    for (; count < frames; count++) {
      context.fillStyle = `hsl(${(count * 7) % 360} 60% 50%)`;
      context.fillRect((count * 13) % canvas.width, (count * 7) % canvas.height, 48, 48);
      const frame = new VideoSample(canvas, { timestamp: count / 30, duration: 1 / 30 });
      await videoSource.add(frame);
      frame.close();
    }
  }
  videoSource.close();
  await output.finalize();
  input.dispose();
  return count / ((performance.now() - started) / 1000);
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** What the harness page offers to tests and the benchmark (on globalThis). */
export interface ExportHarness {
  makeSource: typeof makeSource;
  importFile: typeof importFile;
  exportInWorker: typeof exportInWorker;
  exportAndCancel: typeof exportAndCancel;
  encodeOnly: typeof encodeOnly;
  harnessReady: true;
}

const harness: ExportHarness = {
  makeSource,
  importFile,
  exportInWorker,
  exportAndCancel,
  encodeOnly,
  harnessReady: true,
};
Object.assign(globalThis, harness);
