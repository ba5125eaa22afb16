import { fieldBoxAt, framedBox } from '../camera/framing';
import type { StrengthLevel } from '../look/enumerations';
import type { Box, Recording } from '../recording/recording';
import type { ZoomFocus, ZoomSegment } from './zoom-segment';
import { DEFAULT_ZOOM_TIMING, type ZoomTiming } from './zoom-timing';

/** Timing rules of automatic zooms (milliseconds, normalized distances); lead-in and hold are settings (ZoomTiming). */
export const AUTO_ZOOM = {
  /** Actions closer than this share one zoom. */
  mergeGapMs: 1500,
  /**
   * A zoom lasts at least this long, or lead-in plus hold when they are shorter (so a short timing the user chose
   * shows), but never under `shortestMs`.
   */
  minDurationMs: 2200,
  shortestMs: 1000,
  maxDurationMs: 10_000,
  /** Key presses closer than this form one typing burst; a burst needs this many keys. */
  typingGapMs: 1000,
  typingMinKeys: 3,
  /** The cursor resting within this radius for this long after travelling is a dwell. */
  dwellMs: 1500,
  dwellRadius: 0.012,
  dwellTravel: 0.08,
  /** A dwell holds the zoom at most this long past its detection. */
  dwellHoldMs: 1500,
  /** Scroll events closer than this form one scroll; it is page-wide when the page moved this many viewports. */
  scrollGapMs: 600,
  pageScrollViewports: 0.5,
  /** The camera is zoomed out from this long before a page-wide scroll to this long after it. */
  scrollMarginBeforeMs: 300,
  scrollMarginAfterMs: 500,
} as const;

/** Something worth zooming into: its time span and where on the video it happened. */
export interface ZoomEvent {
  readonly startMs: number;
  readonly endMs: number;
  readonly x: number;
  readonly y: number;
  /** Typing happens in a field that stays put while the pointer may wander off: the camera holds on the field. */
  readonly kind: 'click' | 'typing' | 'dwell';
  /** The field typed into, when the recording has its box. */
  readonly box?: Box;
}

/** A stretch of time. */
export interface Span {
  startMs: number;
  endMs: number;
}

/** Cursor position at time t (the last sample at or before t, or the first sample). */
function cursorAt(recording: Recording, t: number): { x: number; y: number } {
  let found = recording.cursor[0];
  for (const sample of recording.cursor) {
    if (sample.t > t) break;
    found = sample;
  }
  return found ? { x: found.x, y: found.y } : { x: 0.5, y: 0.5 };
}

/** Typing bursts: runs of key presses that are not shortcuts, with short gaps. */
function typingEvents(recording: Recording): ZoomEvent[] {
  const keys = recording.typing;
  const events: ZoomEvent[] = [];
  let run: typeof keys = [];
  const flush = () => {
    const first = run[0];
    const last = run[run.length - 1];
    if (first && last && run.length >= AUTO_ZOOM.typingMinKeys) {
      // Typing happens in the focused field, else where the user last clicked, not where the pointer drifted to.
      const field = fieldBoxAt(recording, first.t);
      const lastClick = [...recording.clicks].reverse().find((c) => c.t <= first.t);
      const where = field
        ? { x: field.x + field.width / 2, y: field.y + field.height / 2 }
        : (lastClick ?? cursorAt(recording, first.t));
      events.push({
        startMs: first.t,
        endMs: last.t,
        x: where.x,
        y: where.y,
        kind: 'typing',
        ...(field ? { box: field } : {}),
      });
    }
    run = [];
  };
  for (const key of keys) {
    const previous = run[run.length - 1];
    if (previous && key.t - previous.t > AUTO_ZOOM.typingGapMs) flush();
    run.push(key);
  }
  flush();
  return events;
}

/** Dwells: the cursor travelled, then rested in one place. */
function dwellEvents(recording: Recording): ZoomEvent[] {
  const events: ZoomEvent[] = [];
  const samples = recording.cursor;
  let restAnchor: { x: number; y: number } | undefined;
  let i = 0;
  while (i < samples.length) {
    const anchor = samples[i];
    if (!anchor) break;
    let j = i + 1;
    while (j < samples.length) {
      const s = samples[j];
      if (!s || Math.hypot(s.x - anchor.x, s.y - anchor.y) > AUTO_ZOOM.dwellRadius) break;
      j++;
    }
    const restEnd = j < samples.length ? (samples[j]?.t ?? anchor.t) : recording.video.durationMs;
    const travelled =
      !restAnchor || Math.hypot(anchor.x - restAnchor.x, anchor.y - restAnchor.y) > AUTO_ZOOM.dwellTravel;
    if (restEnd - anchor.t >= AUTO_ZOOM.dwellMs && travelled) {
      const detected = anchor.t + AUTO_ZOOM.dwellMs;
      events.push({
        kind: 'dwell',
        startMs: detected,
        endMs: Math.min(restEnd, detected + AUTO_ZOOM.dwellHoldMs),
        x: anchor.x,
        y: anchor.y,
      });
      restAnchor = anchor;
    } else if (restEnd - anchor.t >= AUTO_ZOOM.dwellMs) {
      restAnchor = anchor;
    }
    i = Math.max(j, i + 1);
  }
  return events;
}

/** Everything in the track that deserves a zoom-in, sorted by time (`holdMs`: how long a click's zoom stays). */
export function zoomEvents(recording: Recording, holdMs: number = DEFAULT_ZOOM_TIMING.holdMs): ZoomEvent[] {
  // A click on something about the size of the page (its box known, too large to zoom into) is no reason to zoom.
  const clicks = recording.clicks
    .filter((c) => !c.box || framedBox(c.box) !== null)
    .map((c): ZoomEvent => ({ startMs: c.t, endMs: c.t, x: c.x, y: c.y, kind: 'click' }));
  const typing = typingEvents(recording);
  // A pointer parked out of the way while the user types is not a dwell worth looking at, and a pointer
  // resting after a click is the user reading the result: the click's own zoom covers it, then the idle zooms out.
  const busy = [...typing, ...recording.clicks.map((c) => ({ startMs: c.t, endMs: c.t }))];
  const dwells = dwellEvents(recording).filter(
    (d) => !busy.some((k) => d.startMs - AUTO_ZOOM.dwellMs <= k.endMs + holdMs && d.startMs >= k.startMs),
  );
  return [...clicks, ...typing, ...dwells].sort((a, b) => a.startMs - b.startMs);
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
function subtract<T extends Span>(span: T, blocked: readonly Span[]): T[] {
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
