import type { Recording } from '../recording/recording';

/** What the editor learned from the video file itself. */
export interface ProbedVideo {
  readonly width: number;
  readonly height: number;
  readonly durationMs: number;
}

/** How far the track's idea of the video may differ from the file: encoders round sizes, containers round times. */
const SIZE_TOLERANCE = 0.02;
const DURATION_TOLERANCE_MS = 1500;

/**
 * Why a cursor track does not belong to a video file, or null when it does: same aspect and size
 * (within rounding), same length (within container rounding), no events far past the end.
 */
export function trackMismatch(recording: Recording, video: ProbedVideo): string | null {
  const expected = recording.video;
  const sizeOff =
    Math.abs(expected.width - video.width) / video.width > SIZE_TOLERANCE ||
    Math.abs(expected.height - video.height) / video.height > SIZE_TOLERANCE;
  if (sizeOff) {
    return `The cursor track was recorded for a ${expected.width}×${expected.height} video, but this video is ${video.width}×${video.height}.`;
  }
  if (expected.durationMs > 0 && Math.abs(expected.durationMs - video.durationMs) > DURATION_TOLERANCE_MS) {
    return `The cursor track is ${seconds(expected.durationMs)} long, but this video is ${seconds(video.durationMs)}.`;
  }
  const lastEvent = recording.cursor[recording.cursor.length - 1]?.t ?? 0;
  if (lastEvent > video.durationMs + DURATION_TOLERANCE_MS) {
    return `The cursor track goes on to ${seconds(lastEvent)}, past the end of this ${seconds(video.durationMs)} video.`;
  }
  return null;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
