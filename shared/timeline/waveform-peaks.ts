/**
 * The loudness outline the timeline draws under the video: the largest absolute sample value in each bucket of
 * `bucketMs`, from 0 (silence) to 1 (full scale). Filled piece by piece as decoded audio arrives, so the waveform
 * can be drawn before the whole file is read.
 */
export interface WaveformPeaks {
  readonly bucketMs: number;
  readonly peaks: Float32Array;
}

/** Buckets a waveform of a `durationMs` recording has: about `perSecond` a second, at most `maxBuckets`. */
export function emptyWaveform(durationMs: number, perSecond = 100, maxBuckets = 20_000): WaveformPeaks {
  const count = Math.max(1, Math.min(maxBuckets, Math.ceil((durationMs / 1000) * perSecond)));
  return { bucketMs: Math.max(1, durationMs) / count, peaks: new Float32Array(count) };
}

/**
 * Adds one stretch of decoded sound: `samples` (one channel, or several mixed down) at `sampleRate`, the first at
 * `startMs` of the recording. Samples outside the recording are left out.
 */
export function addToWaveform(
  waveform: WaveformPeaks,
  samples: Float32Array,
  sampleRate: number,
  startMs: number,
): void {
  const { bucketMs, peaks } = waveform;
  const msPerSample = 1000 / sampleRate;
  for (let i = 0; i < samples.length; i++) {
    const bucket = Math.floor((startMs + i * msPerSample) / bucketMs);
    if (bucket < 0 || bucket >= peaks.length) continue;
    const value = Math.min(1, Math.abs(samples[i] ?? 0));
    if (value > (peaks[bucket] ?? 0)) peaks[bucket] = value;
  }
}

/** The loudest peak from `fromMs` to `toMs` (at least the bucket at `fromMs`), for drawing one pixel column. */
export function peakBetween(waveform: WaveformPeaks, fromMs: number, toMs: number): number {
  const { bucketMs, peaks } = waveform;
  const first = Math.max(0, Math.floor(fromMs / bucketMs));
  const last = Math.min(peaks.length - 1, Math.max(first, Math.ceil(toMs / bucketMs) - 1));
  let peak = 0;
  for (let i = first; i <= last; i++) peak = Math.max(peak, peaks[i] ?? 0);
  return peak;
}
