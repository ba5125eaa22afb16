import {
  ALL_FORMATS,
  AudioSampleSource,
  BlobSource,
  getFirstEncodableVideoCodec,
  Input,
  type InputVideoTrack,
  Mp4OutputFormat,
  Output,
  Quality,
  StreamTarget,
  type StreamTargetChunk,
  VideoSampleSource,
  WebMOutputFormat,
} from 'mediabunny';
import { soundCues } from '../../../shared/audio/click-sounds';
import { avcCodecString, codecCandidates, type ExportVideoCodec, exportMimeType } from '../../../shared/export/codecs';
import { audioBitrate, videoBitrate, videoQuantizer } from '../../../shared/export/export-options';
import { chooseAudioCodec, encodeAudio, encodeSounds, SOUNDS_ONLY_LAYOUT, usableAudioTrack } from './export-audio';
import { ExportCancelledError, ExportError } from './export-errors';
import { type ExportFile, openExportFile } from './export-file';
import type { ExportControls, ExportJob, ExportResult, MadeExport } from './export-job';
import { throwIfCancelled } from './frame-loop';
import { exportGif } from './gif-export';
import { encodeVideoFrames } from './video-frames';

/**
 * Exports a job to MP4, WebM or GIF, written to the job's destination as it is made. Runs in a Worker or on a page;
 * needs WebCodecs and OffscreenCanvas. The file is complete when this resolves; on failure or cancel it is given up.
 */
export async function runExport(job: ExportJob, controls: ExportControls = {}): Promise<ExportResult> {
  const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(job.video) });
  let file: ExportFile | null = null;
  try {
    const videoTrack = await input.getPrimaryVideoTrack();
    if (!videoTrack) throw new ExportError('unreadable-source', 'The recording has no video track.');
    if (!(await videoTrack.canDecode())) {
      throw new ExportError('unreadable-source', 'This browser cannot decode the recording’s video codec.');
    }
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

/** The codecs this browser encodes the export with, and its audio: the source's, click sounds, or none. */
async function chooseCodecs(job: ExportJob, input: Input, format: 'mp4' | 'webm') {
  const candidates = codecCandidates(format);
  const { width, height } = job;
  const videoCodec = (await getFirstEncodableVideoCodec([...candidates.video], {
    width,
    height,
  })) as ExportVideoCodec | null;
  if (!videoCodec) {
    throw new ExportError(
      'unencodable',
      `This browser cannot encode ${format.toUpperCase()} video at ${width}×${height}.`,
    );
  }

  const audioTrack = await usableAudioTrack(input);
  // Click sounds go into the source's audio, or make the file's only audio when the recording has none.
  const { recording, timeline, settings } = job.composition;
  const cues = soundCues(recording, timeline, settings.sounds);
  const audioLayout = audioTrack
    ? { numberOfChannels: audioTrack.numberOfChannels, sampleRate: audioTrack.sampleRate }
    : cues.length > 0
      ? SOUNDS_ONLY_LAYOUT
      : null;
  const audioCodec = audioLayout ? await chooseAudioCodec(format, audioLayout, candidates.audio) : null;
  return { videoCodec, audioTrack, cues, audioLayout, audioCodec };
}

async function exportVideo(
  job: ExportJob,
  input: Input,
  videoTrack: InputVideoTrack,
  writable: WritableStream<StreamTargetChunk>,
  controls: ExportControls,
): Promise<MadeExport> {
  const format = job.options.format === 'webm' ? 'webm' : 'mp4';
  const { width, height } = job;
  const frameRate = job.options.frameRate;
  const { videoCodec, audioTrack, cues, audioLayout, audioCodec } = await chooseCodecs(job, input, format);

  // Written to the file as it is made: the MP4's index (moov) goes at the end, the WebM's Cues likewise.
  const output = new Output({
    format: format === 'mp4' ? new Mp4OutputFormat({ fastStart: false }) : new WebMOutputFormat(),
    target: new StreamTarget(writable),
  });
  let rateControl: ExportResult['rateControl'] = 'bitrate';
  const bitrate = videoBitrate(width, height, frameRate, job.options.quality, videoCodec);
  const videoSource = new VideoSampleSource({
    codec: videoCodec,
    quality: new Quality({ quantizer: videoQuantizer(job.options.quality, videoCodec), bitrate }),
    // The H.264 level this size needs at this frame rate (mediabunny's own looks at the size alone).
    ...(videoCodec === 'avc' ? { fullCodecString: avcCodecString(width, height, frameRate, bitrate) } : {}),
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
      encodeVideoFrames(job, videoTrack, videoSource, controls),
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
