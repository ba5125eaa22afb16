import type { VideoSample } from 'mediabunny';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ExactFrames } from './exact-frames';

/** Decoders of the exact frames shown while paused (see ExactFrames), for the screen and the webcam. */
export interface ExactSources {
  readonly screen: ExactFrames;
  readonly webcam: ExactFrames | null;
}

/** The frames shown for the paused playhead: owned here, closed when the next ones are shown. */
export interface PausedFrames {
  readonly ms: number;
  readonly screen: VideoSample;
  readonly webcam: VideoSample | null;
}

interface PausedFramesOptions {
  /** The files the frames are decoded from (never fetched back through their URLs). */
  readonly video: Blob;
  readonly webcam: Blob | null;
  /** Source time of the playhead, and the webcam's time at that moment (null: no webcam then), ms. */
  readonly playheadMs: number;
  readonly webcamMs: number | null;
  readonly playing: boolean;
  /** Gets `data-kept-ms="<start>-<end>"`: the stretch around the playhead a scrub shows at once ("end": the file's). */
  readonly canvas: HTMLCanvasElement | null;
  /** Called when the frames for the playhead are there: paint them (from `frames.current`). */
  readonly onFrames: () => void;
}

/**
 * The paused preview's frames: the frame at the playhead (and the webcam's of that moment), exactly as the export
 * chooses them, there as soon as they can be: at once when kept from an earlier decode (the layout effect runs in
 * the scrub's own task, before the page is drawn), else once decoded. Only the latest playhead is asked for
 * (ExactFrames drops what it supersedes); while playing, the decoders rest. `exact` is null until the decoders are
 * open, or when this browser cannot decode the file.
 */
export function usePausedFrames({
  video,
  webcam,
  playheadMs,
  webcamMs,
  playing,
  canvas,
  onFrames,
}: PausedFramesOptions): {
  readonly exact: ExactSources | null;
  readonly frames: RefObject<PausedFrames | null>;
} {
  const [exact, setExact] = useState<ExactSources | null>(null);
  const frames = useRef<PausedFrames | null>(null);
  const latest = useRef({ canvas, onFrames });
  latest.current = { canvas, onFrames };

  useEffect(() => {
    let closed = false;
    let opened: ExactSources | null = null;
    void (async () => {
      const [screen, camera] = await Promise.all([ExactFrames.open(video), webcam ? ExactFrames.open(webcam) : null]);
      if (closed || !screen) {
        void screen?.close();
        void camera?.close();
        return;
      }
      screen.onKept = ({ startMs, endMs }) =>
        latest.current.canvas?.setAttribute(
          'data-kept-ms',
          `${Math.round(startMs)}-${Number.isFinite(endMs) ? Math.round(endMs) : 'end'}`,
        );
      opened = { screen, webcam: camera };
      setExact(opened);
    })();
    return () => {
      closed = true;
      show(frames, null);
      latest.current.canvas?.removeAttribute('data-kept-ms');
      setExact(null);
      void opened?.screen.close();
      void opened?.webcam?.close();
    };
  }, [video, webcam]);

  useLayoutEffect(() => {
    if (!exact) return;
    if (playing) {
      exact.screen.rest();
      exact.webcam?.rest();
      return;
    }
    let current = true;
    const ms = playheadMs;
    void Promise.all([
      exact.screen.frameAt(ms),
      exact.webcam && webcamMs !== null ? exact.webcam.frameAt(webcamMs) : null,
    ]).then(([screen, camera]) => {
      if (!current || !screen) {
        screen?.close();
        camera?.close();
        return;
      }
      show(frames, { ms, screen, webcam: camera });
      latest.current.onFrames();
    });
    return () => {
      current = false;
    };
  }, [playheadMs, playing, exact, webcamMs]);

  return { exact, frames };
}

/** Puts `next` in `frames`, closing the frames it replaces. */
function show(frames: RefObject<PausedFrames | null>, next: PausedFrames | null): void {
  const shown = frames.current;
  frames.current = next;
  shown?.screen.close();
  shown?.webcam?.close();
}
