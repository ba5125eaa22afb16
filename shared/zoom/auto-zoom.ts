import type { StrengthLevel } from '../look/enumerations';
import { DEFAULT_ZOOM_TIMING, type ZoomTiming } from '../look/zoom-timing';
import type { Recording } from '../recording/recording';
import { AUTO_ZOOM } from './auto-zoom-rules';
import { overlaps, pageScrollSpans, type Span } from './spans';
import { type ZoomEvent, zoomEvents } from './zoom-events';
import type { ZoomFocus, ZoomSegment } from './zoom-segment';

// Automatic zooms: the actions worth zooming into (zoom-events.ts), merged into segments around them, kept out of
// page-wide scrolls (spans.ts).
export { AUTO_ZOOM } from './auto-zoom-rules';
export { overlaps, pageScrollSpans, type Span } from './spans';

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

/**
 * Automatic zoom segments for a recording: clicks, typing bursts and dwells zoom in; nearby actions merge; idle
 * stretches and page-wide scrolling zoom out. The timing settings hold for every zoom, whatever its actions:
 * - it starts `leadInMs` before its first action, unless that is before 0 or inside a page-wide scroll's stretch
 *   (the camera shows the whole page then): it starts at 0, or where that stretch ends;
 * - it ends `holdMs` after its last action, unless that is past the video's end or inside a page-wide scroll's
 *   stretch: it ends there, or where the stretch starts. The hold is lengthened only to make a zoom
 *   AUTO_ZOOM.shortestMs long when lead-in, actions and hold are shorter;
 * - the actions it stores (`actions`) lie inside it, and zooms never overlap: actions whose lead-in and hold would
 *   overlap are one zoom (apart, they would touch and the camera would not zoom out between), and actions apart by
 *   less than AUTO_ZOOM.mergeGapMs are one while it stays within AUTO_ZOOM.maxDurationMs; never across a page-wide
 *   scroll.
 * A zoom those limits leave shorter than AUTO_ZOOM.shortestKeptMs is left out.
 */
export function autoZoomSegments(recording: Recording, options: AutoZoomOptions): ZoomSegment[] {
  const { depth } = options;
  if (depth === 'None') return [];
  const { leadInMs, holdMs } = options.timing ?? DEFAULT_ZOOM_TIMING;
  const duration = recording.video.durationMs;
  const blocked = pageScrollSpans(recording);
  const events = zoomEvents(recording, holdMs).filter(
    (e) => !blocked.some((b) => overlaps(b, { ...e, endMs: e.endMs + 1 })),
  );
  /** Where a zoom of these actions starts and ends by the timing alone, before any limit. */
  const timed = (actions: { firstMs: number; lastMs: number }): Span => {
    const startMs = actions.firstMs - leadInMs;
    return { startMs, endMs: Math.max(actions.lastMs + holdMs, startMs + AUTO_ZOOM.shortestMs) };
  };
  const scrollBetween = (fromMs: number, toMs: number) => blocked.some((b) => b.startMs >= fromMs && b.endMs <= toMs);

  const groups: ZoomEvent[][] = [];
  for (const event of events) {
    const group = groups[groups.length - 1];
    if (group) {
      const actions = actionsOf(group);
      const current = timed(actions);
      const next = timed({ firstMs: event.startMs, lastMs: event.endMs });
      const mergedLength =
        Math.min(duration, Math.max(current.endMs, next.endMs)) - Math.max(0, Math.min(current.startMs, next.startMs));
      const overlapping = next.startMs < current.endMs;
      const near = next.startMs - current.endMs < AUTO_ZOOM.mergeGapMs && mergedLength <= AUTO_ZOOM.maxDurationMs;
      if ((overlapping || near) && !scrollBetween(actions.lastMs, event.startMs)) {
        group.push(event);
        continue;
      }
    }
    groups.push([event]);
  }

  // Each zoom where the timing puts it, inside the video and outside page-wide scrolls.
  return groups
    .map((group) => {
      const actions = actionsOf(group);
      const window = timed(actions);
      const scrollBefore = Math.max(0, ...blocked.filter((b) => b.endMs <= actions.firstMs).map((b) => b.endMs));
      const scrollAfter = Math.min(
        duration,
        ...blocked.filter((b) => b.startMs >= actions.lastMs).map((b) => b.startMs),
      );
      return {
        events: group,
        actions,
        startMs: Math.max(window.startMs, scrollBefore),
        endMs: Math.min(window.endMs, scrollAfter),
      };
    })
    .filter((zoom) => zoom.endMs - zoom.startMs >= AUTO_ZOOM.shortestKeptMs)
    .map((zoom, index) => ({
      id: `auto-${index}-${Math.round(zoom.startMs)}`,
      startMs: zoom.startMs,
      endMs: zoom.endMs,
      depth,
      focus: focusOf(zoom.events),
      origin: 'auto',
      actions: zoom.actions,
    }));
}
