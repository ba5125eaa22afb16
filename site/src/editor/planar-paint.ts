import { type RefObject, useEffect, useRef, useState } from 'react';
import type { Composition } from '../../../shared/render/composition';
import type { OutputSize } from '../../../shared/render/output-size';
import type { PlayingPaint } from './playback-loop';
import { PictureWorker } from './playing-picture/picture-worker-client';
import { drawsWithoutGpu } from './software-rendering';

/**
 * The playing planar paint: whether the worker holds the element's frame painted last (painted again while the
 * element holds it), whether a paint is under way, whether the planar painter reads this video's frames, and the
 * playing session (a paint finishing after a pause is not shown).
 */
interface PlanarPaintState {
  sentFrame: boolean;
  busy: boolean;
  readable: boolean;
  session: number;
}

/** What a playing planar paint is made of, as the preview holds it now. */
interface PlanarPaintInputs {
  readonly canvas: HTMLCanvasElement | null;
  readonly videoRef: RefObject<HTMLVideoElement | null>;
  readonly composition: Composition;
  readonly size: OutputSize;
  /** The webcam element to paint with the video at `ms` (kept in step with it), when it shows a frame then. */
  readonly webcamAt: (video: HTMLVideoElement, ms: number) => HTMLVideoElement | null;
}

/** The preview's planar painter while playing. */
export interface PlanarPaint {
  /** Starts painting the playing frame with the planar painter; false when Canvas 2D must paint it. */
  readonly paint: (playing: PlayingPaint) => boolean;
  /** Whether a paint is under way (no next frame is asked for meanwhile). */
  readonly busy: () => boolean;
  /** Playback stopped: a paint still under way is not shown, and the worker lets go of its frame. */
  readonly stop: () => void;
}

/** Starts painting `playing` in `pictures`; false when Canvas 2D must paint it. */
function startPaint(
  pictures: PictureWorker | null,
  state: PlanarPaintState,
  { canvas, videoRef, composition, size, webcamAt }: PlanarPaintInputs,
  { ms, newFrame, pictureMs, onShown }: PlayingPaint,
): boolean {
  const video = videoRef.current;
  if (!pictures || !canvas || !video || video.readyState < 2 || !state.readable) return false;
  let frame: VideoFrame | null = null;
  if (newFrame || !state.sentFrame) {
    try {
      frame = new VideoFrame(video);
    } catch {
      return false;
    }
  }
  const webcam = webcamAt(video, ms);
  let webcamFrame: VideoFrame | null = null;
  try {
    webcamFrame = webcam ? new VideoFrame(webcam) : null;
  } catch {
    // No webcam frame to hand over this time: the bubble is left out of this one picture.
  }
  state.sentFrame = true;
  const { session } = state;
  state.busy = true;
  pictures
    .paint({ composition, ...size, ms, pictureMs, video: frame, webcam: webcamFrame })
    .then((picture) => {
      if (!picture) state.readable = false;
      else if (session === state.session) {
        canvas.getContext('2d')?.putImageData(picture, 0, 0);
        canvas.dataset.playingPainter = 'planar';
        onShown(ms);
      }
    })
    .catch(() => {
      state.readable = false;
    })
    .finally(() => {
      state.busy = false;
    });
  return true;
}

/**
 * Playing without a GPU, frames are composed by the planar painter in a worker (PictureWorker), one at a time, and
 * only the small result is put on the canvas.
 */
export function usePlanarPaint(inputs: PlanarPaintInputs): PlanarPaint {
  const { canvas } = inputs;
  const [pictures, setPictures] = useState<PictureWorker | null>(null);
  const state = useRef<PlanarPaintState>({ sentFrame: false, busy: false, readable: true, session: 0 });
  useEffect(() => {
    if (!canvas || !drawsWithoutGpu() || typeof Worker === 'undefined') return;
    const worker = new PictureWorker();
    // A new worker holds no source frame yet.
    state.current.sentFrame = false;
    setPictures(worker);
    return () => {
      worker.close();
      setPictures(null);
    };
  }, [canvas]);
  return {
    paint: (playing) => startPaint(pictures, state.current, inputs, playing),
    busy: () => state.current.busy,
    stop: () => {
      state.current.session++;
      state.current.sentFrame = false;
      pictures?.release();
    },
  };
}
