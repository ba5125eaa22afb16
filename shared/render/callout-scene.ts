import type { CalloutScene } from '../callouts/callout-placement';
import { cameraAt } from '../camera/camera';
import { lastIndexAtOrBefore } from '../geometry/geometry';
import type { RenderSettings } from '../look/render-settings';
import type { Recording } from '../recording/recording';
import type { ZoomSegment } from '../zoom/zoom-segment';
import { cameraPlanFor } from './frame-at';
import { layoutFrame } from './layout';
import { exportSize } from './output-size';

/**
 * What a new callout is placed over (callouts/callout-placement.ts), as the frames of the edited recording show it:
 * the video laid out in a 1080p frame of the look (every size is the same picture scaled), the camera of its zooms,
 * the pointer and the clicks of its track.
 */
export function calloutSceneFor(
  recording: Recording,
  edits: { readonly settings: RenderSettings; readonly zoomSegments: readonly ZoomSegment[] },
): CalloutScene {
  const { settings } = edits;
  const layout = layoutFrame(
    settings,
    recording.video,
    exportSize(recording.video, settings, '1080p'),
    recording.webcam !== null,
  );
  const plan = cameraPlanFor(recording, edits.zoomSegments, settings.zoomTiming);
  return {
    video: layout.video,
    unit: layout.unit,
    durationMs: recording.video.durationMs,
    viewAt: (ms) => cameraAt(plan, ms, layout.video).rect,
    pointerAt: (ms) => {
      const sample = recording.cursor[lastIndexAtOrBefore(recording.cursor, ms, (c) => c.t)];
      return sample ? { x: sample.x, y: sample.y } : null;
    },
    clicks: recording.clicks,
  };
}
