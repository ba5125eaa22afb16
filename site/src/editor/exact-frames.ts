import { ALL_FORMATS, BlobSource, EncodedPacketSink, Input, type VideoSample, VideoSampleSink } from 'mediabunny';
import { framesShowingAt, type ShownFrame } from '../../../shared/export/frame-choice';

/**
 * The paused preview's frames, chosen exactly as the export chooses them (the frame showing at the time), decoded with
 * mediabunny rather than taken from a `<video>` element: after a seek, Chrome shows the first frame whose estimated
 * duration still covers the time, which on a tab recording's irregular frame times is often the one before.
 * A move forward reads on from the last frame when no key frame lies between; other moves start again from the key
 * frame before the time, so a scrub decodes as few frames as the file allows.
 */
export class ExactFrames {
  /** The forward reader: its frames, and the time its next frame is asked for (read by the chooser when resumed). */
  private reader: { frames: AsyncGenerator<ShownFrame<VideoSample>, void, unknown>; time: number } | null = null;
  private requested = 0;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly input: Input,
    private readonly sink: VideoSampleSink,
    private readonly packets: EncodedPacketSink,
    private readonly first: number,
  ) {}

  /** Opens a video file; null when this browser cannot decode it. */
  static async open(video: Blob): Promise<ExactFrames | null> {
    const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(video) });
    try {
      const track = await input.getPrimaryVideoTrack();
      if (track && (await track.canDecode())) {
        return new ExactFrames(
          input,
          new VideoSampleSink(track),
          new EncodedPacketSink(track),
          await track.getFirstTimestamp(),
        );
      }
    } catch {
      // Unreadable: as undecodable.
    }
    input.dispose();
    return null;
  }

  /**
   * The frame showing at `ms` (from the first frame), borrowed until the next call or close(); null when a later
   * call superseded this one or the file has no frame there.
   */
  frameAt(ms: number): Promise<VideoSample | null> {
    const request = ++this.requested;
    const result = this.queue.then(async () => {
      if (request !== this.requested) return null;
      const time = this.first + ms / 1000;
      const reader = this.reader;
      if (!reader || time < reader.time || (await this.keyFrameBetween(reader.time, time))) {
        await reader?.frames.return(undefined);
        const fresh = { time, frames: null as unknown as AsyncGenerator<ShownFrame<VideoSample>, void, unknown> };
        const times: Iterable<number> = {
          [Symbol.iterator]: () => ({ next: () => ({ value: fresh.time, done: false }) }),
        };
        fresh.frames = framesShowingAt(this.sink.samples(time), times, (sample) => sample.close());
        this.reader = fresh;
      }
      const current = this.reader as NonNullable<ExactFrames['reader']>;
      current.time = time;
      const next = await current.frames.next();
      return next.done ? null : next.value.frame;
    });
    this.queue = result.catch(() => null);
    return result;
  }

  /** Whether a key frame lies after `from` and at or before `to` (seconds): decoding afresh from it is shorter. */
  private async keyFrameBetween(from: number, to: number): Promise<boolean> {
    const key = await this.packets.getKeyPacket(to, { metadataOnly: true }).catch(() => null);
    return key !== null && key.timestamp > from;
  }

  /** Releases the decoder and the file. */
  async close(): Promise<void> {
    this.requested++;
    await this.queue;
    await this.reader?.frames.return(undefined);
    this.reader = null;
    this.input.dispose();
  }
}
