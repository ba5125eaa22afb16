import {
  ALL_FORMATS,
  BlobSource,
  EncodedPacketSink,
  Input,
  type InputTrack,
  UnsupportedInputFormatError,
  VideoSampleSink,
} from 'mediabunny';
import type { ProbedVideo } from '../../../shared/edits/track-match';
import { FileError } from '../../../shared/errors/domain-errors';
import { errorMessage } from '../../../shared/errors/error-message';
import { RECORDING_FORMAT_VERSION, type Recording } from '../../../shared/recording/recording';
import { emptyTrack } from '../../../shared/recording/track';

/** How much shorter than its header says a video may be before it counts as cut short (last-frame rounding). */
const TRUNCATION_TOLERANCE_MS = 500;

/** What the editor learns from a video file. */
export interface ProbedVideoFile extends ProbedVideo {
  readonly frameRate: number;
  /**
   * Where the last packet of any track that the file really holds ends (ms after its first video frame). An MP4 cut
   * short keeps its whole index, so its duration says more than this.
   */
  readonly mediaEndMs: number;
  /** Where the last video packet the file really holds ends (ms after its first video frame). */
  readonly videoEndMs: number;
}

/**
 * Reads a video file's size, length and codec, and checks this browser can decode it; every way a file can be
 * bad becomes a plain-language FileError.
 */
export async function probeVideoFile(
  file: Blob,
  fileName = 'This file',
  { acceptCutShort = false }: { acceptCutShort?: boolean } = {},
): Promise<ProbedVideoFile> {
  if (file.size === 0) throw new FileError('no-video', `${fileName} is empty (0 bytes): there is no video in it.`);
  try {
    return await probe(file, fileName, acceptCutShort);
  } catch (error) {
    if (error instanceof FileError) throw error;
    // Anything else (a storage read failing, a decoder crashing) is still a file that cannot be opened.
    throw new FileError('damaged', `${fileName} could not be read: ${errorMessage(error)}`);
  }
}

async function probe(file: Blob, fileName: string, acceptCutShort: boolean): Promise<ProbedVideoFile> {
  const input = new Input({ formats: ALL_FORMATS, source: new BlobSource(file) });
  try {
    let track: Awaited<ReturnType<Input['getPrimaryVideoTrack']>>;
    try {
      track = await input.getPrimaryVideoTrack();
    } catch (error) {
      if (error instanceof UnsupportedInputFormatError) {
        throw new FileError('not-a-video', `${fileName} is not a video Clickreel can open (use WebM, MP4 or MOV).`);
      }
      throw new FileError('damaged', `${fileName} is damaged or incomplete: its video could not be read.`);
    }
    if (!track)
      throw new FileError('no-video', `${fileName} has no video in it: it is damaged or incomplete, or not a video.`);
    const codec = await track.getCodec();
    if (!codec || !(await track.canDecode())) {
      throw new FileError(
        'codec',
        `${fileName} uses a video codec this browser cannot decode (${codec ?? 'unknown'}). Convert it to H.264 or VP9 and try again.`,
      );
    }
    let durationMs: number;
    let frameRate = 30;
    let first = 0;
    const damaged = () =>
      new FileError('damaged', `${fileName} is damaged or incomplete: its frames could not be read.`);
    let readable = false;
    try {
      first = await track.getFirstTimestamp();
      durationMs = Math.round(((await track.computeDuration()) - first) * 1000);
      const stats = await track.computePacketStats(60);
      if (stats.averagePacketRate > 0) frameRate = Math.round(stats.averagePacketRate);
      // A truncated file fails here: its first frame cannot be decoded or its packets end early.
      const firstFrame =
        durationMs > 0 && stats.packetCount > 0 ? await new VideoSampleSink(track).getSample(first) : null;
      firstFrame?.close();
      readable = firstFrame !== null && firstFrame !== undefined;
    } catch {
      throw damaged();
    }
    if (!readable) throw damaged();
    // A file cut short still opens, but its header promises more than its frames hold. The header gives where the
    // file ends, which is its length only when it starts at 0.
    const promisedEnd = await track.getDurationFromMetadata().catch(() => null);
    const promisedMs = promisedEnd === null ? null : (promisedEnd - first) * 1000;
    if (!acceptCutShort && promisedMs !== null && promisedMs - durationMs > TRUNCATION_TOLERANCE_MS) {
      throw new FileError(
        'cut-short',
        `${fileName} is damaged or incomplete: it should last ${(promisedMs / 1000).toFixed(1)} s but its video stops at ${(durationMs / 1000).toFixed(1)} s.`,
      );
    }
    // The last packet of any track that is really in the file (tab audio goes on while a still page sends no new
    // video frames; an MP4 cut short has an index promising packets whose bytes are gone).
    const videoEndMs = Math.round(((await heldEnd(track, first)) - first) * 1000);
    let mediaEndMs = videoEndMs;
    for (const other of await input.getTracks()) {
      if (other === track) continue;
      const end = await heldEnd(other, first).catch(() => 0);
      mediaEndMs = Math.max(mediaEndMs, Math.round((end - first) * 1000));
    }
    return { width: track.displayWidth, height: track.displayHeight, durationMs, frameRate, mediaEndMs, videoEndMs };
  } finally {
    input.dispose();
  }
}

/**
 * Where the packets `track` really holds end (s). Its last packet's bytes being there means the file is whole (it
 * was cut at its end, if at all); otherwise the last time whose packet can be read is searched for, to a
 * millisecond, in a few dozen reads whatever the file's length.
 */
async function heldEnd(track: InputTrack, from: number): Promise<number> {
  const indexedEnd = await track.computeDuration();
  const packets = new EncodedPacketSink(track);
  if (await packets.getPacket(Infinity)) return indexedEnd;
  let held = from;
  let missing = indexedEnd;
  let heldUntil = from;
  while (missing - held > 0.001) {
    const middle = (held + missing) / 2;
    const packet = await packets.getPacket(middle);
    if (packet) {
      held = middle;
      heldUntil = Math.max(heldUntil, packet.timestamp + packet.duration);
    } else missing = middle;
  }
  return heldUntil;
}

/** What is wrong with a stored video, as the end of a sentence about its recording ("… cannot be opened: it…"). */
export function storedVideoProblem(error: FileError): string {
  switch (error.kind) {
    case 'no-video':
      return 'its video is empty (0 bytes): nothing of it was stored.';
    case 'not-a-video':
      return 'what is stored as its video is not a video (it was damaged in this browser’s storage).';
    case 'damaged':
    case 'cut-short':
      return 'its video is damaged: its frames cannot be read.';
    default:
      return error.message;
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
    capture: { source: 'file', width: video.width, height: video.height },
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
    ...emptyTrack(),
    pauses: [],
    recovered: false,
  };
}
