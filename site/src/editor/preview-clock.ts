import type { WritableAtom } from 'nanostores';
import { type RefObject, useEffect, useRef } from 'react';
import type { TimelineEdits } from '../../../shared/timeline/timeline';
import type { ExactSources } from './paused-frames';
import type { PlanarPaint } from './planar-paint';
import { type PlayingPaint, startPlayback } from './playback-loop';

interface PreviewClockOptions {
  /** The hidden element the source video (with its audio) plays in. */
  readonly videoRef: RefObject<HTMLVideoElement | null>;
  /** Paints the picture: the playing frame (its argument), else the paused one. */
  readonly paintRef: RefObject<((playing?: PlayingPaint) => void) | null>;
  readonly playheadMs: number;
  readonly playing: boolean;
  /** The paused frames' decoders, null until they are open (see usePausedFrames). */
  readonly exact: ExactSources | null;
  /** The planar painter: no frame is asked for while it paints one, and stopping ends its session. */
  readonly planar: PlanarPaint;
  readonly timeline: TimelineEdits;
  readonly onPlayhead: (sourceMs: number) => void;
  /** Playing, set to the playhead of every picture once it shows; null once paused (see timeline/live-playhead.tsx). */
  readonly livePlayhead: WritableAtom<number | null>;
  readonly onEnded: () => void;
}

/** The preview following its one clock, the playhead: paused, the frame at it is shown; playing, it moves. */
export function usePreviewClock({
  videoRef,
  paintRef,
  playheadMs,
  playing,
  exact,
  planar,
  timeline,
  onPlayhead,
  livePlayhead,
  onEnded,
}: PreviewClockOptions): void {
  const callbacks = useRef({ onPlayhead, onEnded, timeline, livePlayhead, planar });
  callbacks.current = { onPlayhead, onEnded, timeline, livePlayhead, planar };

  // Repaint whenever the look changes, so settings preview live. Not while playing: every frame is painted by the
  // playback loop, and each frame's playhead update renders again, which painted every frame twice.
  useEffect(() => {
    if (!playing) paintRef.current?.();
  });

  // Paused: show exactly the frame at the playhead. (The refs never change: listed for the linter, they rerun nothing.)
  useEffect(() => {
    const video = videoRef.current;
    // Not when the exact frame is shown: the element's decode would only slow the scrub's.
    if (!video || playing || exact) return;
    if (Math.abs(video.currentTime * 1000 - playheadMs) > 1) video.currentTime = playheadMs / 1000;
    else paintRef.current?.();
  }, [playheadMs, playing, exact, videoRef, paintRef]);

  // Playing: playback-loop.ts moves the playhead and asks for each picture; stopped, the editor's playhead is the
  // picture shown last.
  // biome-ignore lint/correctness/useExhaustiveDependencies: playback (re)starts only when play is pressed, from the playhead of that moment
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !playing) return;
    const playback = startPlayback(video, playheadMs, {
      timeline: () => callbacks.current.timeline,
      paint: (frame) => paintRef.current?.(frame),
      busy: () => callbacks.current.planar.busy(),
      onPlayhead: (ms) => callbacks.current.onPlayhead(ms),
      livePlayhead: (ms) => callbacks.current.livePlayhead.set(ms),
      onEnded: () => callbacks.current.onEnded(),
    });
    return () => {
      const shownMs = playback.stop();
      callbacks.current.planar.stop();
      if (shownMs !== null) callbacks.current.onPlayhead(shownMs);
      callbacks.current.livePlayhead.set(null);
    };
  }, [playing]);
}
