import type { MediaStreamName } from '../../shared/messages/site-messages';

/** The hand-off page asks its chunk reader for one chunk's bytes. */
export interface ChunkBytesRequest {
  readonly id: number;
  readonly sessionId: string;
  readonly stream: MediaStreamName;
  readonly index: number;
}

/** The bytes (transferred), null when the chunk is not stored; `error` when it could not be read. */
export interface ChunkBytesReply {
  readonly id: number;
  readonly bytes: ArrayBuffer | null;
  readonly error?: string;
}

/** Reads stored chunks' bytes; closing it lets go of every stored file it read. */
export interface ChunkBytesReader {
  read(sessionId: string, stream: MediaStreamName, index: number): Promise<ArrayBuffer | null>;
  close(): void;
}

/** Where the extension serves its chunk reader (entrypoints/chunk-bytes-worker.ts, built as a plain script). */
const CHUNK_BYTES_WORKER = '/chunk-bytes-worker.js';

/** A reader in a worker of its own, so that no Blob of a chunk outlives close(). */
export function openChunkBytesReader(): ChunkBytesReader {
  const worker = new Worker(CHUNK_BYTES_WORKER);
  const waiting = new Map<number, { resolve: (bytes: ArrayBuffer | null) => void; reject: (error: Error) => void }>();
  let next = 0;
  const failAll = (error: Error) => {
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  worker.onmessage = ({ data }: MessageEvent<ChunkBytesReply>) => {
    const entry = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.error) entry?.reject(new Error(data.error));
    else entry?.resolve(data.bytes);
  };
  worker.onerror = (event) => failAll(new Error(`The chunk reader failed: ${event.message}`));
  return {
    read: (sessionId, stream, index) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, sessionId, stream, index } satisfies ChunkBytesRequest);
      }),
    close() {
      worker.terminate();
      failAll(new Error('The chunk reader was closed.'));
    },
  };
}
