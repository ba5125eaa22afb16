import type { EditDocument } from '../../../shared/edits/edit-document';
import type { Recording } from '../../../shared/recording/recording';
import { hasCursorTrack } from '../../../shared/recording/track';
import type { Composition } from '../../../shared/render/composition';
import { Button } from '../../../shared/ui';
import { Preview } from './Preview';
import { PreviewPointer } from './PreviewPointer';
import { type EditorState, playheadAt, setPlaying, trim } from './state/editor-state';
import type { EditorStore } from './state/editor-store';
import { formatTime } from './timeline/timeline-scale';

interface EditorStageProps {
  readonly editor: EditorStore;
  readonly recording: Recording;
  /** The video and webcam files, and the object URLs they play from. */
  readonly video: Blob;
  readonly videoUrl: string;
  readonly webcam: Blob | null;
  readonly webcamUrl: string | null;
  readonly composition: Composition;
  readonly document: EditDocument;
  readonly state: EditorState;
  /** Where the video really ends, when that is before the end of its track or its file's index (cut short). */
  readonly videoEndsAtMs: number | null;
}

/** The editor's stage: the preview filling the space left, its notices over it, and the point and box picker. */
export function EditorStage({
  editor,
  recording,
  video,
  videoUrl,
  webcam,
  webcamUrl,
  composition,
  document,
  state,
  videoEndsAtMs,
}: EditorStageProps) {
  return (
    <section className="stage" aria-label="Preview">
      <StageNotices
        editor={editor}
        recording={recording}
        notice={state.notice}
        videoEndsAtMs={videoEndsAtMs}
        trimEndMs={document.timeline.trim.endMs}
      />
      <Preview
        video={video}
        videoUrl={videoUrl}
        webcam={webcam}
        webcamUrl={webcamUrl}
        composition={composition}
        timeline={document.timeline}
        playheadMs={state.playheadMs}
        playing={state.playing}
        onPlayhead={(ms) => editor.run(playheadAt, ms)}
        livePlayhead={editor.$livePlayheadMs}
        onEnded={() => editor.run(setPlaying, false)}
      >
        <PreviewPointer editor={editor} composition={composition} />
      </Preview>
    </section>
  );
}

/**
 * Over the preview: the notice of the last action that could not be done, and when the video is cut short (it ends
 * at `videoEndsAtMs`, before the recording does), what is missing, with a way to trim to where it ends.
 */
function StageNotices({
  editor,
  recording,
  notice,
  videoEndsAtMs,
  trimEndMs,
}: {
  readonly editor: EditorStore;
  readonly recording: Recording;
  readonly notice: string | null;
  readonly videoEndsAtMs: number | null;
  readonly trimEndMs: number;
}) {
  if (!notice && videoEndsAtMs === null) return null;
  const durationMs = recording.video.durationMs;
  const hasTrack = hasCursorTrack(recording);
  return (
    <div className="stage-notices">
      {notice && (
        <p className="stage-notice" role="status">
          {notice}
        </p>
      )}
      {videoEndsAtMs !== null && (
        <p className="cut-short" role="alert" data-testid="video-cut-short">
          The video ends at {formatTime(videoEndsAtMs)}, but{' '}
          {hasTrack ? 'this recording’s track goes on to' : 'its file says it lasts'} {formatTime(durationMs)}: the last{' '}
          {((durationMs - videoEndsAtMs) / 1000).toFixed(1)} s of the video are missing, so its last frame would stand
          still until then.{' '}
          {trimEndMs > videoEndsAtMs && (
            <Button size="small" onClick={() => editor.run(trim, { endMs: videoEndsAtMs })}>
              Trim to where the video ends
            </Button>
          )}
        </p>
      )}
    </div>
  );
}
