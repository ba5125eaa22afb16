import { type ClockLog, toRecordingTime } from './clock';
import type { Box, MouseButton, Recording, Scroll } from './recording';
import { RedactionTracks } from './redaction-track';
import type { TrackEvent } from './track-events';

/** The cursor track of a recording: every array sorted by recording time. */
export type CursorTrack = Pick<
  Recording,
  'cursor' | 'clicks' | 'shortcuts' | 'typing' | 'fields' | 'redactions' | 'scrolls' | 'visibility' | 'pages'
> & { fields: NonNullable<Recording['fields']>; redactions: NonNullable<Recording['redactions']> };

/** A track with nothing in it (a video opened without one, a recording before its first event). */
export function emptyTrack(): CursorTrack {
  return {
    cursor: [],
    clicks: [],
    shortcuts: [],
    typing: [],
    fields: [],
    redactions: [],
    scrolls: [],
    visibility: [],
    pages: [],
  };
}

/** The track's lists, each of which only the extension's content script fills. */
const TRACK_LISTS = [
  'cursor',
  'clicks',
  'shortcuts',
  'typing',
  'fields',
  'redactions',
  'scrolls',
  'visibility',
  'pages',
] as const satisfies readonly (keyof CursorTrack)[];

/** A recording's track lists (some optional: older recordings lack them), what `hasCursorTrack` reads. */
export type TrackLists = Pick<Recording, (typeof TRACK_LISTS)[number]>;

/**
 * Whether a recording came with a cursor track. A video opened without its .json has none; a recording from the
 * extension always has one, even when the pointer never moved (then it has few or no pointer samples, but the
 * page it started on, and any clicks, keys and scrolls).
 */
export function hasCursorTrack(recording: TrackLists): boolean {
  return TRACK_LISTS.some((list) => (recording[list]?.length ?? 0) > 0);
}

/** Rounds a normalized coordinate to 1/100000 of the viewport: far below a device pixel, and keeps JSON small. */
function round5(value: number): number {
  return Math.round(value * 100_000) / 100_000;
}

/** A box rounded like positions, with no negative size. */
function roundBox(box: { x: number; y: number; width: number; height: number }): Box {
  return {
    x: round5(box.x),
    y: round5(box.y),
    width: round5(Math.max(0, box.width)),
    height: round5(Math.max(0, box.height)),
  };
}

/** Rounds a time to 1/100 ms. */
function roundTime(value: number): number {
  return Math.round(value * 100) / 100;
}

function redactBox(event: Extract<TrackEvent, { k: 'redact' }>) {
  return { id: event.id, kind: event.kind, box: event.box ? roundBox(event.box) : null };
}

/**
 * Converts raw wall-clock events into the recording's track: events before the start, after the stop
 * and inside pauses are dropped, times become recording times, presses are paired with releases.
 */
export function buildTrack(events: readonly TrackEvent[], clock: ClockLog): CursorTrack {
  const sorted = [...events].sort((a, b) => a.w - b.w);
  const track = emptyTrack();
  const openPress = new Map<MouseButton, { index: number; w: number }>();
  // The document shown when recording started was announced before the start: it is the page at t = 0.
  let pageAtStart: { url: string; title: string } | null = null;
  // Likewise a field focused before the start is the focused field at t = 0.
  let fieldAtStart: TrackEvent | null = null;
  const redactions = new RedactionTracks();
  for (const event of sorted) {
    // A release closes its press even when it falls in a pause: the press lasted until then.
    if (event.k === 'up') {
      const press = openPress.get(event.button);
      const click = press ? track.clicks[press.index] : undefined;
      if (press && click) click.durationMs = roundTime(Math.max(0, event.w - press.w));
      openPress.delete(event.button);
      continue;
    }
    const recorded = toRecordingTime(clock, event.w);
    if (recorded === null) {
      if (event.k === 'page' && event.w < clock.startedAt) pageAtStart = { url: event.url, title: event.title };
      if (event.k === 'field' && event.w < clock.startedAt) fieldAtStart = event;
      if (event.k === 'redact' && event.w < clock.startedAt) redactions.add({ ...redactBox(event), t: null });
      continue;
    }
    const t = roundTime(recorded);
    switch (event.k) {
      case 'move':
        track.cursor.push({ t, x: round5(event.x), y: round5(event.y), cursor: event.c, buttons: event.b });
        break;
      case 'down':
        openPress.set(event.button, { index: track.clicks.length, w: event.w });
        track.clicks.push({
          t,
          x: round5(event.x),
          y: round5(event.y),
          button: event.button,
          ...(event.box ? { box: roundBox(event.box) } : {}),
        });
        break;
      case 'field':
        track.fields.push({ t, box: event.box ? roundBox(event.box) : null });
        break;
      case 'redact':
        redactions.add({ ...redactBox(event), t });
        break;
      case 'wheel':
        track.scrolls.push({
          t,
          x: round5(event.x),
          y: round5(event.y),
          deltaX: event.dx,
          deltaY: event.dy,
          scrollX: event.sx,
          scrollY: event.sy,
        });
        break;
      case 'scroll':
        addScroll(track.scrolls, t, event.sx, event.sy);
        break;
      case 'shortcut': {
        const { key, code, ctrl, alt, shift, meta } = event;
        track.shortcuts.push({ t, key, code, ctrl, alt, shift, meta });
        break;
      }
      case 'typing':
        track.typing.push({ t });
        break;
      case 'visibility':
        track.visibility.push({ t, visible: event.visible });
        break;
      case 'page':
        track.pages.push({ t, url: event.url, title: event.title });
        break;
      default:
        // Every kind of event is stored: a new kind does not compile until it has its case here.
        event satisfies never;
    }
  }
  if (pageAtStart && (track.pages[0]?.t ?? 1) > 0) track.pages.unshift({ t: 0, ...pageAtStart });
  if (fieldAtStart?.k === 'field' && fieldAtStart.box && (track.fields[0]?.t ?? 1) > 0)
    track.fields.unshift({ t: 0, box: roundBox(fieldAtStart.box) });
  track.redactions = redactions.result();
  return track;
}

/** A page scroll to (`scrollX`, `scrollY`) at `t`: right after a wheel turn it is that turn's effect, whose offsets it sets. */
function addScroll(scrolls: Scroll[], t: number, scrollX: number, scrollY: number): void {
  const last = scrolls.at(-1);
  if (last && (last.deltaX !== 0 || last.deltaY !== 0) && t - last.t < 50) {
    last.scrollX = scrollX;
    last.scrollY = scrollY;
  } else {
    scrolls.push({ t, x: 0.5, y: 0.5, deltaX: 0, deltaY: 0, scrollX, scrollY });
  }
}

/**
 * Where the pointer was at recording time `t`: the last sample at or before `t`, which is what the screen
 * showed (pages draw at the last event's position). Null before the first sample.
 */
export function cursorAt(track: Pick<CursorTrack, 'cursor'>, t: number): { x: number; y: number } | null {
  const samples = track.cursor;
  if (samples.length === 0 || (samples[0]?.t ?? 0) > t) return null;
  let lo = 0;
  let hi = samples.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((samples[mid]?.t ?? 0) <= t) lo = mid;
    else hi = mid - 1;
  }
  const sample = samples[lo];
  return sample ? { x: sample.x, y: sample.y } : null;
}
