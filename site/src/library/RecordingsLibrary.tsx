import { useEffect, useState } from 'react';
import type { Recording } from '../../../shared/recording/recording';
import { deleteEdits } from '../editor/edit-store';
import {
  deleteRecording,
  getRecording,
  listRecordings,
  renameRecording,
  type StorageEstimate,
  storageEstimate,
} from '../recordings/recording-store';
import { formatBytes, formatDuration } from './format';
import { makeThumbnail } from './thumbnail';
import './library.css';

type LoadState =
  | { readonly phase: 'loading' }
  | { readonly phase: 'ready' }
  | { readonly phase: 'failed'; readonly message: string };

/** /recordings: every recording stored in this browser, with rename, delete (after confirming) and open. Works offline. */
export function RecordingsLibrary() {
  const [recordings, setRecordings] = useState<Recording[]>([]);
  const [load, setLoad] = useState<LoadState>({ phase: 'loading' });
  const [storage, setStorage] = useState<StorageEstimate | null>(null);
  const [thumbnails, setThumbnails] = useState<Record<string, string | null>>({});
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [confirming, setConfirming] = useState<Recording | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function refresh() {
    try {
      setRecordings(await listRecordings());
      setLoad({ phase: 'ready' });
      setStorage(await storageEstimate().catch(() => null));
    } catch (error) {
      setLoad({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on arrival
  useEffect(() => {
    void refresh();
  }, []);

  // Thumbnails one at a time, so a long library does not decode every video at once.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      for (const recording of recordings) {
        if (cancelled || recording.id in thumbnails) continue;
        const stored = await getRecording(recording.id).catch(() => null);
        const url = stored ? await makeThumbnail(stored.video, recording.video.durationMs) : null;
        if (!cancelled) setThumbnails((t) => ({ ...t, [recording.id]: url }));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [recordings, thumbnails]);

  async function saveName() {
    if (!renaming) return;
    try {
      await renameRecording(renaming.id, renaming.name);
      setRenaming(null);
      await refresh();
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  }

  async function confirmDelete() {
    if (!confirming) return;
    const { id, name } = confirming;
    setConfirming(null);
    await deleteRecording(id);
    await deleteEdits(id).catch(() => undefined);
    setMessage(`Deleted “${name}”.`);
    await refresh();
  }

  return (
    <section className="library" data-state={load.phase}>
      <header className="library-header">
        <h1>Your recordings</h1>
        {storage && (
          <p className="storage" data-testid="storage">
            {formatBytes(storage.usage)} used of {formatBytes(storage.quota)} this browser allows
            {storage.persisted ? '' : ' (the browser may clear it when space runs low)'}
          </p>
        )}
      </header>
      {message && <p role="status">{message}</p>}
      {load.phase === 'loading' && <p>Loading your recordings…</p>}
      {load.phase === 'failed' && <p role="alert">Could not read your recordings: {load.message}</p>}
      {load.phase === 'ready' && recordings.length === 0 && (
        <p>
          No recordings yet. Record a tab with the Clickreel button in the toolbar, or{' '}
          <a href="/editor">open a video in the editor</a>.
        </p>
      )}
      <ul className="recordings">
        {recordings.map((recording) => (
          <li key={recording.id} className="recording-card" data-recording-id={recording.id}>
            <a href={`/editor#recording=${encodeURIComponent(recording.id)}`} className="thumbnail" tabIndex={-1}>
              {thumbnails[recording.id] ? (
                <img src={thumbnails[recording.id] ?? ''} alt="" />
              ) : (
                <span className="no-thumbnail" />
              )}
            </a>
            <div className="card-body">
              {renaming?.id === recording.id ? (
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    void saveName();
                  }}
                >
                  <input
                    aria-label="New name"
                    value={renaming.name}
                    // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this one
                    autoFocus
                    onChange={(e) => setRenaming({ id: recording.id, name: e.target.value })}
                  />
                  <button type="submit">Save</button>
                  <button type="button" onClick={() => setRenaming(null)}>
                    Cancel
                  </button>
                </form>
              ) : (
                <h2 className="recording-name">{recording.name}</h2>
              )}
              <p className="recording-meta">
                <span data-testid="duration">{formatDuration(recording.video.durationMs)}</span> ·{' '}
                <span data-testid="size">{formatBytes(recording.video.size + (recording.webcam?.size ?? 0))}</span> ·{' '}
                <time dateTime={recording.createdAt}>{new Date(recording.createdAt).toLocaleString()}</time>
              </p>
              <div className="card-actions">
                <a href={`/editor#recording=${encodeURIComponent(recording.id)}`}>Open in editor</a>
                <button type="button" onClick={() => setRenaming({ id: recording.id, name: recording.name })}>
                  Rename
                </button>
                <button type="button" onClick={() => setConfirming(recording)}>
                  Delete
                </button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {confirming && (
        <div className="dialog-backdrop">
          <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="delete-title">
            <h2 id="delete-title">Delete “{confirming.name}”?</h2>
            <p>The recording and its edits are removed from this browser. This cannot be undone.</p>
            <div className="dialog-buttons">
              <button type="button" onClick={() => setConfirming(null)}>
                Keep it
              </button>
              <button type="button" className="danger" onClick={() => void confirmDelete()}>
                Delete for good
              </button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
