import { extensionUpdateMessage, isSupportedExtensionVersion } from '../../../shared/config/extension-version';
import { ExtensionError } from '../../../shared/errors/domain-errors';
import { errorMessage } from '../../../shared/errors/error-message';
import {
  type HandoffReceiverMessage,
  type HandoffSenderMessage,
  handoffPortSchema,
  handoffSenderMessageSchema,
  parseHandoffHash,
} from '../../../shared/messages/site-messages';
import { parseRecording, type Recording } from '../../../shared/recording/recording';
import { beginSave, type RecordingWriter } from './recording-store';

/** Progress of a hand-off, for the page to show. */
export type HandoffProgress =
  | { readonly phase: 'connecting' }
  | { readonly phase: 'receiving'; readonly recording: Recording; readonly received: number; readonly total: number }
  /**
   * The video's first part has arrived: its bytes hold the file's header and first frames, enough for the page to
   * show the recording's first picture while the rest streams in.
   */
  | { readonly phase: 'first-part'; readonly video: Blob }
  | { readonly phase: 'stored'; readonly recording: Recording }
  | { readonly phase: 'failed'; readonly message: string };

/** How long to wait for the extension's hand-off page to answer once it has closed (or gone elsewhere). */
const CONNECT_TIMEOUT_MS = 15_000;
/**
 * How long to wait while it is still open: a page that is there but busy (a loaded machine, the extension's start-up
 * recovery) answers late, and giving up on it would tell the user it is not installed.
 */
const CONNECT_TIMEOUT_OPEN_MS = 60_000;
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
    const startedAt = Date.now();
    let timer = 0;
    const giveUpUnlessOpen = () => {
      if (!opener.closed && Date.now() - startedAt < CONNECT_TIMEOUT_OPEN_MS) {
        timer = win.setTimeout(giveUpUnlessOpen, READY_INTERVAL_MS * 10);
        return;
      }
      fail('The Clickreel extension did not answer. Is it installed and enabled in this browser?');
    };
    timer = win.setTimeout(giveUpUnlessOpen, CONNECT_TIMEOUT_MS);
    const onPort = (event: MessageEvent) => {
      if (event.origin !== extensionOrigin || event.source !== opener) return;
      const hello = handoffPortSchema.safeParse(event.data);
      const port = event.ports[0];
      if (!hello.success || hello.data.recordingId !== recordingId || !port) return;
      cleanup();
      receiveOverPort(port, onProgress).then(resolve, (error: unknown) => fail(errorMessage(error)));
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
        case 'chunk': {
          if (!writer || !recording) throw new ExtensionError('out-of-order', 'A chunk arrived before the recording.');
          await writer.writeChunk(message.stream, message.index, chunkBlob(message));
          received++;
          reply({ type: 'ack', stream: message.stream, index: message.index });
          onProgress({ phase: 'receiving', recording, received, total });
          return;
        }
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
      // The video's first part is shown as it arrives, before the recording's row and its parts are stored: the
      // first picture waits for no disk.
      const first = firstVideoPart(event.data);
      if (first) onProgress({ phase: 'first-part', video: first });
      queue = queue
        .then(() => handle(event.data))
        .catch(async (error: unknown) => {
          const message = errorMessage(error);
          reply({ type: 'failed', message });
          await (writer as RecordingWriter | null)?.abort().catch(() => undefined);
          port.close();
          reject(new Error(message));
        });
    };
    port.start();
  });
}

/** The bytes of the video's first chunk, when `data` is that chunk (read without a schema: it is checked after). */
function firstVideoPart(data: unknown): Blob | null {
  const chunk = data as { type?: unknown; stream?: unknown; index?: unknown; bytes?: unknown; blob?: unknown } | null;
  if (chunk?.type !== 'chunk' || chunk.stream !== 'video' || chunk.index !== 0) return null;
  if (chunk.bytes instanceof ArrayBuffer) return new Blob([chunk.bytes]);
  return chunk.blob instanceof Blob ? chunk.blob : null;
}

/** A chunk's media as the site stores it: its transferred bytes, or the Blob an older extension sent. */
function chunkBlob(message: Extract<HandoffSenderMessage, { type: 'chunk' }>): Blob {
  if (message.bytes) return new Blob([message.bytes]);
  if (message.blob) return message.blob;
  throw new ExtensionError('not-understood', `Part ${message.index} of the ${message.stream} came without its bytes.`);
}
