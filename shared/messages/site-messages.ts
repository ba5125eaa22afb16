import { z } from 'zod';
import { storedLicenseSchema } from '../licenses/pro-state';
import { browserProfileSchema } from '../profile/browser-profile';

/**
 * Messages between the site and the extension. The site reaches the extension in two ways:
 * `chrome.runtime.sendMessage(extensionId, request)` (externally_connectable, only the configured site
 * origins), and the hand-off: when a recording stops, the extension opens its hand-off page in a tab,
 * which opens /editor with `window.open`; the editor (its opener being the hand-off page) says it is
 * ready, receives a MessagePort and gets the recording's chunks over it (their bytes, transferred). Both pages are
 * top-level, so each uses its own unpartitioned storage (an extension iframe inside the site gets no
 * storage at all when third-party storage is blocked).
 */

/** The attribute the extension's content script puts on the site's <html>: the extension id to message. */
export { EXTENSION_ID_ATTRIBUTE } from './extension-attribute';

/** The site asks for the browser profile (id and name). */
export const browserProfileRequestSchema = z.object({ type: z.literal('clickreel:get-browser-profile') });
/** The extension's answer to {@link browserProfileRequestSchema}. */
export const browserProfileResponseSchema = z.object({ browserProfile: browserProfileSchema });
/**
 * The site tells the extension the license this browser uses, after the server answered about it (null: none),
 * so the extension's controls show Pro and re-check the same key with the same browser profile.
 */
export const storeLicenseRequestSchema = z.object({
  type: z.literal('clickreel:store-license'),
  license: storedLicenseSchema.nullable(),
});
/** The site (/welcome, /install) asks which key the browser bound to the record shortcut. */
export const shortcutRequestSchema = z.object({ type: z.literal('clickreel:get-shortcut') });
/** The extension's answer to {@link shortcutRequestSchema}: the bound key ("Alt+Shift+V"), null when unbound. */
export const shortcutResponseSchema = z.object({ shortcut: z.string().min(1).nullable() });
/** The site asks the extension to open the browser's shortcut page (a page cannot open chrome:// URLs). */
export const openShortcutSettingsRequestSchema = z.object({ type: z.literal('clickreel:open-shortcut-settings') });
/** Any request the site may send to the extension. */
export const externalRequestSchema = z.discriminatedUnion('type', [
  browserProfileRequestSchema,
  storeLicenseRequestSchema,
  shortcutRequestSchema,
  openShortcutSettingsRequestSchema,
]);
export type ExternalRequest = z.infer<typeof externalRequestSchema>;

/** Media streams a recording stores: the tab video (with its audio) and the optional webcam. */
export const ALL_MEDIA_STREAMS = ['video', 'webcam'] as const;
export type MediaStreamName = (typeof ALL_MEDIA_STREAMS)[number];
export const mediaStreamNameSchema = z.enum(ALL_MEDIA_STREAMS);

/** /editor → its opener (the hand-off page): ready to receive `recordingId` (repeated until the port arrives). */
export const handoffReadySchema = z.object({ type: z.literal('clickreel:handoff-ready'), recordingId: z.string() });
/** Hand-off page → /editor: the MessagePort (in `transfer`) the chunks will come over. */
export const handoffPortSchema = z.object({ type: z.literal('clickreel:handoff-port'), recordingId: z.string() });

/** Sender → site, over the port. `recording` is validated by parseRecording on arrival. */
export const handoffSenderMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('begin'),
    recording: z.unknown(),
    chunkCounts: z.object({ video: z.number().int().nonnegative(), webcam: z.number().int().nonnegative() }),
  }),
  z.object({
    type: z.literal('chunk'),
    stream: mediaStreamNameSchema,
    index: z.number().int().nonnegative(),
    /**
     * The chunk's bytes, transferred: a Blob sent across would keep the extension's stored file alive (and its disk
     * space taken) until the site's page happened to collect it. Extensions built before this send `blob`.
     */
    bytes: z.instanceof(ArrayBuffer).optional(),
    blob: z.instanceof(Blob).optional(),
  }),
  z.object({ type: z.literal('end') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type HandoffSenderMessage = z.infer<typeof handoffSenderMessageSchema>;

/** Site → sender, over the port: a chunk was written, everything was stored, or storing failed. */
export const handoffReceiverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ack'), stream: mediaStreamNameSchema, index: z.number().int().nonnegative() }),
  z.object({ type: z.literal('stored'), recordingId: z.string() }),
  z.object({ type: z.literal('failed'), message: z.string() }),
]);
export type HandoffReceiverMessage = z.infer<typeof handoffReceiverMessageSchema>;

/** How many chunks may be in flight before the sender waits for acks: bounds memory on both sides. */
export const HANDOFF_WINDOW = 8;

// The hand-off URL is read by the editor's first code, before it loads zod: it lives in a module of its own.
export { handoffUrl, parseHandoffHash } from './handoff-hash';
