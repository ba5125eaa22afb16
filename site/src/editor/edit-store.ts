import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { type EditDocument, fromSavedEdits, type SavedEdits, toSavedEdits } from '../../../shared/edits/edit-document';

/** Edits live in their own database, beside the recordings, so saving an edit never touches the media. */
interface EditsDb extends DBSchema {
  edits: { key: string; value: SavedEdits };
}

/** Name of the edits database. */
export const EDITS_DB_NAME = 'clickreel-edits';

let dbPromise: Promise<IDBPDatabase<EditsDb>> | null = null;

function db(): Promise<IDBPDatabase<EditsDb>> {
  dbPromise ??= openDB<EditsDb>(EDITS_DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('edits', { keyPath: 'recordingId' });
    },
  }).catch((error: unknown) => {
    dbPromise = null;
    throw error;
  });
  return dbPromise;
}

/** Saves the edits of one recording, replacing the previous save. */
export async function saveEdits(recordingId: string, document: EditDocument): Promise<void> {
  await (await db()).put('edits', toSavedEdits(recordingId, document));
}

/** The saved edits of a recording; null when there are none (or they cannot be read). */
export async function loadEdits(recordingId: string): Promise<EditDocument | null> {
  return fromSavedEdits(await (await db()).get('edits', recordingId));
}

/** Forgets the edits of a deleted recording. */
export async function deleteEdits(recordingId: string): Promise<void> {
  await (await db()).delete('edits', recordingId);
}
