import type { CSSProperties } from 'react';
import { arrowStepMs, dragPointer, formatTime, snapToFrame, timeAtX, useTimelineScale } from './timeline-scale';

interface EdgeHandleProps {
  readonly className: string;
  /** What the handle moves, e.g. "Trim start", "Zoom 2 end". */
  readonly label: string;
  readonly ms: number;
  readonly style?: CSSProperties;
  /** The handle moved to `ms` (by pointer or key); `first`: the first move of a drag or a key press (a new undo step). */
  readonly onMove: (ms: number, first: boolean) => void;
  readonly onPress?: () => void;
}

/**
 * A handle on an edge in time (a trim edge, a zoom's start or end): drag it, or focus it and press ← / → to move it a
 * frame (Shift: a second). A slider to assistive technology, with its time as the value.
 */
export function EdgeHandle({ className, label, ms, style, onMove, onPress }: EdgeHandleProps) {
  const scale = useTimelineScale();
  return (
    <div
      role="slider"
      tabIndex={0}
      className={`edge-handle ${className}`}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(scale.durationMs)}
      aria-valuenow={Math.round(ms)}
      aria-valuetext={formatTime(ms)}
      style={style}
      onFocus={onPress}
      onPointerDown={(event) => {
        onPress?.();
        // Where on the grip it was taken: the edge moves with the pointer, without jumping to it.
        const grab = timeAtX(scale, event.clientX) - ms;
        dragPointer(scale, event, (at, first) => onMove(snapToFrame(scale, at - grab), first));
      }}
      onKeyDown={(event) => {
        const step = arrowStepMs(scale, event);
        if (step === null) return;
        // The handle's own arrows: the editor's frame keys must not move the playhead as well.
        event.preventDefault();
        event.stopPropagation();
        onPress?.();
        onMove(Math.min(scale.durationMs, Math.max(0, ms + step)), true);
      }}
    />
  );
}
