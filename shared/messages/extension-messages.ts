import { z } from 'zod';
import { ALL_RECORDED_SOURCES } from '../capture/capture-source';
import { ALL_RECORDING_QUALITIES } from '../quality/quality-names';
import { trackEventSchema } from '../recording/event-kinds';

/**
 * Messages between the parts of the extension (chrome.runtime / chrome.tabs messaging, JSON only).
 * Every message names its receiver in `to`, because runtime messages reach every extension page.
 */

/** What the recorder is doing, as the popup and the badge show it. */
export const ALL_RECORDER_PHASES = ['idle', 'starting', 'countdown', 'recording', 'paused', 'stopping'] as const;
export type RecorderPhase = (typeof ALL_RECORDER_PHASES)[number];

/** User commands: from the popup, the toolbar button, the keyboard shortcut or the action's context menu. */
export const ALL_RECORDER_COMMANDS = ['start', 'stop', 'toggle', 'pause', 'resume', 'discard'] as const;
export type RecorderCommand = (typeof ALL_RECORDER_COMMANDS)[number];

/** Why a recorder ended. */
export const ALL_END_REASONS = ['stopped', 'tab-closed', 'storage-full', 'error'] as const;
export type EndReason = (typeof ALL_END_REASONS)[number];

/**
 * Name of the port the recorded tab's top frame keeps open to the background while it tracks: it closes
 * the moment the tab's renderer dies (a crash), and on every navigation (a new document reconnects).
 */
export const TRACKED_TAB_PORT_NAME = 'clickreel-tracked-tab';

/** The recorder's state as the popup shows it. */
export const recorderStatusSchema = z.object({
  phase: z.enum(ALL_RECORDER_PHASES),
  sessionId: z.string().nullable(),
  tabId: z.number().int().nullable(),
  elapsedMs: z.number().nonnegative(),
  /** The last problem to tell the user about (e.g. a full disk), until they start again. */
  message: z.string().nullable(),
  /** Recordings saved in the extension that the site has not stored yet (after a crash or a closed editor). */
  pending: z.array(z.object({ id: z.string(), name: z.string(), recovered: z.boolean() })),
});
export type RecorderStatus = z.infer<typeof recorderStatusSchema>;

/** Messages the background handles. */
export const backgroundMessageSchema = z.discriminatedUnion('type', [
  /** Content script: should this document track, and for which session? */
  z.object({ to: z.literal('background'), type: z.literal('track-status') }),
  /** Content script: a batch of raw track events. */
  z.object({
    to: z.literal('background'),
    type: z.literal('track-events'),
    sessionId: z.string(),
    events: z.array(trackEventSchema),
  }),
  /** Popup: current status. */
  z.object({ to: z.literal('background'), type: z.literal('get-status') }),
  /** Popup: a command. */
  z.object({ to: z.literal('background'), type: z.literal('command'), command: z.enum(ALL_RECORDER_COMMANDS) }),
  /** Popup: open a pending recording in the editor. */
  z.object({ to: z.literal('background'), type: z.literal('open-pending'), sessionId: z.string() }),
  /** Offscreen: the recorder is running; recording time elapsed so far. */
  z.object({ to: z.literal('background'), type: z.literal('tick'), sessionId: z.string(), elapsedMs: z.number() }),
  /**
   * Offscreen: no frame of the tab arrived for a while (a still page, or a crashed tab); repeated while it
   * lasts. `lastFrameWall` is when the last one arrived (null before the first).
   */
  z.object({
    to: z.literal('background'),
    type: z.literal('frames-stalled'),
    sessionId: z.string(),
    lastFrameWall: z.number().nullable(),
  }),
  /** Offscreen: the recorder ended by itself (tab closed, disk full, error); everything is written. */
  z.object({
    to: z.literal('background'),
    type: z.literal('recorder-ended'),
    sessionId: z.string(),
    reason: z.enum(ALL_END_REASONS),
    message: z.string().nullable(),
    stoppedAt: z.number(),
  }),
]);
export type BackgroundMessage = z.infer<typeof backgroundMessageSchema>;

