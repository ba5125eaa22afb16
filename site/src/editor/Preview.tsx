import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { Composition } from '../../../shared/render/composition';
import { webcamTimeAt } from '../../../shared/render/frame-at';
import { createOutputPainter } from '../../../shared/render/output-painter';
import { outputSize } from '../../../shared/render/output-size';
import { clockPosition, holdClock, startClock } from '../../../shared/timeline/playback-clock';
import type { TimelineEdits } from '../../../shared/timeline/timeline';
import { usePausedFrames } from './paused-frames';
import { usePreviewClickSounds } from './preview-click-sounds';
import { followSpeed } from './speed/playback-speed';

/**
 * Shorter side of the preview canvas at most: enough to judge the picture, cheap enough to paint live. Below it, the
 * canvas has the pixels it is shown with (in steps of PREVIEW_SIZE_STEP, so resizing the window repaints rarely).
 */
const PREVIEW_SHORT_SIDE = 720;
const PREVIEW_SIZE_STEP = 60;
/** Playing, the video element is sought to the playhead when it is further from it than this (a cut, a stall). */
const MAX_DRIFT_MS = 200;
/**
 * Playing while the element presents no new frame (a tab capture of a still page sends none), the picture (camera,
 * cursor) and the playhead still move this often.
 */
const HELD_FRAME_MS = 40;

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
  readonly onEnded: () => void;
  /** Drawn over the picture (the point and box picker). */
  readonly children?: ReactNode;
}

