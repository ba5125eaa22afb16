// Reads the time code (tests/fixtures/media/timecode.ts) from every frame of a video with ffmpeg, and judges an
// export frame by frame against its source: which source frame each output frame shows, and how large.
import { execFileSync, spawn } from 'node:child_process';
import { findFfmpeg } from '../../scripts/lib/system-tools';
import { SAME_INSTANT_SECONDS } from '../../shared/export/frame-choice';
import { frameTimecode } from '../fixtures/media/timecode';

function tools(): { ffmpeg: string; ffprobe: string } {
  const found = findFfmpeg();
  if (!found) throw new Error('ffmpeg and ffprobe are needed to judge videos (npm test installs them).');
  return found;
}

/** The time code read from one frame: its value and the side of its blocks in that frame's pixels. */
export interface FrameCode {
  readonly value: number;
  readonly block: number;
}

/** Every frame of a video, decoded, with its presentation time and the code read from it (null: none readable). */
export interface TimecodedVideo {
  readonly width: number;
  readonly height: number;
  /** Presentation times of the frames, seconds, in order. */
  readonly times: readonly number[];
  readonly codes: readonly (FrameCode | null)[];
}

/** Frame size and frame times of a file's first video stream (ffprobe). */
function probeFrames(path: string): { width: number; height: number; times: number[] } {
  const { ffprobe } = tools();
  const stream = JSON.parse(
    execFileSync(
      ffprobe,
      ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'json', path],
      {
        encoding: 'utf8',
      },
    ),
  ) as { streams: { width: number; height: number }[] };
  const times = execFileSync(
    ffprobe,
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', path],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
    .split('\n')
    .map((line) => line.split(',')[0]?.trim() ?? '')
    .filter((field) => field !== '')
    .map(Number);
  const { width, height } = stream.streams[0] ?? { width: 0, height: 0 };
  return { width, height, times };
}

/**
 * Decodes every frame of `path` as RGB, one at a time, in presentation order (none dropped or repeated): a 1080p
 * export would not fit in memory at once. Gives the number of frames; throws when ffmpeg fails.
 */
export async function forEachFrame(
  path: string,
  width: number,
  height: number,
  onFrame: (index: number, rgb: Uint8Array) => void,
): Promise<number> {
  const decoder = spawn(tools().ffmpeg, [
    '-v',
    'error',
    '-i',
    path,
    '-map',
    '0:v:0',
    '-fps_mode',
    'passthrough',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-',
  ]);
  let errors = '';
  decoder.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const closed = new Promise<number | null>((resolve) => decoder.on('close', resolve));
  const size = width * height * 3;
  const frame = new Uint8Array(size);
  let filled = 0;
  let index = 0;
  for await (const chunk of decoder.stdout as AsyncIterable<Buffer>) {
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(size - filled, chunk.length - offset);
      frame.set(chunk.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled === size) {
        onFrame(index++, frame);
        filled = 0;
      }
    }
  }
  if ((await closed) !== 0) throw new Error(`ffmpeg could not decode ${path}: ${errors}`);
  return index;
}

/** Decodes every frame of `path` (in presentation order, none dropped or repeated) and reads its time code. */
export async function readTimecodedVideo(path: string): Promise<TimecodedVideo> {
  const { width, height, times } = probeFrames(path);
  const codes: (FrameCode | null)[] = [];
  await forEachFrame(path, width, height, (_index, data) => {
    const code = frameTimecode({ width, height, data });
    codes.push(code ? { value: code.value, block: code.block } : null);
  });
  if (codes.length !== times.length)
    throw new Error(`${path}: ${codes.length} frames decoded, ffprobe lists ${times.length}`);
  return { width, height, times, codes };
}

/** How an export's frames compare with the source frames they should show. */
export interface FrameJudgement {
  /** Output frames with no readable time code: no page content. */
  readonly unreadable: number;
  /** Output frames showing another source frame than the one showing at their time. */
  readonly wrongFrames: number;
  /** Largest distance, ms of page time, between what a frame shows and what it should show. */
  readonly worstOffsetMs: number;
  /** Longest run of output frames showing the same page time, and the longest the source itself has at those times. */
  readonly longestFreeze: number;
  readonly longestSourceFreeze: number;
}

/**
 * Judges output frames against the source: output frame i, at source time `sourceTimes[i]` (seconds from the
 * source's first frame), should show the page time of the source frame showing then.
 */
export function judgeFrames(
  output: readonly (FrameCode | null)[],
  source: TimecodedVideo,
  sourceTimes: readonly number[],
): FrameJudgement {
  const first = source.times[0] ?? 0;
  const expected = sourceTimes.map((t) => {
    let shown = 0;
    while (shown + 1 < source.times.length && (source.times[shown + 1] as number) - first <= t + SAME_INSTANT_SECONDS)
      shown++;
    return source.codes[shown]?.value ?? null;
  });
  let wrongFrames = 0;
  let worstOffsetMs = 0;
  output.forEach((code, i) => {
    const want = expected[i];
    if (!code || want === null || want === undefined) return;
    if (code.value !== want) wrongFrames++;
    worstOffsetMs = Math.max(worstOffsetMs, Math.abs(code.value - want));
  });
  return {
    unreadable: output.filter((code) => code === null).length,
    wrongFrames,
    worstOffsetMs,
    longestFreeze: longestRun(output.map((code) => code?.value ?? null)),
    longestSourceFreeze: longestRun(expected),
  };
}

/** Longest run of equal, non-null neighbours. */
function longestRun(values: readonly (number | null)[]): number {
  let longest = 0;
  let run = 0;
  values.forEach((value, i) => {
    run = value !== null && value === values[i - 1] ? run + 1 : 1;
    longest = Math.max(longest, run);
  });
  return longest;
}
