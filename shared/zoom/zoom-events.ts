import { DEFAULT_ZOOM_TIMING } from '../look/zoom-timing';
import type { Box, Recording } from '../recording/recording';
import { AUTO_ZOOM } from './auto-zoom-rules';
import { fieldBoxAt, framedBox } from './framing';

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
