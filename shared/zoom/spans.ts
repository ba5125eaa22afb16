import type { Recording } from '../recording/recording';
import { AUTO_ZOOM } from './auto-zoom-rules';

/** A stretch of time. */
export interface Span {
  startMs: number;
  endMs: number;
}

/** Stretches around page-wide scrolling, when the camera must show the whole page. */
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
  for (const scroll of recording.scrolls) {
    const previous = run[run.length - 1];
    if (previous && scroll.t - previous.t > AUTO_ZOOM.scrollGapMs) flush();
    run.push(scroll);
  }
  flush();
  return spans;
}

/** Whether two stretches share some time. */
export function overlaps(a: Span, b: Span): boolean {
  return a.startMs < b.endMs && b.startMs < a.endMs;
}

/** `span` with every blocked stretch cut out (may split into pieces). */
export function subtract<T extends Span>(span: T, blocked: readonly Span[]): T[] {
  let pieces: T[] = [span];
  for (const block of blocked) {
    pieces = pieces.flatMap((piece) => {
      if (!overlaps(piece, block)) return [piece];
      const kept: T[] = [];
      if (block.startMs > piece.startMs) kept.push({ ...piece, endMs: block.startMs });
      if (block.endMs < piece.endMs) kept.push({ ...piece, startMs: block.endMs });
      return kept;
    });
  }
  return pieces;
}
