import type { IDBPObjectStore, StoreNames } from 'idb';
import { StorageError } from '../../../shared/errors/domain-errors';
import type { MediaStreamName } from '../../../shared/messages/site-messages';
import { parseRecording, type Recording } from '../../../shared/recording/recording';
import { type SiteDbSchema, siteDatabase } from './site-database';
import { chunkRowSchema, type DamagedRow, missingChunks, readRecordingRow, type ValidRow } from './stored-recording';

// The site origin's recording library (in the site database, see site-database.ts). A recording is its metadata
// and track (the `Recording` of shared/recording) plus its media, stored as chunks (Blobs) so that a large recording
// is written and read piece by piece, never held in memory as one buffer. It is listed only once complete: chunks
// are written first, the metadata row last. Saving never replaces a stored recording: a taken id gets a fresh one.

/** A stored recording with its media as Blobs (backed by IndexedDB, not copied into memory). */
export interface StoredRecording {
  readonly recording: Recording;
  readonly video: Blob;
  readonly webcam: Blob | null;
}

/** A library entry: a valid or damaged row, and what is wrong with its video judged from the stored pieces. */
export type LibraryEntry = (ValidRow | DamagedRow) & {
  /** Null when every piece of the video is stored. */
  readonly videoProblem: string | null;
};

/** A recording looked up by id: its row (valid or damaged) and its media when the pieces are all there. */
export interface StoredLookup {
  readonly entry: LibraryEntry;
  /** The video, when every piece of it is stored (it may still be empty or not a video). */
  readonly video: Blob | null;
  readonly webcam: Blob | null;
}

/** Writes one recording chunk by chunk; `commit` makes it visible, `abort` removes what was written. */
export interface RecordingWriter {
  /** The recording as it will be stored: its id is a fresh one when the one it came with was taken. */
  readonly recording: Recording;
  /** Stores chunk `index` of `stream`; resolves once it is on disk. */
  writeChunk(stream: MediaStreamName, index: number, blob: Blob): Promise<void>;
  /** Stores the metadata after every chunk; the recording is then listed. */
  commit(): Promise<void>;
  /** Deletes the chunks written so far. */
  abort(): Promise<void>;
}

/**
 * Takes the lock on a recording id across tabs while it is being saved; null when another save holds it
 * (never waits: a save that stalled must not hold up the next). No lock is needed where the browser has none.
 */
async function lockId(id: string): Promise<(() => void) | null> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return () => undefined;
  return new Promise((held) => {
    void locks.request(`clickreel-save:${id}`, { ifAvailable: true }, (lock) =>
      lock ? new Promise<void>((release) => held(release)) : held(null),
    );
  });
}

/** A fresh id for a recording whose id is taken: the same prefix, so it still reads as that recording's copy. */
function freshId(id: string): string {
  return `${id.replace(/-copy-[0-9a-f]{8}$/, '')}-copy-${crypto.randomUUID().slice(0, 8)}`;
}

/** Deletes every chunk stored under `id` (in the caller's transaction). */
async function deleteChunks<Stores extends ArrayLike<StoreNames<SiteDbSchema>>>(
  chunks: IDBPObjectStore<SiteDbSchema, Stores, 'chunks', 'readwrite'>,
  id: string,
): Promise<void> {
  let cursor = await chunks.index('byRecording').openKeyCursor(IDBKeyRange.only(id));
  while (cursor) {
    await chunks.delete(cursor.primaryKey);
    cursor = await cursor.continue();
  }
}

/**
 * Claims an id for a new save: the recording's own, or a fresh one when a stored recording has it or
 * another save is writing under it. Chunks under a free id are left over from a save that was
 * interrupted (nobody holds its lock): they go.
 */
async function claimId(wanted: string): Promise<{ id: string; release: () => void }> {
  for (let id = wanted; ; id = freshId(wanted)) {
    const release = await lockId(id);
    if (!release) continue;
    const tx = (await siteDatabase()).transaction(['recordings', 'chunks'], 'readwrite');
    const taken = (await tx.objectStore('recordings').count(id)) > 0;
    if (!taken) await deleteChunks(tx.objectStore('chunks'), id);
    await tx.done;
    if (!taken) return { id, release };
    release();
  }
}

/**
 * Starts saving `recording` (validated here). A recording already stored under its id is never
 * replaced: the new one gets a fresh id (see `writer.recording`), and both are kept.
 */
