import { registerMp3Encoder } from '@mediabunny/mp3-encoder';
import {
  ALL_FORMATS,
  AudioSample,
  AudioSampleSink,
  AudioSampleSource,
  BlobSource,
  getFirstEncodableAudioCodec,
  getFirstEncodableVideoCodec,
  Input,
  type InputAudioTrack,
  type InputVideoTrack,
  Mp4OutputFormat,
  Output,
  Quality,
  StreamTarget,
  type StreamTargetChunk,
  VideoSample,
  VideoSampleSource,
  WebMOutputFormat,
} from 'mediabunny';
import { mixSoundCues, type SoundCue, soundCues } from '../../../shared/audio/click-sounds';
import {
  codecCandidates,
  ENCODER_DELAY_SAMPLES,
  type ExportAudioCodec,
  type ExportVideoCodec,
  exportAudioCodec,
  exportMimeType,
} from '../../../shared/export/codecs';
import { audioBitrate, videoBitrate, videoQuantizer } from '../../../shared/export/export-options';
import { holdInterval, isHeld, type ShownFrame } from '../../../shared/export/frame-choice';
import { createExportPainter } from '../../../shared/render/output-painter';
import { outputDurationMs, outputFrameTimes } from '../../../shared/timeline/timeline';
import { browserEncodesAac } from './audio-support';
import { editedAudio } from './edited-audio';
import { type ExportFile, openExportFile } from './export-file';
import { ExportCancelledError, type ExportJob, type ExportProgress, type ExportResult } from './export-job';
import { exportGif } from './gif-export';
import { sourceHeldFrames, videoFramesAt } from './source-frames';
import { openWebcamFrames, type WebcamFrames } from './webcam-frames';

/** Callbacks and cancellation of a running export. */
export interface ExportControls {
  readonly onProgress?: (progress: ExportProgress) => void;
  readonly signal?: AbortSignal;
}

/**
 * Exports a job to MP4, WebM or GIF, written to the job's destination as it is made. Runs in a Worker or on a page;
 * needs WebCodecs and OffscreenCanvas. The file is complete when this resolves; on failure or cancel it is given up.
 */
export async function runExport(job: ExportJob, controls: ExportControls = {}): Promise<ExportResult> {
  const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(job.video) });
  let file: ExportFile | null = null;
  try {
    const videoTrack = await input.getPrimaryVideoTrack();
    if (!videoTrack) throw new Error('The recording has no video track.');
    if (!(await videoTrack.canDecode())) throw new Error('This browser cannot decode the recording’s video codec.');
    file = await openExportFile(job.destination);
    const made =
      job.options.format === 'gif'
        ? await exportGif(job, videoTrack, file.writable, controls)
        : await exportVideo(job, input, videoTrack, file.writable, controls);
    throwIfCancelled(controls.signal);
    return { ...made, size: await file.commit() };
  } catch (error) {
    await file?.discard();
    throw error;
  } finally {
    input.dispose();
  }
}

