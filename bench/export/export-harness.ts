// Test and benchmark page: holds a source (synthetic, imported or recorded) and exports it through the real export
// worker; for the benchmark, also the encode-only baseline and the quality of an export.
import { ALL_FORMATS, BlobSource, Input, VideoSampleSink } from 'mediabunny';
import type { ExportOptions } from '../../shared/export/export-options';
import { DEFAULT_RENDER_SETTINGS, type RenderSettings } from '../../shared/look/render-settings';
import type { Recording } from '../../shared/recording/recording';
import { outputFrameTimes, type TimelineEdits } from '../../shared/timeline/timeline';
import type { ZoomSegment } from '../../shared/zoom/zoom-segment';
import { probeVideoFile, recordingForVideo } from '../../site/src/editor/open-video';
import type { ExportJob, ExportReply, ExportResult } from '../../site/src/export/export-job';
import { createExportPainter } from '../../site/src/export/output-painter';
import { newPrivateExport, privateExportFile, releasePrivateExport } from '../../site/src/export/private-exports';
import { videoFramesAt } from '../../site/src/export/source-frames';
import { makeThumbnail } from '../../site/src/library/thumbnail';
import type { EncodeOnlyReply, EncodeOnlyRequest } from './encode-only-worker';
import { lumaSsim } from './ssim';
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

/** The export job for a request on the current source, written to a private file like the editor's downloads. */
async function jobFor(request: HarnessExport): Promise<ExportJob> {
  return {
    ...compositionFor(request),
    destination: { kind: 'private', name: await newPrivateExport(request.options.format) },
  };
}

/** What a request exports: the current source, edited. */
function compositionFor(request: HarnessExport): Omit<ExportJob, 'destination'> {
  if (!source) throw new Error('makeSource, importFile or loadSource first');
  return {
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

/** Uses a recorded file and the recording that describes it (track included) as the source of the next exports. */
async function loadSource(file: { base64: string; type: string; recording: Recording }): Promise<void> {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  source = { video: new Blob([bytes], { type: file.type }), recording: file.recording };
}

async function exportInWorker(request: HarnessExport): Promise<{
  base64: string;
  seconds: number;
  videoCodec: string;
  audioCodec: string | null;
  frames: number;
  planarFrames: number;
  rateControl: ExportResult['rateControl'];
  heldFrames: number;
  sourceHeldFrames: number;
  timings: ExportResult['timings'];
}> {
  const job = await jobFor(request);
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
    if (job.destination.kind !== 'private') throw new Error('unreachable');
    const file = await privateExportFile(job.destination.name);
    if (file.size !== result.size) throw new Error(`The file has ${file.size} bytes, the export said ${result.size}`);
    return {
      base64: await toBase64(file),
      seconds,
      videoCodec: result.videoCodec,
      audioCodec: result.audioCodec,
      frames: result.frames,
      planarFrames: result.planarFrames,
      rateControl: result.rateControl,
      heldFrames: result.heldFrames,
      sourceHeldFrames: result.sourceHeldFrames,
      timings: result.timings,
    };
  } finally {
    worker.terminate();
    if (job.destination.kind === 'private') await releasePrivateExport(job.destination.name);
  }
}

/** Starts an export and cancels it at its first progress report; resolves with how the worker answered. */
async function exportAndCancel(
  request: HarnessExport,
): Promise<{ reply: ExportReply['type']; framesDoneAtCancel: number; filesLeft: number }> {
  const job = await jobFor(request);
  if (job.destination.kind !== 'private') throw new Error('unreachable');
  const name = job.destination.name;
  const worker = new Worker('/export-worker.js', { type: 'module' });
  try {
    const answer = await new Promise<{ reply: ExportReply['type']; framesDoneAtCancel: number }>((resolve) => {
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
    // The worker gave its file up before answering.
    const filesLeft = await privateExportFile(name).then(
      () => 1,
      () => 0,
    );
    return { ...answer, filesLeft };
  } finally {
    worker.terminate();
    await releasePrivateExport(name);
  }
}

/** The library's thumbnail of the current source, as RGB pixels (null when it made none). */
async function thumbnailOfSource(): Promise<{ width: number; height: number; base64: string } | null> {
  if (!source) throw new Error('makeSource, importFile or loadSource first');
  const url = await makeThumbnail(source.video, source.recording.video.durationMs);
  if (!url) return null;
  const image = await createImageBitmap(await (await fetch(url)).blob());
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  context.drawImage(image, 0, 0);
  const rgba = context.getImageData(0, 0, image.width, image.height).data;
  const rgb = new Uint8Array(image.width * image.height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) rgb.set(rgba.subarray(i, i + 3), j);
  return { width: image.width, height: image.height, base64: await toBase64(new Blob([rgb])) };
}

/**
 * The baseline of the export benchmark, timed like exportInWorker (from creating its worker to its answer): the
 * source frames the export would show at `times`, straight into the same encoder, no composition.
 */
async function encodeOnlyInWorker(
  request: Omit<EncodeOnlyRequest, 'video'>,
): Promise<EncodeOnlyReply & { seconds: number }> {
  if (!source) throw new Error('makeSource, importFile or loadSource first');
  const { video } = source;
  const worker = new Worker('/encode-only-worker.js', { type: 'module' });
  const started = performance.now();
  try {
    const reply = await new Promise<EncodeOnlyReply>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<EncodeOnlyReply | { error: string }>) => {
        const message = event.data;
        if ('error' in message) reject(new Error(message.error));
        else resolve(message);
      };
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage({ ...request, video } satisfies EncodeOnlyRequest);
    });
    return { ...reply, seconds: (performance.now() - started) / 1000 };
  } finally {
    worker.terminate();
  }
}

