import { ALL_FORMATS, BlobSource, EncodedPacketSink, Input, type VideoSample, VideoSampleSink } from 'mediabunny';
import { framesShowingAt, SAME_INSTANT_SECONDS, type ShownFrame } from '../../../shared/export/frame-choice';
import { DecodedFrames, type KeptSpan } from './decoded-frames';

/** Decoded frames kept per file for scrubbing (a 1080p frame takes about 3 MB, a 720p one 1.4 MB). */
const KEPT_BYTES = 128 * 1024 * 1024;
/** The frame interval the kept stretch is planned with (a tab recording has at most 30 frames a second). */
const FRAME_SECONDS = 1 / 30;

/**
 * The paused preview's frames, chosen exactly as the export chooses them (the frame showing at the time), decoded with
 * mediabunny rather than taken from a `<video>` element: after a seek, Chrome shows the first frame whose estimated
 * duration still covers the time, which on a tab recording's irregular frame times is often the one before.
 * A move forward reads on from the last frame when no key frame lies between; other moves start again from the key
 * frame before the time, so a scrub decodes as few frames as the file allows. Every frame decoded is kept (with the
 * time it shows) up to a memory budget, and once a frame is shown the frames around it are decoded until the budget
 * is full or a frame that is not kept is asked for: scrubbing there then shows the frame at once, without decoding.
 */
