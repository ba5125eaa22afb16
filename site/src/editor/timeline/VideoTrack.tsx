import type { EditDocument } from '../../../../shared/edits/edit-document';
import type { TimeRange } from '../../../../shared/timeline/timeline';
import type { EditMode } from '../state/editor-state';
import { EdgeHandle } from './EdgeHandle';
import { Filmstrip } from './Filmstrip';
import { TrackRow } from './TrackRow';
import type { TimelineMediaState } from './timeline-media';
import { dragPointer, formatTime, percentOf, snapToFrame, spanOf, timeAtX, useTimelineScale } from './timeline-scale';

interface VideoTrackProps {
  readonly document: EditDocument;
  readonly media: TimelineMediaState;
  /** Width over height of the recording's picture (the filmstrip's tiles). */
  readonly aspect: number;
  readonly range: TimeRange | null;
  readonly trimSelected: boolean;
  readonly onSeek: (ms: number) => void;
  readonly onTrim: (edges: Partial<TimeRange>, mode: EditMode) => void;
  readonly onRange: (range: TimeRange | null) => void;
  readonly onSelectTrim: () => void;
  readonly onSelectCut: (cut: TimeRange) => void;
}

/**
 * The video row: the filmstrip, the trimmed-off ends shaded, cut sections hatched (a click selects one), the range
 * selected to cut or speed up (drag along the row), and the trim handles (pressed or focused, the trim is selected).
 */
export function VideoTrack(props: VideoTrackProps) {
  const { document, media, aspect, range, onSeek, onRange } = props;
  const scale = useTimelineScale();
  const { trim, cuts } = document.timeline;
  const setEdge = (edge: Partial<TimeRange>, first: boolean) => props.onTrim(edge, first ? 'push' : 'replace');
  return (
    <TrackRow
      label="Video"
      className="video-lane"
      data-testid="filmstrip"
      data-thumbnails={media.thumbnails.filter(Boolean).length}
      title="Video: drag to select a range to cut"
      onPointerDown={(event) => {
        const start = snapToFrame(scale, timeAtX(scale, event.clientX));
        onSeek(start);
        onRange(null);
        dragPointer(scale, event, (ms) => {
          if (Math.abs(ms - start) > scale.durationMs / (200 * scale.zoom))
            onRange({ startMs: Math.min(start, ms), endMs: Math.max(start, ms) });
        });
      }}
    >
      <Filmstrip media={media} aspect={aspect} />
      <div className="trimmed-out" style={{ left: 0, width: percentOf(scale, trim.startMs) }} />
      <div className="trimmed-out" style={{ left: percentOf(scale, trim.endMs), right: 0 }} />
      <div
        className={`kept-outline${props.trimSelected ? ' selected' : ''}`}
        style={spanOf(scale, trim.startMs, trim.endMs)}
      />
      {cuts.map((cut) => (
        <button
          type="button"
          key={`${cut.startMs}-${cut.endMs}`}
          className="cut"
          title="Cut out: click to restore it"
          aria-label={`Cut ${formatTime(cut.startMs)} to ${formatTime(cut.endMs)}`}
          data-testid="cut"
          style={spanOf(scale, cut.startMs, cut.endMs)}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={() => props.onSelectCut(cut)}
        />
      ))}
      {range && <div className="range" data-testid="range" style={spanOf(scale, range.startMs, range.endMs)} />}
      <EdgeHandle
        className="trim-handle start"
        label="Trim start"
        ms={trim.startMs}
        style={{ left: percentOf(scale, trim.startMs) }}
        onPress={props.onSelectTrim}
        onMove={(ms, first) => setEdge({ startMs: ms }, first)}
      />
      <EdgeHandle
        className="trim-handle end"
        label="Trim end"
        ms={trim.endMs}
        style={{ left: percentOf(scale, trim.endMs) }}
        onPress={props.onSelectTrim}
        onMove={(ms, first) => setEdge({ endMs: ms }, first)}
      />
    </TrackRow>
  );
}
