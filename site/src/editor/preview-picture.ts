import { type RefObject, useMemo, useRef } from 'react';
import type { Composition } from '../../../shared/render/composition';
import { webcamTimeAt } from '../../../shared/render/frame-at';
import { createOutputPainter } from '../../../shared/render/output/output-painter';
import type { OutputSize } from '../../../shared/render/output-size';
import type { ExactSources } from './paused-frames';
import { usePausedPicture } from './paused-picture';
import { type PlanarPaint, usePlanarPaint } from './planar-paint';
import { type PlayingPaint, webcamInStep } from './playback-loop';

interface PreviewPictureOptions {
  /** The video and webcam files, and the hidden elements that play them. */
  readonly video: Blob;
  readonly webcam: Blob | null;
  readonly videoRef: RefObject<HTMLVideoElement | null>;
  readonly webcamRef: RefObject<HTMLVideoElement | null>;
  readonly canvas: HTMLCanvasElement | null;
  readonly composition: Composition;
  /** The canvas's pixels. */
  readonly size: OutputSize;
  /** Source time shown when paused, ms. */
  readonly playheadMs: number;
  readonly playing: boolean;
}

/** What paints the preview's picture. */
interface PreviewPicture {
  /** Paints the picture: the playing frame (its argument), else the paused one; set again on every render. */
  readonly paintRef: RefObject<((playing?: PlayingPaint) => void) | null>;
  /** The paused frames' decoders, null until they are open (see usePausedFrames). */
  readonly exact: ExactSources | null;
  readonly planar: PlanarPaint;
}

/**
 * The preview's picture, painted with the exporter's painters at the playhead's time: playing, by the planar painter
 * in a worker (without a GPU: usePlanarPaint), else by Canvas 2D from the video element; paused, the frame at the
 * playhead decoded exactly as the export chooses it (usePausedPicture), else the element's, sought to the playhead.
 */
export function usePreviewPicture({
  video: videoFile,
  webcam: webcamFile,
  videoRef,
  webcamRef,
  canvas,
  composition,
  size,
  playheadMs,
  playing,
}: PreviewPictureOptions): PreviewPicture {
  const paintRef = useRef<((playing?: PlayingPaint) => void) | null>(null);
  const paused = usePausedPicture({
    video: videoFile,
    webcam: webcamFile,
    composition,
    playheadMs,
    playing,
    canvas,
    repaint: () => paintRef.current?.(),
  });
  /** The webcam element to paint with the video at `ms` (kept in step with it), when it shows a frame then. */
  const webcamAt = (video: HTMLVideoElement, ms: number) =>
    webcamInStep(video, webcamRef.current, webcamTimeAt(composition.recording, composition.settings, ms));
  const planar = usePlanarPaint({ canvas, videoRef, composition, size, webcamAt });

  const painter = useMemo(() => {
    if (!canvas) return null;
    canvas.width = size.width;
    canvas.height = size.height;
    // Live: bilinear scaling and a frame copy the size it is shown (see FramePainterOptions); the export paints full.
    // Opaque (the composition covers every pixel): the compositor copies it over what is below instead of blending.
    canvas.getContext('2d', { alpha: false });
    return createOutputPainter(canvas, composition, { live: true });
  }, [composition, size.width, size.height, canvas]);

  paintRef.current = (playingPaint?: PlayingPaint) => {
    const video = videoRef.current;
    if (!painter) return;
    if (playingPaint && planar.paint(playingPaint)) return;
    if (paused.paint(painter)) return;
    if (!video || video.readyState < 2) return;
    // One clock: playing, the picture is the playhead's moment (the element follows it); paused without an exact
    // frame, the element's, sought to the playhead.
    const ms = playingPaint?.ms ?? (playing ? playheadMs : video.currentTime * 1000);
    painter(video, ms, webcamAt(video, ms), playingPaint?.pictureMs);
    if (playingPaint) {
      canvas?.setAttribute('data-playing-painter', 'canvas');
      playingPaint.onShown(playingPaint.ms);
    }
  };
  return { paintRef, exact: paused.exact, planar };
}
