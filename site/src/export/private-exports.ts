// The page's side of exports written to the origin private file system (OPFS): each file is held by a Web Lock
// while it is written and downloaded, so cleaning up (here, or in another tab) never removes a file in use.
import { PRIVATE_EXPORTS_DIRECTORY } from './export-destination';

/**
 * How long a finished export's temporary file stays after its download starts: the browser reads a file-backed
 * download from it (it starts at once; this is room for a loaded machine), then it is removed.
 */
export const DOWNLOAD_READ_MS = 30_000;
const LOCK_PREFIX = 'clickreel-export-file:';
/** Locks held by this page, by file name: releasing one lets any page remove the file. */
const held = new Map<string, () => void>();

async function directory(): Promise<FileSystemDirectoryHandle> {
  const root = await navigator.storage.getDirectory();
  return root.getDirectoryHandle(PRIVATE_EXPORTS_DIRECTORY, { create: true });
}

/**
 * A fresh name for an export's temporary file, locked for this page until released. First removes the files no
 * page holds any more (exports of closed tabs, downloads long done).
 */
export async function newPrivateExport(format: string): Promise<string> {
  await sweepPrivateExports();
  const name = `${crypto.randomUUID()}.${format}`;
  await new Promise<void>((granted) => {
    void navigator.locks.request(
      LOCK_PREFIX + name,
      () =>
        new Promise<void>((release) => {
          held.set(name, release);
          granted();
        }),
    );
  });
  return name;
}

/** The finished file (backed by the disk, not memory). */
export async function privateExportFile(name: string): Promise<File> {
  return (await (await directory()).getFileHandle(name)).getFile();
}

/** Hands the finished file to the browser's downloads as `fileName`; the temporary file is removed afterwards. */
export async function downloadPrivateExport(name: string, fileName: string): Promise<File> {
  const file = await privateExportFile(name);
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
    void releasePrivateExport(name);
  }, DOWNLOAD_READ_MS);
  return file;
}

/**
 * Removes an export's temporary file and releases its lock. A worker just terminated may still hold the file open
 * for a moment: removal is retried, and a file still busy is left for the next sweep.
 */
export async function releasePrivateExport(name: string): Promise<void> {
  try {
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        await (await directory()).removeEntry(name);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'NotFoundError') return;
        await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
      }
    }
  } finally {
    held.get(name)?.();
    held.delete(name);
  }
}

/** Removes every temporary export file that no page holds (its tab closed, or its download is long done). */
export async function sweepPrivateExports(): Promise<void> {
  const folder = await directory();
  const names: string[] = [];
  for await (const [name, handle] of folder as unknown as AsyncIterable<[string, FileSystemHandle]>) {
    if (handle.kind === 'file' && !held.has(name)) names.push(name);
  }
  for (const name of names) {
    await navigator.locks.request(LOCK_PREFIX + name, { ifAvailable: true }, async (lock) => {
      if (lock) await folder.removeEntry(name).catch(() => undefined);
    });
  }
}
