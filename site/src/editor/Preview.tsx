import type { WritableAtom } from 'nanostores';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { Composition } from '../../../shared/render/composition';
import { webcamTimeAt } from '../../../shared/render/frame-at';
import { createOutputPainter } from '../../../shared/render/output-painter';
import { outputSize } from '../../../shared/render/output-size';
import type { TimelineEdits } from '../../../shared/timeline/timeline';
import { useCleanNeighbours } from './clean-neighbours';
import { usePausedFrames } from './paused-frames';
import { type PlayingPaint, startPlayback, webcamInStep } from './playback-loop';
import { PictureWorker } from './playing-picture/picture-worker-client';
import { usePreviewClickSounds } from './preview-click-sounds';
import { previewSize } from './preview-size';
import { drawsWithoutGpu } from './software-rendering';
import { useStageBox } from './stage-box';

interface PreviewProps {
  /** The video file, and its object URL the video element plays. */
  readonly video: Blob;
  readonly videoUrl: string;
  /** The webcam file (and its URL), played in step with the video when the recording has one. */
  readonly webcam: Blob | null;
  readonly webcamUrl: string | null;
  readonly composition: Composition;
  readonly timeline: TimelineEdits;
  /** Source time shown when paused, ms. */
  readonly playheadMs: number;
  readonly playing: boolean;
  readonly onPlayhead: (sourceMs: number) => void;
  /** Playing, set to the playhead of every picture once it shows; null once paused (see live-playhead.tsx). */
  readonly livePlayhead: WritableAtom<number | null>;
  readonly onEnded: () => void;
  /** Drawn over the picture (the point and box picker). */
  readonly children?: ReactNode;
}

/**
 * The composition as the export will look, driven by one clock, the playhead: playing, it advances with the wall
 * clock and the source video (with its audio) follows it in a hidden element, every frame painted with the
 * exporter's painters at the playhead's time (without a GPU, the export's planar painter composes each frame in a
 * worker and only the small result is converted to RGB and put on the canvas; with one, Canvas 2D draws it). Paused,
 * the frame at the playhead is decoded exactly as the export chooses it (ExactFrames), so the preview and the export
 * show the same frame at the same time.
 * Playback skips cuts and stops at the trim end.
 */
