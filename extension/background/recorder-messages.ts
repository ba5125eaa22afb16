import type { Browser } from 'wxt/browser';
import { backgroundMessageSchema, TRACKED_TAB_PORT_NAME } from '../../shared/messages/extension-messages';
import { RECORDER_PORT_NAME } from '../offscreen/offscreen-host';
import type { RecorderController } from './recorder-controller';

/**
 * Answers a runtime message from a content script, the controls or the offscreen document; undefined for
 * messages meant for someone else.
 */
export function answerRecorderMessage(
  recorder: RecorderController,
  raw: unknown,
  sender: Browser.runtime.MessageSender,
): Promise<unknown> | undefined {
  const parsed = backgroundMessageSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const message = parsed.data;
  const tabId = sender.tab?.id;
  switch (message.type) {
    case 'track-status':
      return recorder.tracking(tabId);
    case 'track-events':
      return recorder.storeEvents(message.sessionId, tabId, message.events).then((ok) => ({ ok }));
    case 'get-status':
      return recorder.status();
    case 'command':
      return recorder.command(message.command).then(() => recorder.status());
    case 'open-pending':
      return recorder.openEditor(message.sessionId).then(() => ({ ok: true }));
    case 'tick':
      return recorder.tick(message.sessionId, message.elapsedMs).then(() => ({ ok: true }));
    case 'recorder-ended':
      return recorder
        .onRecorderEnded(message.sessionId, message.reason, message.message, message.stoppedAt)
        .then(() => ({ ok: true }));
    case 'frames-stalled':
      void recorder.checkRecordedTab({ sessionId: message.sessionId }).catch(console.error);
      return Promise.resolve({ ok: true });
  }
}

/**
 * Wires the ports: the recorder's disconnect means the offscreen document may have died; the recorded tab's,
 * that its page may have crashed.
 */
export function watchRecorderPort(recorder: RecorderController, port: Browser.runtime.Port): void {
  if (port.name === RECORDER_PORT_NAME) port.onDisconnect.addListener(() => void recorder.onRecorderPortClosed());
  if (port.name === TRACKED_TAB_PORT_NAME) {
    const tabId = port.sender?.tab?.id;
    port.onDisconnect.addListener(() => {
      if (tabId !== undefined) void recorder.checkRecordedTab({ tabId }).catch(console.error);
    });
  }
}
