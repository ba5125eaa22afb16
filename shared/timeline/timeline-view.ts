/**
 * How much of the recording the timeline shows: `zoom` 1 fits the whole recording in the visible width, larger
 * values magnify it (the track is `zoom` times the visible width and scrolls sideways).
 */

/** Each zoom step in or out multiplies or divides the magnification by this. */
export const TIMELINE_ZOOM_STEP = 1.5;
/** At the largest magnification one frame is this wide, pixels of a 1000 px wide timeline. */
const MAX_FRAME_WIDTH_PX = 24;
const NOMINAL_WIDTH_PX = 1000;

/** The largest useful magnification of a recording: one frame about MAX_FRAME_WIDTH_PX wide. */
export function maxTimelineZoom(durationMs: number, frameMs: number): number {
  if (durationMs <= 0 || frameMs <= 0) return 1;
  return Math.max(1, ((durationMs / frameMs) * MAX_FRAME_WIDTH_PX) / NOMINAL_WIDTH_PX);
}

/** `zoom` kept between 1 (fit) and the recording's largest magnification. */
export function clampTimelineZoom(zoom: number, durationMs: number, frameMs: number): number {
  if (!Number.isFinite(zoom)) return 1;
  return Math.min(maxTimelineZoom(durationMs, frameMs), Math.max(1, zoom));
}

/** What the scroll box shows: its visible width and how far it is scrolled, pixels. */
export interface TimelineViewport {
  readonly width: number;
  readonly scrollLeft: number;
}

/**
 * The scroll position after a zoom from `before` to `after` that keeps the point `anchorX` pixels from the visible
 * left edge over the same moment (the pointer under ctrl+wheel, the playhead for the buttons).
 */
export function scrollAfterZoom(viewport: TimelineViewport, before: number, after: number, anchorX: number): number {
  const { width, scrollLeft } = viewport;
  const fraction = (scrollLeft + anchorX) / (width * before);
  const next = fraction * width * after - anchorX;
  return Math.min(Math.max(0, width * after - width), Math.max(0, next));
}

/**
 * The scroll position that brings time `ms` into view (unchanged when it is visible): a page on, so playback
 * reads left to right without the track jumping under the eye every frame.
 */
export function scrollToShow(viewport: TimelineViewport, zoom: number, durationMs: number, ms: number): number {
  const { width, scrollLeft } = viewport;
  if (durationMs <= 0 || width <= 0) return scrollLeft;
  const x = (ms / durationMs) * width * zoom;
  if (x >= scrollLeft && x <= scrollLeft + width) return scrollLeft;
  const margin = width * 0.1;
  return Math.min(Math.max(0, width * zoom - width), Math.max(0, x - margin));
}

/** Seconds between labelled ticks, so labels stand at least `minGapPx` apart at `pxPerSecond`. */
export function tickSeconds(pxPerSecond: number, minGapPx = 64): number {
  const steps = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600];
  return steps.find((step) => step * pxPerSecond >= minGapPx) ?? 600;
}