export async function beginSave(recording: Recording): Promise<RecordingWriter> {
  const valid = parseRecording(recording);
  const { id, release } = await claimId(valid.id);
  const stored: Recording = { ...valid, id };
  const counts: Record<MediaStreamName, number> = { video: 0, webcam: 0 };
  let open = true;
  const finish = () => {
    if (open) release();
    open = false;
  };
  return {
    recording: stored,
    async writeChunk(stream, index, blob) {
      const tx = (await siteDatabase()).transaction('chunks', 'readwrite');
      await tx.store.put({ id, stream, index, blob });
      await tx.done;
      counts[stream] = Math.max(counts[stream], index + 1);
    },
    async commit() {
      if (counts.video === 0) throw new StorageError('no-video', 'The recording has no video.', { id });
      const tx = (await siteDatabase()).transaction('recordings', 'readwrite');
      await tx.store.put({ id, recording: stored, chunkCounts: { ...counts }, storedAt: new Date().toISOString() });
      await tx.done;
      finish();
    },
    async abort() {
      try {
        const tx = (await siteDatabase()).transaction('chunks', 'readwrite');
        await deleteChunks(tx.store, id);
        await tx.done;
      } finally {
        finish();
      }
    },
  };
}

/** Saves a recording whose media is already whole Blobs (an opened file); resolves with it as stored. */
export async function saveRecording(recording: Recording, video: Blob, webcam: Blob | null = null): Promise<Recording> {
  const writer = await beginSave(recording);
  try {
    await writer.writeChunk('video', 0, video);
    if (webcam) await writer.writeChunk('webcam', 0, webcam);
    await writer.commit();
    return writer.recording;
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

/** Chunk indexes present per recording's video, from chunk keys ([id, stream, index]); no media is read. */
function videoChunkIndexes(keys: readonly unknown[]): Map<string, Set<number>> {
  const present = new Map<string, Set<number>>();
  for (const key of keys) {
    if (!Array.isArray(key)) continue;
    const [recordingId, stream, index] = key as unknown[];
    if (stream !== 'video' || typeof recordingId !== 'string' || typeof index !== 'number') continue;
    const set = present.get(recordingId) ?? new Set<number>();
    set.add(index);
    present.set(recordingId, set);
  }
  return present;
}

function entryOf(row: ValidRow | DamagedRow, present: Map<string, Set<number>>): LibraryEntry {
  const videoProblem = row.chunkCounts ? missingChunks(row.chunkCounts.video, present.get(row.id) ?? new Set()) : null;
  return { ...row, videoProblem };
}

/** Every stored recording, valid or damaged, newest first (damaged ones without a date last). */
export async function listLibrary(): Promise<LibraryEntry[]> {
  const db = await siteDatabase();
  const [keys, rows, chunkKeys] = await Promise.all([
    db.getAllKeys('recordings'),
    db.getAll('recordings'),
    db.getAllKeys('chunks'),
  ]);
  const present = videoChunkIndexes(chunkKeys);
  const entries = rows.map((raw, i) => entryOf(readRecordingRow(raw, String(keys[i] ?? '')), present));
  const createdAt = (entry: LibraryEntry) =>
    entry.state === 'valid' ? entry.recording.createdAt : (entry.createdAt ?? '');
  return entries.sort((a, b) => createdAt(b).localeCompare(createdAt(a)));
}

/** Every valid recording's metadata, newest first. */
export async function listRecordings(): Promise<Recording[]> {
  return (await listLibrary()).flatMap((entry) => (entry.state === 'valid' ? [entry.recording] : []));
}

/** Joins a stream's chunks (validated) into one Blob; null when a piece is missing or damaged. */
function joinChunks(rows: unknown[], stream: MediaStreamName, count: number, type: string): Blob | null {
  const parts: Blob[] = [];
  for (const raw of rows) {
    const chunk = chunkRowSchema.safeParse(raw);
    if (chunk.success && chunk.data.stream === stream && chunk.data.index < count)
      parts[chunk.data.index] = chunk.data.blob;
  }
  for (let index = 0; index < count; index++) if (!parts[index]) return null;
  return count === 0 ? null : new Blob(parts, { type });
}

/** A stored recording by id, valid or damaged, with its media when complete; null when there is none. */
export async function lookUpRecording(id: string): Promise<StoredLookup | null> {
  const db = await siteDatabase();
  const tx = db.transaction(['recordings', 'chunks']);
  const raw = await tx.objectStore('recordings').get(id);
  if (raw === undefined) return null;
  const chunks: unknown[] = await tx.objectStore('chunks').index('byRecording').getAll(IDBKeyRange.only(id));
  await tx.done;
  const row = readRecordingRow(raw, id);
  const counts = row.chunkCounts ?? { video: 0, webcam: 0 };
  const videoType = row.state === 'valid' ? row.recording.video.mimeType : '';
  const video = joinChunks(chunks, 'video', counts.video, videoType);
  const webcamInfo = row.state === 'valid' ? row.recording.webcam : null;
  const webcam = webcamInfo ? joinChunks(chunks, 'webcam', counts.webcam, webcamInfo.mimeType) : null;
  const present = videoChunkIndexes(
    chunks.map((c) => {
      const chunk = chunkRowSchema.safeParse(c);
      return chunk.success ? [chunk.data.id, chunk.data.stream, chunk.data.index] : null;
    }),
  );
  return { entry: entryOf(row, present), video, webcam };
}

/** A valid stored recording with its media; null when it does not exist, is damaged or misses media. */
export async function getRecording(id: string): Promise<StoredRecording | null> {
  const found = await lookUpRecording(id);
  if (found?.entry.state !== 'valid' || !found.video) return null;
  return { recording: found.entry.recording, video: found.video, webcam: found.webcam };
}

/**
 * Replaces media streams of a valid recording (the same media rewritten, e.g. with a seek index) in one
 * transaction: the old chunks go only if the new files are stored. Returns the updated metadata, or null when there is
 * no such valid recording (or stream).
 */
export async function replaceMedia(
  id: string,
  media: Partial<Readonly<Record<MediaStreamName, Blob>>>,
): Promise<Recording | null> {
  const tx = (await siteDatabase()).transaction(['recordings', 'chunks'], 'readwrite');
  const raw = await tx.objectStore('recordings').get(id);
  const row = raw === undefined ? null : readRecordingRow(raw, id);
  if (raw === undefined || row?.state !== 'valid' || (media.webcam && !row.recording.webcam)) {
    await tx.done;
    return null;
  }
  const chunks = tx.objectStore('chunks');
  let recording = row.recording;
  const chunkCounts = { ...row.chunkCounts };
  for (const [stream, blob] of Object.entries(media) as [MediaStreamName, Blob | undefined][]) {
    if (!blob) continue;
    let cursor = await chunks.index('byRecording').openKeyCursor(IDBKeyRange.only(id));
    while (cursor) {
      if ((cursor.primaryKey as unknown[])[1] === stream) await chunks.delete(cursor.primaryKey);
      cursor = await cursor.continue();
    }
    await chunks.put({ id, stream, index: 0, blob });
    const { video, webcam } = recording;
    recording =
      stream === 'video'
        ? { ...recording, video: { ...video, size: blob.size } }
        : { ...recording, webcam: webcam && { ...webcam, size: blob.size } };
    chunkCounts[stream] = 1;
  }
  await tx.objectStore('recordings').put({ ...raw, recording, chunkCounts });
  await tx.done;
  return recording;
}

/** Renames a recording; returns the updated metadata, or null when it does not exist. Blank names are refused. */
export async function renameRecording(id: string, name: string): Promise<Recording | null> {
  const trimmed = name.trim();
  if (!trimmed) throw new StorageError('no-name', 'A recording needs a name.', { id });
  const tx = (await siteDatabase()).transaction('recordings', 'readwrite');
  const raw = await tx.store.get(id);
  if (raw === undefined) {
    await tx.done;
    return null;
  }
  const row = readRecordingRow(raw, id);
  if (row.state !== 'valid') {
    await tx.done;
    throw new StorageError('damaged', 'A damaged recording cannot be renamed.', { id });
  }
  const recording = { ...row.recording, name: trimmed };
  await tx.store.put({ ...raw, recording });
  await tx.done;
  return recording;
}

/** Deletes a recording with its media and its edits, in one transaction (no-op when absent). */
export async function deleteRecording(id: string): Promise<void> {
  const tx = (await siteDatabase()).transaction(['recordings', 'chunks', 'edits'], 'readwrite');
  await tx.objectStore('recordings').delete(id);
  await tx.objectStore('edits').delete(id);
  await deleteChunks(tx.objectStore('chunks'), id);
  await tx.done;
}
