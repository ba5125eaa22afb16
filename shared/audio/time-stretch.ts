import { SoundTouch } from 'soundtouchjs';

/**
 * Plays audio faster without raising its pitch (WSOLA time stretching by SoundTouch, the soundtouchjs port: plain
 * JavaScript, so it runs in the export worker with no WebAssembly or audio context). Fed planar float channels in
 * blocks, it gives back planar channels; SoundTouch works in stereo, so mono is doubled and a third channel onward
 * takes the first two's mix.
 */
export interface TimeStretcher {
  /** Feeds the next block (one array per channel, equal lengths); returns the stretched audio ready so far. */
  push(channels: readonly Float32Array[]): Float32Array[];
  /** The rest of the stretched audio, padded with silence where needed: all of it is exactly `totalFrames` long. */
  finish(): Float32Array[];
}

/** Frames of silence fed at the end to push SoundTouch's last samples out. */
const FLUSH_BLOCK = 4096;

/** A stretcher playing audio `rate` times as fast, whose output is cut or padded to exactly `totalFrames`. */
export function createTimeStretcher(
  rate: number,
  sampleRate: number,
  channelCount: number,
  totalFrames: number,
): TimeStretcher {
  const soundTouch = new SoundTouch();
  soundTouch.stretch.setParameters(sampleRate, 0, 0, 0);
  soundTouch.tempo = rate;
  let produced = 0;

  const take = (limit: number): Float32Array[] => {
    const frames = Math.max(0, Math.min(limit, soundTouch.outputBuffer.frameCount));
    const interleaved = new Float32Array(frames * 2);
    soundTouch.outputBuffer.receiveSamples(interleaved, frames);
    produced += frames;
    return deinterleave(interleaved, frames, channelCount);
  };
  const feed = (interleaved: Float32Array, frames: number) => {
    soundTouch.inputBuffer.putSamples(interleaved, 0, frames);
    soundTouch.process();
  };

  return {
    push(channels) {
      const frames = channels[0]?.length ?? 0;
      feed(interleave(channels, frames), frames);
      return take(totalFrames - produced);
    },
    finish() {
      const silence = new Float32Array(FLUSH_BLOCK * 2);
      // Enough silence to flush the overlap and seek windows (well under a second), never an endless loop.
      for (let i = 0; i < 64 && produced + soundTouch.outputBuffer.frameCount < totalFrames; i++)
        feed(silence, FLUSH_BLOCK);
      const rest = take(totalFrames - produced);
      const missing = Math.max(0, totalFrames - produced);
      produced += missing;
      return rest.map((channel) => {
        const padded = new Float32Array(channel.length + missing);
        padded.set(channel);
        return padded;
      });
    },
  };
}

function interleave(channels: readonly Float32Array[], frames: number): Float32Array {
  const left = channels[0] ?? new Float32Array(frames);
  const right = channels[1] ?? left;
  const extra = channels.slice(2);
  const out = new Float32Array(frames * 2);
  for (let i = 0; i < frames; i++) {
    let l = left[i] as number;
    let r = right[i] as number;
    for (const channel of extra) {
      const v = (channel[i] as number) / 2;
      l += v;
      r += v;
    }
    out[2 * i] = l;
    out[2 * i + 1] = r;
  }
  return out;
}

function deinterleave(interleaved: Float32Array, frames: number, channelCount: number): Float32Array[] {
  const channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
  for (let c = 0; c < channelCount; c++) {
    const channel = channels[c] as Float32Array;
    const side = c === 1 ? 1 : 0;
    for (let i = 0; i < frames; i++) channel[i] = interleaved[2 * i + side] as number;
  }
  return channels;
}
