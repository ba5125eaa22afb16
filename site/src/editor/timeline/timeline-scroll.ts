// How the timeline's scroll box follows the zoom, the playing playhead and the wheel.
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { scrollAfterZoom, scrollToShow, TIMELINE_ZOOM_STEP } from '../../../../shared/timeline/timeline-view';

type BoxRef = RefObject<HTMLDivElement | null>;

/** Where the lanes start in the scroll box: right of the rows' labels (the gutter, `--timeline-gutter`). */
function lanesLeft(track: HTMLElement | null): number {
  return track?.offsetLeft ?? 0;
}

/** The lanes' visible width (the scroll box's, less the gutter) and scroll position. */
export function useViewport(scrollRef: BoxRef, trackRef: BoxRef) {
  const [viewport, setViewport] = useState({ width: 0, scrollLeft: 0 });
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const read = () =>
      setViewport({ width: box.clientWidth - lanesLeft(trackRef.current), scrollLeft: box.scrollLeft });
    read();
    const observer = new ResizeObserver(read);
    observer.observe(box);
    box.addEventListener('scroll', read, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener('scroll', read);
    };
  }, [scrollRef, trackRef]);
  return viewport;
}

/**
 * Zooming keeps a moment in place: the one under the pointer (wheel), else the playhead when it is in view. Returns
 * the next zoom's anchor, which the wheel sets to the pointer's x in the lanes (CSS pixels).
 */
export function useZoomAnchor(
  scrollRef: BoxRef,
  trackRef: BoxRef,
  view: { readonly zoom: number; readonly playheadMs: number; readonly durationMs: number },
) {
  const { zoom, playheadMs, durationMs } = view;
  const anchorRef = useRef<number | null>(null);
  const zoomRef = useRef(zoom);
  useLayoutEffect(() => {
    const box = scrollRef.current;
    const before = zoomRef.current;
    zoomRef.current = zoom;
    if (!box || before === zoom) return;
    const current = { width: box.clientWidth - lanesLeft(trackRef.current), scrollLeft: box.scrollLeft };
    const playheadX = (playheadMs / durationMs) * current.width * before - current.scrollLeft;
    const inView = playheadX >= 0 && playheadX <= current.width;
    const anchor = anchorRef.current ?? (inView ? playheadX : current.width / 2);
    anchorRef.current = null;
    box.scrollLeft = scrollAfterZoom(current, before, zoom, anchor);
  }, [scrollRef, trackRef, zoom, playheadMs, durationMs]);
  return anchorRef;
}

/** Playing, the view turns a page when the playhead runs off it. */
export function usePageTurn(
  scrollRef: BoxRef,
  trackRef: BoxRef,
  view: { readonly playing: boolean; readonly playheadMs: number; readonly zoom: number; readonly durationMs: number },
) {
  const { playing, playheadMs, zoom, durationMs } = view;
  useEffect(() => {
    const box = scrollRef.current;
    if (!box || !playing || zoom <= 1) return;
    const width = box.clientWidth - lanesLeft(trackRef.current);
    const next = scrollToShow({ width, scrollLeft: box.scrollLeft }, zoom, durationMs, playheadMs);
    if (next !== box.scrollLeft) box.scrollLeft = next;
  }, [scrollRef, trackRef, playing, playheadMs, zoom, durationMs]);
}

/** Ctrl/⌘ + wheel zooms at the pointer (setting `anchorRef`); a plain wheel scrolls a zoomed-in track sideways. */
export function useWheelZoom(
  scrollRef: BoxRef,
  trackRef: BoxRef,
  anchorRef: RefObject<number | null>,
  zoom: number,
  onZoom: (zoom: number) => void,
) {
  const wheel = useRef({ zoom, onZoom });
  wheel.current = { zoom, onZoom };
  useEffect(() => {
    const box = scrollRef.current;
    if (!box) return;
    const onWheel = (event: WheelEvent) => {
      const { zoom: current, onZoom: setZoom } = wheel.current;
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        anchorRef.current = event.clientX - box.getBoundingClientRect().left - lanesLeft(trackRef.current);
        setZoom(current * TIMELINE_ZOOM_STEP ** (-event.deltaY / 100));
      } else if (current > 1 && Math.abs(event.deltaY) > Math.abs(event.deltaX)) {
        event.preventDefault();
        box.scrollLeft += event.deltaY;
      }
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, [scrollRef, trackRef, anchorRef]);
}
