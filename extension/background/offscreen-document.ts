import { type Browser, browser } from 'wxt/browser';
import { RecordingError } from '../../shared/errors/domain-errors';
import {
  type OffscreenMessage,
  type OffscreenReply,
  offscreenReplySchema,
} from '../../shared/messages/extension-messages';

const OFFSCREEN_URL = 'offscreen.html';

// runtime.getContexts and the offscreen API are Chromium MV3 APIs the webextension polyfill does not wrap: the
// polyfill hands them through to chrome.* (promise-based in MV3), typed by WXT's `Browser` types.

/** Whether the offscreen document (the recorder) exists. */
export async function offscreenDocumentOpen(): Promise<boolean> {
  const contexts = await browser.runtime.getContexts({
    contextTypes: ['OFFSCREEN_DOCUMENT' as Browser.runtime.ContextType],
  });
  return contexts.length > 0;
}

/** Opens the offscreen document unless it is open. */
export async function openOffscreenDocument(): Promise<void> {
  if (await offscreenDocumentOpen()) return;
  await browser.offscreen.createDocument({
    url: OFFSCREEN_URL,
    reasons: ['USER_MEDIA', 'DISPLAY_MEDIA'] as Browser.offscreen.Reason[],
    justification: 'Records the captured tab, window or screen with MediaRecorder and saves it as it records.',
  });
}

/** Closes the offscreen document if it is open. */
export async function closeOffscreenDocument(): Promise<void> {
  if (await offscreenDocumentOpen()) await browser.offscreen.closeDocument().catch(() => undefined);
}

/** Sends a command to the recorder; rejects with its error when it failed or did not answer. */
export async function sendToOffscreen(message: OffscreenMessage): Promise<OffscreenReply> {
  const raw: unknown = await browser.runtime.sendMessage(message);
  const reply = offscreenReplySchema.parse(raw ?? { ok: false, error: 'The recorder did not answer.' });
  if (!reply.ok) throw new RecordingError('recorder-failed', reply.error ?? 'The recorder failed.');
  return reply;
}
