// The recorded event kinds, declared once: what the content script sends while it tracks (the raw events, short
// keys, wall-clock time) and what a recording keeps of them (its track lists, recording time). buildTrack
// (track.ts) turns one into the other, a converter per kind, and does not compile while a kind lacks one; the
// recording's schema (recording.ts) and the empty track take their lists from here. A new kind is its two forms
// here, its converter, the content script that sends it and the code that reads it.
import { z } from 'zod';
import { ALL_REDACTION_KINDS } from '../redaction/redaction';
import { cursorTypeSchema } from './cursor-types';

// ---- What a recording keeps ----

/** Mouse buttons a click can come from. */
export const ALL_MOUSE_BUTTONS = ['left', 'middle', 'right', 'back', 'forward'] as const;
export type MouseButton = (typeof ALL_MOUSE_BUTTONS)[number];

/** Milliseconds on the recording clock: 0 is the first video frame, paused time is excluded. */
const timeMs = z.number().finite().nonnegative();
/** A coordinate normalized to the captured viewport: 0 is the left/top edge, 1 the right/bottom edge. */
const normalized = z.number().finite();

/** Where the pointer was, what it looked like and which buttons were down. */
export const cursorSampleSchema = z.object({
  t: timeMs,
  x: normalized,
  y: normalized,
  cursor: cursorTypeSchema,
  /** Bit mask of pressed buttons, as PointerEvent.buttons. */
  buttons: z.number().int().nonnegative(),
});

/** A rectangle of the page as the video shows it, in the same normalized coordinates as positions. */
export const boxSchema = z.object({
  x: normalized,
  y: normalized,
  width: z.number().finite().nonnegative(),
  height: z.number().finite().nonnegative(),
});

/**
 * A press of a mouse button; `durationMs` is how long it was held, when the release was seen; `box` is where the
 * element clicked (the control it belongs to: a button, link, field…) was on screen at the press (absent in older
 * recordings and where the element was unknown).
 */
export const clickSchema = z.object({
  t: timeMs,
  x: normalized,
  y: normalized,
  button: z.enum(ALL_MOUSE_BUTTONS),
  durationMs: z.number().finite().nonnegative().optional(),
  box: boxSchema.optional(),
});

/**
 * The focused text field's box from `t` on, re-measured whenever the page scrolls or lays out again; null when no
 * field has the focus. Only where the field is: nothing typed into it is kept.
 */
export const fieldBoxSchema = z.object({ t: timeMs, box: boxSchema.nullable() });

/**
 * An element that must not be seen (a password, email, phone, card or one-time-code field, one the page marked
 * `data-clickreel-redact` or one the user picked): its box from each `t` on, null while it is not on screen. `id` is
 * stable within the recording. Only where the element is, never what it shows.
 */
export const redactionTrackSchema = z.object({
  id: z.string().min(1),
  kind: z.enum(ALL_REDACTION_KINDS),
  boxes: z.array(z.object({ t: timeMs, box: boxSchema.nullable() })),
});

/** A keyboard shortcut: a key pressed with Ctrl, Alt or Meta held (see key-capture.ts). */
export const shortcutSchema = z.object({
  t: timeMs,
  /** KeyboardEvent.key ('k', 'Enter', 'ArrowLeft'). */
  key: z.string().min(1),
  /** KeyboardEvent.code ('KeyK'). */
  code: z.string(),
  ctrl: z.boolean(),
  alt: z.boolean(),
  shift: z.boolean(),
  meta: z.boolean(),
});

/** Any other key press, kept as its time only: which key it was is never stored. */
export const typingSchema = z.object({ t: timeMs });

/** A wheel turn or a scroll of the page (or a scrollable element). */
export const scrollSchema = z.object({
  t: timeMs,
  /** Pointer position when the wheel turned, or the viewport centre for keyboard scrolls. */
  x: normalized,
  y: normalized,
  /** Wheel delta in CSS pixels (0 for scroll events that did not come from a wheel). */
  deltaX: z.number().finite(),
  deltaY: z.number().finite(),
  /** Page scroll offset after the event, CSS pixels. */
  scrollX: z.number().finite(),
  scrollY: z.number().finite(),
});

/** The tab became hidden or visible (track and video stop meaning the same thing while hidden). */
export const visibilityChangeSchema = z.object({ t: timeMs, visible: z.boolean() });

/** A navigation inside the tab during the recording: the browser frame shows the new URL and title from `t`. */
export const pageChangeSchema = z.object({ t: timeMs, url: z.string(), title: z.string() });

