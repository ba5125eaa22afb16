import type { EditDocument } from '../../../../shared/edits/edit-document';
import { setTrim, type TimeRange } from '../../../../shared/timeline/timeline';
import type { EditMode } from '../editor-state';
import { EdgeHandle } from './EdgeHandle';
import { Filmstrip } from './Filmstrip';
import { TrackRow } from './TrackRow';
import type { TimelineMediaState } from './timeline-media';
import { dragPointer, percentOf, snapToFrame, spanOf, timeAtX, useTimelineScale } from './timeline-scale';

interface VideoTrackProps {
  readonly document: EditDocument;
  readonly media: TimelineMediaState;
  /** Width over height of the recording's picture (the filmstrip's tiles). */
  readonly aspect: number;
  readonly range: TimeRange | null;
  readonly onSeek: (ms: number) => void;
  readonly onChange: (document: EditDocument, mode: EditMode) => void;
  readonly onRange: (range: TimeRange | null) => void;
}

/**
 * The video row: the filmstrip, the trimmed-off ends shaded, cut sections hatched, the range selected to cut (drag
 * along the row), and the trim handles.
 */
export function VideoTrack({ document, media, aspect, range, onSeek, onChange, onRange }: VideoTrackProps) {
  const scale = useTimelineScale();
  const { trim, cuts } = document.timeline;
  const setEdge = (edge: Partial<TimeRange>, first: boolean) =>
    onChange(
      { ...document, timeline: setTrim(document.timeline, scale.durationMs, { ...trim, ...edge }) },
      first ? 'push' : 'replace',
    );
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
      <div className="kept-outline" style={spanOf(scale, trim.startMs, trim.endMs)} />
      {cuts.map((cut) => (
        <div
          key={`${cut.startMs}-${cut.endMs}`}
          className="cut"
          title="Cut out"
          data-testid="cut"
          style={spanOf(scale, cut.startMs, cut.endMs)}
        />
      ))}
      {range && <div className="range" data-testid="range" style={spanOf(scale, range.startMs, range.endMs)} />}
      <EdgeHandle
        className="trim-handle start"
        label="Trim start"
        ms={trim.startMs}
        style={{ left: percentOf(scale, trim.startMs) }}
        onMove={(ms, first) => setEdge({ startMs: ms }, first)}
      />
      <EdgeHandle
        className="trim-handle end"
        label="Trim end"
        ms={trim.endMs}
        style={{ left: percentOf(scale, trim.endMs) }}
        onMove={(ms, first) => setEdge({ endMs: ms }, first)}
      />
    </TrackRow>
  );
}