export class ExactFrames {
  /** The forward reader: its frames, and the time its next frame is asked for (read by the chooser when resumed). */
  private reader: { frames: AsyncGenerator<ShownFrame<VideoSample>, void, unknown>; time: number } | null = null;
  private requested = 0;
  /** Requests that needed the decoder: each stops the filling around the playhead. */
  private decodes = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly kept = new DecodedFrames<VideoSample>(KEPT_BYTES);
  /** Where the frames around are to be decoded (seconds); null while resting (playing). */
  private fillCentre: number | null = null;
  private filling = false;
  /** The kept stretch last told to onKept. */
  private reported: KeptSpan | null = null;
  /** Told the unbroken stretch of kept frames around the playhead (ms from the first frame) when a fill ends. */
  onKept: ((span: { startMs: number; endMs: number }) => void) | null = null;

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
        // Kept frames must not come from a hardware decoder's small pool of pictures: held, they would stall it.
        const config = await track.getDecoderConfig();
        const software =
          config !== null &&
          (await VideoDecoder.isConfigSupported({ ...config, hardwareAcceleration: 'prefer-software' })
            .then((support) => support.supported === true)
            .catch(() => false));
        return new ExactFrames(
          input,
          new VideoSampleSink(track, software ? { hardwareAcceleration: 'prefer-software' } : {}),
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
   * The frame showing at `ms` (from the first frame), a copy the caller closes; null when a later call superseded
   * this one or the file has no frame there. A kept frame comes at once (in this task).
   */
  frameAt(ms: number): Promise<VideoSample | null> {
    const request = ++this.requested;
    const time = this.first + ms / 1000;
    const kept = this.kept.showingAt(time);
    if (kept) {
      this.fillAround(time);
      return Promise.resolve(kept);
    }
    this.decodes++;
    const result = this.queue.then(async () => {
      if (request !== this.requested) return null;
      const reader = this.reader;
      if (!reader || time < reader.time || (await this.keyFrameBetween(reader.time, time))) {
        await reader?.frames.return(undefined);
        const fresh = { time, frames: null as unknown as AsyncGenerator<ShownFrame<VideoSample>, void, unknown> };
        const times: Iterable<number> = {
          [Symbol.iterator]: () => ({ next: () => ({ value: fresh.time, done: false }) }),
        };
        fresh.frames = framesShowingAt(this.keeping(this.sink.samples(time)), times, (sample) => sample.close());
        this.reader = fresh;
      }
      const current = this.reader as NonNullable<ExactFrames['reader']>;
      current.time = time;
      const next = await current.frames.next();
      return next.done ? null : next.value.frame.clone();
    });
    this.queue = result.catch(() => null);
    void result.then((frame) => frame && request === this.requested && this.fillAround(time));
    return result;
  }

  /**
   * Stops decoding frames around the playhead, and drops the requests not yet answered (while playing, the decoder's
   * work would slow the playback).
   */
  rest(): void {
    this.requested++;
    this.fillCentre = null;
  }

  /** `samples` as they are decoded, each kept with the time it shows (until the next one starts). */
  private async *keeping(samples: AsyncGenerator<VideoSample>): AsyncGenerator<VideoSample> {
    let previous: VideoSample | null = null;
    for await (const sample of samples) {
      if (previous) this.kept.add(previous, sample.timestamp, this.fillCentre ?? sample.timestamp);
      previous = sample;
      yield sample;
    }
    // The file's last frame shows to its end.
    if (previous) this.kept.add(previous, Number.POSITIVE_INFINITY, this.fillCentre ?? previous.timestamp);
  }

  /** Decodes the frames around `time` (seconds) into the kept ones, after what is queued; see fill(). */
  private fillAround(time: number): void {
    this.fillCentre = time;
    if (this.filling) return;
    this.filling = true;
    this.queue = this.queue
      .then(() => this.fill())
      .catch(() => undefined)
      .finally(() => {
        this.filling = false;
      });
  }

  /**
   * Decodes the frames around the fill centre until the budget's reach either side of it is kept: first on from the
   * key frame before the end of the kept stretch, then back one key frame's run at a time, so no frame is decoded
   * twice. Stops at a request that needs the decoder, or when resting; follows the centre as the playhead moves.
   * At most a budget's worth of frames per centre: frames denser than planned would push each other out.
   */
  private async fill(): Promise<void> {
    const decodes = this.decodes;
    const stopped = () => this.fillCentre === null || decodes !== this.decodes;
    let planned: number | null = null;
    let allowance = 0;
    while (!stopped()) {
      const centre = this.fillCentre as number;
      const span = this.kept.spanAround(centre);
      const shown = span && this.kept.showingAt(centre);
      if (!span || !shown) return;
      const capacity = this.kept.capacity(shown);
      // Planned with the frames kept so far, at most 30 a second (a still stretch of a tab recording has long ones).
      const seen = span.frames > 1 ? (span.lastStart - span.start) / (span.frames - 1) : FRAME_SECONDS;
      const frameSeconds = Math.min(FRAME_SECONDS, seen);
      shown.close();
      if (centre !== planned) {
        planned = centre;
        allowance = capacity;
      }
      const reach = (capacity / 2) * frameSeconds;
      const from = Math.max(this.first, centre - reach);
      let decoded = 0;
      if (span.end < centre + reach) {
        const key = await this.keyFrameAtOrBefore(span.end);
        decoded = await this.decode(Math.max(key, from), centre + reach, centre, stopped);
      } else if (span.start > from + SAME_INSTANT_SECONDS) {
        const key = await this.keyFrameAtOrBefore(span.start - 2 * SAME_INSTANT_SECONDS);
        decoded = await this.decode(Math.max(key, from), span.start, centre, stopped);
      } else break;
      allowance -= decoded;
      if (decoded === 0 || allowance <= 0) break;
    }
    if (stopped() || this.fillCentre === null) return;
    const span = this.kept.spanAround(this.fillCentre);
    if (span && (span.start !== this.reported?.start || span.end !== this.reported.end)) {
      this.reported = span;
      this.onKept?.(this.msOf(span));
    }
  }

  /**
   * Decodes from `from` until the frame starting at or after `to` (seconds), keeping each frame with the time it
   * shows (the file's last frame shows to its end); how many frames it decoded.
   */
  private async decode(from: number, to: number, near: number, stopped: () => boolean): Promise<number> {
    const samples = this.sink.samples(from);
    let previous: VideoSample | null = null;
    let decoded = 0;
    try {
      for await (const sample of samples) {
        decoded++;
        if (previous) this.kept.add(previous, sample.timestamp, near);
        previous?.close();
        previous = sample;
        if (sample.timestamp >= to - SAME_INSTANT_SECONDS || stopped()) return decoded;
      }
      if (previous) this.kept.add(previous, Number.POSITIVE_INFINITY, near);
      return decoded;
    } finally {
      previous?.close();
      await samples.return(undefined);
    }
  }

  /** The time of the key frame at or before `time` (seconds); the first frame's when none is found. */
  private async keyFrameAtOrBefore(time: number): Promise<number> {
    const key = await this.packets.getKeyPacket(time, { metadataOnly: true }).catch(() => null);
    return key?.timestamp ?? this.first;
  }

  /** Whether a key frame lies after `from` and at or before `to` (seconds): decoding afresh from it is shorter. */
  private async keyFrameBetween(from: number, to: number): Promise<boolean> {
    const key = await this.packets.getKeyPacket(to, { metadataOnly: true }).catch(() => null);
    return key !== null && key.timestamp > from;
  }

  private msOf(span: KeptSpan): { startMs: number; endMs: number } {
    return { startMs: (span.start - this.first) * 1000, endMs: (span.end - this.first) * 1000 };
  }

  /** Releases the decoder, the kept frames and the file. */
  async close(): Promise<void> {
    this.requested++;
    this.decodes++;
    this.fillCentre = null;
    await this.queue;
    await this.reader?.frames.return(undefined);
    this.reader = null;
    this.kept.clear();
    this.input.dispose();
  }
}
