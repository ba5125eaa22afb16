import { AudioSample, type AudioSampleSink } from 'mediabunny';
import { createTimeStretcher } from '../../../shared/audio/time-stretch';
import { isAudibleRate } from '../../../shared/time-map/speed';
import type { TimeMapSegment } from '../../../shared/time-map/time-map';
import { outputDurationMs, type TimelineEdits, timeMapOf } from '../../../shared/timeline/timeline';

/** A piece of the edited audio and the output time (s) it starts at. */
export interface EditedAudio {
  readonly sample: AudioSample;
  readonly outputSeconds: number;
}

/** The layout of the recording's audio track. */
interface AudioLayout {
  readonly numberOfChannels: number;
  readonly sampleRate: number;
}

/** Frames per block of silence written for a muted speed-up. */
const SILENCE_BLOCK = 4800;

/**
 * The kept audio laid end to end on the output clock, segment by segment of the time map: at normal speed the
 * decoded samples as they are; sped up to MAX_AUDIBLE_RATE time-stretched (pitch kept); faster, silence. A sped-up
 * segment ends exactly where the time map ends it, so the small drift of whole packets never adds up.
 */
export async function* editedAudio(
  sink: AudioSampleSink,
  timeline: TimelineEdits,
  firstTimestamp: number,
  layout: AudioLayout,
): AsyncGenerator<EditedAudio> {
  let outputSeconds = 0;
  const endOfVideo = outputDurationMs(timeline) / 1000;
  for (const segment of timeMapOf(timeline)) {
    const start = firstTimestamp + segment.sourceStartMs / 1000;
    const end = firstTimestamp + segment.sourceEndMs / 1000;
    const framesToEnd = Math.max(0, Math.round((segment.outputEndMs / 1000 - outputSeconds) * layout.sampleRate));
    if (segment.rate === 1) {
      for await (const sample of sink.samples(start, end)) {
        // A sample is kept when most of it lies inside the range, so audio stays in sync within half a packet.
        const middle = sample.timestamp + sample.duration / 2;
        if (middle < start || middle >= end || outputSeconds >= endOfVideo) {
          sample.close();
          continue;
        }
        yield { sample, outputSeconds };
        outputSeconds += sample.duration;
      }
    } else if (isAudibleRate(segment.rate)) {
      for await (const piece of stretched(sink, segment, start, end, framesToEnd, layout)) {
        yield { sample: piece, outputSeconds };
        outputSeconds += piece.numberOfFrames / layout.sampleRate;
      }
    } else {
      for (let done = 0; done < framesToEnd; done += SILENCE_BLOCK) {
        const sample = planarSample(
          silence(layout.numberOfChannels, Math.min(SILENCE_BLOCK, framesToEnd - done)),
          layout,
        );
        yield { sample, outputSeconds };
        outputSeconds += sample.numberOfFrames / layout.sampleRate;
      }
    }
  }
}

/** One sped-up segment's audio, time-stretched to exactly `totalFrames`. */
async function* stretched(
  sink: AudioSampleSink,
  segment: TimeMapSegment,
  start: number,
  end: number,
  totalFrames: number,
  layout: AudioLayout,
): AsyncGenerator<AudioSample> {
  const stretcher = createTimeStretcher(segment.rate, layout.sampleRate, layout.numberOfChannels, totalFrames);
  for await (const sample of sink.samples(start, end)) {
    const middle = sample.timestamp + sample.duration / 2;
    if (middle >= start && middle < end) {
      const out = stretcher.push(planarOf(sample, layout.numberOfChannels));
      if ((out[0]?.length ?? 0) > 0) yield planarSample(out, layout);
    }
    sample.close();
  }
  const rest = stretcher.finish();
  if ((rest[0]?.length ?? 0) > 0) yield planarSample(rest, layout);
}

function planarOf(sample: AudioSample, numberOfChannels: number): Float32Array[] {
  return Array.from({ length: numberOfChannels }, (_, planeIndex) => {
    const plane = new Float32Array(sample.numberOfFrames);
    sample.copyTo(plane, { planeIndex: Math.min(planeIndex, sample.numberOfChannels - 1), format: 'f32-planar' });
    return plane;
  });
}

function silence(numberOfChannels: number, frames: number): Float32Array[] {
  return Array.from({ length: numberOfChannels }, () => new Float32Array(frames));
}

function planarSample(channels: readonly Float32Array[], layout: AudioLayout): AudioSample {
  const frames = channels[0]?.length ?? 0;
  const data = new Float32Array(frames * channels.length);
  for (const [i, channel] of channels.entries()) data.set(channel, i * frames);
  return new AudioSample({
    data,
    format: 'f32-planar',
    numberOfChannels: channels.length,
    sampleRate: layout.sampleRate,
    timestamp: 0,
  });
}
