// Reads an export's sound with ffmpeg, to measure what a listener would hear: its pitch and its loudness.
import { execFileSync } from 'node:child_process';
import { findFfmpeg } from '../../scripts/lib/system-tools';

/** Sample rate the sound is decoded at. */
export const PCM_RATE = 48_000;

/** The first audio stream of `path`, decoded by ffmpeg to mono floats at PCM_RATE (time 0 = the file's start). */
export function decodePcm(path: string): Float32Array {
  const tools = findFfmpeg();
  if (!tools) throw new Error('ffmpeg is needed to read exported sound (npm test installs it).');
  const bytes = execFileSync(
    tools.ffmpeg,
    ['-v', 'error', '-i', path, '-map', '0:a:0', '-ac', '1', '-ar', String(PCM_RATE), '-f', 'f32le', '-'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/** The samples between `fromMs` and `toMs`. */
export function pcmBetween(pcm: Float32Array, fromMs: number, toMs: number): Float32Array {
  return pcm.subarray(Math.round((fromMs / 1000) * PCM_RATE), Math.round((toMs / 1000) * PCM_RATE));
}

/** The frequency of a tone, Hz, from its upward zero crossings (first to last, so partial periods don't count). */
export function toneFrequency(samples: Float32Array): number {
  const crossings: number[] = [];
  for (let i = 1; i < samples.length; i++)
    if ((samples[i - 1] as number) < 0 && (samples[i] as number) >= 0) crossings.push(i);
  if (crossings.length < 2) return 0;
  return ((crossings.length - 1) * PCM_RATE) / ((crossings[crossings.length - 1] as number) - (crossings[0] as number));
}

/** Root mean square level (a full-scale sine is 0.71). */
export function rms(samples: Float32Array): number {
  let sum = 0;
  for (const value of samples) sum += value * value;
  return Math.sqrt(sum / Math.max(1, samples.length));
}
