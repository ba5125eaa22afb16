import type { VideoSample } from 'mediabunny';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { webcamTimeAt } from '../../../shared/render/frame-at';
import { type Composition, createOutputPainter } from '../../../shared/render/output-painter';
import { outputSize } from '../../../shared/render/output-size';
import {
  isKept,
  outputDurationMs,
  outputTimeAt,
  sourceTimeAt,
  type TimelineEdits,
} from '../../../shared/timeline/timeline';
import { ExactFrames } from './exact-frames';

/** Shorter side of the preview canvas: enough to judge the picture, cheap enough to paint live. */
const PREVIEW_SHORT_SIDE = 720;

interface PreviewProps {
  readonly videoUrl: string;
  /** The webcam file, played in step with the video when the recording has one. */
  readonly webcamUrl: string | null;
  readonly composition: Composition;
  readonly timeline: TimelineEdits;
  /** Source time shown when paused, ms. */
  readonly playheadMs: number;
  readonly playing: boolean;
  readonly onPlayhead: (sourceMs: number) => void;
  readonly onEnded: () => void;
}

/** Decoders of the exact frames shown while paused (see ExactFrames), for the screen and the webcam. */
interface ExactSources {
  readonly screen: ExactFrames;
  readonly webcam: ExactFrames | null;
}

/** The frames decoded for the paused playhead (borrowed from ExactSources until their next request). */
interface PausedFrames {
  readonly ms: number;
  readonly screen: VideoSample;
  readonly webcam: VideoSample | null;
}

async function openExact(url: string): Promise<ExactFrames | null> {
  const blob = await fetch(url)
    .then((response) => response.blob())
    .catch(() => null);
  return blob ? ExactFrames.open(blob) : null;
}

/**
 * The composition as the export will look: the source video plays (with its audio) in a hidden element,
 * and every frame is painted with the exporter's painter. Paused, the frame at the playhead is decoded exactly as
 * the export chooses it (ExactFrames), so the preview and the export show the same frame at the same time.
 * Playback skips cuts and stops at the trim end.
 */
export function Preview({
  videoUrl,
  webcamUrl,
  composition,
  timeline,
  playheadMs,
  playing,
  onPlayhead,
  onEnded,
}: PreviewProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const webcamRef = useRef<HTMLVideoElement>(null);
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const size = outputSize(composition.recording.video, composition.settings.aspectRatio, 1, PREVIEW_SHORT_SIDE);
  const paintRef = useRef<(() => void) | null>(null);
  const [exact, setExact] = useState<ExactSources | null>(null);
  const pausedRef = useRef<PausedFrames | null>(null);
  const callbacks = useRef({ onPlayhead, onEnded, timeline });
  callbacks.current = { onPlayhead, onEnded, timeline };

  const paint = useMemo(() => {
    if (!canvas) return null;
    canvas.width = size.width;
    canvas.height = size.height;
    // Live: bilinear scaling and a frame copy the size it is shown (see FramePainterOptions); the export paints full.
    return createOutputPainter(canvas, composition, { live: true });
  }, [composition, size.width, size.height, canvas]);

  paintRef.current = () => {
    const video = videoRef.current;
    if (!paint) return;
    if (!playing && exact) {
      // Paused: only the exactly decoded frame; until it arrives, the picture stays as it is.
      const paused = pausedRef.current;
      if (paused?.ms !== playheadMs) return;
      try {
        paint(paused.screen.toCanvasImageSource(), paused.ms, paused.webcam?.toCanvasImageSource() ?? null);
        return;
      } catch {
        // A frame released meanwhile: paint from the video element below.
      }
    }
    if (!video || video.readyState < 2) return;
    const webcam = webcamRef.current;
    let webcamFrame: HTMLVideoElement | null = null;
    const webcamMs = webcamTimeAt(composition.recording, composition.settings, video.currentTime * 1000);
    if (webcam && webcam.readyState >= 2 && webcamMs !== null) {
      const target = webcamMs / 1000;
      // Keep the webcam in step: re-seek only when it drifts, so playback stays smooth.
      if (Math.abs(webcam.currentTime - target) > 0.15) webcam.currentTime = target;
      if (video.paused !== webcam.paused) void (video.paused ? webcam.pause() : webcam.play().catch(() => undefined));
      webcamFrame = webcam;
    }
    paint(video, video.currentTime * 1000, webcamFrame);
  };

  // The exact-frame decoders follow the files.
  useEffect(() => {
    let closed = false;
    let opened: ExactSources | null = null;
    void (async () => {
      const [screen, webcam] = await Promise.all([openExact(videoUrl), webcamUrl ? openExact(webcamUrl) : null]);
      if (closed || !screen) {
        void screen?.close();
        void webcam?.close();
        return;
      }
      opened = { screen, webcam };
      setExact(opened);
    })();
    return () => {
      closed = true;
      pausedRef.current = null;
      setExact(null);
      void opened?.screen.close();
      void opened?.webcam?.close();
    };
  }, [videoUrl, webcamUrl]);

  const pausedWebcamMs = webcamTimeAt(composition.recording, composition.settings, playheadMs);
  // Paused: decode the frame at the playhead (and the webcam's of that moment), then paint it.
  useEffect(() => {
    if (playing || !exact) return;
    let current = true;
    const ms = playheadMs;
    const webcamMs = pausedWebcamMs;
    void Promise.all([
      exact.screen.frameAt(ms),
      exact.webcam && webcamMs !== null ? exact.webcam.frameAt(webcamMs) : null,
    ]).then(([screen, webcam]) => {
      if (!current || !screen) return;
      pausedRef.current = { ms, screen, webcam };
      paintRef.current?.();
    });
    return () => {
      current = false;
    };
  }, [playheadMs, playing, exact, pausedWebcamMs]);

  // Repaint whenever the look changes, so settings preview live. Not while playing: every frame is painted by the
  // playback loop, and each frame's playhead update renders again, which painted every frame twice.
  useEffect(() => {
    if (!playing) paintRef.current?.();
  });

  // Paused: show exactly the frame at the playhead.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || playing) return;
    if (Math.abs(video.currentTime * 1000 - playheadMs) > 1) video.currentTime = playheadMs / 1000;
    else paintRef.current?.();
  }, [playheadMs, playing]);

  // Playing: the video element drives time; we paint each frame and jump over cuts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: playback (re)starts only when play is pressed, from the playhead of that moment
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !playing) return;
    let stopped = false;
    const { timeline: edits } = callbacks.current;
    const endOutput = outputDurationMs(edits);
    const startAt = outputTimeAt(edits, playheadMs) >= endOutput - 1 ? edits.trim.startMs : playheadMs;
    video.currentTime = sourceTimeAt(edits, outputTimeAt(edits, startAt)) / 1000;
    void video.play().catch(() => callbacks.current.onEnded());
    const tick = () => {
      if (stopped) return;
      const now = video.currentTime * 1000;
      const current = callbacks.current.timeline;
      if (!isKept(current, now)) {
        const output = outputTimeAt(current, now);
        if (output >= outputDurationMs(current) - 1 || video.ended) {
          video.pause();
          callbacks.current.onPlayhead(current.trim.endMs);
          callbacks.current.onEnded();
          return;
        }
        video.currentTime = sourceTimeAt(current, output) / 1000;
      }
      paintRef.current?.();
      callbacks.current.onPlayhead(now);
      schedule();
    };
    const schedule = () => {
      if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(() => tick());
      else requestAnimationFrame(tick);
    };
    schedule();
    return () => {
      stopped = true;
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
        onEnded={() => callbacks.current.onEnded()}
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
    </div>
  );
}
