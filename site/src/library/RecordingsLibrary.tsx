import '../zod-without-eval';
import { useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { probeVideoFile, storedVideoProblem, UnopenableFileError } from '../editor/open-video';
import {
  deleteRecording,
  type LibraryEntry,
  listLibrary,
  lookUpRecording,
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

/** What the library learned from a recording's stored video: a still, or why it cannot be played. */
interface VideoCheck {
  readonly thumbnail: string | null;
  readonly problem: string | null;
}

function editorLink(id: string, videoOnly = false): string {
  return `/editor#${new URLSearchParams({ recording: id, ...(videoOnly ? { open: 'video' } : {}) }).toString()}`;
}

function nameOf(entry: LibraryEntry): string {
  return entry.state === 'valid' ? entry.recording.name : entry.name;
}

/** Looks at one stored video: its still, or what is wrong with it (empty, not a video, unreadable). */
async function checkVideo(entry: LibraryEntry & { state: 'valid' }): Promise<VideoCheck> {
  const found = await lookUpRecording(entry.id).catch(() => null);
  const video = found?.video;
  if (!video) return { thumbnail: null, problem: 'Its video is missing from this browser’s storage.' };
  const thumbnail = video.size > 0 ? await makeThumbnail(video, entry.recording.video.durationMs) : null;
  if (thumbnail) return { thumbnail, problem: null };
  // No still: find out whether the video itself is at fault (or only the still could not be made).
  try {
    await probeVideoFile(video, 'Its video', { acceptCutShort: true });
    return { thumbnail: null, problem: null };
  } catch (error) {
    const problem = error instanceof UnopenableFileError ? storedVideoProblem(error) : String(error);
    return { thumbnail: null, problem: `It cannot be opened: ${problem}` };
  }
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
  const [storage, setStorage] = useState<StorageEstimate | null>(null);
  const [checks, setChecks] = useState<Record<string, VideoCheck>>({});
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [confirming, setConfirming] = useState<{ id: string; name: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function refresh() {
    try {
      setEntries(await listLibrary());
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

  // Videos one at a time, so a long library does not decode every video at once.
  useEffect(() => {
    let cancelled = false;
    (async () => {
      for (const entry of entries) {
        if (cancelled || entry.state !== 'valid' || entry.videoProblem || entry.id in checks) continue;
        const check = await checkVideo(entry).catch(() => ({ thumbnail: null, problem: null }));
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
      {load.phase === 'ready' && entries.length === 0 && (
        <p>
          No recordings yet. Record a tab with the Clickreel button in the toolbar, or{' '}
          <a href="/editor">open a video in the editor</a>.
        </p>
      )}
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
