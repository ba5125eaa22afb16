// The library page's state: the stored recordings, what their videos turned out to be, and renaming and deleting.

import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/errors/error-message';
import type { LibraryEntry } from '../recordings/recording-store';
import { type StorageEstimate, storageEstimate } from '../recordings/storage-estimate';
import type { VideoCheck } from './video-check';

// The page paints its shell without them. The database (idb alone) opens as the page hydrates, to count the rows;
// the store that validates them (zod and the recording format's schemas, a long task on a slow phone) loads only
// when there is a row to read; the video checks (mediabunny) only once there is a recording to look at.
const siteDatabase = () => import('../recordings/site-database');
const libraryStore = () => import('./library-store');
const videoCheck = () => import('./video-check');

export type LoadState =
  | { readonly phase: 'loading' }
  | { readonly phase: 'ready' }
  | { readonly phase: 'failed'; readonly message: string };

/** 'checking' until the first estimate: the line says so meanwhile; 'unknown' when the browser gives none. */
export type StorageState = StorageEstimate | 'checking' | 'unknown';

/** A recording by id, with its name (the one being typed, for a rename). */
type NamedRecording = { id: string; name: string };

/** The recordings stored in this browser and the storage they take, read on arrival; `refresh` reads them again. */
export function useStoredRecordings() {
  const [entries, setEntries] = useState<LibraryEntry[]>([]);
  const [load, setLoad] = useState<LoadState>({ phase: 'loading' });
  const [storage, setStorage] = useState<StorageState>('checking');

  async function refresh() {
    try {
      const { hasStoredRecordings } = await siteDatabase();
      setEntries((await hasStoredRecordings()) ? await (await libraryStore()).listLibrary() : []);
      setLoad({ phase: 'ready' });
      setStorage(await storageEstimate().catch(() => 'unknown' as const));
    } catch (error) {
      setLoad({ phase: 'failed', message: errorMessage(error) });
      setStorage((known) => (known === 'checking' ? 'unknown' : known));
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on arrival
  useEffect(() => {
    void refresh();
  }, []);
  return { entries, load, storage, refresh };
}

/** What each valid recording's video turned out to be (its still, or why it cannot play), by recording id. */
export function useVideoChecks(entries: readonly LibraryEntry[]): Readonly<Record<string, VideoCheck>> {
  const [checks, setChecks] = useState<Record<string, VideoCheck>>({});
  // Videos one at a time, so a long library does not decode every video at once.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      for (const entry of entries) {
        if (cancelled || entry.state !== 'valid' || entry.videoProblem || entry.id in checks) continue;
        const check = await videoCheck()
          .then(({ checkVideo }) => checkVideo(entry))
          .catch(() => ({ thumbnail: null, problem: null }));
        if (!cancelled) setChecks((c) => ({ ...c, [entry.id]: check }));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [entries, checks]);
  return checks;
}

/**
 * Renaming (the recording whose name is being typed) and deleting (the recording whose delete awaits confirming),
 * and the message either leaves; `refresh` reads the library again after each.
 */
export function useLibraryEdits(refresh: () => Promise<void>) {
  const [renaming, setRenaming] = useState<NamedRecording | null>(null);
  const [confirming, setConfirming] = useState<NamedRecording | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function saveName() {
    if (!renaming) return;
    try {
      const { renameRecording } = await libraryStore();
      await renameRecording(renaming.id, renaming.name);
      setRenaming(null);
      await refresh();
    } catch (error) {
      setMessage(errorMessage(error));
    }
  }

  async function confirmDelete() {
    if (!confirming) return;
    const { id, name } = confirming;
    setConfirming(null);
    try {
      const { deleteRecording } = await libraryStore();
      await deleteRecording(id);
      setMessage(`Deleted “${name}”.`);
    } catch (error) {
      setMessage(`Could not delete “${name}”: ${errorMessage(error)}`);
    }
    await refresh();
  }

  return { renaming, setRenaming, confirming, setConfirming, message, saveName, confirmDelete };
}
