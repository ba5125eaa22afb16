import type { ClickSoundSettings } from '../look/render-settings';
import type { Recording } from '../recording/recording';
import { isKept, outputTimeAt, type TimelineEdits } from '../timeline/timeline';

/** The sounds mixed into an export: a short tick per click and a softer, shorter one per key press. */
export const CLICK_SOUND = {
  click: { durationMs: 45, peak: 1, tones: [2100, 3400], decayMs: 9 },
  key: { durationMs: 30, peak: 0.55, tones: [2900, 4700], decayMs: 6 },
} as const;

/** Which sound a cue plays. */
export type SoundKind = keyof typeof CLICK_SOUND;

/** A sound to play at a time of the exported video. */
export interface SoundCue {
  /** Output time, ms: where in the exported file the sound starts. */
  readonly outputMs: number;
  readonly kind: SoundKind;
}

/**
 * The sounds of an export, sorted: one per click (and per key press when key sounds are on: its time is all a
 * recording keeps of it) that the timeline keeps, at the output time it plays.
 */
export function soundCues(
  recording: Pick<Recording, 'clicks' | 'typing' | 'shortcuts'>,
  timeline: TimelineEdits,
  sounds: ClickSoundSettings,
): SoundCue[] {
  if (sounds.volume <= 0) return [];
  const cues: SoundCue[] = [];
  const add = (t: number, kind: SoundKind) => {
    if (isKept(timeline, t)) cues.push({ outputMs: outputTimeAt(timeline, t), kind });
  };
  if (sounds.clicks) for (const c of recording.clicks) add(c.t, 'click');
  if (sounds.keys) for (const k of [...recording.typing, ...recording.shortcuts]) add(k.t, 'key');
  return cues.sort((a, b) => a.outputMs - b.outputMs);
}

const waves = new Map<string, Float32Array>();

/**
 * The waveform of a sound at `sampleRate` (mono, peak `CLICK_SOUND[kind].peak`): two tones under a fast
 * exponential decay, starting at full strength on the first sample so its onset is exact. Deterministic.
 */
export function soundWave(kind: SoundKind, sampleRate: number): Float32Array {
  const key = `${kind}/${sampleRate}`;
  const cached = waves.get(key);
  if (cached) return cached;
  const { durationMs, peak, tones, decayMs } = CLICK_SOUND[kind];
  const length = Math.round((durationMs / 1000) * sampleRate);
  const wave = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const seconds = i / sampleRate;
    const envelope = Math.exp(-(seconds * 1000) / decayMs);
    const tone = tones.reduce((sum, hz) => sum + Math.cos(2 * Math.PI * hz * seconds), 0) / tones.length;
    wave[i] = peak * envelope * tone;
  }
  waves.set(key, wave);
  return wave;
}

/**
 * Adds the cues that sound during a block of audio into its channels (planar: one array per channel, all the same
 * length), which starts at output time `startSeconds`; `volume` scales them. Values are kept within -1..1.
 */
export function mixSoundCues(
  channels: readonly Float32Array[],
  startSeconds: number,
  sampleRate: number,
  cues: readonly SoundCue[],
  volume: number,
): void {
  const length = channels[0]?.length ?? 0;
  const blockStart = Math.round(startSeconds * sampleRate);
  for (const cue of cues) {
    const wave = soundWave(cue.kind, sampleRate);
    const cueStart = Math.round((cue.outputMs / 1000) * sampleRate);
    const from = Math.max(0, cueStart - blockStart);
    const to = Math.min(length, cueStart + wave.length - blockStart);
    for (let i = from; i < to; i++) {
      const value = volume * (wave[i + blockStart - cueStart] ?? 0);
      for (const channel of channels) channel[i] = Math.max(-1, Math.min(1, (channel[i] ?? 0) + value));
    }
  }
}
