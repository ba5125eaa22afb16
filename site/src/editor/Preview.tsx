import type { WritableAtom } from 'nanostores';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import type { Composition } from '../../../shared/render/composition';
import { outputSize } from '../../../shared/render/output-size';
import type { TimelineEdits } from '../../../shared/timeline/timeline';
import { usePreviewClickSounds } from './preview-click-sounds';
import { usePreviewClock } from './preview-clock';
import { usePreviewPicture } from './preview-picture';
import { previewSize } from './preview-size';
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
  /** Playing, set to the playhead of every picture once it shows; null once paused (see timeline/live-playhead.tsx). */
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
  children,
  ...playbackEvents
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
  const picture = usePreviewPicture({
    video: videoFile,
    webcam: webcamFile,
    videoRef,
    webcamRef,
    canvas,
    composition,
    size: shown.pixels,
    playheadMs,
    playing,
  });
  usePreviewClickSounds(videoRef, playing, composition.recording, timeline, composition.settings.sounds);
  usePreviewClock({ ...picture, ...playbackEvents, videoRef, playheadMs, playing, timeline });

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
        onLoadedData={() => picture.paintRef.current?.()}
        onSeeked={() => picture.paintRef.current?.()}
      />
      {webcamUrl && (
        <video
          ref={webcamRef}
          src={webcamUrl}
          preload="auto"
          muted
          playsInline
          hidden
          onSeeked={() => picture.paintRef.current?.()}
        />
      )}
      {children}
    </div>
  );
}
