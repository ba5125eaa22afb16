import { dragPointer, formatTime, percentOf, snapToFrame, useTimelineScale } from './timeline-scale';

/**
 * The playhead: a line through every row with a grip on the ruler. Drag the grip to scrub frame by frame; focused,
 * it is a slider whose ← / → (Shift: a second) are the editor's own frame keys.
 */
export function Playhead({ ms, onSeek }: { readonly ms: number; readonly onSeek: (ms: number) => void }) {
  const scale = useTimelineScale();
  // Scrolled out of the lanes' view, it would run through the gutter with the rows' labels.
  const x = (ms / scale.durationMs) * scale.viewport.width * scale.zoom - scale.viewport.scrollLeft;
  const inView = x >= -1 && x <= scale.viewport.width + 1;
  return (
    <div className="playhead" style={{ left: percentOf(scale, ms), visibility: inView ? undefined : 'hidden' }}>
      <div
        role="slider"
        tabIndex={0}
        className="playhead-grip"
        aria-label="Playhead"
        aria-valuemin={0}
        aria-valuemax={Math.round(scale.durationMs)}
        aria-valuenow={Math.round(ms)}
        aria-valuetext={formatTime(ms)}
        onPointerDown={(event) => dragPointer(scale, event, (at) => onSeek(snapToFrame(scale, at)))}
      />
    </div>
  );
}
