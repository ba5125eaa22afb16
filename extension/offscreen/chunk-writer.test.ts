import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { EndReason } from '../../shared/messages/extension-messages';
import { getChunk } from '../storage/recording-db';
import { ChunkWriter, STORAGE_FULL_MESSAGE } from './chunk-writer';

describe('the recorder’s chunk writer', () => {
  it('stores each stream’s chunks numbered in order, skipping empty ones', async () => {
    const failures: string[] = [];
    const writer = new ChunkWriter('session-a', (_reason, message) => failures.push(message));
    writer.write('video', new Blob(['v0']));
    writer.write('video', new Blob([]));
    writer.write('webcam', new Blob(['w0']));
    writer.write('video', new Blob(['v1']));
    await writer.settled();
    expect(failures).toEqual([]);
    expect(await (await getChunk('session-a', 'video', 1))?.blob.text()).toBe('v1');
    expect(await (await getChunk('session-a', 'webcam', 0))?.blob.text()).toBe('w0');
    expect(await getChunk('session-a', 'video', 2)).toBeUndefined();
  });

  it('reports a full disk as such, and any other failure with its cause', async () => {
    const failures: [EndReason, string][] = [];
    const errors = [new DOMException('quota', 'QuotaExceededError'), new TypeError('closed')];
    const writer = new ChunkWriter(
      'session-b',
      (reason, message) => failures.push([reason, message]),
      () => Promise.reject(errors.shift()),
    );
    writer.write('video', new Blob(['a']));
    writer.write('video', new Blob(['b']));
    await writer.settled();
    expect(failures).toEqual([
      ['storage-full', STORAGE_FULL_MESSAGE],
      ['error', 'Saving the recording failed: TypeError: closed'],
    ]);
  });
});
