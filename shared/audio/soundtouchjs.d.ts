// Types for the parts of soundtouchjs (plain JS, no bundled types) the time stretch uses.
declare module 'soundtouchjs' {
  /** Interleaved stereo frames. */
  export class FifoSampleBuffer {
    readonly frameCount: number;
    putSamples(samples: Float32Array, position?: number, numFrames?: number): void;
    receiveSamples(output: Float32Array, numFrames?: number): void;
  }
  export class Stretch {
    setParameters(sampleRate: number, sequenceMs: number, seekWindowMs: number, overlapMs: number): void;
  }
  export class SoundTouch {
    tempo: number;
    readonly stretch: Stretch;
    readonly inputBuffer: FifoSampleBuffer;
    readonly outputBuffer: FifoSampleBuffer;
    process(): void;
  }
}
