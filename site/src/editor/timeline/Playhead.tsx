import type { ReadableAtom } from 'nanostores';
import { useRef } from 'react';
import { shownPlayhead, useLivePlayhead } from './live-playhead';
import {
  dragPointer,
  formatTime,
  percentOf,
  snapToFrame,
  type TimelineScale,
  useTimelineScale,
} from './timeline-scale';

/**
 * Where the playhead's line sits for the live playhead `shown`: at the editor's playhead `ms` (CSS left), moved on by
 * a transform, which the compositor applies without painting the timeline again; and whether it is in the lanes'
 * view.
 */
function placeOf(
  scale: TimelineScale,
  ms: number,
  shown: number,
): { left: string; transform: string; inView: boolean } {
  const pixelsPerMs = (scale.viewport.width * scale.zoom) / scale.durationMs;
  const clamp = (at: number) => Math.min(scale.durationMs, Math.max(0, at));
  // Scrolled out of the lanes' view, it would run through the gutter with the rows' labels.
  const x = clamp(shown) * pixelsPerMs - scale.viewport.scrollLeft;
  return {
    left: percentOf(scale, ms),
    transform: `translateX(${(clamp(shown) - clamp(ms)) * pixelsPerMs}px)`,
    inView: x >= -1 && x <= scale.viewport.width + 1,
  };
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
    const place = placeOf(scale, ms, at);
    line.style.transform = place.transform;
    line.style.visibility = place.inView ? '' : 'hidden';
  });
  const shown = shownPlayhead(live, ms);
  const { left, transform, inView } = placeOf(scale, ms, shown);
  return (
    <div ref={lineRef} className="playhead" style={{ left, transform, visibility: inView ? undefined : 'hidden' }}>
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
