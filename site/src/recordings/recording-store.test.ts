import 'fake-indexeddb/auto';
import { describe, expect, test } from 'vitest';
import { RECORDING_FORMAT_VERSION, type Recording } from '../../../shared/recording/recording';
import {
  beginSave,
  deleteRecording,
  getRecording,
  listRecordings,
  renameRecording,
  replaceMedia,
  saveRecording,
} from './recording-store';

function recording(id: string, createdAt: string): Recording {
  return {
    formatVersion: RECORDING_FORMAT_VERSION,
    id,
    name: `Recording ${id}`,
    createdAt,
    page: { url: 'https://app.example/', title: 'App' },
    viewport: { width: 1280, height: 720, devicePixelRatio: 1 },
    video: { mimeType: 'video/webm', width: 1280, height: 720, frameRate: 30, durationMs: 1000, size: 6 },
    audio: { tab: true, microphone: false },
    webcam: null,
    cursor: [{ t: 0, x: 0.5, y: 0.5, cursor: 'default', buttons: 0 }],
    clicks: [],
    keys: [],
    scrolls: [],
    visibility: [],
    pages: [],
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

  test('a rewritten video replaces every chunk of the old one; the webcam and the size follow', async () => {
    const writer = await beginSave(recording('e', '2026-11-22T07:00:00.000Z'));
    await writer.writeChunk('video', 0, new Blob(['ab']));
    await writer.writeChunk('video', 1, new Blob(['cd']));
    await writer.commit();
    expect((await replaceMedia('e', 'video', new Blob(['indexed'])))?.video.size).toBe(7);
    const stored = await getRecording('e');
    expect(await text(stored?.video ?? new Blob())).toBe('indexed');
    expect(stored?.recording.video.size).toBe(7);
    expect(await replaceMedia('e', 'webcam', new Blob(['x']))).toBeNull();
    expect(await replaceMedia('missing', 'video', new Blob(['x']))).toBeNull();
  });
});
