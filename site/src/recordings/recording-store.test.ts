import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { newEditDocument } from '../../../shared/edits/edit-document';
import { RECORDING_FORMAT_VERSION, type Recording } from '../../../shared/recording/recording';
import { emptyTrack } from '../../../shared/recording/track';
import { loadEdits, saveEdits } from '../editor/saved-edits';
import {
  beginSave,
  deleteRecording,
  getRecording,
  listLibrary,
  listRecordings,
  renameRecording,
  replaceMedia,
  saveRecording,
} from './recording-store';
import { siteDatabase } from './site-database';

function recording(id: string, createdAt: string): Recording {
  return {
    formatVersion: RECORDING_FORMAT_VERSION,
    id,
    name: `Recording ${id}`,
    createdAt,
    page: { url: 'https://app.example/', title: 'App' },
    viewport: { width: 1280, height: 720, devicePixelRatio: 1 },
    capture: { source: 'tab', width: 1280, height: 720 },
    video: { mimeType: 'video/webm', width: 1280, height: 720, frameRate: 30, durationMs: 1000, size: 6 },
    audio: { tab: true, microphone: false },
    webcam: null,
    ...emptyTrack(),
    cursor: [{ t: 0, x: 0.5, y: 0.5, cursor: 'default', buttons: 0 }],
    pauses: [],
    recovered: false,
  };
}

async function text(blob: Blob): Promise<string> {
  return new TextDecoder().decode(await blob.arrayBuffer());
}

