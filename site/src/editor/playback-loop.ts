// The preview's playback: one clock (playback-clock.ts) moves the playhead with the wall clock, skipping cuts and
// stopping at the trim end; the hidden video element (and its sound) follows it, sought again when it drifts, and
// the clock waits while the element loads. A picture is asked for once per frame the element presents, not on
// every animation frame: painting twice per frame (60 Hz over a 30 fps video) cost the main thread the time a new
// frame needs. While the element holds a frame (a tab capture of a still page sends none), the camera and cursor
// still move at about the video's rate (HELD_FRAME_MS).
import { clockPosition, holdClock, startClock } from '../../../shared/timeline/playback-clock';
import type { TimelineEdits } from '../../../shared/timeline/timeline';
import { followSpeed } from './speed/playback-speed';
import { PLAYING_STATE_MS } from './timeline/live-playhead';

/** Playing, the video element is sought to the playhead when it is further from it than this (a cut, a stall). */
const MAX_DRIFT_MS = 200;
/** Playing while the element presents no new frame, the picture (camera, cursor) and the playhead move this often. */
const HELD_FRAME_MS = 40;

/** A playing frame to paint. */
export interface PlayingPaint {
  /** The clock's source time, ms. */
  readonly ms: number;
  /** Whether the element presented a frame since the last paint. */
  readonly newFrame: boolean;
  /** The source time of the frame the element shows, when known (see frameAt). */
  readonly pictureMs: number | undefined;
  /** Called with `ms` once the picture shows. */
  readonly onShown: (ms: number) => void;
}

/** What playback reads and tells, each read when it is needed (the editor's edits may change while it plays). */
export interface PlaybackHooks {
  readonly timeline: () => TimelineEdits;
  /** Paints the playing frame; `busy` is true while the last one is still being painted (none is asked then). */
  readonly paint: (frame: PlayingPaint) => void;
  readonly busy: () => boolean;
  /** The editor's playhead: a few times a second while playing (PLAYING_STATE_MS), and where playback ended. */
  readonly onPlayhead: (sourceMs: number) => void;
  /** The playhead of every picture once it shows; null once playback ends. */
  readonly livePlayhead: (sourceMs: number | null) => void;
  readonly onEnded: () => void;
}

/** Playback under way: `stop()` pauses it and gives the playhead of the picture shown last (null: none showed). */
export interface Playback {
  stop(): number | null;
}

/** Plays `video` from source time `fromMs`. */
export function startPlayback(video: HTMLVideoElement, fromMs: number, hooks: PlaybackHooks): Playback {
  let stopped = false;
  let clock = startClock(hooks.timeline(), fromMs, performance.now());
  let heldSince: number | null = null;
  video.currentTime = clockPosition(hooks.timeline(), clock, clock.fromWallMs).sourceMs / 1000;
  followSpeed(video, hooks.timeline(), video.currentTime * 1000);
  void video.play().catch(() => hooks.onEnded());
  let presented = true;
  let shownAt = Number.NEGATIVE_INFINITY;
  // The playhead of the picture shown last, and when the editor's state last took it (PLAYING_STATE_MS).
  let shownMs: number | null = null;
  let statedAt = Number.NEGATIVE_INFINITY;
  /** A played picture shows: the live playhead (and now and then the editor's) is its moment, not one ahead. */
  const showPlaying = (ms: number) => {
    if (stopped) return;
    shownMs = ms;
    hooks.livePlayhead(ms);
    const at = performance.now();
    if (at - statedAt >= PLAYING_STATE_MS) {
      statedAt = at;
      hooks.onPlayhead(ms);
    }
  };
  // The source time of the frame the element presented last (see frameAt's pictureMs); until one is, the clock's.
  let presentedMs: number | undefined;
  let frameCallback = video.requestVideoFrameCallback(function onPresented(_now, metadata) {
    presented = true;
    presentedMs = metadata.mediaTime * 1000;
    frameCallback = video.requestVideoFrameCallback(onPresented);
  });
  const tick = () => {
    if (stopped) return;
    const now = performance.now();
    const edits = hooks.timeline();
    if (!video.ended && (video.seeking || video.readyState < 3)) {
      heldSince ??= now;
      requestAnimationFrame(tick);
      return;
    }
    if (heldSince !== null) {
      clock = holdClock(edits, clock, heldSince, now);
      heldSince = null;
    }
    const position = clockPosition(edits, clock, now);
    if (position.ended) {
      video.pause();
      shownMs = null;
      hooks.onPlayhead(position.sourceMs);
      hooks.livePlayhead(null);
      hooks.onEnded();
      return;
    }
    if (Math.abs(video.currentTime * 1000 - position.sourceMs) > MAX_DRIFT_MS) {
      video.currentTime = position.sourceMs / 1000;
    } else if (video.paused && !video.ended) void video.play().catch(() => undefined);
    followSpeed(video, edits, position.sourceMs);
    if ((presented || now - shownAt >= HELD_FRAME_MS) && !hooks.busy()) {
      hooks.paint({ ms: position.sourceMs, newFrame: presented, pictureMs: presentedMs, onShown: showPlaying });
      presented = false;
      shownAt = now;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    stop() {
      stopped = true;
      video.cancelVideoFrameCallback(frameCallback);
      video.pause();
      return shownMs;
    },
  };
}

/**
 * Keeps the `webcam` element in step with `video` at the webcam's time `webcamMs` (null: none then): re-sought only
 * when it drifts, so playback stays smooth, and paused or playing as the video is. The webcam, when it has a frame.
 */
export function webcamInStep(
  video: HTMLVideoElement,
  webcam: HTMLVideoElement | null,
  webcamMs: number | null,
): HTMLVideoElement | null {
  if (!webcam || webcam.readyState < 2 || webcamMs === null) return null;
  const target = webcamMs / 1000;
  if (Math.abs(webcam.currentTime - target) > 0.15) webcam.currentTime = target;
  if (video.paused !== webcam.paused) void (video.paused ? webcam.pause() : webcam.play().catch(() => undefined));
  return webcam;
}
