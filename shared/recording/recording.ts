import { z } from 'zod';
import { RecordingError } from '../errors/domain-errors';
import { ALL_REDACTION_KINDS } from '../redaction/redaction';
import { cursorTypeSchema } from './cursor-types';
import { migrateRecording } from './format-migration';

/**
 * The version of the recording format this code writes; readers migrate older versions (see
 * format-migration.ts) and refuse newer ones. 2: key presses became shortcuts and time-only typing.
 */
export const RECORDING_FORMAT_VERSION = 2;

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

/** A pause: at recording time `t` the user paused for `wallDurationMs` of wall-clock time, absent from video and track. */
export const pauseSchema = z.object({ t: timeMs, wallDurationMs: z.number().finite().nonnegative() });

export const videoInfoSchema = z.object({
  /** MIME type of the stored video, e.g. 'video/webm;codecs=vp9'. */
  mimeType: z.string(),
  /** Size in device pixels. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  frameRate: z.number().positive(),
  durationMs: timeMs,
  /** Bytes of the stored video. */
  size: z.number().int().nonnegative(),
  /**
   * The browser drew the system pointer into the video. Chromium's tab capture always does while the pointer moves
   * over the tab, and no capture constraint turns it off (measured: see shared/render/cursor-motion.ts), so the
   * drawn cursor must cover it. Absent in recordings made before this was known, and in imported videos.
   */
  pointerInVideo: z.boolean().optional(),
});

export const audioInfoSchema = z.object({
  /** Tab audio is in the video file. */
  tab: z.boolean(),
  /** Microphone audio is mixed into the video file's audio track. */
  microphone: z.boolean(),
});

/** The webcam, recorded as its own file so the editor can place it. */
export const webcamInfoSchema = z.object({
  mimeType: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  size: z.number().int().nonnegative(),
  /** Recording time at which the webcam file's first frame was taken. */
  offsetMs: timeMs,
});

/** The captured viewport: CSS size and the device pixel ratio (page zoom included). */
export const viewportSchema = z.object({
  width: z.number().positive(),
  height: z.number().positive(),
  devicePixelRatio: z.number().positive(),
});

/** Everything about a recording except its media bytes, which are stored beside it. */
export const recordingSchema = z.object({
  formatVersion: z.literal(RECORDING_FORMAT_VERSION),
  id: z.string().min(1),
  /** User-facing name; defaults to the tab title. */
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The tab when recording started, for the browser frame. */
  page: z.object({ url: z.string(), title: z.string() }),
  viewport: viewportSchema,
  video: videoInfoSchema,
  audio: audioInfoSchema,
  webcam: webcamInfoSchema.nullable(),
  /** Samples sorted by t. */
  cursor: z.array(cursorSampleSchema),
  clicks: z.array(clickSchema),
  /** Shortcuts pressed, sorted by t. */
  shortcuts: z.array(shortcutSchema),
  /** Times of every other key press (typing), sorted. */
  typing: z.array(typingSchema),
  /** Where the focused field was, sorted by t (absent in older recordings). */
  fields: z.array(fieldBoxSchema).optional(),
  /** Elements to hide, each with its boxes sorted by t (absent in older recordings). */
  redactions: z.array(redactionTrackSchema).optional(),
  scrolls: z.array(scrollSchema),
  visibility: z.array(visibilityChangeSchema),
  pages: z.array(pageChangeSchema),
  pauses: z.array(pauseSchema),
  /** True when the recording was rebuilt from saved chunks after a crash. */
  recovered: z.boolean(),
});

export type CursorSample = z.infer<typeof cursorSampleSchema>;
export type Click = z.infer<typeof clickSchema>;
export type Box = z.infer<typeof boxSchema>;
export type RedactionTrack = z.infer<typeof redactionTrackSchema>;
export type Shortcut = z.infer<typeof shortcutSchema>;
export type Typing = z.infer<typeof typingSchema>;
export type Scroll = z.infer<typeof scrollSchema>;
export type Viewport = z.infer<typeof viewportSchema>;
/** A recording's metadata and cursor track. */
export type Recording = z.infer<typeof recordingSchema>;

/** Why data is not a recording this version can open: made by a newer version, or damaged / not a recording. */
export type InvalidRecordingReason = Extract<RecordingError['kind'], 'newer-format' | 'invalid'>;

/** The result of reading untrusted data as a recording: never throws. */
export type RecordingReadResult =
  | { readonly ok: true; readonly recording: Recording }
  | { readonly ok: false; readonly error: RecordingError & { readonly kind: InvalidRecordingReason } };

/**
 * Reads untrusted data (a stored row, an imported file, a hand-off) as a recording: older formats are
 * migrated first, newer ones refused, everything validated; the error names the first problem.
 */
export function readRecording(data: unknown): RecordingReadResult {
  const version =
    typeof data === 'object' && data !== null ? (data as { formatVersion?: unknown }).formatVersion : null;
  if (typeof version === 'number' && version > RECORDING_FORMAT_VERSION) {
    const message = `This recording was made by a newer version of Clickreel (format ${version}); update Clickreel to open it.`;
    return { ok: false, error: invalidRecording('newer-format', message) };
  }
  const result = recordingSchema.safeParse(migrateRecording(data));
  if (result.success) return { ok: true, recording: result.data };
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'recording';
  return {
    ok: false,
    error: invalidRecording('invalid', `Not a valid recording: ${where}: ${issue?.message ?? 'invalid'}`),
  };
}

function invalidRecording(kind: InvalidRecordingReason, message: string) {
  return new RecordingError(kind, message) as RecordingError & { readonly kind: InvalidRecordingReason };
}

/** Like {@link readRecording}, throwing its RecordingError ('invalid' or 'newer-format'). */
export function parseRecording(data: unknown): Recording {
  const read = readRecording(data);
  if (!read.ok) throw read.error;
  return read.recording;
}
