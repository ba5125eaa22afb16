// The export's output file, written as the muxer produces it (mediabunny StreamTarget): memory stays flat however
// long the export is. Nothing claims to be complete until commit(): a failed or cancelled export leaves no file
// (a private file is removed; a picked file is written through the browser's swap file and never replaced).
import type { StreamTargetChunk } from 'mediabunny';
import { type ExportDestination, PRIVATE_EXPORTS_DIRECTORY } from './export-destination';
import { ExportError } from './export-errors';

/** An output file being written. */
export interface ExportFile {
  /** Where the muxer writes; closing it (the muxer does, on finishing or cancelling) does not commit. */
  readonly writable: WritableStream<StreamTargetChunk>;
  /** Makes the file complete; resolves with its size in bytes. */
  commit(): Promise<number>;
  /** Gives the file up: nothing is left claiming to be complete. */
  discard(): Promise<void>;
}

/** OPFS's synchronous access handle (dedicated workers only; not in TypeScript's DOM types). */
interface SyncAccessHandle {
  write(data: Uint8Array, options: { at: number }): number;
  getSize(): number;
  truncate(size: number): void;
  flush(): void;
  close(): void;
}
type SyncCapableHandle = FileSystemFileHandle & { createSyncAccessHandle?: () => Promise<SyncAccessHandle> };

/** Opens the destination for writing (in the export worker, or on the page where there is no worker). */
export async function openExportFile(destination: ExportDestination): Promise<ExportFile> {
  if (destination.kind === 'picked') {
    return openWritable(destination.handle, () => removeIfEmpty(destination.handle));
  }
  const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle(PRIVATE_EXPORTS_DIRECTORY, {
    create: true,
  });
  const handle = (await folder.getFileHandle(destination.name, { create: true })) as SyncCapableHandle;
  const remove = () => folder.removeEntry(destination.name).catch(() => undefined);
  // In a worker the synchronous handle writes straight into the file (no swap file to copy on closing).
  if (typeof handle.createSyncAccessHandle === 'function' && typeof document === 'undefined') {
    return openSync(await handle.createSyncAccessHandle(), remove);
  }
  return openWritable(handle, remove);
}

function openSync(access: SyncAccessHandle, remove: () => Promise<unknown>): ExportFile {
  access.truncate(0);
  let open = true;
  const close = () => {
    if (open) access.close();
    open = false;
  };
  return {
    writable: new WritableStream<StreamTargetChunk>({
      write(chunk) {
        const written = access.write(chunk.data, { at: chunk.position });
        if (written !== chunk.data.byteLength) {
          throw new ExportError('write-failed', 'The disk is full: the export could not be written.');
        }
      },
    }),
    async commit() {
      access.flush();
      const size = access.getSize();
      close();
      return size;
    },
    async discard() {
      close();
      await remove();
    },
  };
}

async function openWritable(handle: FileSystemFileHandle, remove: () => Promise<unknown>): Promise<ExportFile> {
  const stream = await handle.createWritable();
  let settled = false;
  return {
    writable: new WritableStream<StreamTargetChunk>({
      write: (chunk) => stream.write(chunk),
    }),
    async commit() {
      settled = true;
      // Closing swaps the written file into place, all at once.
      await stream.close();
      return (await handle.getFile()).size;
    },
    async discard() {
      if (!settled) await stream.abort().catch(() => undefined);
      settled = true;
      await remove();
    },
  };
}

/**
 * Removes a picked file the export left empty (the save dialog creates it). A file with content is the one the user
 * chose to replace, untouched by an export that did not finish: it is kept.
 */
export async function removeIfEmpty(handle: FileSystemFileHandle): Promise<void> {
  try {
    if ((await handle.getFile()).size > 0) return;
    await (handle as FileSystemFileHandle & { remove?: () => Promise<void> }).remove?.();
  } catch {
    // Gone already, or the browser cannot remove it: an empty file claims nothing.
  }
}