/** Capture parameters the background gives the offscreen recorder. */
export const captureRequestSchema = z.object({
  sessionId: z.string(),
  /** A tab, or a window or the screen the user picks in Chrome's picker (getDisplayMedia). */
  source: z.enum(ALL_RECORDED_SOURCES),
  /** The tab capture's stream id (tabCapture.getMediaStreamId); null for a window or the screen. */
  streamId: z.string().nullable(),
  /** The tab's viewport in device pixels (capped to 4K by the caller); a window or screen is taken at its own size. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  frameRate: z.number().positive(),
  /** Standard, high or maximum: the video bitrate follows from it and the captured size. */
  quality: z.enum(ALL_RECORDING_QUALITIES),
  microphone: z.boolean(),
  webcam: z.boolean(),
});
export type CaptureRequest = z.infer<typeof captureRequestSchema>;

/** Messages the offscreen recorder handles. */
export const offscreenMessageSchema = z.discriminatedUnion('type', [
  z.object({ to: z.literal('offscreen'), type: z.literal('prepare'), request: captureRequestSchema }),
  z.object({ to: z.literal('offscreen'), type: z.literal('start') }),
  z.object({ to: z.literal('offscreen'), type: z.literal('pause') }),
  z.object({ to: z.literal('offscreen'), type: z.literal('resume') }),
  /** Stop; `atLastFrame` ends the recording with the last frame the tab sent (its renderer crashed). */
  z.object({ to: z.literal('offscreen'), type: z.literal('stop'), atLastFrame: z.boolean().optional() }),
  z.object({ to: z.literal('offscreen'), type: z.literal('discard') }),
]);
export type OffscreenMessage = z.infer<typeof offscreenMessageSchema>;

/** The offscreen recorder's answer to every message. */
export const offscreenReplySchema = z.object({
  ok: z.boolean(),
  error: z.string().optional(),
  /** Wall time the command took effect (start, pause, resume, stop). */
  wall: z.number().optional(),
  /** After start: how much later than the video the webcam file starts. */
  webcamOffsetMs: z.number().optional(),
  /** After prepare: what will be recorded. */
  video: z.object({ mimeType: z.string(), width: z.number(), height: z.number(), frameRate: z.number() }).optional(),
  webcam: z.object({ mimeType: z.string(), width: z.number(), height: z.number() }).nullable().optional(),
  audio: z.object({ tab: z.boolean(), microphone: z.boolean() }).optional(),
});
export type OffscreenReply = z.infer<typeof offscreenReplySchema>;

/**
 * Set while the screen is recorded: every tab tracks, its events placed on the screen (the page's zoom
 * from the background: CSS px to screen DIPs).
 */
export const screenTrackingSchema = z.object({ zoom: z.number().positive() });
export type ScreenTracking = z.infer<typeof screenTrackingSchema>;

/** Messages a content script handles (sent with chrome.tabs.sendMessage). */
export const contentMessageSchema = z.discriminatedUnion('type', [
  /** Show the countdown; answer once it is gone from the screen. */
  z.object({ to: z.literal('content'), type: z.literal('countdown'), seconds: z.number().int().nonnegative() }),
  /** Start (sessionId) or stop (null) tracking. */
  z.object({
    to: z.literal('content'),
    type: z.literal('track'),
    sessionId: z.string().nullable(),
    onScreen: screenTrackingSchema.nullable().optional(),
  }),
  /** The viewport and page, to size the capture. */
  z.object({ to: z.literal('content'), type: z.literal('describe-page') }),
  /** Let the user click the element to hide in this site's recordings ("Redact an element"); answers at once. */
  z.object({ to: z.literal('content'), type: z.literal('pick-redaction') }),
]);
export type ContentMessage = z.infer<typeof contentMessageSchema>;

/** The content script's description of its page. */
export const pageDescriptionSchema = z.object({
  url: z.string(),
  title: z.string(),
  width: z.number().positive(),
  height: z.number().positive(),
  dpr: z.number().positive(),
});
export type PageDescription = z.infer<typeof pageDescriptionSchema>;