export function Preview({
  video: videoFile,
  videoUrl,
  webcam: webcamFile,
  webcamUrl,
  composition,
  timeline,
  playheadMs,
  playing,
  onPlayhead,
  livePlayhead,
  onEnded,
  children,
}: PreviewProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const webcamRef = useRef<HTMLVideoElement>(null);
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const box = useStageBox(stage);
  const { video: source } = composition.recording;
  const { aspectRatio } = composition.settings;
  const shown = useMemo(
    () => previewSize((side) => outputSize(source, aspectRatio, side), box, box.pixelRatio),
    [source, aspectRatio, box],
  );
  const size = shown.pixels;
  const paintRef = useRef<((playing?: PlayingPaint) => void) | null>(null);
  // Paused, the burned-in pointer is restored from the frame's clean neighbours once they are there; until then,
  // and while playing, it is filled from around.
  const { neighbours, restoredRef } = useCleanNeighbours(videoFile, composition.recording);
  const { exact, frames: pausedRef } = usePausedFrames({
    video: videoFile,
    webcam: webcamFile,
    playheadMs,
    webcamMs: webcamTimeAt(composition.recording, composition.settings, playheadMs),
    playing,
    canvas,
    onFrames: () => {
      paintRef.current?.();
      const paused = pausedRef.current;
      if (!neighbours || !paused) return;
      const { ms } = paused;
      void neighbours
        .patchesFor(paused.screen.timestamp * 1000)
        .then((found) => {
          if (!found) return;
          if (pausedRef.current?.ms !== ms || found.patches.length === 0) {
            found.release();
            return;
          }
          restoredRef.current?.found.release();
          restoredRef.current = { ms, found };
          paintRef.current?.();
        })
        .catch(() => undefined);
    },
  });
  // Playing without a GPU, frames are composed by the planar painter in a worker (PictureWorker).
  const [pictures, setPictures] = useState<PictureWorker | null>(null);
  useEffect(() => {
    if (!canvas || !drawsWithoutGpu() || typeof Worker === 'undefined') return;
    const worker = new PictureWorker();
    // A new worker holds no source frame yet.
    picturePaint.current.sentFrame = false;
    setPictures(worker);
    return () => {
      worker.close();
      setPictures(null);
    };
  }, [canvas]);
  const callbacks = useRef({ onPlayhead, onEnded, timeline, livePlayhead, pictures });
  callbacks.current = { onPlayhead, onEnded, timeline, livePlayhead, pictures };
  usePreviewClickSounds(videoRef, playing, composition.recording, timeline, composition.settings.sounds);

  const paint = useMemo(() => {
    if (!canvas) return null;
    canvas.width = size.width;
    canvas.height = size.height;
    // Live: bilinear scaling and a frame copy the size it is shown (see FramePainterOptions); the export paints full.
    // Opaque (the composition covers every pixel): the compositor copies it over what is below instead of blending.
    canvas.getContext('2d', { alpha: false });
    return createOutputPainter(canvas, composition, { live: true });
  }, [composition, size.width, size.height, canvas]);

  /**
   * The playing planar paint: whether the worker holds the element's frame painted last (painted again while the
   * element holds it), whether a paint is under way, whether the planar painter reads this video's frames, and the
   * playing session (a paint finishing after a pause is not shown).
   */
  const picturePaint = useRef({ sentFrame: false, busy: false, readable: true, session: 0 });

  /** The webcam element to paint with the video at `ms` (kept in step with it), when it shows a frame then. */
  const webcamAt = (video: HTMLVideoElement, ms: number) =>
    webcamInStep(video, webcamRef.current, webcamTimeAt(composition.recording, composition.settings, ms));

  /** Starts painting the playing frame with the planar painter; false when Canvas 2D must paint it. */
  const paintPicture = ({ ms, newFrame, pictureMs, onShown }: PlayingPaint): boolean => {
    const video = videoRef.current;
    const state = picturePaint.current;
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
  };

  /** Paints the picture: the playing frame (`playingPaint`), else the paused one. */
  paintRef.current = (playingPaint?: PlayingPaint) => {
    const video = videoRef.current;
    if (!paint) return;
    if (playingPaint && paintPicture(playingPaint)) return;
    if (!playing && exact) {
      // Paused: only the exactly decoded frame; until it arrives, the picture stays as it is.
      const paused = pausedRef.current;
      if (paused?.ms !== playheadMs) return;
      const restored = restoredRef.current?.ms === paused.ms ? restoredRef.current.found.patches : [];
      try {
        paint(
          paused.screen.toCanvasImageSource(),
          paused.ms,
          paused.webcam?.toCanvasImageSource() ?? null,
          paused.screen.timestamp * 1000,
          restored,
        );
        canvas?.setAttribute('data-frame-ms', String(Math.round(paused.ms)));
        // Tests wait for this: the paused frame painted with its clean neighbours.
        if (restored.length > 0) canvas?.setAttribute('data-pointer-restored-ms', String(Math.round(paused.ms)));
        else canvas?.removeAttribute('data-pointer-restored-ms');
        return;
      } catch {
        // A frame released meanwhile: paint from the video element below.
      }
    }
    if (!video || video.readyState < 2) return;
    // One clock: playing, the picture is the playhead's moment (the element follows it); paused without an exact
    // frame, the element's, sought to the playhead.
    const ms = playingPaint?.ms ?? (playing ? playheadMs : video.currentTime * 1000);
    paint(video, ms, webcamAt(video, ms), playingPaint?.pictureMs);
    if (playingPaint) {
      canvas?.setAttribute('data-playing-painter', 'canvas');
      playingPaint.onShown(playingPaint.ms);
    }
  };

  // Repaint whenever the look changes, so settings preview live. Not while playing: every frame is painted by the
  // playback loop, and each frame's playhead update renders again, which painted every frame twice.
  useEffect(() => {
    if (!playing) paintRef.current?.();
  });

  // Paused: show exactly the frame at the playhead.
  useEffect(() => {
    const video = videoRef.current;
    // Not when the exact frame is shown: the element's decode would only slow the scrub's.
    if (!video || playing || exact) return;
    if (Math.abs(video.currentTime * 1000 - playheadMs) > 1) video.currentTime = playheadMs / 1000;
    else paintRef.current?.();
  }, [playheadMs, playing, exact]);

  // Playing: playback-loop.ts moves the playhead and asks for each picture; stopped, the editor's playhead is the
  // picture shown last.
  // biome-ignore lint/correctness/useExhaustiveDependencies: playback (re)starts only when play is pressed, from the playhead of that moment
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !playing) return;
    const playback = startPlayback(video, playheadMs, {
      timeline: () => callbacks.current.timeline,
      paint: (frame) => paintRef.current?.(frame),
      busy: () => picturePaint.current.busy,
      onPlayhead: (ms) => callbacks.current.onPlayhead(ms),
      livePlayhead: (ms) => callbacks.current.livePlayhead.set(ms),
      onEnded: () => callbacks.current.onEnded(),
    });
    return () => {
      const shownMs = playback.stop();
      const pictureState = picturePaint.current;
      pictureState.session++;
      pictureState.sentFrame = false;
      callbacks.current.pictures?.release();
      if (shownMs !== null) callbacks.current.onPlayhead(shownMs);
      callbacks.current.livePlayhead.set(null);
    };
  }, [playing]);

  return (
    <div className="preview" ref={setStage}>
      {/* The largest box of its aspect ratio the stage allows (previewSize): the picture is the stage, no bars. */}
      <canvas
        ref={setCanvas}
        className="preview-canvas"
        data-testid="preview"
        aria-label="Preview"
        style={{ width: `${shown.css.width}px` }}
      />
      {/* biome-ignore lint/a11y/useMediaCaption: a screen recording has no captions */}
      <video
        ref={videoRef}
        src={videoUrl}
        preload="auto"
        playsInline
        hidden
        onLoadedData={() => paintRef.current?.()}
        onSeeked={() => paintRef.current?.()}
      />
      {webcamUrl && (
        <video
          ref={webcamRef}
          src={webcamUrl}
          preload="auto"
          muted
          playsInline
          hidden
          onSeeked={() => paintRef.current?.()}
        />
      )}
      {children}
    </div>
  );
}
