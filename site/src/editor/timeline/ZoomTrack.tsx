import { useStore } from '@nanostores/react';
import type { ZoomSegment } from '../../../../shared/zoom/zoom-segment';
import { STRENGTH_NAMES } from '../settings/option-names';
import { addZoomAt, moveZoom, resizeZoom, selectZoom } from '../state/editor-state';
import type { EditorStore } from '../state/editor-store';
import { selectedId } from '../state/selection';
import { BlockLane } from './BlockLane';
import { formatTime } from './timeline-scale';

/** What a zoom's block shows: its depth in the words the inspector uses, and when it stays on a fixed point. */
export function zoomLabel(segment: ZoomSegment): string {
  return `${STRENGTH_NAMES[segment.depth]}${segment.focus.kind === 'point' ? ' · fixed point' : ''}`;
}

/**
 * The zoom row: each zoom a block (drag to move, ← / → to move a frame, Shift a second) with grips on its start and
 * end; automatic zooms and your own in two shades; a drag along the empty row adds a zoom there.
 */
export function ZoomTrack({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const segments = state.history.present.zoomSegments;
  return (
    <BlockLane
      label="Zoom"
      className="zoom-lane"
      blockClass="zoom-segment"
      title="Zooms: drag one to move it, its edges to change it; drag along the empty row to add one"
      empty="No zooms: press Z to add one at the playhead, or drag along this row"
      selectedId={selectedId(state.selection, 'zoom')}
      onSelect={(id) => editor.run(selectZoom, id)}
      onMove={(id, startMs, mode) => editor.run(moveZoom, id, startMs, mode)}
      onResize={(id, edges, mode) => editor.run(resizeZoom, id, edges, mode)}
      onCreate={(range) => editor.run(addZoomAt, range)}
      blocks={segments.map((segment, index) => ({
        id: segment.id,
        startMs: segment.startMs,
        endMs: segment.endMs,
        label: (
          <>
            <ZoomIcon />
            {zoomLabel(segment)}
          </>
        ),
        name: `${zoomLabel(segment)}: zoom ${index + 1}, ${formatTime(segment.startMs)} to ${formatTime(segment.endMs)}`,
        edgeName: `Zoom ${index + 1}`,
        className: segment.origin === 'auto' ? 'auto' : undefined,
        data: { 'data-depth': segment.depth },
      }))}
    />
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
