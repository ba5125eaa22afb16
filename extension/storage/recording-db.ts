import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB } from 'idb';
import type { Capture } from '../../shared/capture/capture-source';
import type { MediaStreamName } from '../../shared/messages/site-messages';
import type { ClockLog } from '../../shared/recording/clock';
import type { TrackEvent } from '../../shared/recording/event-kinds';
import { migrateRecording } from '../../shared/recording/format-migration';
import { captureKey, type KeyDown } from '../../shared/recording/key-capture';
import type { Recording, Viewport } from '../../shared/recording/recording';

/**
 * The extension's own IndexedDB (shared by the service worker, the offscreen recorder and the hand-off
 * page). Everything a recording needs is written here as it arrives, so a crash loses at most the last
 * chunk; the site's copy replaces it once the site confirms it stored the recording.
 */

/** A recording in the extension, from its first chunk until the site has stored it. */
export interface SessionRecord {
  readonly id: string;
  readonly tabId: number;
  /** 'active' while capturing (or until recovered after a crash); 'finished' once `recording` is built. */
  readonly state: 'active' | 'finished';
  readonly createdAt: string;
  readonly page: { url: string; title: string };
  readonly viewport: Viewport;
  /** What is captured and its size; absent in sessions stored before window and screen recording (tabs). */
  readonly capture?: Capture;
  /** Null until the recorder's start event. */
  readonly clock: ClockLog | null;
  readonly video: { mimeType: string; width: number; height: number; frameRate: number } | null;
  readonly webcam: { mimeType: string; width: number; height: number; offsetMs: number } | null;
  readonly audio: { tab: boolean; microphone: boolean };
  /** The finished recording's metadata and track. */
  readonly recording: Recording | null;
  /** Built from saved chunks after the recorder died. */
  readonly recovered: boolean;
}

/** One timeslice of a media stream. */
export interface ChunkRecord {
  readonly sessionId: string;
  readonly stream: MediaStreamName;
  readonly index: number;
  /** Wall time the chunk arrived: the recording ends no later than the last one after a crash. */
  readonly wall: number;
  /** The blob's size, bytes: kept beside it so a summary reads keys, never the blob (see summarizeChunks). */
  readonly size: number;
  readonly blob: Blob;
}

/** A batch of raw track events, stored as the content script sent it. */
export interface EventBatchRecord {
  readonly sessionId: string;
  readonly events: TrackEvent[];
}

interface ClickreelExtensionDb extends DBSchema {
  sessions: { key: string; value: SessionRecord };
  chunks: {
    key: [string, MediaStreamName, number];
    value: ChunkRecord;
    indexes: { bySession: string; byMeta: [string, MediaStreamName, number, number, number] };
  };
  events: { key: number; value: EventBatchRecord; indexes: { bySession: string } };
}

/** Name of the extension's database. */
export const EXTENSION_DB_NAME = 'clickreel-extension';

/**
 * Its schema version. 2: what version 1 kept of typed keys is dropped (see migrateTypedKeys). 3: chunks carry their
 * size, and an index of their keys, wall times and sizes (see migrateChunkSizes).
 */
export const EXTENSION_DB_VERSION = 3;

/** The `byMeta` index's key path: what a summary needs of a chunk, readable without its blob. */
const CHUNK_META_KEY = ['sessionId', 'stream', 'index', 'wall', 'size'];

/** A key event as version 1 of the content script sent it, with the key that was pressed. */
interface LegacyKeyEvent extends Omit<KeyDown, 'altGraph'> {
  readonly k: 'key';
  readonly w: number;
  readonly redacted: boolean;
}

/** A version 1 key event as the current format keeps it: a shortcut, a typing time, or nothing. */
function migrateKeyEvent(event: LegacyKeyEvent): TrackEvent[] {
  const { key, code, ctrl, alt, shift, meta } = event;
  const kind = captureKey({ key, code, ctrl, alt, shift, meta, altGraph: false }, event.redacted);
  if (kind === 'shortcut') return [{ k: 'shortcut', w: event.w, key, code, ctrl, alt, shift, meta }];
  return kind === 'typing' ? [{ k: 'typing', w: event.w }] : [];
}

/**
 * Recordings still waiting in the extension when it is updated kept every typed key (version 1): their
 * raw events and finished tracks are rewritten so that only shortcuts and typing times remain on disk.
 */
async function migrateTypedKeys(
  tx: IDBPTransaction<ClickreelExtensionDb, ('sessions' | 'chunks' | 'events')[], 'versionchange'>,
): Promise<void> {
  let events = await tx.objectStore('events').openCursor();
  while (events) {
    const batch = events.value;
    const legacy = batch.events as (TrackEvent | LegacyKeyEvent)[];
    if (legacy.some((event) => event.k === 'key')) {
      const migrated = legacy.flatMap((event) => (event.k === 'key' ? migrateKeyEvent(event) : [event]));
      await events.update({ ...batch, events: migrated });
    }
    events = await events.continue();
  }
  let sessions = await tx.objectStore('sessions').openCursor();
  while (sessions) {
    const session = sessions.value;
    if (session.recording) {
      await sessions.update({ ...session, recording: migrateRecording(session.recording) as Recording });
    }
    sessions = await sessions.continue();
  }
}

/** Chunks saved before version 3 get their size, so they are in the `byMeta` index. */
async function migrateChunkSizes(
  tx: IDBPTransaction<ClickreelExtensionDb, ('sessions' | 'chunks' | 'events')[], 'versionchange'>,
): Promise<void> {
  let chunks = await tx.objectStore('chunks').openCursor();
  while (chunks) {
    const chunk = chunks.value;
    if (typeof chunk.size !== 'number') await chunks.update({ ...chunk, size: chunk.blob.size });
    chunks = await chunks.continue();
  }
}