/** The recording's track lists: each an array of one kind of stored entry, sorted by t. */
export const trackListSchemas = {
  /** Pointer samples. */
  cursor: z.array(cursorSampleSchema),
  clicks: z.array(clickSchema),
  /** Shortcuts pressed. */
  shortcuts: z.array(shortcutSchema),
  /** Times of every other key press (typing). */
  typing: z.array(typingSchema),
  /** Where the focused field was. */
  fields: z.array(fieldBoxSchema),
  /** Elements to hide, each with its boxes. */
  redactions: z.array(redactionTrackSchema),
  scrolls: z.array(scrollSchema),
  visibility: z.array(visibilityChangeSchema),
  pages: z.array(pageChangeSchema),
};
export type TrackListName = keyof typeof trackListSchemas;

export type CursorSample = z.infer<typeof cursorSampleSchema>;
export type Click = z.infer<typeof clickSchema>;
export type Box = z.infer<typeof boxSchema>;
export type RedactionTrack = z.infer<typeof redactionTrackSchema>;
export type Shortcut = z.infer<typeof shortcutSchema>;
export type Typing = z.infer<typeof typingSchema>;
export type Scroll = z.infer<typeof scrollSchema>;

// ---- What the content script sends ----

/**
 * What the content script sends while it tracks: raw events stamped with wall-clock time `w`
 * (`performance.timeOrigin + event.timeStamp`, ms since the epoch) and coordinates already normalized
 * to the top-level viewport. They are stored as they arrive and converted to recording time only when
 * the recording is finalized, so a crash loses nothing that was sent.
 */
const wall = z.number().finite();
const coord = z.number().finite();

/** The pointer moved (one per coalesced event); `c` is the CSS cursor under it, `b` PointerEvent.buttons. */
export const moveEventSchema = z.object({
  k: z.literal('move'),
  w: wall,
  x: coord,
  y: coord,
  c: cursorTypeSchema,
  b: z.number().int().nonnegative(),
});
/** A box in the top-level viewport, normalized like positions. */
const box = z.object({ x: coord, y: coord, width: z.number().finite(), height: z.number().finite() });
/** A mouse button went down; `box` is the clicked control's box at that moment. */
export const downEventSchema = z.object({
  k: z.literal('down'),
  w: wall,
  x: coord,
  y: coord,
  button: z.enum(ALL_MOUSE_BUTTONS),
  box: box.optional(),
});
/** The focused text field is at `box` from now on (null: no field has the focus). Never what it holds. */
export const fieldEventSchema = z.object({ k: z.literal('field'), w: wall, box: box.nullable() });
/** An element that must not be seen (id stable per document) is at `box` from now on; null: not on screen. */
export const redactEventSchema = z.object({
  k: z.literal('redact'),
  w: wall,
  id: z.string().min(1).max(64),
  kind: z.enum(ALL_REDACTION_KINDS),
  box: box.nullable(),
});
/** A mouse button went up. */
export const upEventSchema = z.object({ k: z.literal('up'), w: wall, button: z.enum(ALL_MOUSE_BUTTONS) });
/** The wheel turned at (x, y); `sx`/`sy` are the page's scroll offsets at that time. */
export const wheelEventSchema = z.object({
  k: z.literal('wheel'),
  w: wall,
  x: coord,
  y: coord,
  dx: z.number().finite(),
  dy: z.number().finite(),
  sx: z.number().finite(),
  sy: z.number().finite(),
});
/** The page scrolled (by wheel, keyboard or script). */
export const scrollEventSchema = z.object({
  k: z.literal('scroll'),
  w: wall,
  sx: z.number().finite(),
  sy: z.number().finite(),
});
/** A shortcut went down (Ctrl, Alt or Meta with a key; see key-capture.ts). */
export const shortcutEventSchema = z.object({
  k: z.literal('shortcut'),
  w: wall,
  key: z.string().min(1),
  code: z.string(),
  ctrl: z.boolean(),
  alt: z.boolean(),
  shift: z.boolean(),
  meta: z.boolean(),
});
/** Any other key went down: its time only, never which key. */
export const typingEventSchema = z.object({ k: z.literal('typing'), w: wall });
/** The tab was hidden or shown. */
export const visibilityEventSchema = z.object({ k: z.literal('visibility'), w: wall, visible: z.boolean() });
/** A document loaded in the recorded tab (the first one, or after a navigation); its viewport in CSS px. */
export const pageEventSchema = z.object({
  k: z.literal('page'),
  w: wall,
  url: z.string(),
  title: z.string(),
  width: z.number().positive(),
  height: z.number().positive(),
  dpr: z.number().positive(),
});

/** Any raw tracking event. */
export const trackEventSchema = z.discriminatedUnion('k', [
  moveEventSchema,
  downEventSchema,
  fieldEventSchema,
  redactEventSchema,
  upEventSchema,
  wheelEventSchema,
  scrollEventSchema,
  shortcutEventSchema,
  typingEventSchema,
  visibilityEventSchema,
  pageEventSchema,
]);

/** See {@link trackEventSchema}. */
export type TrackEvent = z.infer<typeof trackEventSchema>;
