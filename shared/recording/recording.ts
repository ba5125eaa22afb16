import { z } from 'zod';
import { captureSchema } from '../capture/capture-source';
import { upgradeStored } from '../data/stored-format';
import { RecordingError } from '../errors/domain-errors';
import { trackListSchemas } from './event-kinds';
import { RECORDING_FORMAT, RECORDING_FORMAT_VERSION } from './format-migration';

export { RECORDING_FORMAT_VERSION } from './format-migration';

/** Milliseconds on the recording clock: 0 is the first video frame, paused time is excluded. */
const timeMs = z.number().finite().nonnegative();

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
  /** What was captured (a tab until window and screen recording land) and its size. */
  capture: captureSchema,
  video: videoInfoSchema,
  audio: audioInfoSchema,
  webcam: webcamInfoSchema.nullable(),
  /** The cursor track: what the content script saw, each list sorted by t (event-kinds.ts). */
  ...trackListSchemas,
  /** Absent in recordings made before they were tracked. */
  fields: trackListSchemas.fields.optional(),
  redactions: trackListSchemas.redactions.optional(),
  pauses: z.array(pauseSchema),
  /** True when the recording was rebuilt from saved chunks after a crash. */
  recovered: z.boolean(),
});

export type {
  Box,
  Click,
  CursorSample,
  MouseButton,
  RedactionTrack,
  Scroll,
  Shortcut,
  Typing,
} from './event-kinds';
export { ALL_MOUSE_BUTTONS } from './event-kinds';
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
  const upgraded = upgradeStored(RECORDING_FORMAT, data);
  if (!upgraded.ok) {
    const message = `This recording was made by a newer version of Clickreel (format ${upgraded.newer}); update Clickreel to open it.`;
    return { ok: false, error: invalidRecording('newer-format', message) };
  }
  const result = recordingSchema.safeParse(upgraded.data);
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
