import { ErrorBoundary } from '../components/site/ErrorBoundary';
import { ExtensionStoppedNotice } from '../install/ExtensionStoppedNotice';
import type { LibraryEntry } from '../recordings/recording-store';
import { formatBytes, formatDuration } from './format';
import {
  type LoadState,
  type StorageState,
  useLibraryEdits,
  useStoredRecordings,
  useVideoChecks,
} from './library-state';
import './library.css';

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
  const { entries, load, storage, refresh } = useStoredRecordings();
  const checks = useVideoChecks(entries);
  const { renaming, setRenaming, confirming, setConfirming, message, saveName, confirmDelete } =
    useLibraryEdits(refresh);
  return (
    <section className="library" data-state={load.phase}>
      <header className="library-header">
        <h1>Your recordings</h1>
        <StorageLine storage={storage} />
      </header>
      <ExtensionStoppedNotice />
      {message && <p role="status">{message}</p>}
      <LibraryStatus load={load} empty={entries.length === 0} />
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
            <RecordingCard
              key={entry.id}
              entry={entry}
              thumbnail={checks[entry.id]?.thumbnail ?? null}
              renaming={renaming?.id === entry.id ? renaming.name : null}
              onRename={(name) => setRenaming(name === null ? null : { id: entry.id, name })}
              onSave={() => void saveName()}
              onDelete={() => setConfirming({ id: entry.id, name: entry.recording.name })}
            />
          ),
        )}
      </ul>
      {confirming && (
        <DeleteDialog name={confirming.name} onKeep={() => setConfirming(null)} onDelete={() => void confirmDelete()} />
      )}
    </section>
  );
}

/** How much of this browser's storage is used, and whether it may clear it. */
function StorageLine({ storage }: { readonly storage: StorageState }) {
  // Always there, its lines reserved (library.css): the figures arrive after the list and move nothing.
  return (
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
  );
}

/** One paragraph from "Loading…" to the empty library's hint: the text changes in place, nothing moves. */
function LibraryStatus({ load, empty }: { readonly load: LoadState; readonly empty: boolean }) {
  if (!(load.phase === 'loading' || (load.phase === 'ready' && empty))) return null;
  return (
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
  );
}

/** Asks before a recording is deleted for good. */
function DeleteDialog(props: { readonly name: string; readonly onKeep: () => void; readonly onDelete: () => void }) {
  return (
    <div className="dialog-backdrop">
      <div className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete “{props.name}”?</h2>
        <p>The recording and its edits are removed from this browser. This cannot be undone.</p>
        <div className="dialog-buttons">
          <button type="button" onClick={props.onKeep}>
            Keep it
          </button>
          <button type="button" className="danger" onClick={props.onDelete}>
            Delete for good
          </button>
        </div>
      </div>
    </div>
  );
}

type ValidEntry = Extract<LibraryEntry, { readonly state: 'valid' }>;

interface RecordingCardProps {
  readonly entry: ValidEntry;
  readonly thumbnail: string | null;
  /** The name being typed when this recording is being renamed, else null. */
  readonly renaming: string | null;
  /** The name typed so far (the recording's own to start); null stops renaming. */
  readonly onRename: (name: string | null) => void;
  readonly onSave: () => void;
  readonly onDelete: () => void;
}

/** A recording that opens: its still, name (or the rename form), length, size and date, and what it can do. */
function RecordingCard({ entry, thumbnail, renaming, onRename, onSave, onDelete }: RecordingCardProps) {
  return (
    <li className="recording-card" data-recording-id={entry.id} data-state="valid">
      <a href={editorLink(entry.id)} className="thumbnail" tabIndex={-1}>
        {thumbnail ? <img src={thumbnail} alt="" /> : <span className="no-thumbnail" />}
      </a>
      <div className="card-body">
        {renaming !== null ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              onSave();
            }}
          >
            <input
              aria-label="New name"
              value={renaming}
              // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this one
              autoFocus
              onChange={(e) => onRename(e.target.value)}
            />
            <button type="submit">Save</button>
            <button type="button" onClick={() => onRename(null)}>
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
          · <time dateTime={entry.recording.createdAt}>{new Date(entry.recording.createdAt).toLocaleString()}</time>
        </p>
        <div className="card-actions">
          <a href={editorLink(entry.id)}>Open in editor</a>
          <button type="button" onClick={() => onRename(entry.recording.name)}>
            Rename
          </button>
          <button type="button" onClick={onDelete}>
            Delete
          </button>
        </div>
      </div>
    </li>
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
