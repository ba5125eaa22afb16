import type { Recording } from '../recording/recording';
import { AUTO_ZOOM } from './auto-zoom-rules';

/** A stretch of time. */
export interface Span {
  startMs: number;
  endMs: number;
}

/**
 * Stretches around page-wide scrolling, when the camera must show the whole page. A new page ends a scroll: its
 * offsets are another document's (a link that loads a page at the top after the last one was scrolled down is no
 * scroll of a page's height).
 */
export function pageScrollSpans(recording: Recording): Span[] {
  const spans: Span[] = [];
  const threshold = AUTO_ZOOM.pageScrollViewports * recording.viewport.height;
  let run: Recording['scrolls'] = [];
  const flush = () => {
    const first = run[0];
    const last = run[run.length - 1];
    if (first && last) {
      const ys = run.map((s) => s.scrollY);
      const moved = Math.max(
        Math.max(...ys) - Math.min(...ys),
        run.reduce((sum, s) => sum + Math.abs(s.deltaY), 0),
      );
      if (moved >= threshold) {
        spans.push({
          startMs: Math.max(0, first.t - AUTO_ZOOM.scrollMarginBeforeMs),
          endMs: last.t + AUTO_ZOOM.scrollMarginAfterMs,
        });
      }
    }
    run = [];
  };
  const newPageBetween = (fromMs: number, toMs: number) => recording.pages.some((p) => p.t > fromMs && p.t <= toMs);
  for (const scroll of recording.scrolls) {
    const previous = run[run.length - 1];
    if (previous && (scroll.t - previous.t > AUTO_ZOOM.scrollGapMs || newPageBetween(previous.t, scroll.t))) flush();
    run.push(scroll);
  }
  flush();
  return spans;
}

/** Whether two stretches share some time. */
export function overlaps(a: Span, b: Span): boolean {
  return a.startMs < b.endMs && b.startMs < a.endMs;
}
