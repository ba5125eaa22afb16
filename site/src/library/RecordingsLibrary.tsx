import { useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/site/ErrorBoundary';
import { ExtensionStoppedNotice } from '../install/ExtensionStoppedNotice';
import type { LibraryEntry } from '../recordings/recording-store';
import { type StorageEstimate, storageEstimate } from '../recordings/storage-estimate';
import { formatBytes, formatDuration } from './format';
import type { VideoCheck } from './video-check';
import './library.css';

// The page paints its shell without them. The database (idb alone) opens as the page hydrates, to count the rows;
// the store that validates them (zod and the recording format's schemas, a long task on a slow phone) loads only
// when there is a row to read; the video checks (mediabunny) only once there is a recording to look at.
const siteDatabase = () => import('../recordings/site-database');
const libraryStore = () => import('./library-store');
const videoCheck = () => import('./video-check');

type LoadState =
  | { readonly phase: 'loading' }
  | { readonly phase: 'ready' }
  | { readonly phase: 'failed'; readonly message: string };

function editorLink(id: string, videoOnly = false): string {
  return `/editor#${new URLSearchParams({ recording: id, ...(videoOnly ? { open: 'video' } : {}) }).toString()}`;
}

function nameOf(entry: LibraryEntry): string {
  return entry.state === 'valid' ? entry.recording.name : entry.name;
}

/** /recordings: every recording stored in this browser, with rename, delete (after confirming) and open. Works offline. */
export function RecordingsLibrary() {
  return (
    <ErrorBoundary what="your recordings" back={{ href: '/recordings', label: 'Reload your recordings' }}>
      <Library />
    </ErrorBoundary>
  );
}

function Library() {
  const [entries, setEntries] = useState<LibraryEntry[]>([]);
  const [load, setLoad] = useState<LoadState>({ phase: 'loading' });
  // 'checking' until the first estimate: the line says so meanwhile; 'unknown' when the browser gives none.
  const [storage, setStorage] = useState<StorageEstimate | 'checking' | 'unknown'>('checking');
  const [checks, setChecks] = useState<Record<string, VideoCheck>>({});
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [confirming, setConfirming] = useState<{ id: string; name: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function refresh() {
    try {
      const { hasStoredRecordings } = await siteDatabase();
      setEntries((await hasStoredRecordings()) ? await (await libraryStore()).listLibrary() : []);
      setLoad({ phase: 'ready' });
      setStorage(await storageEstimate().catch(() => 'unknown' as const));
    } catch (error) {
      setLoad({ phase: 'failed', message: error instanceof Error ? error.message : String(error) });
      setStorage((known) => (known === 'checking' ? 'unknown' : known));
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once on arrival
  useEffect(() => {
    void refresh();
  }, []);

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

  async function saveName() {
    if (!renaming) return;
    try {
      const { renameRecording } = await libraryStore();
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
    try {
      const { deleteRecording } = await libraryStore();
      await deleteRecording(id);
      setMessage(`Deleted “${name}”.`);
    } catch (error) {
      setMessage(`Could not delete “${name}”: ${error instanceof Error ? error.message : String(error)}`);
    }
    await refresh();
  }

  return (
    <section className="library" data-state={load.phase}>
      <header className="library-header">
        <h1>Your recordings</h1>
        {/* Always there, its lines reserved (library.css): the figures arrive after the list and move nothing. */}
        <p className="storage">
          {storage === 'checking' ? (
            'Checking this browser’s storage…'
          ) : storage === 'unknown' ? null : (
            <span data-testid="storage">
              {formatBytes(storage.usage)} used of {formatBytes(storage.quota)} this browser allows
              {storage.persisted ? '' : ' (the browser may clear it when space runs low)'}
            </span>
          )}
        </p>
      </header>
      <ExtensionStoppedNotice />
      {message && <p role="status">{message}</p>}
      {/* One paragraph from "Loading…" to the empty library's hint: the text changes in place, nothing moves. */}
      {(load.phase === 'loading' || (load.phase === 'ready' && entries.length === 0)) && (
        <p className="library-status">
          {load.phase === 'loading' ? (
            'Loading your recordings…'
          ) : (
            <>
              No recordings yet. Record a tab with the Clickreel button in the toolbar, or{' '}
              <a href="/editor">open a video in the editor</a>.
            </>
          )}
        </p>
      )}
      {load.phase === 'failed' && <p role="alert">Could not read your recordings: {load.message}</p>}
      <ul className="recordings">
        {entries.map((entry) =>
          entry.state === 'damaged' || entry.videoProblem || checks[entry.id]?.problem ? (
            <DamagedCard
              key={entry.id}
              entry={entry}
              problem={
                entry.state === 'damaged' ? entry.problem : (entry.videoProblem ?? checks[entry.id]?.problem ?? '')
              }
              onDelete={() => setConfirming({ id: entry.id, name: nameOf(entry) })}
            />
          ) : (
            <li key={entry.id} className="recording-card" data-recording-id={entry.id} data-state="valid">
              <a href={editorLink(entry.id)} className="thumbnail" tabIndex={-1}>
                {checks[entry.id]?.thumbnail ? (
                  <img src={checks[entry.id]?.thumbnail ?? ''} alt="" />
                ) : (
                  <span className="no-thumbnail" />
                )}
              </a>
              <div className="card-body">
                {renaming?.id === entry.id ? (
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
                      onChange={(e) => setRenaming({ id: entry.id, name: e.target.value })}
                    />
                    <button type="submit">Save</button>
                    <button type="button" onClick={() => setRenaming(null)}>
                      Cancel
                    </button>
                  </form>
                ) : (
                  <h2 className="recording-name">{entry.recording.name}</h2>
                )}
                <p className="recording-meta">
                  <span data-testid="duration">{formatDuration(entry.recording.video.durationMs)}</span> ·{' '}
                  <span data-testid="size">
                    {formatBytes(entry.recording.video.size + (entry.recording.webcam?.size ?? 0))}
                  </span>{' '}
                  ·{' '}
                  <time dateTime={entry.recording.createdAt}>
                    {new Date(entry.recording.createdAt).toLocaleString()}
                  </time>
                </p>
                <div className="card-actions">
                  <a href={editorLink(entry.id)}>Open in editor</a>
                  <button type="button" onClick={() => setRenaming({ id: entry.id, name: entry.recording.name })}>
                    Rename
                  </button>
                  <button type="button" onClick={() => setConfirming({ id: entry.id, name: entry.recording.name })}>
                    Delete
                  </button>
                </div>
              </div>
            </li>
          ),
        )}
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

/** A recording that cannot be opened as it is: what is wrong, Delete, and its video alone when that is intact. */
function DamagedCard({
  entry,
  problem,
  onDelete,
}: {
  readonly entry: LibraryEntry;
  readonly problem: string;
  readonly onDelete: () => void;
}) {
  // The track is damaged but every piece of the video is stored: it may still play on its own.
  const videoIntact = entry.state === 'damaged' && entry.chunkCounts !== null && entry.videoProblem === null;
  const createdAt = entry.state === 'valid' ? entry.recording.createdAt : entry.createdAt;
  return (
    <li className="recording-card damaged" data-recording-id={entry.id} data-state="damaged">
      <div className="thumbnail damaged-thumbnail">
        <span>Damaged</span>
      </div>
      <div className="card-body">
        <h2 className="recording-name">{nameOf(entry)}</h2>
        <p className="damage" data-testid="damage">
          {problem}
        </p>
        {createdAt && !Number.isNaN(Date.parse(createdAt)) && (
          <p className="recording-meta">
            <time dateTime={createdAt}>{new Date(createdAt).toLocaleString()}</time>
          </p>
        )}
        <div className="card-actions">
          {videoIntact && <a href={editorLink(entry.id, true)}>Open video only</a>}
          <button type="button" onClick={onDelete}>
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
