import type { StrengthLevel } from '../look/enumerations';
import type { Recording } from '../recording/recording';
import { AUTO_ZOOM } from './auto-zoom-rules';
import { overlaps, pageScrollSpans, type Span, subtract } from './spans';
import { type ZoomEvent, zoomEvents } from './zoom-events';
import type { ZoomFocus, ZoomSegment } from './zoom-segment';
import { DEFAULT_ZOOM_TIMING, type ZoomTiming } from './zoom-timing';

// Automatic zooms: the actions worth zooming into (zoom-events.ts), merged into segments around them, with page-wide
// scrolls (spans.ts) cut out.
export { AUTO_ZOOM } from './auto-zoom-rules';
export { overlaps, pageScrollSpans, type Span } from './spans';
export { type ZoomEvent, zoomEvents } from './zoom-events';

/** A stretch of time and the actions in it. */
interface FocusedSpan extends Span {
  readonly events: ZoomEvent[];
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

/**
 * Where a zoom looks: at the field being typed in when there was typing and every action happened there
 * (the pointer often wanders off while typing), else it follows the cursor.
 */
function focusOf(events: readonly ZoomEvent[]): ZoomFocus {
  const typing = events.find((e) => e.kind === 'typing');
  if (!typing) return { kind: 'cursor' };
  const near = (e: ZoomEvent) =>
    Math.hypot(e.x - typing.x, e.y - typing.y) < 0.05 ||
    (typing.box !== undefined &&
      e.x >= typing.box.x - 0.02 &&
      e.x <= typing.box.x + typing.box.width + 0.02 &&
      e.y >= typing.box.y - 0.02 &&
      e.y <= typing.box.y + typing.box.height + 0.02);
  const together = events.every(near);
  return together ? { kind: 'point', x: clamp01(typing.x), y: clamp01(typing.y) } : { kind: 'cursor' };
}

/** When the first and last action of a zoom happened. */
function actionsOf(events: readonly ZoomEvent[]): { firstMs: number; lastMs: number } {
  return {
    firstMs: Math.min(...events.map((e) => e.startMs)),
    lastMs: Math.max(...events.map((e) => e.endMs)),
  };
}

/** What automatic zooms are generated with. */
export interface AutoZoomOptions {
  /** Depth of every generated zoom (the editor's zoom depth setting); None generates nothing. */
  readonly depth: StrengthLevel;
  /** Lead-in before the first action and hold after the last (the editor's settings); absent: the defaults. */
  readonly timing?: Pick<ZoomTiming, 'leadInMs' | 'holdMs'>;
}

/** The shortest automatic zoom for a timing (see AUTO_ZOOM.minDurationMs). */
export function minAutoZoomMs(timing: Pick<ZoomTiming, 'leadInMs' | 'holdMs'>): number {
  return Math.min(AUTO_ZOOM.minDurationMs, Math.max(AUTO_ZOOM.shortestMs, timing.leadInMs + timing.holdMs));
}

/**
 * Automatic zoom segments for a recording: clicks, typing bursts and dwells zoom in; nearby actions merge;
 * idle stretches and page-wide scrolling zoom out; every segment lasts between the minimum and maximum duration.
 */
export function autoZoomSegments(recording: Recording, options: AutoZoomOptions): ZoomSegment[] {
  const { depth } = options;
  if (depth === 'None') return [];
  const { leadInMs, holdMs } = options.timing ?? DEFAULT_ZOOM_TIMING;
  const minDurationMs = minAutoZoomMs({ leadInMs, holdMs });
  const duration = recording.video.durationMs;
  const blocked = pageScrollSpans(recording);
  const events = zoomEvents(recording, holdMs).filter(
    (e) => !blocked.some((b) => overlaps(b, { ...e, endMs: e.endMs + 1 })),
  );

  // Merge neighbouring actions, but never into a zoom longer than the maximum.
  const merged: FocusedSpan[] = [];
  for (const event of events) {
    const span: FocusedSpan = {
      startMs: Math.max(0, event.startMs - leadInMs),
      endMs: Math.min(duration, event.endMs + holdMs),
      events: [event],
    };
    const current = merged[merged.length - 1];
    if (
      current &&
      span.startMs - current.endMs < AUTO_ZOOM.mergeGapMs &&
      Math.max(current.endMs, span.endMs) - current.startMs <= AUTO_ZOOM.maxDurationMs
    ) {
      current.endMs = Math.max(current.endMs, span.endMs);
      current.events.push(event);
    } else {
      merged.push(span);
    }
  }

  // Cut out page-wide scrolls, then make the list non-overlapping and bounded.
  const spans = merged.flatMap((span) => subtract(span, blocked)).sort((a, b) => a.startMs - b.startMs);
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i] as FocusedSpan;
    const next = spans[i + 1];
    if (next && next.startMs < span.endMs) span.endMs = next.startMs;
    span.endMs = Math.min(span.endMs, span.startMs + AUTO_ZOOM.maxDurationMs);
  }
  const bounded: FocusedSpan[] = [];
  for (let i = 0; i < spans.length; i++) {
    const span = spans[i] as FocusedSpan;
    const previousEnd = bounded[bounded.length - 1]?.endMs ?? 0;
    const nextStart = spans[i + 1]?.startMs ?? duration;
    if (span.endMs - span.startMs < minDurationMs) {
      const room = blocked.find((b) => b.startMs >= span.endMs)?.startMs ?? duration;
      span.endMs = Math.min(nextStart, room, duration, span.startMs + minDurationMs);
    }
    if (span.endMs - span.startMs < minDurationMs) {
      const room = [...blocked].reverse().find((b) => b.endMs <= span.startMs)?.endMs ?? 0;
      span.startMs = Math.max(previousEnd, room, 0, span.endMs - minDurationMs);
    }
    if (span.endMs - span.startMs >= minDurationMs - 1e-6) bounded.push(span);
  }
  return bounded.map((span, index) => ({
    id: `auto-${index}-${Math.round(span.startMs)}`,
    startMs: span.startMs,
    endMs: span.endMs,
    depth,
    focus: focusOf(span.events),
    origin: 'auto',
    actions: actionsOf(span.events),
  }));
}
