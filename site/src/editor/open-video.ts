import { ALL_FORMATS, BlobSource, Input, UnsupportedInputFormatError, VideoSampleSink } from 'mediabunny';
import type { ProbedVideo } from '../../../shared/edits/track-match';
import { RECORDING_FORMAT_VERSION, type Recording } from '../../../shared/recording/recording';

/** How much shorter than its header says a video may be before it counts as cut short (last-frame rounding). */
const TRUNCATION_TOLERANCE_MS = 500;

/** A file the editor cannot open, with a message for the page. */
export class UnopenableFileError extends Error {
  override readonly name = 'UnopenableFileError';
}

/**
 * Reads a video file's size, length and codec, and checks this browser can decode it; every way a file can be
 * bad becomes a plain-language UnopenableFileError.
 */
export async function probeVideoFile(file: Blob, fileName = 'This file'): Promise<ProbedVideo & { frameRate: number }> {
  const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(file) });
  try {
    let track: Awaited<ReturnType<Input['getPrimaryVideoTrack']>>;
    try {
      track = await input.getPrimaryVideoTrack();
    } catch (error) {
      if (error instanceof UnsupportedInputFormatError) {
        throw new UnopenableFileError(`${fileName} is not a video Clickreel can open (use WebM, MP4 or MOV).`);
      }
      throw new UnopenableFileError(`${fileName} is damaged or incomplete: its video could not be read.`);
    }
    if (!track)
      throw new UnopenableFileError(`${fileName} has no video in it: it is damaged or incomplete, or not a video.`);
    const codec = await track.getCodec();
    if (!codec || !(await track.canDecode())) {
      throw new UnopenableFileError(
        `${fileName} uses a video codec this browser cannot decode (${codec ?? 'unknown'}). Convert it to H.264 or VP9 and try again.`,
      );
    }
    let durationMs: number;
    let frameRate = 30;
    let first = 0;
    try {
      first = await track.getFirstTimestamp();
      durationMs = Math.round(((await track.computeDuration()) - first) * 1000);
      const stats = await track.computePacketStats(60);
      if (stats.averagePacketRate > 0) frameRate = Math.round(stats.averagePacketRate);
      // A truncated file fails here: its first frame cannot be decoded or its packets end early.
      if (!(durationMs > 0) || stats.packetCount === 0) throw new Error('empty');
      const firstFrame = await new VideoSampleSink(track).getSample(first);
      if (!firstFrame) throw new Error('no first frame');
      firstFrame.close();
    } catch {
      throw new UnopenableFileError(`${fileName} is damaged or incomplete: its frames could not be read.`);
    }
    // A file cut short still opens, but its header promises more than its frames hold. The header gives where the
    // file ends, which is its length only when it starts at 0.
    const promisedEnd = await track.getDurationFromMetadata().catch(() => null);
    const promisedMs = promisedEnd === null ? null : (promisedEnd - first) * 1000;
    if (promisedMs !== null && promisedMs - durationMs > TRUNCATION_TOLERANCE_MS) {
      throw new UnopenableFileError(
        `${fileName} is damaged or incomplete: it should last ${(promisedMs / 1000).toFixed(1)} s but its video stops at ${(durationMs / 1000).toFixed(1)} s.`,
      );
    }
    return { width: track.displayWidth, height: track.displayHeight, durationMs, frameRate };
  } finally {
    input.dispose();
  }
}

/** A recording for a video opened alone: no cursor track, so only manual zooms. */
export function recordingForVideo(file: Blob, name: string, video: ProbedVideo & { frameRate: number }): Recording {
  return {
    formatVersion: RECORDING_FORMAT_VERSION,
    id: `file-${crypto.randomUUID()}`,
    name,
    createdAt: new Date().toISOString(),
    page: { url: '', title: name },
    viewport: { width: video.width, height: video.height, devicePixelRatio: 1 },
    video: {
      mimeType: file.type || 'video/mp4',
      width: video.width,
      height: video.height,
      frameRate: video.frameRate,
      durationMs: video.durationMs,
      size: file.size,
    },
    audio: { tab: true, microphone: false },
    webcam: null,
    cursor: [],
    clicks: [],
    keys: [],
    scrolls: [],
    visibility: [],
    pages: [],
    pauses: [],
    recovered: false,
  };
}
