import type { EditDocument } from '../../../../shared/edits/edit-document';
import { moveZoomSegment, resizeZoomSegment } from '../../../../shared/zoom/zoom-edits';
import type { ZoomSegment } from '../../../../shared/zoom/zoom-segment';
import type { EditMode } from '../editor-state';
import { EdgeHandle } from './EdgeHandle';
import { TrackRow } from './TrackRow';
import { arrowStepMs, dragPointer, formatTime, percentOf, spanOf, timeAtX, useTimelineScale } from './timeline-scale';

interface ZoomTrackProps {
  readonly document: EditDocument;
  readonly selectedZoomId: string | null;
  readonly onChange: (document: EditDocument, mode: EditMode) => void;
  readonly onSelectZoom: (id: string | null) => void;
}

/** What a zoom's block shows: its depth, and "· cursor" when it follows the cursor. */
function zoomLabel(segment: ZoomSegment): string {
  return `${segment.depth}${segment.focus.kind === 'cursor' ? ' · cursor' : ''}`;
}

/**
 * How a zoom reads to a screen reader: the block's own words first (a voice user says what they see, and axe's
 * label-content-name-mismatch asks for it), then which zoom it is and when.
 */
function zoomName(segment: ZoomSegment, index: number): string {
  const focus = segment.focus.kind === 'cursor' ? '' : ', on a point';
  return `${zoomLabel(segment)}${focus}: zoom ${index + 1}, ${formatTime(segment.startMs)} to ${formatTime(segment.endMs)}`;
}

/**
 * The zoom row: each zoom a block (drag to move, ← / → to move a frame, Shift a second) with handles on its start
 * and end; automatic zooms and your own in two shades. Clicking the empty row clears the selection.
 */
export function ZoomTrack({ document, selectedZoomId, onChange, onSelectZoom }: ZoomTrackProps) {
  const scale = useTimelineScale();
  const segments = document.zoomSegments;
  const edit = (zoomSegments: readonly ZoomSegment[], first: boolean) =>
    onChange({ ...document, zoomSegments: [...zoomSegments] }, first ? 'push' : 'replace');

  return (
    <TrackRow label="Zoom" className="zoom-lane" onPointerDown={() => onSelectZoom(null)}>
      {segments.map((segment, index) => {
        const selected = segment.id === selectedZoomId;
        const move = (startMs: number, first: boolean) =>
          edit(moveZoomSegment(segments, segment.id, startMs, scale.durationMs), first);
        const resize = (edge: { startMs?: number; endMs?: number }, first: boolean) =>
          edit(resizeZoomSegment(segments, segment.id, edge, scale.durationMs), first);
        return (
          <div
            key={segment.id}
            className={`zoom-segment${selected ? ' selected' : ''}${segment.origin === 'auto' ? ' auto' : ''}`}
            data-testid="zoom-segment"
            data-depth={segment.depth}
            data-start-ms={Math.round(segment.startMs)}
            data-end-ms={Math.round(segment.endMs)}
            style={spanOf(scale, segment.startMs, segment.endMs)}
          >
            <button
              type="button"
              className="zoom-body"
              aria-pressed={selected}
              aria-label={zoomName(segment, index)}
              onFocus={() => onSelectZoom(segment.id)}
              onPointerDown={(event) => {
                onSelectZoom(segment.id);
                const grab = timeAtX(scale, event.clientX) - segment.startMs;
                dragPointer(scale, event, (ms, first) => move(ms - grab, first));
              }}
              onKeyDown={(event) => {
                const step = arrowStepMs(scale, event);
                if (step === null) return;
                event.preventDefault();
                event.stopPropagation();
                move(segment.startMs + step, true);
              }}
            >
              <span className="zoom-label">
                <ZoomIcon />
                {zoomLabel(segment)}
              </span>
            </button>
            <EdgeHandle
              className="zoom-edge start"
              label={`Zoom ${index + 1} start`}
              ms={segment.startMs}
              style={{ left: 0 }}
              onPress={() => onSelectZoom(segment.id)}
              onMove={(ms, first) => resize({ startMs: ms }, first)}
            />
            <EdgeHandle
              className="zoom-edge end"
              label={`Zoom ${index + 1} end`}
              ms={segment.endMs}
              style={{ left: '100%' }}
              onPress={() => onSelectZoom(segment.id)}
              onMove={(ms, first) => resize({ endMs: ms }, first)}
            />
          </div>
        );
      })}
      {segments.length === 0 && (
        <span className="track-empty" style={{ left: percentOf(scale, 0) }}>
          No zooms: press Z to add one at the playhead
        </span>
      )}
    </TrackRow>
  );
}

function ZoomIcon() {
  return (
    <svg className="zoom-icon" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M10.5 10.5 14 14M5 7h4M7 5v4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
