// ffprobe/ffmpeg judgements of exported files, shared by the export and editor browser tests.
import { execFileSync } from 'node:child_process';
import { findFfmpeg } from '../../scripts/lib/system-tools';

function tools(): { ffmpeg: string; ffprobe: string } {
  const found = findFfmpeg();
  if (!found) throw new Error('ffmpeg and ffprobe are needed to judge exported videos (npm test installs them).');
  return found;
}

/** What ffprobe says about a video file. */
export interface ProbedVideo {
  readonly videoCodec: string;
  readonly audioCodec: string | null;
  readonly width: number;
  readonly height: number;
  /** The codec level the stream declares (H.264: 10 × the level, 51 for 5.1; absent: -99 or none). */
  readonly level: number | null;
  /** Decoded video frames (ffprobe -count_frames). */
  readonly frames: number;
  /** End of the last video frame, seconds (from packet timestamps: WebM has no duration in its header). */
  readonly videoDuration: number;
  /** Container duration, seconds. */
  readonly duration: number;
}

/** Probes a file with ffprobe, counting frames by decoding them. */
export function probeVideo(path: string): ProbedVideo {
  const json = execFileSync(
    tools().ffprobe,
    ['-v', 'error', '-count_frames', '-show_streams', '-show_format', '-of', 'json', path],
    { encoding: 'utf8' },
  );
  const info = JSON.parse(json) as {
    streams: {
      codec_type: string;
      codec_name: string;
      width?: number;
      height?: number;
      level?: number;
      nb_read_frames?: string;
    }[];
    format: { duration: string };
  };
  const video = info.streams.find((s) => s.codec_type === 'video');
  if (!video) throw new Error(`${path} has no video stream`);
  const audio = info.streams.find((s) => s.codec_type === 'audio');
  const packets = execFileSync(
    tools().ffprobe,
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', path],
    { encoding: 'utf8' },
  )
    .trim()
    .split('\n')
    .map((line) => line.split(',').map(Number));
  const videoDuration = Math.max(
    ...packets.map(([pts = 0, duration = 0]) => pts + (Number.isFinite(duration) ? duration : 0)),
  );
  return {
    videoCodec: video.codec_name,
    audioCodec: audio?.codec_name ?? null,
    width: video.width ?? 0,
    height: video.height ?? 0,
    level: video.level ?? null,
    frames: Number(video.nb_read_frames),
    videoDuration,
    duration: Number(info.format.duration),
  };
}

/** One decoded frame as RGB bytes. */
export interface RgbFrame {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  /** [r, g, b] at (x, y), pixels. */
  pixel(x: number, y: number): [number, number, number];
}

/** Decodes frame number `index` (0-based, presentation order) with ffmpeg. */
export function decodeFrame(path: string, index: number, width: number, height: number): RgbFrame {
  const data = execFileSync(
    tools().ffmpeg,
    [
      '-v',
      'error',
      '-i',
      path,
      '-vf',
      `select=eq(n\\,${index})`,
      '-vsync',
      '0',
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { maxBuffer: width * height * 3 + 1024 },
  );
  if (data.length !== width * height * 3) throw new Error(`frame ${index} of ${path}: got ${data.length} bytes`);
  return {
    width,
    height,
    data,
    pixel(x, y) {
      const i =
        (Math.min(height - 1, Math.max(0, Math.round(y))) * width + Math.min(width - 1, Math.max(0, Math.round(x)))) *
        3;
      return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    },
  };
}

/** Largest channel difference between two colours. */
export function colourDistance(a: readonly number[], b: readonly number[]): number {
  return Math.max(...a.map((value, i) => Math.abs(value - (b[i] ?? 0))));
}

/** A part of a frame, in fractions of its width and height. */
export interface FrameRegion {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

/**
 * Share of sampled pixels in `region` of an output frame (whose video fills the frame) that show the source
 * frame's pixel where the camera `view` (normalized rectangle of the source) looks.
 */
export function viewMatch(
  output: RgbFrame,
  source: RgbFrame,
  view: { x: number; y: number; width: number; height: number },
  region: FrameRegion,
): number {
  let matches = 0;
  let total = 0;
  for (let v = region.y0; v <= region.y1; v += 0.05) {
    for (let u = region.x0; u <= region.x1; u += 0.05) {
      const expected = source.pixel(
        (view.x + u * view.width) * source.width,
        (view.y + v * view.height) * source.height,
      );
      const actual = output.pixel(u * output.width, v * output.height);
      if (colourDistance(expected, actual) <= 24) matches++;
      total++;
    }
  }
  return matches / total;
}

/** The four corners of a frame, where a watermark would sit. */
export const FRAME_CORNERS: readonly FrameRegion[] = [
  { x0: 0.78, x1: 0.98, y0: 0.86, y1: 0.98 },
  { x0: 0.02, x1: 0.22, y0: 0.86, y1: 0.98 },
  { x0: 0.78, x1: 0.98, y0: 0.02, y1: 0.14 },
  { x0: 0.02, x1: 0.22, y0: 0.02, y1: 0.14 },
];

/** Sample rate the sound checks decode at. */
export const SOUND_RATE = 48_000;

/** A file's first audio stream decoded by ffmpeg: mono (channels averaged), 32-bit float, at SOUND_RATE. */
export function decodeSound(path: string): Float32Array {
  const data = execFileSync(
    tools().ffmpeg,
    ['-v', 'error', '-i', path, '-map', 'a:0', '-ac', '1', '-ar', String(SOUND_RATE), '-f', 'f32le', '-'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return new Float32Array(data.buffer, data.byteOffset, Math.floor(data.length / 4));
}

/**
 * Where a stretch of `output` sound (from `outputSeconds`, `lengthSeconds` long) is found in `source`, searched
 * within `searchSeconds` of `expectedSourceSeconds`: the source time of its best match and the normalized
 * cross-correlation there (1: the same waveform, 0: unrelated).
 */
export function findSound(
  output: Float32Array,
  source: Float32Array,
  outputSeconds: number,
  lengthSeconds: number,
  expectedSourceSeconds: number,
  searchSeconds: number,
): { sourceSeconds: number; correlation: number } {
  const start = Math.round(outputSeconds * SOUND_RATE);
  const length = Math.round(lengthSeconds * SOUND_RATE);
  const piece = output.subarray(start, start + length);
  if (piece.length < length) throw new Error(`the output has no sound at ${outputSeconds + lengthSeconds} s`);
  const energy = (values: Float32Array) => Math.sqrt(values.reduce((sum, v) => sum + v * v, 0));
  const pieceEnergy = energy(piece);
  const expected = Math.round(expectedSourceSeconds * SOUND_RATE);
  const search = Math.round(searchSeconds * SOUND_RATE);
  let best = { sourceSeconds: Number.NaN, correlation: -1 };
  for (let offset = Math.max(0, expected - search); offset <= expected + search; offset++) {
    const window = source.subarray(offset, offset + length);
    if (window.length < length) break;
    let dot = 0;
    for (let i = 0; i < length; i++) dot += (piece[i] ?? 0) * (window[i] ?? 0);
    const correlation = dot / (pieceEnergy * energy(window) || 1);
    if (correlation > best.correlation) best = { sourceSeconds: offset / SOUND_RATE, correlation };
  }
  return best;
}
