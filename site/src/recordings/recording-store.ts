import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { MediaStreamName } from '../../../shared/messages/site-messages';
import { parseRecording, type Recording } from '../../../shared/recording/recording';

/**
 * The site origin's recording library, in IndexedDB. A recording is its metadata and track (the
 * `Recording` of shared/recording) plus its media, stored as chunks (Blobs) so that a large recording
 * is written and read piece by piece, never held in memory as one buffer.
 *
 * A recording is listed only once it is complete: chunks are written first, the metadata row last.
 */

interface RecordingRow {
  readonly id: string;
  readonly recording: Recording;
  readonly chunkCounts: Record<MediaStreamName, number>;
  /** When it was stored here (ISO). */
  readonly storedAt: string;
}

interface ChunkRow {
  readonly id: string;
  readonly stream: MediaStreamName;
  readonly index: number;
  readonly blob: Blob;
}

interface ClickreelSiteDb extends DBSchema {
  recordings: { key: string; value: RecordingRow };
  chunks: { key: [string, MediaStreamName, number]; value: ChunkRow; indexes: { byRecording: string } };
}

/** Name of the site's recordings database. */
export const RECORDINGS_DB_NAME = 'clickreel-recordings';

/** A stored recording with its media as Blobs (backed by IndexedDB, not copied into memory). */
export interface StoredRecording {
  readonly recording: Recording;
  readonly video: Blob;
  readonly webcam: Blob | null;
}

/** Browser storage in use and available to the site (bytes), and whether it is protected from eviction. */
export interface StorageEstimate {
  readonly usage: number;
  readonly quota: number;
  readonly persisted: boolean;
}

let dbPromise: Promise<IDBPDatabase<ClickreelSiteDb>> | null = null;

