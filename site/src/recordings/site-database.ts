import { type DBSchema, deleteDB, type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb';
import { StorageError } from '../../../shared/errors/domain-errors';
import type { MediaStreamName } from '../../../shared/messages/site-messages';
import { migrateRecording } from '../../../shared/recording/format-migration';

/**
 * The site's one IndexedDB database and its versioned schema: recordings (metadata and track), their
 * media chunks, the edits of each recording, and the pictures users chose as backgrounds. Every store
 * of the site opens it here; rows are validated when read (see the stores beside this file).
 *
 * The name is the one version 1 used for recordings alone, so the media already stored is upgraded in
 * place rather than copied; edits and pictures, which had databases of their own, are moved in.
 */
export const SITE_DB_NAME = 'clickreel-recordings';

/** The schema version this code opens. */
export const SITE_DB_VERSION = 2;

/** Databases earlier versions kept beside this one; their rows move in on first open, then they are deleted. */
export const LEGACY_EDITS_DB_NAME = 'clickreel-edits';
export const LEGACY_IMAGES_DB_NAME = 'clickreel-background-images';

/** A stored recording's row: its metadata and track, and how many chunks each stream has. */
export interface RecordingRow {
  readonly id: string;
  /** A `Recording` when written; validated on every read (it may be damaged or from a newer version). */
  readonly recording: unknown;
  readonly chunkCounts: Record<MediaStreamName, number>;
  /** When it was stored here (ISO). */
  readonly storedAt: string;
}

/** One piece of a recording's media. */
export interface ChunkRow {
  readonly id: string;
  readonly stream: MediaStreamName;
  readonly index: number;
  readonly blob: Blob;
}

/** A picture chosen as a background. */
export interface ImageRow {
  readonly id: string;
  readonly blob: Blob;
}

export interface SiteDbSchema extends DBSchema {
  recordings: { key: string; value: RecordingRow };
  chunks: { key: [string, MediaStreamName, number]; value: ChunkRow; indexes: { byRecording: string } };
  /** Saved edits (shared/edits `SavedEdits`), validated on read. */
  edits: { key: string; value: { recordingId: string } & Record<string, unknown> };
  images: { key: string; value: ImageRow };
}

export type SiteDatabase = IDBPDatabase<SiteDbSchema>;
type UpgradeTransaction = IDBPTransaction<SiteDbSchema, StoreNames<SiteDbSchema>[], 'versionchange'>;

/**
 * Schema migrations, by the version they lead to. Each runs inside the upgrade transaction, so an
 * interrupted upgrade leaves the previous version intact.
 */
const MIGRATIONS: Record<number, (db: SiteDatabase, tx: UpgradeTransaction) => Promise<void> | void> = {
  1(db) {
    db.createObjectStore('recordings', { keyPath: 'id' });
    const chunks = db.createObjectStore('chunks', { keyPath: ['id', 'stream', 'index'] });
    chunks.createIndex('byRecording', 'id');
  },
  async 2(db, tx) {
    db.createObjectStore('edits', { keyPath: 'recordingId' });
    db.createObjectStore('images', { keyPath: 'id' });
    // Recordings of format 1 kept typed keys: rewrite them so the text leaves the disk, not just the screen.
    let cursor = await tx.objectStore('recordings').openCursor();
    while (cursor) {
      const row = cursor.value as RecordingRow | undefined;
      const migrated = row && typeof row === 'object' ? migrateRecording(row.recording) : undefined;
      if (row && migrated !== row.recording) await cursor.update({ ...row, recording: migrated });
      cursor = await cursor.continue();
    }
  },
};

let opening: Promise<SiteDatabase> | null = null;

/** The site's database, opened (and upgraded, and legacy data moved in) once per page. */
export function siteDatabase(): Promise<SiteDatabase> {
  opening ??= open().catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function open(): Promise<SiteDatabase> {
  // Migrations run in order inside the upgrade transaction; each may go on asynchronously (cursors).
  let failure: unknown = null;
  const db = await new Promise<SiteDatabase>((resolve, reject) => {
    let connection: SiteDatabase | null = null;
    openDB<SiteDbSchema>(SITE_DB_NAME, SITE_DB_VERSION, {
      upgrade(database, oldVersion, newVersion, transaction) {
        let previous: Promise<void> | null = null;
        for (let version = oldVersion + 1; version <= (newVersion ?? SITE_DB_VERSION); version++) {
          const migrate = MIGRATIONS[version];
          if (!migrate) continue;
          // The first step runs now, while the upgrade event is being dispatched (stores are created then).
          const step: Promise<void> = previous
            ? previous.then(() => migrate(database, transaction))
            : Promise.resolve(migrate(database, transaction));
          previous = step;
        }
        // A failed migration aborts the upgrade: the database stays at the version it was.
        previous?.catch((error: unknown) => {
          failure = error;
          transaction.abort();
        });
      },
      blocked() {
        reject(
          // A tab with an older version of the site keeps the database from being upgraded.
          new StorageError(
            'blocked',
            'Clickreel is open in another tab with an older version. Close that tab (or reload it) to continue.',
          ),
        );
      },
      blocking() {
        // A newer version of the site wants to upgrade: let it; this page reopens on its next call.
        opening = null;
        connection?.close();
      },
    }).then(
      (opened) => {
        connection = opened;
        resolve(opened);
      },
      (error: unknown) => reject(failure ?? error),
    );
  });
  await moveLegacyData(db);
  return db;
}

/**
 * Moves edits and background pictures from the databases earlier versions kept them in, then deletes
 * those. Rows already here win (they are newer), so a move interrupted and repeated loses nothing.
 */
async function moveLegacyData(db: SiteDatabase): Promise<void> {
  const names = await existingDatabases();
  for (const [name, store, from] of [
    [LEGACY_EDITS_DB_NAME, 'edits', 'edits'],
    [LEGACY_IMAGES_DB_NAME, 'images', 'images'],
  ] as const) {
    if (names && !names.has(name)) continue;
    const rows = await readLegacyRows(name, from);
    if (rows === null) continue;
    const tx = db.transaction(store, 'readwrite');
    for (const row of rows) {
      const key = store === 'edits' ? (row as { recordingId?: unknown }).recordingId : (row as { id?: unknown }).id;
      if (typeof key !== 'string') continue;
      if ((await tx.store.count(key)) === 0) await tx.store.put(row as never);
    }
    await tx.done;
    // Not awaited: a tab still running an older version keeps it open; the delete finishes once it closes.
    void deleteDB(name).catch(() => undefined);
  }
}

/** Names of this origin's databases, or null when the browser cannot list them. */
async function existingDatabases(): Promise<Set<string> | null> {
  try {
    const list = await indexedDB.databases();
    return new Set(list.map((info) => info.name ?? ''));
  } catch {
    return null;
  }
}

/** Every row of `store` in the legacy database `name`; null when that database does not exist. */
async function readLegacyRows(name: string, store: string): Promise<unknown[] | null> {
  let legacy: IDBPDatabase | null = null;
  try {
    legacy = await openDB(name, undefined, {
      // It did not exist: do not create it.
      upgrade(_db, oldVersion, _newVersion, transaction) {
        if (oldVersion === 0) transaction.abort();
      },
    });
    if (!legacy.objectStoreNames.contains(store)) return [];
    return await legacy.getAll(store);
  } catch {
    return null;
  } finally {
    legacy?.close();
  }
}

/**
 * Whether the library holds any recording row at all (valid or not). Free of the row validation (and zod), so the
 * editor's first code can tell an empty library without loading the recording store.
 */
export async function hasStoredRecordings(): Promise<boolean> {
  return (await (await siteDatabase()).count('recordings')) > 0;
}