/**
 * The composition as the export will look, driven by one clock, the playhead: playing, it advances with the wall
 * clock and the source video (with its audio) follows it in a hidden element, every frame painted with the
 * exporter's painter at the playhead's time. Paused, the frame at the playhead is decoded exactly as
 * the export chooses it (ExactFrames), so the preview and the export show the same frame at the same time.
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
  onEnded,
  children,
}: PreviewProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const webcamRef = useRef<HTMLVideoElement>(null);
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const shownShortSide = useShownShortSide(canvas);
  const size = outputSize(composition.recording.video, composition.settings.aspectRatio, 1, shownShortSide);
  /** Paints the picture; playing, at the clock's source time `playingMs`. */
  const paintRef = useRef<((playingMs?: number) => void) | null>(null);
  const { exact, frames: pausedRef } = usePausedFrames({
    video: videoFile,
    webcam: webcamFile,
    playheadMs,
    webcamMs: webcamTimeAt(composition.recording, composition.settings, playheadMs),
    playing,
    canvas,
    onFrames: () => paintRef.current?.(),
  });
  const callbacks = useRef({ onPlayhead, onEnded, timeline });
  callbacks.current = { onPlayhead, onEnded, timeline };
  usePreviewClickSounds(videoRef, playing, composition.recording, timeline, composition.settings.sounds);

  const paint = useMemo(() => {
    if (!canvas) return null;
    canvas.width = size.width;
    canvas.height = size.height;
    // Live: bilinear scaling and a frame copy the size it is shown (see FramePainterOptions); the export paints full.
    return createOutputPainter(canvas, composition, { live: true });
  }, [composition, size.width, size.height, canvas]);

  paintRef.current = (playingMs?: number) => {
    const video = videoRef.current;
    if (!paint) return;
    if (!playing && exact) {
      // Paused: only the exactly decoded frame; until it arrives, the picture stays as it is.
      const paused = pausedRef.current;
      if (paused?.ms !== playheadMs) return;
      try {
        paint(paused.screen.toCanvasImageSource(), paused.ms, paused.webcam?.toCanvasImageSource() ?? null);
        canvas?.setAttribute('data-frame-ms', String(Math.round(paused.ms)));
        return;
      } catch {
        // A frame released meanwhile: paint from the video element below.
      }
    }
    if (!video || video.readyState < 2) return;
    // One clock: playing, the picture is the playhead's moment (the element follows it); paused without an exact
    // frame, the element's, sought to the playhead.
    const ms = playingMs ?? (playing ? playheadMs : video.currentTime * 1000);
    const webcam = webcamRef.current;
    let webcamFrame: HTMLVideoElement | null = null;
    const webcamMs = webcamTimeAt(composition.recording, composition.settings, ms);
    if (webcam && webcam.readyState >= 2 && webcamMs !== null) {
      const target = webcamMs / 1000;
      // Keep the webcam in step: re-seek only when it drifts, so playback stays smooth.
      if (Math.abs(webcam.currentTime - target) > 0.15) webcam.currentTime = target;
      if (video.paused !== webcam.paused) void (video.paused ? webcam.pause() : webcam.play().catch(() => undefined));
      webcamFrame = webcam;
    }
    paint(video, ms, webcamFrame);
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

  // Playing: one clock (playback-clock.ts) moves the playhead with the wall clock, skipping cuts; the video element
  // (and its sound) follows it, sought again when it drifts, and the clock waits while the element loads.
  // biome-ignore lint/correctness/useExhaustiveDependencies: playback (re)starts only when play is pressed, from the playhead of that moment
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !playing) return;
    let stopped = false;
    let clock = startClock(callbacks.current.timeline, playheadMs, performance.now());
    let heldSince: number | null = null;
    video.currentTime = clockPosition(callbacks.current.timeline, clock, clock.fromWallMs).sourceMs / 1000;
    followSpeed(video, callbacks.current.timeline, video.currentTime * 1000);
    void video.play().catch(() => callbacks.current.onEnded());
    // Painted once per frame the element presents, not on every animation frame: painting twice per frame (60 Hz
    // over a 30 fps video) cost the main thread the time a new frame needs. While the element holds a frame, the
    // camera and cursor still move at about the video's rate (HELD_FRAME_MS). The playhead moves with each paint.
    let presented = true;
    let shownAt = Number.NEGATIVE_INFINITY;
    let frameCallback = video.requestVideoFrameCallback(function onPresented() {
      presented = true;
      frameCallback = video.requestVideoFrameCallback(onPresented);
    });
    const tick = () => {
      if (stopped) return;
      const now = performance.now();
      const edits = callbacks.current.timeline;
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
        callbacks.current.onPlayhead(position.sourceMs);
        callbacks.current.onEnded();
        return;
      }
      if (Math.abs(video.currentTime * 1000 - position.sourceMs) > MAX_DRIFT_MS) {
        video.currentTime = position.sourceMs / 1000;
      } else if (video.paused && !video.ended) void video.play().catch(() => undefined);
      followSpeed(video, edits, position.sourceMs);
      if (presented || now - shownAt >= HELD_FRAME_MS) {
        paintRef.current?.(position.sourceMs);
        presented = false;
        shownAt = now;
        callbacks.current.onPlayhead(position.sourceMs);
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return () => {
      stopped = true;
      video.cancelVideoFrameCallback(frameCallback);
      video.pause();
    };
  }, [playing]);

  return (
    <div className="preview">
      {/* Sized by its aspect ratio to the largest box the stage allows: the picture is the stage, no bars beside it. */}
      <canvas
        ref={setCanvas}
        className="preview-canvas"
        data-testid="preview"
        aria-label="Preview"
        style={{ '--preview-aspect': size.width / size.height } as CSSProperties}
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

/**
 * The shorter side, in device pixels, at which `canvas` is shown (rounded up to PREVIEW_SIZE_STEP, at most
 * PREVIEW_SHORT_SIDE): a canvas with more pixels than the screen shows costs paint time for nothing.
 */
function useShownShortSide(canvas: HTMLCanvasElement | null): number {
  const [shortSide, setShortSide] = useState(PREVIEW_SHORT_SIDE);
  useEffect(() => {
    if (!canvas || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const box = entry?.contentRect;
      if (!box || box.width === 0 || box.height === 0) return;
      const shown = Math.min(box.width, box.height) * window.devicePixelRatio;
      setShortSide(Math.min(PREVIEW_SHORT_SIDE, Math.ceil(shown / PREVIEW_SIZE_STEP) * PREVIEW_SIZE_STEP));
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [canvas]);
  return shortSide;
}
