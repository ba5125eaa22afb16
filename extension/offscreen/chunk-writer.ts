import type { EndReason } from '../../shared/messages/extension-messages';
import type { MediaStreamName } from '../../shared/messages/site-messages';
import { type ChunkRecord, putChunk } from '../storage/recording-db';
import { wallNow } from './recording-clock';

/** Human message for a full disk or quota. */
export const STORAGE_FULL_MESSAGE =
  'Recording stopped: the disk is full (or the browser storage quota is used up). What was recorded so far is kept.';

/** Why a failed write ends the recording, and what the user is told. */
export function writeFailure(error: unknown): { reason: EndReason; message: string } {
  const full = error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'UnknownError');
  return full
    ? { reason: 'storage-full', message: STORAGE_FULL_MESSAGE }
    : { reason: 'error', message: `Saving the recording failed: ${String(error)}` };
}

/**
 * Writes a recording's chunks to the extension's IndexedDB as the recorders cut them, numbered per stream; a failed
 * write is reported once per failure (the recorder then ends), and settled() waits for every write queued.
 */
export class ChunkWriter {
  private readonly writes: Promise<void>[] = [];
  private readonly next: Record<MediaStreamName, number> = { video: 0, webcam: 0 };

  constructor(
    private readonly sessionId: string,
    private readonly onFailure: (reason: EndReason, message: string) => void,
    private readonly put: (chunk: ChunkRecord) => Promise<void> = putChunk,
  ) {}

  /** Queues the next chunk of `stream` (empty ones are skipped). */
  write(stream: MediaStreamName, blob: Blob): void {
    if (blob.size === 0) return;
    const chunk = {
      sessionId: this.sessionId,
      stream,
      index: this.next[stream]++,
      wall: wallNow(),
      size: blob.size,
      blob,
    };
    this.writes.push(
      this.put(chunk).catch((error: unknown) => {
        const { reason, message } = writeFailure(error);
        this.onFailure(reason, message);
      }),
    );
  }

  /** Resolves once every write queued so far has finished (failed ones included). */
  async settled(): Promise<void> {
    await Promise.allSettled(this.writes);
  }
}
