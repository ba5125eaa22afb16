import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { expect, test } from 'vitest';
import { newEditDocument, toSavedEdits } from '../../../shared/edits/edit-document';
import { recordingFixture } from '../../../tests/fixtures/builders/recording-fixture';
import { loadEdits } from '../editor/saved-edits';
import { loadBackgroundImage } from '../editor/settings/background-images';
import { getRecording, listLibrary } from './recording-store';
import { LEGACY_EDITS_DB_NAME, LEGACY_IMAGES_DB_NAME, SITE_DB_NAME, siteDatabase } from './site-database';

/** Builds what the previous version left: three databases, a format-1 recording with typed keys. */
async function previousVersionData(): Promise<void> {
  const { shortcuts: _s, typing: _t, ...rest } = recordingFixture({ id: 'old' });
  const typed = (t: number, key: string) => ({
    t,
    key,
    code: `Key${key.toUpperCase()}`,
    ctrl: false,
    alt: false,
    shift: false,
    meta: false,
  });
  const formatOne = {
    ...rest,
    formatVersion: 1,
    keys: [typed(100, 'p'), typed(200, 'w'), { ...typed(300, 'k'), ctrl: true }],
  };
  const recordings = await openDB(SITE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('recordings', { keyPath: 'id' });
      db.createObjectStore('chunks', { keyPath: ['id', 'stream', 'index'] }).createIndex('byRecording', 'id');
    },
  });
  await recordings.put('recordings', {
    id: 'old',
    recording: formatOne,
    chunkCounts: { video: 1, webcam: 0 },
    storedAt: '2026-11-01T00:00:00.000Z',
  });
  await recordings.put('chunks', { id: 'old', stream: 'video', index: 0, blob: new Blob(['video']) });
  recordings.close();
  const edits = await openDB(LEGACY_EDITS_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('edits', { keyPath: 'recordingId' });
    },
  });
  await edits.put('edits', toSavedEdits('old', newEditDocument(20_000)));
  edits.close();
  const images = await openDB(LEGACY_IMAGES_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('images', { keyPath: 'id' });
    },
  });
  await images.put('images', { id: 'image-1', blob: new Blob(['png']) });
  images.close();
}

test('the data of the previous version moves into the one database, and typed keys leave the disk', async () => {
  await previousVersionData();
  const library = await listLibrary();
  expect(library.map((entry) => [entry.id, entry.state])).toEqual([['old', 'valid']]);
  const stored = await getRecording('old');
  expect(stored?.recording.shortcuts.map((s) => s.key)).toEqual(['k']);
  expect(stored?.recording.typing).toEqual([{ t: 100 }, { t: 200 }]);
  // On disk, not only on screen.
  const raw = await (await siteDatabase()).get('recordings', 'old');
  expect(JSON.stringify(raw)).not.toMatch(/"p"|"w"|KeyP|KeyW/);
  expect(await loadEdits('old')).toEqual(newEditDocument(20_000));
  expect(await (await loadBackgroundImage('image-1'))?.text()).toBe('png');
  await expect.poll(async () => (await indexedDB.databases()).map((db) => db.name).sort()).toEqual([SITE_DB_NAME]);
});
