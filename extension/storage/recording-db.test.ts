import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { expect, test } from 'vitest';
import { recordingFixture } from '../../tests/fixtures/builders/recording-fixture';
import { EXTENSION_DB_NAME, getSession, readEvents, summarizeChunks } from './recording-db';

test('an update drops the typed keys that recordings waiting in the extension kept, and sizes their chunks', async () => {
  const key = (w: number, k: string, held: Record<string, boolean> = {}) => ({
    k: 'key',
    w,
    key: k,
    code: `Key${k.toUpperCase()}`,
    ctrl: false,
    alt: false,
    shift: false,
    meta: false,
    redacted: false,
    ...held,
  });
  const { shortcuts: _s, typing: _t, ...rest } = recordingFixture({ id: 'waiting' });
  const old = await openDB(EXTENSION_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('sessions', { keyPath: 'id' });
      db.createObjectStore('chunks', { keyPath: ['sessionId', 'stream', 'index'] }).createIndex(
        'bySession',
        'sessionId',
      );
      db.createObjectStore('events', { autoIncrement: true }).createIndex('bySession', 'sessionId');
    },
  });
  await old.add('events', {
    sessionId: 'live',
    events: [key(1, 'p'), { k: 'move', w: 2, x: 0.5, y: 0.5, c: 'default', b: 0 }, key(3, 'k', { ctrl: true })],
  });
  // A chunk saved before chunks carried their size: counted once the update gives it one.
  await old.put('chunks', { sessionId: 'live', stream: 'video', index: 0, wall: 5, blob: new Blob(['12345']) });
  await old.put('sessions', {
    id: 'waiting',
    state: 'finished',
    recording: { ...rest, formatVersion: 1, keys: [{ ...key(100, 'w'), t: 100 }] },
  });
  old.close();

  expect(await readEvents('live')).toEqual([
    { k: 'typing', w: 1 },
    { k: 'move', w: 2, x: 0.5, y: 0.5, c: 'default', b: 0 },
    { k: 'shortcut', w: 3, key: 'k', code: 'KeyK', ctrl: true, alt: false, shift: false, meta: false },
  ]);
  const waiting = await getSession('waiting');
  expect(waiting?.recording?.typing).toEqual([{ t: 100 }]);
  expect(JSON.stringify(waiting)).not.toMatch(/"w"|KeyW|"keys"/);
  expect((await summarizeChunks('live')).video).toEqual({ count: 1, bytes: 5, lastWall: 5 });
});
