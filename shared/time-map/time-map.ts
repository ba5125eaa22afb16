import type { SpeedRange } from './speed';

/**
 * The time map: where each moment of the recording (source time) lands in the edited video (output time), and
 * back. It is built from the kept ranges (the trim minus the cuts, see timeline.ts) and the speed-ups; every frame
 * of the preview and the export asks it which source time to show, and the audio path which rate each span plays at.
 * All times in ms.
 */

/** A span of source time; the kept ranges of timeline.ts have this shape. */
interface SourceSpan {
  readonly startMs: number;
  readonly endMs: number;
}

/** A piece of the edited video that plays one span of the source at one rate. */
export interface TimeMapSegment {
  readonly sourceStartMs: number;
  readonly sourceEndMs: number;
  readonly outputStartMs: number;
  readonly outputEndMs: number;
  /** 1 at normal speed; 2 plays the span in half its length. */
  readonly rate: number;
}

/** The segments of the edited video in order: each kept range split where a speed-up starts or ends. */
export function timeMapSegments(kept: readonly SourceSpan[], speeds: readonly SpeedRange[]): TimeMapSegment[] {
  const sortedSpeeds = [...speeds].filter((s) => s.endMs > s.startMs).sort((a, b) => a.startMs - b.startMs);
  const segments: TimeMapSegment[] = [];
  let outputMs = 0;
  const push = (startMs: number, endMs: number, rate: number) => {
    if (endMs <= startMs) return;
    const outputEndMs = outputMs + (endMs - startMs) / rate;
    segments.push({ sourceStartMs: startMs, sourceEndMs: endMs, outputStartMs: outputMs, outputEndMs, rate });
    outputMs = outputEndMs;
  };
  for (const range of kept) {
    let cursor = range.startMs;
    for (const speed of sortedSpeeds) {
      if (speed.endMs <= cursor || speed.startMs >= range.endMs) continue;
      push(cursor, Math.max(cursor, speed.startMs), 1);
      const end = Math.min(range.endMs, speed.endMs);
      push(Math.max(cursor, speed.startMs), end, speed.rate);
      cursor = Math.max(cursor, end);
    }
    push(cursor, range.endMs, 1);
  }
  return segments;
}

/** Length of the edited video. */
export function mappedDurationMs(segments: readonly TimeMapSegment[]): number {
  return segments[segments.length - 1]?.outputEndMs ?? 0;
}

/** Source time shown at output time `outputMs` (clamped to the edited video); `fallbackMs` when nothing is kept. */
export function sourceTimeOf(segments: readonly TimeMapSegment[], outputMs: number, fallbackMs = 0): number {
  const last = segments[segments.length - 1];
  if (!last) return fallbackMs;
  const t = Math.max(0, outputMs);
  for (const segment of segments) {
    if (t < segment.outputEndMs) return segment.sourceStartMs + (t - segment.outputStartMs) * segment.rate;
  }
  return last.sourceEndMs;
}

/** Output time at which source time `sourceMs` plays; a moment that is not kept maps to the next kept one (or the end). */
export function outputTimeOf(segments: readonly TimeMapSegment[], sourceMs: number): number {
  for (const segment of segments) {
    if (sourceMs < segment.sourceStartMs) return segment.outputStartMs;
    if (sourceMs < segment.sourceEndMs)
      return segment.outputStartMs + (sourceMs - segment.sourceStartMs) / segment.rate;
  }
  return mappedDurationMs(segments);
}

/** The rate source time `sourceMs` plays at (1 where no speed-up is, or outside the kept video). */
export function rateOf(segments: readonly TimeMapSegment[], sourceMs: number): number {
  return segments.find((s) => sourceMs >= s.sourceStartMs && sourceMs < s.sourceEndMs)?.rate ?? 1;
}