/**
 * SSIM (luma) of every frame of an exported file against the painter's own rendering of the same frame before
 * encoding (lossless: the frames the export handed its encoder), painted again here from the same source frames.
 */
async function qualityOf(
  request: HarnessExport,
  exported: string,
): Promise<{ mean: number; min: number; frames: number; below: number; worst: { index: number; ssim: number }[] }> {
  const job = compositionFor(request);
  const times = outputFrameTimes(job.timeline, job.options.frameRate);
  const sourceInput = new Input({ formats: ALL_FORMATS, source: new BlobSource(job.video) });
  const bytes = Uint8Array.from(atob(exported), (c) => c.charCodeAt(0));
  const exportedInput = new Input({ formats: ALL_FORMATS, source: new BlobSource(new Blob([bytes])) });
  try {
    const sourceTrack = await sourceInput.getPrimaryVideoTrack();
    const exportedTrack = await exportedInput.getPrimaryVideoTrack();
    if (!sourceTrack || !exportedTrack) throw new Error('no video');
    const first = await sourceTrack.getFirstTimestamp();
    const painter = createExportPainter(job, { width: job.width, height: job.height });
    const decoded = new VideoSampleSink(exportedTrack).samples()[Symbol.asyncIterator]();
    const scores: number[] = [];
    for await (const shown of videoFramesAt(
      sourceTrack,
      times.map((t) => first + t / 1000),
    )) {
      const index = scores.length;
      const video = shown.frame.toVideoFrame();
      const painted = await painter.paint(video, times[index] as number, null, {
        timestampUs: Math.round((index * 1e6) / job.options.frameRate),
        durationUs: Math.round(1e6 / job.options.frameRate),
      });
      video.close();
      const next = await decoded.next();
      if (next.done) break;
      const encoded = next.value.toVideoFrame();
      next.value.close();
      scores.push(lumaSsim(await lumaOf(painted), await lumaOf(encoded), job.width, job.height));
      painted.close();
      encoded.close();
    }
    await decoded.return?.();
    const worst = scores
      .map((ssim, index) => ({ index, ssim }))
      .sort((a, b) => a.ssim - b.ssim)
      .slice(0, 5);
    return {
      mean: scores.reduce((a, b) => a + b, 0) / scores.length,
      min: Math.min(...scores),
      frames: scores.length,
      below: scores.filter((score) => score < 0.97).length,
      worst,
    };
  } finally {
    sourceInput.dispose();
    exportedInput.dispose();
  }
}

/** The luma plane of a frame (its visible part), from YUV frames directly, otherwise from RGB (BT.709 weights). */
async function lumaOf(frame: VideoFrame): Promise<Uint8Array> {
  const width = frame.displayWidth;
  const height = frame.displayHeight;
  const luma = new Uint8Array(width * height);
  if (frame.format === 'I420' || frame.format === 'I420A' || frame.format === 'NV12') {
    const buffer = new Uint8Array(frame.allocationSize());
    const [plane] = await frame.copyTo(buffer);
    for (let y = 0; y < height; y++) {
      const row = (plane?.offset ?? 0) + y * (plane?.stride ?? width);
      luma.set(buffer.subarray(row, row + width), y * width);
    }
    return luma;
  }
  const rgba = new Uint8Array(width * height * 4);
  await frame.copyTo(rgba, { format: 'RGBX' } as VideoFrameCopyToOptions);
  for (let i = 0; i < luma.length; i++) {
    luma[i] = Math.round(
      16 +
        (219 / 255) * (0.2126 * (rgba[i * 4] ?? 0) + 0.7152 * (rgba[i * 4 + 1] ?? 0) + 0.0722 * (rgba[i * 4 + 2] ?? 0)),
    );
  }
  return luma;
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
  loadSource: typeof loadSource;
  encodeOnlyInWorker: typeof encodeOnlyInWorker;
  qualityOf: typeof qualityOf;
  thumbnailOfSource: typeof thumbnailOfSource;
  harnessReady: true;
}

const harness: ExportHarness = {
  makeSource,
  importFile,
  exportInWorker,
  exportAndCancel,
  loadSource,
  encodeOnlyInWorker,
  qualityOf,
  thumbnailOfSource,
  harnessReady: true,
};
Object.assign(globalThis, harness);
