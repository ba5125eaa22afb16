import { describe, expect, test, vi } from 'vitest';
import { chooseDestination, type SaveFilePicker } from './export-destination';

const handle = { kind: 'file', name: 'Demo 2026-11-24 10.00.mp4' } as unknown as FileSystemFileHandle;
const privateName = async () => 'private-1.mp4';

describe('where an export is written', () => {
  test('the save dialog, where the browser has one, with the suggested name and the format', async () => {
    const picker = vi.fn<SaveFilePicker>(async () => handle);
    const destination = await chooseDestination('Demo.mp4', 'mp4', { showSaveFilePicker: picker }, privateName);
    expect(destination).toEqual({ kind: 'picked', handle });
    expect(picker).toHaveBeenCalledWith({
      suggestedName: 'Demo.mp4',
      id: 'clickreel-export',
      types: [{ description: 'MP4 video', accept: { 'video/mp4': ['.mp4'] } }],
    });
  });

  test('a private file (then downloaded) where the browser has no save dialog', async () => {
    expect(await chooseDestination('Demo.gif', 'gif', {}, privateName)).toEqual({
      kind: 'private',
      name: 'private-1.mp4',
    });
  });

  test('closing the save dialog starts nothing', async () => {
    const picker: SaveFilePicker = async () => {
      throw new DOMException('The user aborted a request.', 'AbortError');
    };
    const makeName = vi.fn(privateName);
    expect(await chooseDestination('Demo.webm', 'webm', { showSaveFilePicker: picker }, makeName)).toBeNull();
    expect(makeName).not.toHaveBeenCalled();
  });

  test('a save dialog that may not open here (no user gesture, a sandboxed frame) falls back to the download', async () => {
    const picker: SaveFilePicker = async () => {
      throw new DOMException('Must be handling a user gesture to show a file picker.', 'SecurityError');
    };
    expect(await chooseDestination('Demo.mp4', 'mp4', { showSaveFilePicker: picker }, privateName)).toEqual({
      kind: 'private',
      name: 'private-1.mp4',
    });
  });
});
