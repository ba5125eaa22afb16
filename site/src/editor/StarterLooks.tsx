import { useEffect, useRef } from 'react';
import type { RenderSettings } from '../../../shared/look/render-settings';
import { STARTER_LOOKS, type StarterLook, usesStarterLook, withStarterLook } from '../../../shared/look/starter-looks';
import type { Recording } from '../../../shared/recording/recording';
import { frameAt } from '../../../shared/render/frame-at';
import { createFramePainter } from '../../../shared/render/frame-painter';
import { outputSize } from '../../../shared/render/output-size';
import { timelineMediaKey, useTimelineMedia } from './timeline/timeline-media';

/** A thumbnail's shorter side, canvas pixels (drawn at most 90 CSS px high, twice that on a 2x screen). */
const THUMBNAIL_SHORT_SIDE = 180;

interface StarterLooksProps {
  readonly recording: Recording;
  readonly video: Blob;
  readonly settings: RenderSettings;
  /** Applies settings to the recording (an undoable edit). */
  readonly onApply: (settings: RenderSettings, look: StarterLook) => void;
}

/**
 * The starter looks, each a button showing this recording's picture in that look, drawn by the render engine the
 * preview and the export use (the filmstrip's frame from the middle of the recording, the camera at rest).
 */
export function StarterLooks({ recording, video, settings, onApply }: StarterLooksProps) {
  // The timeline's own thumbnails (the same key): they are read once.
  const media = useTimelineMedia(timelineMediaKey(recording.id, video), video, recording.video.durationMs);
  const middle = Math.floor(media.thumbnailTimesMs.length / 2);
  const picture = media.thumbnails[middle] ?? media.thumbnails.find((thumbnail) => thumbnail !== null) ?? null;
  const pictureMs = media.thumbnailTimesMs[media.thumbnails.indexOf(picture)] ?? 0;
  return (
    <ul className="starter-looks" aria-label="Starter looks">
      {STARTER_LOOKS.map((look) => {
        const applied = withStarterLook(settings, look);
        return (
          <li key={look.id}>
            <button
              type="button"
              className="starter-look"
              aria-pressed={usesStarterLook(settings, look)}
              data-look-id={look.id}
              title={look.description}
              onClick={() => onApply(applied, look)}
            >
              <LookThumbnail recording={recording} settings={applied} picture={picture} pictureMs={pictureMs} />
              <span className="starter-look-name">{look.name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

interface LookThumbnailProps {
  readonly recording: Recording;
  readonly settings: RenderSettings;
  readonly picture: ImageBitmap | null;
  readonly pictureMs: number;
}

/** One look's picture: the frame at `pictureMs` painted with `settings` (no watermark, no zoom), once per change. */
function LookThumbnail({ recording, settings, picture, pictureMs }: LookThumbnailProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // The look's settings are made afresh on every render: painted again only when they say something else.
  const key = JSON.stringify(settings);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `settings`
  useEffect(() => {
    if (!canvas.current || !picture) return;
    const output = outputSize(recording.video, settings.aspectRatio, THUMBNAIL_SHORT_SIDE);
    const description = frameAt(
      { recording, settings: { ...settings, watermark: false }, zoomSegments: [], output },
      pictureMs,
    );
    createFramePainter(canvas.current).paint(description, picture);
    canvas.current.dataset.painted = 'true';
  }, [recording, key, picture, pictureMs]);
  return <canvas ref={canvas} className="starter-look-picture" />;
}
