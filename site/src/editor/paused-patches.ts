import { ALL_FORMATS, BlobSource, EncodedPacketSink, Input, type VideoSample, VideoSampleSink } from 'mediabunny';
import type { Recording } from '../../../shared/recording/recording';
import type { FramePatch } from '../../../shared/render/burned-pointer-restore';
import { patchCuts } from '../../../shared/render/clean-neighbour-choice';

/** The clean neighbours' pixels for one paused frame, and the frames they come from (closed by `release`). */
export interface PausedFramePatches {
  readonly patches: readonly FramePatch[];
  release(): void;
}

/**
 * The paused preview restores the burned-in pointer as the export does (shared/render/burned-pointer-restore.ts): the
 * frame's clean neighbours, up to 1.5 s away, decoded on a decoder of their own (the paused frames' decoder keeps its
 * frames for scrubbing and is not held up), each neighbour's pixels cut from the frame itself by the painter.
 */
export class PausedPatches {
  private requested = 0;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly input: Input,
    private readonly sink: VideoSampleSink,
    private readonly recording: Recording,
    /** The source frames' times (ms, sorted), and the video's size. */
    private readonly frameTimes: readonly number[],
    private readonly size: { readonly width: number; readonly height: number },
  ) {}

  /** Opens `video` for `recording`'s neighbours; null when it has no pointer burned in or cannot be decoded. */
  static async open(video: Blob, recording: Recording): Promise<PausedPatches | null> {
    if (recording.video.pointerInVideo !== true) return null;
    const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(video) });
    try {
      const track = await input.getPrimaryVideoTrack();
      if (track && (await track.canDecode())) {
        const times: number[] = [];
        for await (const packet of new EncodedPacketSink(track).packets(undefined, undefined, { metadataOnly: true })) {
          times.push(Math.round(packet.timestamp * 1e6) / 1000);
        }
        times.sort((a, b) => a - b);
        const size = { width: track.displayWidth, height: track.displayHeight };
        return new PausedPatches(input, new VideoSampleSink(track), recording, times, size);
      }
    } catch {
      // Unreadable: the paused preview fills the pointer instead.
    }
    input.dispose();
    return null;
  }

  /**
   * The patches for the paused frame taken at `pictureMs` (its timestamp, ms); null when a later call superseded
   * this one (only the latest paused frame is worth decoding for). Empty when it needs none or none is clean.
   */
  patchesFor(pictureMs: number): Promise<PausedFramePatches | null> {
    const request = ++this.requested;
    const result = this.queue.then(async (): Promise<PausedFramePatches | null> => {
      if (request !== this.requested) return null;
      const cuts = patchCuts(this.recording, pictureMs, this.frameTimes, this.size);
      const times = [...new Set(cuts.map((cut) => cut.fromMs))].sort((a, b) => a - b);
      const samples = new Map<number, VideoSample>();
      const release = () => {
        for (const sample of samples.values()) sample.close();
      };
      try {
        let index = 0;
        for await (const sample of this.sink.samplesAtTimestamps(times.map((ms) => ms / 1000))) {
          const ms = times[index++];
          if (sample && ms !== undefined) samples.set(ms, sample);
          if (request !== this.requested) break;
        }
      } catch (error) {
        release();
        throw error;
      }
      if (request !== this.requested) {
        release();
        return null;
      }
      const patches = cuts.flatMap((cut) => {
        const sample = samples.get(cut.fromMs);
        return sample ? [{ ...cut, frame: sample.toCanvasImageSource() }] : [];
      });
      return { patches, release };
    });
    this.queue = result.catch(() => null);
    return result;
  }

  /** Stops what is asked and releases the decoder and the file. */
  async close(): Promise<void> {
    this.requested++;
    await this.queue;
    this.input.dispose();
  }
}
