import {
  AudioSample,
  AudioSampleSource,
  BufferTarget,
  CanvasSource,
  Mp4OutputFormat,
  Output,
  Quality,
  WebMOutputFormat,
} from 'mediabunny';
import { RECORDING_FORMAT_VERSION, type Recording } from '../../shared/recording/recording';
import { emptyTrack } from '../../shared/recording/track';

/** What to generate. */
export interface SyntheticRecordingOptions {
  readonly width: number;
  readonly height: number;
  readonly frameRate: number;
  readonly durationMs: number;
  readonly container: 'webm' | 'mp4';
  /** Add a 440 Hz tone as the tab's audio. */
  readonly audio: boolean;
}

/**
 * Where the moving marker is at time t (normalized): a slow loop around the frame, so the cursor track
 * and the video agree and zooms that follow the cursor have somewhere to go.
 */
export function markerPosition(tMs: number, durationMs: number): { x: number; y: number } {
  const phase = (tMs / durationMs) * Math.PI * 2;
  return { x: 0.5 + 0.3 * Math.cos(phase), y: 0.5 + 0.3 * Math.sin(phase) };
}

/**
 * The source picture: red grows left to right, green top to bottom, so any pixel of an export tells
 * which source point it shows. Plus a white marker with a black ring that moves.
 */
export function paintSourceFrame(
  context: OffscreenCanvasRenderingContext2D,
  width: number,
  height: number,
  tMs: number,
  durationMs: number,
  background: OffscreenCanvas,
): void {
  context.drawImage(background, 0, 0);
  const marker = markerPosition(tMs, durationMs);
  const radius = Math.round(height * 0.03);
  context.beginPath();
  context.arc(marker.x * width, marker.y * height, radius, 0, Math.PI * 2);
  context.fillStyle = '#ffffff';
  context.fill();
  context.lineWidth = Math.max(2, radius / 3);
  context.strokeStyle = '#000000';
  context.stroke();
}

/** The gradient background of the source, painted once. */
export function paintGradientBackground(width: number, height: number): OffscreenCanvas {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  const image = context.createImageData(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      image.data[i] = Math.round((x / (width - 1)) * 255);
      image.data[i + 1] = Math.round((y / (height - 1)) * 255);
      image.data[i + 2] = 96;
      image.data[i + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
  return canvas;
}

/** Encodes a synthetic tab recording (video file + its cursor track) in the browser. */
export async function makeSyntheticRecording(
  options: SyntheticRecordingOptions,
): Promise<{ video: Blob; recording: Recording }> {
  const { width, height, frameRate, durationMs } = options;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  const background = paintGradientBackground(width, height);
  const output = new Output({
    format: options.container === 'mp4' ? new Mp4OutputFormat({ fastStart: 'in-memory' }) : new WebMOutputFormat(),
    target: new BufferTarget(),
  });
  const videoSource = new CanvasSource(canvas, {
    codec: options.container === 'mp4' ? 'avc' : 'vp9',
    quality: new Quality({ bitrate: width * height * frameRate * 0.15 }),
    keyFrameInterval: 1,
  });
  output.addVideoTrack(videoSource, { frameRate });
  const audioSource = options.audio
    ? new AudioSampleSource({ codec: 'opus', quality: new Quality({ bitrate: 96_000 }) })
    : null;
  if (audioSource) output.addAudioTrack(audioSource);
  await output.start();

  const frames = Math.round((durationMs * frameRate) / 1000);
  const addVideo = async () => {
    for (let i = 0; i < frames; i++) {
      const t = (i * 1000) / frameRate;
      paintSourceFrame(context, width, height, t, durationMs, background);
      await videoSource.add(i / frameRate, 1 / frameRate);
    }
    videoSource.close();
  };
  const addAudio = async () => {
    if (!audioSource) return;
    const sampleRate = 48_000;
    const chunk = 960;
    const total = Math.round((durationMs / 1000) * sampleRate);
    for (let start = 0; start < total; start += chunk) {
      const length = Math.min(chunk, total - start);
      const data = new Float32Array(length * 2);
      for (let i = 0; i < length; i++) {
        const value = 0.2 * Math.sin((2 * Math.PI * 440 * (start + i)) / sampleRate);
        data[i * 2] = value;
        data[i * 2 + 1] = value;
      }
      const sample = new AudioSample({
        data,
        format: 'f32',
        numberOfChannels: 2,
        sampleRate,
        timestamp: start / sampleRate,
      });
      await audioSource.add(sample);
      sample.close();
    }
    audioSource.close();
  };
  await Promise.all([addVideo(), addAudio()]);
  await output.finalize();
  const bytes = (output.target as BufferTarget).buffer as ArrayBuffer;
  const mimeType = options.container === 'mp4' ? 'video/mp4;codecs=avc1' : 'video/webm;codecs=vp9,opus';
  const video = new Blob([bytes], { type: mimeType });

  const cursor: Recording['cursor'] = [];
  for (let t = 0; t < durationMs; t += 1000 / 30) {
    const p = markerPosition(t, durationMs);
    cursor.push({ t, x: p.x, y: p.y, cursor: 'default', buttons: 0 });
  }
  const click = markerPosition(durationMs / 4, durationMs);
  const recording: Recording = {
    formatVersion: RECORDING_FORMAT_VERSION,
    id: `synthetic-${width}x${height}-${Math.round(durationMs)}`,
    name: 'Synthetic marker recording',
    createdAt: new Date().toISOString(),
    page: { url: 'https://example.com/', title: 'Example' },
    viewport: { width, height, devicePixelRatio: 1 },
    video: { mimeType, width, height, frameRate, durationMs, size: bytes.byteLength },
    audio: { tab: options.audio, microphone: false },
    webcam: null,
    ...emptyTrack(),
    cursor,
    clicks: [{ t: durationMs / 4, x: click.x, y: click.y, button: 'left', durationMs: 80 }],
    pauses: [],
    recovered: false,
  };
  return { video, recording };
}
