// Reads stored chunks' bytes for the hand-off page. A chunk read from IndexedDB is a Blob, and Chromium keeps a
// deleted chunk's file (and its disk space) while any Blob of it is alive: one read here dies with this worker,
// which the page ends before it deletes the recording.

import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { errorMessage } from '../../shared/errors/error-message';
import type { ChunkBytesReply, ChunkBytesRequest } from '../handoff/chunk-bytes';
import { getChunk } from '../storage/recording-db';

interface WorkerScope {
  onmessage: ((event: MessageEvent<ChunkBytesRequest>) => void) | null;
  postMessage(message: ChunkBytesReply, transfer: Transferable[]): void;
}

export default defineUnlistedScript(() => {
  const scope = self as unknown as WorkerScope;
  scope.onmessage = async ({ data: { id, sessionId, stream, index } }) => {
    try {
      const chunk = await getChunk(sessionId, stream, index);
      const bytes = chunk ? await chunk.blob.arrayBuffer() : null;
      scope.postMessage({ id, bytes }, bytes ? [bytes] : []);
    } catch (error) {
      scope.postMessage({ id, bytes: null, error: errorMessage(error) }, []);
    }
  };
});