describe('the site recording store', () => {
  test('a recording saved chunk by chunk is listed only once committed, and reads back whole', async () => {
    const writer = await beginSave(recording('a', '2026-11-22T04:00:00.000Z'));
    await writer.writeChunk('video', 1, new Blob(['def']));
    await writer.writeChunk('video', 0, new Blob(['abc']));
    expect(await listRecordings()).toEqual([]);
    await writer.commit();
    const stored = await getRecording('a');
    expect(stored?.recording.id).toBe('a');
    expect(await text(stored?.video ?? new Blob())).toBe('abcdef');
    expect(stored?.video.type).toBe('video/webm');
    expect(stored?.webcam).toBeNull();
  });

  test('lists newest first, renames, deletes with the media', async () => {
    await saveRecording(recording('b', '2026-11-22T05:00:00.000Z'), new Blob(['xyz']));
    expect((await listRecordings()).map((r) => r.id)).toEqual(['b', 'a']);
    expect((await renameRecording('b', '  Demo  '))?.name).toBe('Demo');
    await expect(renameRecording('b', '   ')).rejects.toThrow();
    expect(await renameRecording('missing', 'x')).toBeNull();
    await deleteRecording('a');
    expect(await getRecording('a')).toBeNull();
    expect((await listRecordings()).map((r) => r.name)).toEqual(['Demo']);
  });

  test('an aborted save leaves nothing, and invalid metadata is refused', async () => {
    const writer = await beginSave(recording('c', '2026-11-22T06:00:00.000Z'));
    await writer.writeChunk('video', 0, new Blob(['abc']));
    await writer.abort();
    expect(await getRecording('c')).toBeNull();
    await expect(beginSave({ ...recording('d', 'yesterday') })).rejects.toThrow(/createdAt/);
  });

  test('saving under an id that is taken keeps both: the new one gets a fresh id', async () => {
    const first = await saveRecording(recording('same', '2026-11-22T07:00:00.000Z'), new Blob(['first']));
    const second = await saveRecording(
      { ...recording('same', '2026-11-22T07:00:00.000Z'), name: 'Intruder' },
      new Blob(['second']),
    );
    expect(first.id).toBe('same');
    expect(second.id).toMatch(/^same-copy-[0-9a-f]{8}$/);
    expect(await text((await getRecording('same'))?.video ?? new Blob())).toBe('first');
    expect((await getRecording('same'))?.recording.name).toBe('Recording same');
    expect(await text((await getRecording(second.id))?.video ?? new Blob())).toBe('second');
    // Pieces left by an interrupted save under a free id do not end up in the next one.
    const interrupted = await beginSave(recording('cut', '2026-11-22T08:00:00.000Z'));
    await interrupted.writeChunk('video', 0, new Blob(['old']));
    await interrupted.writeChunk('video', 1, new Blob(['old']));
    const again = await saveRecording(recording('cut', '2026-11-22T08:00:00.000Z'), new Blob(['new']));
    expect(again.id).toBe('cut');
    expect(await text((await getRecording('cut'))?.video ?? new Blob())).toBe('new');
  });

  test('deleting a recording deletes its edits with it', async () => {
    await saveEdits('b', newEditDocument(1000));
    expect(await loadEdits('b')).not.toBeNull();
    await deleteRecording('b');
    expect(await loadEdits('b')).toBeNull();
  });

  test('damaged rows are listed as damaged, each with its reason, beside the valid ones', async () => {
    await saveRecording(recording('good', '2026-11-22T09:00:00.000Z'), new Blob(['ok']));
    const db = await siteDatabase();
    const counts = { video: 1, webcam: 0 };
    const storedAt = '2026-11-22T09:00:00.000Z';
    const damaged: Record<string, unknown> = {
      cursor: { ...recording('cursor', storedAt), cursor: 'not a list' },
      'null-video': { ...recording('null-video', storedAt), video: null },
      newer: { ...recording('newer', storedAt), formatVersion: RECORDING_FORMAT_VERSION + 1 },
    };
    for (const [id, value] of Object.entries(damaged)) {
      await db.put('recordings', { id, recording: value, chunkCounts: counts, storedAt });
      await db.put('chunks', { id, stream: 'video', index: 0, blob: new Blob(['v']) });
    }
    await db.put('recordings', {
      id: 'missing',
      recording: recording('missing', storedAt),
      chunkCounts: counts,
      storedAt,
    });
    await db.put('recordings', { id: 'garbage', recording: 'not a recording' } as never);

    const library = await listLibrary();
    const byId = new Map(library.map((entry) => [entry.id, entry]));
    expect(byId.get('good')).toMatchObject({ state: 'valid', videoProblem: null });
    expect(byId.get('cursor')).toMatchObject({ state: 'damaged', name: 'Recording cursor', videoProblem: null });
    expect(byId.get('cursor')?.state === 'damaged' && byId.get('cursor')).toMatchObject({
      problem: expect.stringMatching(/damaged \(cursor: .*array/),
    });
    expect(byId.get('null-video')).toMatchObject({ state: 'damaged', problem: expect.stringMatching(/video/) });
    expect(byId.get('newer')).toMatchObject({ kind: 'newer-format', problem: expect.stringMatching(/newer version/) });
    expect(byId.get('missing')).toMatchObject({
      state: 'valid',
      videoProblem: expect.stringMatching(/video is missing/),
    });
    expect(byId.get('garbage')).toMatchObject({ state: 'damaged', kind: 'unreadable-row', chunkCounts: null });
    expect((await listRecordings()).map((r) => r.id)).toContain('good');
    for (const id of ['cursor', 'null-video', 'newer', 'missing', 'garbage']) await deleteRecording(id);
    expect((await listLibrary()).every((entry) => entry.state === 'valid')).toBe(true);
  });

  test('a rewritten video replaces every chunk of the old one; the webcam and the size follow', async () => {
    const writer = await beginSave(recording('e', '2026-11-22T07:00:00.000Z'));
    await writer.writeChunk('video', 0, new Blob(['ab']));
    await writer.writeChunk('video', 1, new Blob(['cd']));
    await writer.commit();
    expect((await replaceMedia('e', { video: new Blob(['indexed']) }))?.video.size).toBe(7);
    const stored = await getRecording('e');
    expect(await text(stored?.video ?? new Blob())).toBe('indexed');
    expect(stored?.recording.video.size).toBe(7);
    expect(await replaceMedia('e', { webcam: new Blob(['x']) })).toBeNull();
    expect(await replaceMedia('missing', { video: new Blob(['x']) })).toBeNull();
  });
});
