import { EncodedPacketSink, type InputVideoTrack, type VideoSample, VideoSampleSink } from 'mediabunny';
import {
  framesShowingAt,
  heldFramesOf,
  SAME_INSTANT_SECONDS,
  type ShownFrame,
} from '../../../shared/export/frame-choice';

/**
 * The frame of `track` showing at each of `times` (seconds on the track's clock, non-decreasing), decoded in one
 * forward pass from the frame showing at the first time. Samples are closed by the generator (see framesShowingAt).
 */
export function videoFramesAt(
  track: InputVideoTrack,
  times: readonly number[],
): AsyncGenerator<ShownFrame<VideoSample>, void, unknown> {
  const first = times[0] ?? 0;
  const last = times[times.length - 1] ?? 0;
  // In software: decoding is far from the export's limit (250 fps at 1080p here), and a software decoder takes packets
  // as they come, so mediabunny keeps fewer of them queued (patches/mediabunny+*.patch): 40 queued 1080p packets became
  // about 120 MB of decoded frames waiting for the painter, and Chromium's decoder kept that pool to the end.
  const samples = new VideoSampleSink(track, { hardwareAcceleration: 'prefer-software' }).samples(
    first,
    last + 2 * SAME_INSTANT_SECONDS,
  );
  return framesShowingAt(samples, times, (sample) => sample.close());
}

/**
 * How many of `times` the file itself shows a held frame at (its own gaps: a tab capture sends no frame while the
 * page is still), from its packet timestamps alone, without decoding.
 */
export async function sourceHeldFrames(
  track: InputVideoTrack,
  times: readonly number[],
  frameInterval: number,
): Promise<number> {
  const timestamps: number[] = [];
  for await (const packet of new EncodedPacketSink(track).packets(undefined, undefined, { metadataOnly: true })) {
    timestamps.push(packet.timestamp);
  }
  return heldFramesOf(timestamps, times, frameInterval);
}