function db(): Promise<IDBPDatabase<ClickreelSiteDb>> {
  dbPromise ??= openDB<ClickreelSiteDb>(RECORDINGS_DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('recordings', { keyPath: 'id' });
      const chunks = database.createObjectStore('chunks', { keyPath: ['id', 'stream', 'index'] });
      chunks.createIndex('byRecording', 'id');
    },
  }).catch((error: unknown) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

/** Writes one recording chunk by chunk; `commit` makes it visible, `abort` removes what was written. */
export interface RecordingWriter {
  /** Stores chunk `index` of `stream`; resolves once it is on disk. */
  writeChunk(stream: MediaStreamName, index: number, blob: Blob): Promise<void>;
  /** Stores the metadata after every chunk; the recording is then listed. */
  commit(): Promise<void>;
  /** Deletes the chunks written so far. */
  abort(): Promise<void>;
}

/**
 * Starts saving `recording` (validated here). Replaces an earlier copy with the same id, so a
 * hand-off that is repeated after an interruption ends with one complete copy.
 */
export async function beginSave(recording: Recording): Promise<RecordingWriter> {
  const valid = parseRecording(recording);
  await deleteRecording(valid.id);
  const counts: Record<MediaStreamName, number> = { video: 0, webcam: 0 };
  return {
    async writeChunk(stream, index, blob) {
      const tx = (await db()).transaction('chunks', 'readwrite');
      await tx.store.put({ id: valid.id, stream, index, blob });
      await tx.done;
      counts[stream] = Math.max(counts[stream], index + 1);
    },
    async commit() {
      if (counts.video === 0) throw new Error('The recording has no video.');
      const tx = (await db()).transaction('recordings', 'readwrite');
      await tx.store.put({
        id: valid.id,
        recording: valid,
        chunkCounts: { ...counts },
        storedAt: new Date().toISOString(),
      });
      await tx.done;
    },
    async abort() {
      await deleteRecording(valid.id);
    },
  };
}

/** Saves a recording whose media is already whole Blobs (e.g. an imported file). */
export async function saveRecording(recording: Recording, video: Blob, webcam: Blob | null = null): Promise<void> {
  const writer = await beginSave(recording);
  try {
    await writer.writeChunk('video', 0, video);
    if (webcam) await writer.writeChunk('webcam', 0, webcam);
    await writer.commit();
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** A recording with its video (and webcam) as Blobs made of the stored chunks; null when it does not exist. */
export async function getRecording(id: string): Promise<StoredRecording | null> {
  const database = await db();
  const tx = database.transaction(['recordings', 'chunks']);
  const row = await tx.objectStore('recordings').get(id);
  if (!row) return null;
  const chunks = await tx.objectStore('chunks').index('byRecording').getAll(IDBKeyRange.only(id));
  await tx.done;
  const parts = (stream: MediaStreamName) =>
    chunks
      .filter((chunk) => chunk.stream === stream)
      .sort((a, b) => a.index - b.index)
      .map((chunk) => chunk.blob);
  const video = new Blob(parts('video'), { type: row.recording.video.mimeType });
  const webcamParts = parts('webcam');
  const webcam =
    row.recording.webcam && webcamParts.length > 0
      ? new Blob(webcamParts, { type: row.recording.webcam.mimeType })
      : null;
  return { recording: row.recording, video, webcam };
}

/**
 * Replaces one media stream of a recording (the same media rewritten, e.g. with a seek index) in one transaction:
 * the old chunks go only if the new file is stored. Returns the updated metadata, or null when it does not exist.
 */
export async function replaceMedia(id: string, stream: MediaStreamName, media: Blob): Promise<Recording | null> {
  const tx = (await db()).transaction(['recordings', 'chunks'], 'readwrite');
  const row = await tx.objectStore('recordings').get(id);
  if (!row || (stream === 'webcam' && !row.recording.webcam)) {
    await tx.done;
    return null;
  }
  const chunks = tx.objectStore('chunks');
  let cursor = await chunks.index('byRecording').openCursor(IDBKeyRange.only(id));
  while (cursor) {
    if (cursor.value.stream === stream) await cursor.delete();
    cursor = await cursor.continue();
  }
  await chunks.put({ id, stream, index: 0, blob: media });
  const { video, webcam } = row.recording;
  const recording =
    stream === 'video'
      ? { ...row.recording, video: { ...video, size: media.size } }
      : { ...row.recording, webcam: webcam && { ...webcam, size: media.size } };
  await tx.objectStore('recordings').put({ ...row, recording, chunkCounts: { ...row.chunkCounts, [stream]: 1 } });
  await tx.done;
  return recording;
}

/** Every complete recording's metadata, newest first. */
export async function listRecordings(): Promise<Recording[]> {
  const rows = await (await db()).getAll('recordings');
  return rows.map((row) => row.recording).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Renames a recording; returns the updated metadata, or null when it does not exist. Blank names are refused. */
export async function renameRecording(id: string, name: string): Promise<Recording | null> {
  const trimmed = name.trim();
  if (!trimmed) throw new Error('A recording needs a name.');
  const tx = (await db()).transaction('recordings', 'readwrite');
  const row = await tx.store.get(id);
  if (!row) {
    await tx.done;
    return null;
  }
  const recording = { ...row.recording, name: trimmed };
  await tx.store.put({ ...row, recording });
  await tx.done;
  return recording;
}

/** Deletes a recording and its media (no-op when absent). */
export async function deleteRecording(id: string): Promise<void> {
  const tx = (await db()).transaction(['recordings', 'chunks'], 'readwrite');
  await tx.objectStore('recordings').delete(id);
  let cursor = await tx.objectStore('chunks').index('byRecording').openKeyCursor(IDBKeyRange.only(id));
  while (cursor) {
    await tx.objectStore('chunks').delete(cursor.primaryKey);
    cursor = await cursor.continue();
  }
  await tx.done;
}

/** Storage used and available; asks the browser once to keep the site's data (recordings are precious). */
export async function storageEstimate(): Promise<StorageEstimate> {
  const storage = navigator.storage;
  const estimate = await storage.estimate();
  const persisted = (await storage.persisted()) || (await storage.persist().catch(() => false));
  return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted };
}
