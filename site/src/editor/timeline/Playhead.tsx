import type { ReadableAtom } from 'nanostores';
import { useRef } from 'react';
import { shownPlayhead, useLivePlayhead } from '../live-playhead';
import {
  dragPointer,
  formatTime,
  percentOf,
  snapToFrame,
  type TimelineScale,
  useTimelineScale,
} from './timeline-scale';

/** Where the playhead's line sits for `ms`, and whether it is in the lanes' view. */
function placeOf(scale: TimelineScale, ms: number): { left: string; inView: boolean } {
  // Scrolled out of the lanes' view, it would run through the gutter with the rows' labels.
  const x = (ms / scale.durationMs) * scale.viewport.width * scale.zoom - scale.viewport.scrollLeft;
  return { left: percentOf(scale, ms), inView: x >= -1 && x <= scale.viewport.width + 1 };
}

/**
 * The playhead: a line through every row with a grip on the ruler. Drag the grip to scrub frame by frame; focused,
 * it is a slider whose ← / → (Shift: a second) are the editor's own frame keys. Playing, it moves with every painted
 * frame (the live playhead) without rendering again.
 */
export function Playhead({
  ms,
  live,
  onSeek,
}: {
  readonly ms: number;
  readonly live: ReadableAtom<number | null>;
  readonly onSeek: (ms: number) => void;
}) {
  const scale = useTimelineScale();
  const lineRef = useRef<HTMLDivElement>(null);
  useLivePlayhead(live, (at) => {
    const line = lineRef.current;
    if (!line) return;
    const place = placeOf(scale, at);
    line.style.left = place.left;
    line.style.visibility = place.inView ? '' : 'hidden';
  });
  const shown = shownPlayhead(live, ms);
  const { left, inView } = placeOf(scale, shown);
  return (
    <div ref={lineRef} className="playhead" style={{ left, visibility: inView ? undefined : 'hidden' }}>
      <div
        role="slider"
        tabIndex={0}
        className="playhead-grip"
        aria-label="Playhead"
        aria-valuemin={0}
        aria-valuemax={Math.round(scale.durationMs)}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={formatTime(shown)}
        onPointerDown={(event) => dragPointer(scale, event, (at) => onSeek(snapToFrame(scale, at)))}
      />
    </div>
  );
}
