import { ExtensionError } from '../../shared/errors/domain-errors';
import { errorMessage } from '../../shared/errors/error-message';
import {
  HANDOFF_WINDOW,
  type HandoffReceiverMessage,
  type HandoffSenderMessage,
  handoffReadySchema,
  handoffReceiverMessageSchema,
  type MediaStreamName,
} from '../../shared/messages/site-messages';
import { deleteSession, getSession, summarizeChunks } from '../storage/recording-db';
import { type ChunkBytesReader, openChunkBytesReader } from './chunk-bytes';

/** The hand-off failed: `message` says why. */
function handoffFailed(message: string): ExtensionError {
  return new ExtensionError('handoff-failed', message);
}

/**
 * Whether a message may start a hand-off: it must come from the window this page opened, on one of the
 * configured site origins, and ask for the recording this page hands over.
 */
export function acceptsReady(
  event: { origin: string; source: unknown; data: unknown },
  opened: unknown,
  siteOrigins: readonly string[],
  recordingId: string,
): boolean {
  if (event.source !== opened || !siteOrigins.includes(event.origin)) return false;
  const ready = handoffReadySchema.safeParse(event.data);
  return ready.success && ready.data.recordingId === recordingId;
}

/**
 * Streams a finished recording to the site over `port`: its metadata, then every chunk's bytes
 * (transferred, never copied into strings), at most HANDOFF_WINDOW unacknowledged at a time. Deletes the
 * extension's copy only after the site says it stored everything. No Blob of a chunk is alive then, here or in
 * the site's page (the bytes are read by a worker that is ended first), so its disk space is free at once.
 */
export async function sendRecording(
  sessionId: string,
  port: MessagePort,
  openReader: () => ChunkBytesReader = openChunkBytesReader,
): Promise<void> {
  const reader = openReader();
  let result: HandoffReceiverMessage;
  try {
    result = await sendChunks(sessionId, port, reader);
  } finally {
    // Before the delete: a stored file some Blob still refers to keeps its disk space.
    reader.close();
  }
  if (result.type === 'stored' && result.recordingId === sessionId) await deleteSession(sessionId);
  else if (result.type === 'failed') throw handoffFailed(result.message);
}

async function sendChunks(
  sessionId: string,
  port: MessagePort,
  reader: ChunkBytesReader,
): Promise<HandoffReceiverMessage> {
  const post = (message: HandoffSenderMessage) => port.postMessage(message);
  const session = await getSession(sessionId);
  if (!session?.recording) {
    post({ type: 'error', message: 'This recording is no longer in the extension (it may have been opened already).' });
    throw handoffFailed('no such recording');
  }
  const counts = await summarizeChunks(sessionId);
  let acked = 0;
  let outcome: HandoffReceiverMessage | null = null;
  let wake: () => void = () => undefined;
  const done = new Promise<HandoffReceiverMessage>((resolve) => {
    port.onmessage = (event: MessageEvent) => {
      const parsed = handoffReceiverMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      if (parsed.data.type === 'ack') acked++;
      else {
        outcome = parsed.data;
        resolve(parsed.data);
      }
      wake();
    };
  });
  post({
    type: 'begin',
    recording: session.recording,
    chunkCounts: { video: counts.video.count, webcam: counts.webcam.count },
  });
  let sent = 0;
  for (const stream of ['video', 'webcam'] as const satisfies readonly MediaStreamName[]) {
    for (let index = 0; index < counts[stream].count && !outcome; index++) {
      while (sent - acked >= HANDOFF_WINDOW && !outcome) await new Promise<void>((resolve) => (wake = resolve));
      if (outcome) break;
      const bytes = await reader.read(sessionId, stream, index);
      if (!bytes) {
        post({ type: 'error', message: `Part ${index} of the ${stream} is missing.` });
        throw handoffFailed(`chunk ${stream} ${index} missing`);
      }
      port.postMessage({ type: 'chunk', stream, index, bytes } satisfies HandoffSenderMessage, [bytes]);
      sent++;
    }
  }
  post({ type: 'end' });
  return done;
}

/** What the hand-off page shows. */
export type HandoffPageState = 'opening' | 'sending' | 'done' | 'failed' | 'blocked';

/**
 * The hand-off page: opens the editor on the site, waits for it to say it is ready, hands it a
 * MessagePort and sends the recording. Resolves when the site stored it (the caller closes the page).
 */
export function runHandoff(
  win: Window,
  recordingId: string,
  editorUrl: string,
  siteOrigins: readonly string[],
  show: (state: HandoffPageState, detail?: string) => void,
): Promise<void> {
  let finish: (ok: boolean) => void = () => undefined;
  const done = new Promise<boolean>((settled) => (finish = settled));
  return new Promise<void>((resolveOuter, rejectOuter) => {
    const resolve = () => {
      finish(true);
      resolveOuter();
    };
    const reject = (error: unknown) => {
      finish(false);
      rejectOuter(error);
    };
    show('opening');
    let started = false;
    let opened: Window | null = null;
    const onMessage = (event: MessageEvent) => {
      if (started || !acceptsReady(event, opened, siteOrigins, recordingId)) return;
      started = true;
      win.removeEventListener('message', onMessage);
      const channel = new MessageChannel();
      (event.source as Window).postMessage({ type: 'clickreel:handoff-port', recordingId }, event.origin, [
        channel.port2,
      ]);
      show('sending');
      sendRecording(recordingId, channel.port1).then(
        () => {
          show('done');
          resolve();
        },
        (error: unknown) => {
          show('failed', errorMessage(error));
          reject(error);
        },
      );
    };
    win.addEventListener('message', onMessage);
    opened = win.open(editorUrl, '_blank');
    if (!opened) {
      show('blocked');
      win.removeEventListener('message', onMessage);
      reject(handoffFailed('The editor window was blocked.'));
      return;
    }
    // If the editor is closed before it confirms, say so (the recording stays here; retry opens a new one).
    const editor = opened;
    const watchdog = win.setInterval(() => {
      if (!editor.closed) return;
      win.clearInterval(watchdog);
      win.removeEventListener('message', onMessage);
      show('failed', 'the editor was closed before it stored the recording');
      reject(handoffFailed('The editor was closed.'));
    }, 1000);
    const settle = () => win.clearInterval(watchdog);
    done.then(settle, settle);
  });
}
