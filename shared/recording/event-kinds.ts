import { z } from 'zod';
import { ALL_REDACTION_KINDS } from '../redaction/redaction';
import { cursorTypeSchema } from './cursor-types';
import { ALL_MOUSE_BUTTONS } from './recording';

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
