import { createContext, type PointerEvent as ReactPointerEvent, type RefObject, useContext } from 'react';

/**
 * How the timeline's rows place time: every row lies in the same track box, `zoom` times the visible width, so a
 * row positions things by percent of the recording (`percent`, `span`) and reads the time under the pointer with
 * `timeAt`. Extra rows (speed-ups, redactions…) use this through useTimelineScale.
 */
export interface TimelineScale {
  readonly durationMs: number;
  /** One source frame, ms. */
  readonly frameMs: number;
  /** The magnification (1: the whole recording fits). */
  readonly zoom: number;
  /** The visible part of the track box: its width and how far it is scrolled, CSS pixels. */
  readonly viewport: { readonly width: number; readonly scrollLeft: number };
  /** The track box, whose left edge is time 0. */
  readonly trackRef: RefObject<HTMLDivElement | null>;
}

export const TimelineScaleContext = createContext<TimelineScale | null>(null);

/** The scale of the timeline around this component. */
export function useTimelineScale(): TimelineScale {
  const scale = useContext(TimelineScaleContext);
  if (!scale) throw new Error('useTimelineScale is only for rows inside <Timeline>.');
  return scale;
}

/** Where `ms` lies along the track, as a CSS percentage (kept inside the recording). */
export function percentOf(scale: TimelineScale, ms: number): string {
  const { durationMs } = scale;
  return `${(Math.min(durationMs, Math.max(0, ms)) / durationMs) * 100}%`;
}

/** The CSS left and width of the stretch from `startMs` to `endMs`. */
export function spanOf(scale: TimelineScale, startMs: number, endMs: number): { left: string; width: string } {
  return { left: percentOf(scale, startMs), width: `calc(${percentOf(scale, endMs)} - ${percentOf(scale, startMs)})` };
}

/** The source time under the pointer at `clientX` (kept inside the recording). */
export function timeAtX(scale: TimelineScale, clientX: number): number {
  const rect = scale.trackRef.current?.getBoundingClientRect();
  if (!rect || rect.width === 0) return 0;
  return Math.min(scale.durationMs, Math.max(0, ((clientX - rect.left) / rect.width) * scale.durationMs));
}

/** `ms` on the frame grid: scrubbing lands on a frame's start, as the frame keys do. */
export function snapToFrame(scale: TimelineScale, ms: number): number {
  return Math.min(scale.durationMs, Math.round(ms / scale.frameMs) * scale.frameMs);
}

/**
 * Follows a pointer from press to release; `move` gets the time under the pointer and whether it is the first move
 * (a new undo step), `end` runs at release.
 */
export function dragPointer(
  scale: TimelineScale,
  event: ReactPointerEvent,
  move: (ms: number, first: boolean) => void,
  end?: () => void,
): void {
  if (event.button !== 0) return;
  event.preventDefault();
  event.stopPropagation();
  const target = event.currentTarget as HTMLElement;
  target.setPointerCapture(event.pointerId);
  let first = true;
  const onMove = (e: PointerEvent) => {
    move(timeAtX(scale, e.clientX), first);
    first = false;
  };
  const onUp = () => {
    target.removeEventListener('pointermove', onMove);
    target.removeEventListener('pointerup', onUp);
    target.removeEventListener('pointercancel', onUp);
    end?.();
  };
  target.addEventListener('pointermove', onMove);
  target.addEventListener('pointerup', onUp);
  target.addEventListener('pointercancel', onUp);
}

/**
 * What an arrow key does to a handle: a frame, with Shift a second, earlier or later; null for other keys.
 */
export function arrowStepMs(scale: TimelineScale, event: { key: string; shiftKey: boolean }): number | null {
  const size = event.shiftKey ? 1000 : scale.frameMs;
  if (event.key === 'ArrowLeft') return -size;
  if (event.key === 'ArrowRight') return size;
  return null;
}

/** m:ss.s, as the timeline and transport show times. */
export function formatTime(ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds % 60).toFixed(1).padStart(4, '0')}`;
}
