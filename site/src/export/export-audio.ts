// The export's sound: the kept audio laid end to end with the click sounds mixed in, or (for a recording without
// audio) silence with the click sounds; and the codec it is encoded with.
import { registerMp3Encoder } from '@mediabunny/mp3-encoder';
import {
  AudioSample,
  AudioSampleSink,
  type AudioSampleSource,
  getFirstEncodableAudioCodec,
  type Input,
  type InputAudioTrack,
} from 'mediabunny';
import { mixSoundCues, type SoundCue } from '../../../shared/audio/click-sounds';
import { ENCODER_DELAY_SAMPLES, type ExportAudioCodec, exportAudioCodec } from '../../../shared/export/codecs';
import { outputDurationMs } from '../../../shared/timeline/timeline';
import { browserEncodesAac } from './audio-support';
import { editedAudio } from './edited-audio';
import type { ExportControls, ExportJob } from './export-job';
import { throwIfCancelled } from './frame-loop';

/**
 * The first audio codec of `candidates` the browser can encode for this layout. An MP4 gets AAC where WebCodecs
 * encode it; elsewhere mediabunny's MP3 encoder (LAME in WebAssembly, started only then) is registered first, so
 * the MP4 carries MP3. It is imported statically: the worker is one file, which the offline cache keeps whole.
 */
export async function chooseAudioCodec(
  format: 'mp4' | 'webm',
  config: { readonly numberOfChannels: number; readonly sampleRate: number },
  candidates: readonly ExportAudioCodec[],
): Promise<ExportAudioCodec | null> {
  if (exportAudioCodec(format, await browserEncodesAac(config)) === 'mp3') {
    registerMp3Encoder();
  }
  return (await getFirstEncodableAudioCodec([...candidates], config)) as ExportAudioCodec | null;
}

/** The audio made for click sounds when the recording has no audio of its own. */
export const SOUNDS_ONLY_LAYOUT = { numberOfChannels: 2, sampleRate: 48_000 } as const;

/** `sample` (at output time `startSeconds`) with the click sounds that play during it mixed in; the same sample when none does. */
function withSounds(sample: AudioSample, startSeconds: number, cues: readonly SoundCue[], volume: number): AudioSample {
  const endMs = (startSeconds + sample.duration) * 1000;
  // A sound lasts well under 100 ms: only blocks that one reaches are decoded to floats and mixed.
  if (!cues.some((cue) => cue.outputMs < endMs && cue.outputMs + 100 > startSeconds * 1000)) return sample;
  const frames = sample.numberOfFrames;
  const data = new Float32Array(frames * sample.numberOfChannels);
  const channels = Array.from({ length: sample.numberOfChannels }, (_, i) =>
    data.subarray(i * frames, (i + 1) * frames),
  );
  for (const [planeIndex, channel] of channels.entries()) sample.copyTo(channel, { planeIndex, format: 'f32-planar' });
  mixSoundCues(channels, startSeconds, sample.sampleRate, cues, volume);
  return new AudioSample({
    data,
    format: 'f32-planar',
    numberOfChannels: sample.numberOfChannels,
    sampleRate: sample.sampleRate,
    timestamp: startSeconds,
  });
}

/** Silence with the click sounds in it, the length of the edited video (for a recording without audio). */
export async function encodeSounds(
  job: ExportJob,
  audioSource: AudioSampleSource,
  audioCodec: ExportAudioCodec,
  cues: readonly SoundCue[],
  controls: ExportControls,
): Promise<void> {
  const { numberOfChannels, sampleRate } = SOUNDS_ONLY_LAYOUT;
  const encoderDelay = ENCODER_DELAY_SAMPLES[audioCodec] ?? 0;
  const total = Math.round((outputDurationMs(job.composition.timeline) / 1000) * sampleRate);
  const block = 960;
  for (let start = 0; start < total; start += block) {
    throwIfCancelled(controls.signal);
    const frames = Math.min(block, total - start);
    const data = new Float32Array(frames * numberOfChannels);
    const channels = Array.from({ length: numberOfChannels }, (_, i) => data.subarray(i * frames, (i + 1) * frames));
    mixSoundCues(channels, start / sampleRate, sampleRate, cues, job.composition.settings.sounds.volume);
    const sample = new AudioSample({
      data,
      format: 'f32-planar',
      numberOfChannels,
      sampleRate,
      // Early by the encoder's delay, as in encodeAudio.
      timestamp: (start - encoderDelay) / sampleRate,
    });
    await audioSource.add(sample);
    sample.close();
  }
  audioSource.close();
}

/** The kept audio, laid end to end on the output clock (sped-up ranges stretched or muted), with the click sounds mixed in. */
export async function encodeAudio(
  job: ExportJob,
  audioTrack: InputAudioTrack,
  audioSource: AudioSampleSource,
  audioCodec: ExportAudioCodec,
  firstTimestamp: number,
  controls: ExportControls,
  cues: readonly SoundCue[],
): Promise<void> {
  const encoderDelaySeconds = (ENCODER_DELAY_SAMPLES[audioCodec] ?? 0) / audioTrack.sampleRate;
  const sink = new AudioSampleSink(audioTrack);
  for await (const { sample, outputSeconds } of editedAudio(
    sink,
    job.composition.timeline,
    firstTimestamp,
    audioTrack,
  )) {
    throwIfCancelled(controls.signal);
    const mixed = withSounds(sample, outputSeconds, cues, job.composition.settings.sounds.volume);
    // Early by the encoder's delay: the MP4's edit list then skips the silence it puts first.
    mixed.setTimestamp(outputSeconds - encoderDelaySeconds);
    await audioSource.add(mixed);
    if (mixed !== sample) mixed.close();
    sample.close();
  }
  audioSource.close();
}

/** The audio track, when the browser can decode it (an undecodable one is left out rather than failing). */
export async function usableAudioTrack(input: Input): Promise<InputAudioTrack | null> {
  const track = await input.getPrimaryAudioTrack();
  if (!track) return null;
  return (await track.canDecode()) ? track : null;
}