let dbPromise: Promise<IDBPDatabase<ClickreelExtensionDb>> | null = null;

/** The database, opened once per context. */
export function extensionDb(): Promise<IDBPDatabase<ClickreelExtensionDb>> {
  dbPromise ??= openDB<ClickreelExtensionDb>(EXTENSION_DB_NAME, EXTENSION_DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        db.createObjectStore('sessions', { keyPath: 'id' });
        const chunks = db.createObjectStore('chunks', { keyPath: ['sessionId', 'stream', 'index'] });
        chunks.createIndex('bySession', 'sessionId');
        const events = db.createObjectStore('events', { autoIncrement: true });
        events.createIndex('bySession', 'sessionId');
      }
      if (oldVersion < 2) void migrateTypedKeys(tx).catch(() => tx.abort());
      if (oldVersion < 3) {
        tx.objectStore('chunks').createIndex('byMeta', CHUNK_META_KEY);
        if (oldVersion > 0) void migrateChunkSizes(tx).catch(() => tx.abort());
      }
    },
  }).catch((error: unknown) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

/** Saves (creates or replaces) a session. */
export async function putSession(session: SessionRecord): Promise<void> {
  await (await extensionDb()).put('sessions', session);
}

/** A session by id. */
export async function getSession(id: string): Promise<SessionRecord | undefined> {
  return (await extensionDb()).get('sessions', id);
}

/** Every session, oldest first. */
export async function listSessions(): Promise<SessionRecord[]> {
  const sessions = await (await extensionDb()).getAll('sessions');
  return sessions.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Applies `change` to a stored session inside one transaction (no lost updates between contexts). */
export async function updateSession(
  id: string,
  change: (session: SessionRecord) => SessionRecord,
): Promise<SessionRecord | undefined> {
  const tx = (await extensionDb()).transaction('sessions', 'readwrite');
  const current = await tx.store.get(id);
  if (!current) {
    await tx.done;
    return undefined;
  }
  const next = change(current);
  await tx.store.put(next);
  await tx.done;
  return next;
}

/** Stores one media chunk; rejects with QuotaExceededError when the disk or quota is full. */
export async function putChunk(chunk: ChunkRecord): Promise<void> {
  const tx = (await extensionDb()).transaction('chunks', 'readwrite');
  await tx.store.put(chunk);
  await tx.done;
}

/** A stored chunk. */
export async function getChunk(
  sessionId: string,
  stream: MediaStreamName,
  index: number,
): Promise<ChunkRecord | undefined> {
  return (await extensionDb()).get('chunks', [sessionId, stream, index]);
}

/** What was saved of each stream: chunk count (contiguous from 0), bytes and the last chunk's wall time. */
export interface ChunkSummary {
  readonly count: number;
  readonly bytes: number;
  readonly lastWall: number | null;
}

/**
 * Summaries of a session's saved chunks per stream, from the `byMeta` index's keys alone. Reading a chunk's value
 * would make a Blob of it, and Chromium keeps a stored blob's file (and its disk space) until every Blob made of it
 * is garbage-collected: the service worker could hold a whole recording's space long after it was deleted.
 */
export async function summarizeChunks(sessionId: string): Promise<Record<MediaStreamName, ChunkSummary>> {
  const db = await extensionDb();
  const result: Record<MediaStreamName, ChunkSummary> = {
    video: { count: 0, bytes: 0, lastWall: null },
    webcam: { count: 0, bytes: 0, lastWall: null },
  };
  // Every key of this session: [sessionId, …] sorts below [sessionId, []] (an array sorts above any string).
  const range = IDBKeyRange.bound([sessionId], [sessionId, []]);
  let cursor = await db.transaction('chunks').store.index('byMeta').openKeyCursor(range);
  while (cursor) {
    const [, stream, index, wall, size] = cursor.key;
    const summary = result[stream];
    // Only a gapless prefix plays: a chunk after a missing one is not counted.
    if (index === summary.count) {
      result[stream] = {
        count: summary.count + 1,
        bytes: summary.bytes + size,
        lastWall: Math.max(summary.lastWall ?? 0, wall),
      };
    }
    cursor = await cursor.continue();
  }
  return result;
}

/** Appends a batch of raw track events. */
export async function appendEvents(sessionId: string, events: TrackEvent[]): Promise<void> {
  if (events.length === 0) return;
  await (await extensionDb()).add('events', { sessionId, events });
}

/** Every raw track event of a session, in arrival order. */
export async function readEvents(sessionId: string): Promise<TrackEvent[]> {
  const batches = await (await extensionDb()).getAllFromIndex('events', 'bySession', IDBKeyRange.only(sessionId));
  return batches.flatMap((batch) => batch.events);
}

/** Deletes a session with its chunks and events. */
export async function deleteSession(sessionId: string): Promise<void> {
  const db = await extensionDb();
  const tx = db.transaction(['sessions', 'chunks', 'events'], 'readwrite');
  const range = IDBKeyRange.only(sessionId);
  await tx.objectStore('sessions').delete(sessionId);
  for (const store of ['chunks', 'events'] as const) {
    let cursor = await tx.objectStore(store).index('bySession').openKeyCursor(range);
    while (cursor) {
      await tx.objectStore(store).delete(cursor.primaryKey);
      cursor = await cursor.continue();
    }
  }
  await tx.done;
}
