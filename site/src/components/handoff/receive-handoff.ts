import { extensionUpdateMessage, isSupportedExtensionVersion } from '../../../../shared/config/extension-version';
import { ExtensionError } from '../../../../shared/errors/domain-errors';
import {
  type HandoffReceiverMessage,
  handoffPortSchema,
  handoffSenderMessageSchema,
  parseHandoffHash,
} from '../../../../shared/messages/site-messages';
import { parseRecording, type Recording } from '../../../../shared/recording/recording';
import { beginSave, type RecordingWriter } from '../../recordings/recording-store';

/** Progress of a hand-off, for the page to show. */
export type HandoffProgress =
  | { readonly phase: 'connecting' }
  | { readonly phase: 'receiving'; readonly recording: Recording; readonly received: number; readonly total: number }
  | { readonly phase: 'stored'; readonly recording: Recording }
  | { readonly phase: 'failed'; readonly message: string };

/** How long to wait for the extension's hand-off page to answer. */
const CONNECT_TIMEOUT_MS = 15_000;
/** The ready message is repeated this often until the port arrives (the opener may still be loading). */
const READY_INTERVAL_MS = 300;

/** Why a hand-off from an extension the site does not trust is refused. */
export function untrustedExtensionMessage(extensionId: string): string {
  return `This page was asked to take a recording from an extension that is not Clickreel (${extensionId}). Only the Clickreel extension can hand recordings to the editor; nothing was received.`;
}

/**
 * Takes a recording over from the extension. The extension's hand-off page opened this page; this page
 * checks that the extension is one the site trusts (its id is fixed when the site is built), tells it
 * (and only it: the opener, on that extension's origin) that it is ready, receives a MessagePort,
 * writes every chunk into the site's storage as it arrives (acknowledging each, so the sender keeps a
 * bounded number in flight) and confirms once everything is stored, upon which the extension deletes
 * its copy. A recording already stored under the same id is kept: the new one gets a fresh id. An extension older
 * than the site accepts (its version is in the page's hash) is asked to update instead, and keeps the recording.
 * Resolves with the stored recording's metadata.
 */
export function receiveHandoff(
  win: Window,
  extensionId: string,
  recordingId: string,
  trustedExtensionIds: readonly string[],
  onProgress: (progress: HandoffProgress) => void = () => undefined,
): Promise<Recording> {
  const extensionOrigin = `chrome-extension://${extensionId}`;
  const opener = win.opener as Window | null;
  onProgress({ phase: 'connecting' });
  if (!trustedExtensionIds.includes(extensionId)) {
    const message = untrustedExtensionMessage(extensionId);
    onProgress({ phase: 'failed', message });
    return Promise.reject(new Error(message));
  }
  const extensionVersion = parseHandoffHash(win.location.hash)?.extensionVersion ?? null;
  if (!isSupportedExtensionVersion(extensionVersion)) {
    const message = extensionUpdateMessage(extensionVersion, 'The recording is kept in the extension.');
    onProgress({ phase: 'failed', message });
    return Promise.reject(new Error(message));
  }
  if (!opener) {
    const message =
      'This page was not opened by the Clickreel extension. Open the recording from the extension’s menu.';
    onProgress({ phase: 'failed', message });
    return Promise.reject(new Error(message));
  }
  return new Promise<Recording>((resolve, reject) => {
    const cleanup = () => {
      win.clearInterval(ready);
      win.clearTimeout(timer);
      win.removeEventListener('message', onPort);
    };
    const fail = (message: string) => {
      cleanup();
      onProgress({ phase: 'failed', message });
      reject(new Error(message));
    };
    const sayReady = () => {
      try {
        opener.postMessage({ type: 'clickreel:handoff-ready', recordingId }, extensionOrigin);
      } catch {
        // The opener navigated away or closed; the timeout reports it.
      }
    };
    const ready = win.setInterval(sayReady, READY_INTERVAL_MS);
    const timer = win.setTimeout(
      () => fail('The Clickreel extension did not answer. Is it installed and enabled in this browser?'),
      CONNECT_TIMEOUT_MS,
    );
    const onPort = (event: MessageEvent) => {
      if (event.origin !== extensionOrigin || event.source !== opener) return;
      const hello = handoffPortSchema.safeParse(event.data);
      const port = event.ports[0];
      if (!hello.success || hello.data.recordingId !== recordingId || !port) return;
      cleanup();
      receiveOverPort(port, onProgress).then(resolve, (error: unknown) =>
        fail(error instanceof Error ? error.message : String(error)),
      );
    };
    win.addEventListener('message', onPort);
    sayReady();
  });
}

async function receiveOverPort(port: MessagePort, onProgress: (progress: HandoffProgress) => void): Promise<Recording> {
  const reply = (message: HandoffReceiverMessage) => port.postMessage(message);
  let writer: RecordingWriter | null = null;
  let recording: Recording | null = null;
  /** The id the extension sent (the stored copy may have a fresh one). */
  let sentId = '';
  let total = 0;
  let received = 0;
  // Messages are handled one after another: a chunk is acknowledged only once it is on disk.
  let queue: Promise<void> = Promise.resolve();
  return new Promise<Recording>((resolve, reject) => {
    const handle = async (data: unknown) => {
      const parsed = handoffSenderMessageSchema.safeParse(data);
      if (!parsed.success)
        throw new ExtensionError('not-understood', 'The extension sent something this page does not understand.');
      const message = parsed.data;
      switch (message.type) {
        case 'begin': {
          total = message.chunkCounts.video + message.chunkCounts.webcam;
          const sent = parseRecording(message.recording);
          sentId = sent.id;
          writer = await beginSave(sent);
          recording = writer.recording;
          onProgress({ phase: 'receiving', recording, received, total });
          return;
        }
        case 'chunk':
          if (!writer || !recording) throw new ExtensionError('out-of-order', 'A chunk arrived before the recording.');
          await writer.writeChunk(message.stream, message.index, message.blob);
          received++;
          reply({ type: 'ack', stream: message.stream, index: message.index });
          onProgress({ phase: 'receiving', recording, received, total });
          return;
        case 'end':
          if (!writer || !recording) throw new ExtensionError('out-of-order', 'The recording ended before it began.');
          await writer.commit();
          // The extension knows it by the id it sent, whatever id it is stored under here.
          reply({ type: 'stored', recordingId: sentId });
          onProgress({ phase: 'stored', recording });
          port.close();
          resolve(recording);
          return;
        case 'error':
          throw new ExtensionError('sender-failed', message.message);
      }
    };
    port.onmessage = (event: MessageEvent) => {
      queue = queue
        .then(() => handle(event.data))
        .catch(async (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          reply({ type: 'failed', message });
          await (writer as RecordingWriter | null)?.abort().catch(() => undefined);
          port.close();
          reject(new Error(message));
        });
    };
    port.start();
  });
}
