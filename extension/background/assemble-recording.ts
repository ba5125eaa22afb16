import type { MediaStreamName } from '../../shared/messages/site-messages';
import { elapsedRecordingTime, recordedPauses, stopClock } from '../../shared/recording/clock';
import type { TrackEvent } from '../../shared/recording/event-kinds';
import { RECORDING_FORMAT_VERSION, type Recording } from '../../shared/recording/recording';
import { buildTrack } from '../../shared/recording/track';
import type { ChunkSummary, SessionRecord } from '../storage/recording-db';

/** Why a session can or cannot become a recording. */
export type AssembleResult = { ok: true; recording: Recording } | { ok: false; reason: 'no-video' };

/**
 * Builds the recording's metadata and track from what was saved. When the recorder died (`recovered`),
 * the recording ends at the last saved chunk, and events after it are dropped: they have no video.
 */
export function assembleRecording(
  session: SessionRecord,
  events: readonly TrackEvent[],
  chunks: Record<MediaStreamName, ChunkSummary>,
  recovered: boolean,
): AssembleResult {
  if (!session.clock || !session.video || chunks.video.count === 0) return { ok: false, reason: 'no-video' };
  // After a crash the clock never stopped: the last chunk that made it to disk marks the end.
  const clock =
    session.clock.stoppedAt === null
      ? stopClock(session.clock, chunks.video.lastWall ?? session.clock.startedAt)
      : session.clock;
  const durationMs = Math.round(elapsedRecordingTime(clock, clock.stoppedAt ?? clock.startedAt));
  const track = buildTrack(events, clock);
  const recording: Recording = {
    formatVersion: RECORDING_FORMAT_VERSION,
    id: session.id,
    name: session.page.title || 'Untitled recording',
    createdAt: session.createdAt,
    page: session.page,
    viewport: session.viewport,
    capture: session.capture ?? { source: 'tab', width: session.viewport.width, height: session.viewport.height },
    video: {
      mimeType: session.video.mimeType,
      width: session.video.width,
      height: session.video.height,
      frameRate: session.video.frameRate,
      durationMs,
      size: chunks.video.bytes,
      // Tab, window and screen capture all burn the system pointer into the frames (Recording.video.pointerInVideo).
      pointerInVideo: true,
    },
    audio: session.audio,
    webcam:
      session.webcam && chunks.webcam.count > 0
        ? {
            mimeType: session.webcam.mimeType,
            width: session.webcam.width,
            height: session.webcam.height,
            size: chunks.webcam.bytes,
            offsetMs: session.webcam.offsetMs,
          }
        : null,
    ...track,
    pauses: recordedPauses(clock),
    recovered,
  };
  return { ok: true, recording };
}