async function exportVideo(
  job: ExportJob,
  input: Input,
  videoTrack: InputVideoTrack,
  writable: WritableStream<StreamTargetChunk>,
  controls: ExportControls,
): Promise<Omit<ExportResult, 'size'>> {
  const format = job.options.format === 'webm' ? 'webm' : 'mp4';
  const candidates = codecCandidates(format);
  const { width, height } = job;
  const frameRate = job.options.frameRate;
  const videoCodec = (await getFirstEncodableVideoCodec([...candidates.video], {
    width,
    height,
  })) as ExportVideoCodec | null;
  if (!videoCodec) throw new Error(`This browser cannot encode ${format.toUpperCase()} video at ${width}×${height}.`);

  const audioTrack = await usableAudioTrack(input);
  // Click sounds go into the source's audio, or make the file's only audio when the recording has none.
  const cues = soundCues(job.recording, job.timeline, job.settings.sounds);
  const audioLayout = audioTrack
    ? { numberOfChannels: audioTrack.numberOfChannels, sampleRate: audioTrack.sampleRate }
    : cues.length > 0
      ? SOUNDS_ONLY_LAYOUT
      : null;
  const audioCodec = audioLayout ? await chooseAudioCodec(format, audioLayout, candidates.audio) : null;

  // Written to the file as it is made: the MP4's index (moov) goes at the end, the WebM's Cues likewise.
  const output = new Output({
    format: format === 'mp4' ? new Mp4OutputFormat({ fastStart: false }) : new WebMOutputFormat(),
    target: new StreamTarget(writable),
  });
  let rateControl: ExportResult['rateControl'] = 'bitrate';
  const videoSource = new VideoSampleSource({
    codec: videoCodec,
    quality: new Quality({
      quantizer: videoQuantizer(job.options.quality, videoCodec),
      bitrate: videoBitrate(width, height, frameRate, job.options.quality, videoCodec),
    }),
    keyFrameInterval: 2,
    onEncoderConfig: (config) => {
      rateControl = config.bitrateMode === 'quantizer' ? 'quantizer' : 'bitrate';
    },
  });
  output.addVideoTrack(videoSource, { frameRate });
  const audioSource =
    audioLayout && audioCodec
      ? new AudioSampleSource({
          codec: audioCodec,
          quality: new Quality({ bitrate: audioBitrate(job.options.quality) }),
        })
      : null;
  if (audioSource) output.addAudioTrack(audioSource);

  const onAbort = () => void output.cancel();
  controls.signal?.addEventListener('abort', onAbort);
  try {
    await output.start();
    const firstTimestamp = await videoTrack.getFirstTimestamp();
    // Video and audio are fed at the same time: the muxer interleaves them and would stall on one alone.
    const [video] = await Promise.all([
      encodeVideoFrames(job, videoTrack, videoSource, firstTimestamp, controls),
      audioSource && audioCodec
        ? audioTrack
          ? encodeAudio(job, audioTrack, audioSource, audioCodec, firstTimestamp, controls, cues)
          : encodeSounds(job, audioSource, audioCodec, cues, controls)
        : undefined,
    ]);
    throwIfCancelled(controls.signal);
    await output.finalize();
    return {
      mimeType: exportMimeType(format),
      videoCodec,
      audioCodec: audioSource ? audioCodec : null,
      ...video,
      rateControl,
    };
  } catch (error) {
    if (output.state !== 'canceled' && output.state !== 'finalized') await output.cancel();
    if (controls.signal?.aborted) throw new ExportCancelledError();
    throw error;
  } finally {
    controls.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Decode → paint → encode, pipelined: mediabunny decodes ahead, the encoder works on its own threads, and this
 * thread paints the next frame while the encoder takes the last one. Source frames are read in one forward pass
 * (see source-frames.ts); a frame the source lacks is never painted empty: the one before it is held, and counted.
 */
async function encodeVideoFrames(
  job: ExportJob,
  videoTrack: InputVideoTrack,
  videoSource: VideoSampleSource,
  firstTimestamp: number,
  controls: ExportControls,
): Promise<Pick<ExportResult, 'frames' | 'planarFrames' | 'timings' | 'heldFrames' | 'sourceHeldFrames'>> {
  const frameRate = job.options.frameRate;
  const times = outputFrameTimes(job.timeline, frameRate);
  const trackTimes = times.map((t) => firstTimestamp + t / 1000);
  const interval = holdInterval(frameRate, job.recording.video.frameRate);
  // A job carries its composition (recording, settings, zooms, watermark, pictures).
  const painter = createExportPainter(job, { width: job.width, height: job.height });
  const sources = videoFramesAt(videoTrack, trackTimes);
  const webcam = await openWebcamFrames(job, times);
  const progress = progressReporter(times.length, controls);
  const timings = { decodeWaitMs: 0, paintMs: 0, encodeWaitMs: 0 };
  let pending: Promise<void> = Promise.resolve();
  let index = 0;
  let heldFrames = 0;
  let video = null as { sample: VideoSample; frame: VideoFrame } | null;
  try {
    let mark = performance.now();
    for await (const shown of sources) {
      const decoded = performance.now();
      timings.decodeWaitMs += decoded - mark;
      throwIfCancelled(controls.signal);
      if (isHeld(shown.age, interval)) heldFrames++;
      const webcamShown = webcam ? await nextWebcamFrame(webcam) : null;
      // A held source frame is handed over as the same VideoFrame: the painter then reuses the video it scaled.
      if (video?.sample !== shown.frame) {
        video?.frame.close();
        video = { sample: shown.frame, frame: shown.frame.toVideoFrame() };
      }
      const webcamFrame = webcamShown?.frame.toVideoFrame() ?? null;
      let frame: VideoFrame;
      try {
        frame = await painter.paint(video.frame, times[index] as number, webcamFrame, {
          timestampUs: Math.round((index * 1e6) / frameRate),
          durationUs: Math.round(1e6 / frameRate),
        });
      } finally {
        webcamFrame?.close();
      }
      const sample = new VideoSample(frame, { timestamp: index / frameRate, duration: 1 / frameRate });
      const painted = performance.now();
      timings.paintMs += painted - decoded;
      // Paint the next frame while the encoder takes this one.
      await pending;
      pending = videoSource.add(sample).finally(() => {
        sample.close();
        frame.close();
      });
      index++;
      progress(index);
      mark = performance.now();
      timings.encodeWaitMs += mark - painted;
    }
    await pending;
  } finally {
    video?.frame.close();
    await webcam?.close();
    videoSource.close();
  }
  if (index < times.length) throw new Error('The recording’s video has no frame this browser can decode.');
  // Only when frames were held is the file's own timing read, to tell its still moments from frames the export lost.
  const sourceHeld = heldFrames > 0 ? await sourceHeldFrames(videoTrack, trackTimes, interval) : 0;
  return { frames: index, planarFrames: painter.planarFrames, timings, heldFrames, sourceHeldFrames: sourceHeld };
}

/** The webcam's next frame; a webcam that fails to decode midway is left out from there on. */
async function nextWebcamFrame(webcam: WebcamFrames): Promise<ShownFrame<VideoSample> | null> {
  try {
    return (await webcam.frames.next()).value ?? null;
  } catch {
    return null;
  }
}

function progressReporter(total: number, controls: ExportControls): (done: number) => void {
  let lastReport = 0;
  return (done) => {
    const now = performance.now();
    if (controls.onProgress && (now - lastReport > 200 || done === total)) {
      lastReport = now;
      controls.onProgress({ framesDone: done, framesTotal: total });
    }
  };
}

/**
 * The first audio codec of `candidates` the browser can encode for this layout. An MP4 gets AAC where WebCodecs
 * encode it; elsewhere mediabunny's MP3 encoder (LAME in WebAssembly, started only then) is registered first, so
 * the MP4 carries MP3. It is imported statically: the worker is one file, which the offline cache keeps whole.
 */
async function chooseAudioCodec(
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
const SOUNDS_ONLY_LAYOUT = { numberOfChannels: 2, sampleRate: 48_000 } as const;

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
async function encodeSounds(
  job: ExportJob,
  audioSource: AudioSampleSource,
  audioCodec: ExportAudioCodec,
  cues: readonly SoundCue[],
  controls: ExportControls,
): Promise<void> {
  const { numberOfChannels, sampleRate } = SOUNDS_ONLY_LAYOUT;
  const encoderDelay = ENCODER_DELAY_SAMPLES[audioCodec] ?? 0;
  const total = Math.round((outputDurationMs(job.timeline) / 1000) * sampleRate);
  const block = 960;
  for (let start = 0; start < total; start += block) {
    throwIfCancelled(controls.signal);
    const frames = Math.min(block, total - start);
    const data = new Float32Array(frames * numberOfChannels);
    const channels = Array.from({ length: numberOfChannels }, (_, i) => data.subarray(i * frames, (i + 1) * frames));
    mixSoundCues(channels, start / sampleRate, sampleRate, cues, job.settings.sounds.volume);
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
async function encodeAudio(
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
  for await (const { sample, outputSeconds } of editedAudio(sink, job.timeline, firstTimestamp, audioTrack)) {
    throwIfCancelled(controls.signal);
    const mixed = withSounds(sample, outputSeconds, cues, job.settings.sounds.volume);
    // Early by the encoder's delay: the MP4's edit list then skips the silence it puts first.
    mixed.setTimestamp(outputSeconds - encoderDelaySeconds);
    await audioSource.add(mixed);
    if (mixed !== sample) mixed.close();
    sample.close();
  }
  audioSource.close();
}

/** The audio track, when the browser can decode it (an undecodable one is left out rather than failing). */
async function usableAudioTrack(input: Input): Promise<InputAudioTrack | null> {
  const track = await input.getPrimaryAudioTrack();
  if (!track) return null;
  return (await track.canDecode()) ? track : null;
}

export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ExportCancelledError();
}
