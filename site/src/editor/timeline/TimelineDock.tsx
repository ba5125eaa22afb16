import { useStore } from '@nanostores/react';
import { type ReactNode, useRef } from 'react';
import { $timelineHeight } from '../../preferences/preferences';

/** The timeline's height, CSS px: never less than its toolbar, ruler and video lane; never more than this of the window. */
const MIN_HEIGHT = 150;
const MAX_SHARE = 0.7;
/** What an arrow key on the grip moves it by. */
const KEY_STEP = 16;

function clampHeight(height: number): number {
  return Math.round(Math.min(window.innerHeight * MAX_SHARE, Math.max(MIN_HEIGHT, height)));
}

/**
 * The timeline's place at the bottom of the work area, under a grip that resizes it (drag it, or focus it and press
 * ↑ / ↓; a double click gives it back its own height). The height is remembered; until it is changed, the timeline is
 * as tall as its lanes (up to a share of the window) and scrolls inside when there are more.
 */
export function TimelineDock({ children }: { readonly children: ReactNode }) {
  const stored = useStore($timelineHeight);
  const dock = useRef<HTMLDivElement>(null);
  const height = stored > 0 ? clampHeight(stored) : null;
  const set = (next: number) => $timelineHeight.set(clampHeight(next));
  return (
    <div
      ref={dock}
      className="timeline-dock"
      data-sized={height === null ? undefined : ''}
      style={height === null ? undefined : { height: `${height}px` }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable splitter (ARIA's window splitter), which an <hr> cannot be */}
      <div
        role="separator"
        tabIndex={0}
        aria-orientation="horizontal"
        aria-label="Timeline height"
        aria-valuemin={MIN_HEIGHT}
        aria-valuemax={Math.round(window.innerHeight * MAX_SHARE)}
        aria-valuenow={Math.round(height ?? dock.current?.offsetHeight ?? MIN_HEIGHT)}
        className="timeline-grip"
        onDoubleClick={() => $timelineHeight.set(0)}
        onPointerDown={(event) => {
          if (event.button !== 0 || !dock.current) return;
          event.preventDefault();
          const grip = event.currentTarget;
          grip.setPointerCapture(event.pointerId);
          const startY = event.clientY;
          const startHeight = dock.current.offsetHeight;
          const move = (e: PointerEvent) => set(startHeight + startY - e.clientY);
          const up = () => {
            grip.removeEventListener('pointermove', move);
            grip.removeEventListener('pointerup', up);
            grip.removeEventListener('pointercancel', up);
          };
          grip.addEventListener('pointermove', move);
          grip.addEventListener('pointerup', up);
          grip.addEventListener('pointercancel', up);
        }}
        onKeyDown={(event) => {
          const step = event.key === 'ArrowUp' ? KEY_STEP : event.key === 'ArrowDown' ? -KEY_STEP : 0;
          if (!step || !dock.current) return;
          event.preventDefault();
          event.stopPropagation();
          set(dock.current.offsetHeight + step);
        }}
      />
      {children}
    </div>
  );
}
