import type { z } from 'zod';
import { type ClockLog, toRecordingTime } from './clock';
import {
  type Box,
  type MouseButton,
  type Scroll,
  type TrackEvent,
  type TrackListName,
  trackListSchemas,
} from './event-kinds';
import type { Recording } from './recording';
import { RedactionTracks } from './redaction-track';

/** The cursor track of a recording: every list of event-kinds.ts, each sorted by recording time. */
export type CursorTrack = { [L in TrackListName]: z.infer<(typeof trackListSchemas)[L]> };

/** The track's lists, each of which only the extension's content script fills. */
const TRACK_LISTS = Object.keys(trackListSchemas) as TrackListName[];

/** A track with nothing in it (a video opened without one, a recording before its first event). */
export function emptyTrack(): CursorTrack {
  return Object.fromEntries(TRACK_LISTS.map((list) => [list, []])) as unknown as CursorTrack;
}

/** A recording's track lists (some optional: older recordings lack them), what `hasCursorTrack` reads. */
export type TrackLists = Pick<Recording, TrackListName>;

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

/** A track being built, with the presses still waiting for their release. */
interface TrackInProgress {
  readonly track: CursorTrack;
  readonly openPress: Map<MouseButton, { index: number; w: number }>;
  readonly redactions: RedactionTracks;
}

/** An event of kind `K`. */
type EventOf<K extends TrackEvent['k']> = Extract<TrackEvent, { k: K }>;

/**
 * How each kind of raw event is stored at recording time `t` (a release is paired with its press before: see
 * buildTrack). A mapped type, so a new kind in event-kinds.ts does not compile until it has its converter here.
 */
const STORE_EVENT: { readonly [K in TrackEvent['k']]: (event: EventOf<K>, t: number, into: TrackInProgress) => void } =
  {
    move: (event, t, { track }) => {
      track.cursor.push({ t, x: round5(event.x), y: round5(event.y), cursor: event.c, buttons: event.b });
    },
    down: (event, t, { track, openPress }) => {
      openPress.set(event.button, { index: track.clicks.length, w: event.w });
      const box = event.box ? { box: roundBox(event.box) } : {};
      track.clicks.push({ t, x: round5(event.x), y: round5(event.y), button: event.button, ...box });
    },
    // Handled before its time is converted (a release in a pause still ends its press).
    up: () => undefined,
    field: (event, t, { track }) => {
      track.fields.push({ t, box: event.box ? roundBox(event.box) : null });
    },
    redact: (event, t, { redactions }) => redactions.add({ ...redactBox(event), t }),
    wheel: (event, t, { track }) => {
      const { x, y, dx: deltaX, dy: deltaY, sx: scrollX, sy: scrollY } = event;
      track.scrolls.push({ t, x: round5(x), y: round5(y), deltaX, deltaY, scrollX, scrollY });
    },
    scroll: (event, t, { track }) => addScroll(track.scrolls, t, event.sx, event.sy),
    shortcut: ({ key, code, ctrl, alt, shift, meta }, t, { track }) => {
      track.shortcuts.push({ t, key, code, ctrl, alt, shift, meta });
    },
    typing: (_event, t, { track }) => {
      track.typing.push({ t });
    },
    visibility: (event, t, { track }) => {
      track.visibility.push({ t, visible: event.visible });
    },
    page: (event, t, { track }) => {
      track.pages.push({ t, url: event.url, title: event.title });
    },
  };

/** A release closes its press, even in a pause: the press lasted until then. */
function closePress(event: EventOf<'up'>, { track, openPress }: TrackInProgress): void {
  const press = openPress.get(event.button);
  const click = press ? track.clicks[press.index] : undefined;
  if (press && click) click.durationMs = roundTime(Math.max(0, event.w - press.w));
  openPress.delete(event.button);
}

/**
 * Converts raw wall-clock events into the recording's track: events before the start, after the stop
 * and inside pauses are dropped, times become recording times, presses are paired with releases.
 */
export function buildTrack(events: readonly TrackEvent[], clock: ClockLog): CursorTrack {
  const sorted = [...events].sort((a, b) => a.w - b.w);
  const building: TrackInProgress = { track: emptyTrack(), openPress: new Map(), redactions: new RedactionTracks() };
  const { track } = building;
  // The document shown when recording started was announced before the start: it is the page at t = 0.
  let pageAtStart: { url: string; title: string } | null = null;
  // Likewise a field focused before the start is the focused field at t = 0.
  let fieldAtStart: Box | null = null;
  for (const event of sorted) {
    if (event.k === 'up') {
      closePress(event, building);
      continue;
    }
    const recorded = toRecordingTime(clock, event.w);
    if (recorded === null) {
      if (event.w >= clock.startedAt) continue;
      if (event.k === 'page') pageAtStart = { url: event.url, title: event.title };
      if (event.k === 'field') fieldAtStart = event.box;
      if (event.k === 'redact') building.redactions.add({ ...redactBox(event), t: null });
      continue;
    }
    (STORE_EVENT[event.k] as (event: TrackEvent, t: number, into: TrackInProgress) => void)(
      event,
      roundTime(recorded),
      building,
    );
  }
  if (pageAtStart && (track.pages[0]?.t ?? 1) > 0) track.pages.unshift({ t: 0, ...pageAtStart });
  if (fieldAtStart && (track.fields[0]?.t ?? 1) > 0) track.fields.unshift({ t: 0, box: roundBox(fieldAtStart) });
  track.redactions = building.redactions.result();
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
