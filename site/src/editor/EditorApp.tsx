import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { RecordingUnavailableError } from '../../../shared/errors/domain-errors';
import { parseHandoffHash } from '../../../shared/messages/handoff-hash';
import { ErrorBoundary } from '../components/site/ErrorBoundary';
import { TRUSTED_EXTENSION_IDS } from '../install/trusted-extensions';
import { markActivity } from '../pwa/page-activity';
import { hasStoredRecordings } from '../recordings/site-database';
import { type HandoffStep, OpeningScreen, ShellBar } from './EditorShell';
import { requestedRecording, showInUrl } from './editor-url';
import type { ExportDialogComponent } from './export-slot';
import type { OpenedRecording } from './open-recording';
import '../../../shared/ui/kit.css';
import './editor.css';
import './empty-state.css';
import './studio.css';
import { ExtensionStoppedNotice } from '../install/ExtensionStoppedNotice';

// The shell paints first and stays light: no zod, no media library. The editor itself and the opening code (with
// the media library) load once a recording is on its way; the hand-off code only when the URL names a hand-off; the
// recording store (which validates rows with zod) only when the library holds a recording. The export code loads
// after the editor has painted (EditorPage), the exporter itself only when an export starts.
const Editor = lazy(() => import('./Editor').then((module) => ({ default: module.Editor })));
const loadOpening = () => import('./open-recording');

/** The newest valid recording's id; an empty library is told without loading the recording store. */
async function newestRecordingId(): Promise<string | undefined> {
  if (!(await hasStoredRecordings())) return undefined;
  const { listRecordings } = await import('../recordings/recording-store');
  return (await listRecordings())[0]?.id;
}

type AppState =
  | { readonly phase: 'loading'; readonly message: string; readonly handoff?: HandoffStep }
  | { readonly phase: 'empty' }
  | { readonly phase: 'unavailable'; readonly recordingId: string; readonly canOpenVideoOnly: boolean }
  | { readonly phase: 'ready'; readonly opened: OpenedRecording };

/** An error as a sentence for the page. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface EditorAppProps {
  readonly exportDialog: ExportDialogComponent;
  /** Asked before another recording opens: false when an export runs and the user keeps it (the export's own). */
  readonly confirmStopExports: () => boolean;
}

/**
 * /editor: opens the recording the extension hands over, one from the library (#recording=ID, else the newest),
 * or files dropped or picked; bad files and damaged recordings get a message and leave the library untouched.
 */
export function EditorApp({ exportDialog, confirmStopExports }: EditorAppProps) {
  const [state, setState] = useState<AppState>({ phase: 'loading', message: 'Opening…' });
  const [error, setError] = useState<string | null>(null);
  const [notes, setNotes] = useState<readonly string[]>([]);
  const [dragging, setDragging] = useState(false);
  // A hand-off's first part: the recording's first picture, shown while the rest arrives and the editor opens.
  const [firstPart, setFirstPart] = useState<Blob | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const openRef = useRef<(id: string | undefined, videoOnly?: boolean) => Promise<void>>(async () => undefined);

  useEffect(() => {
    let cancelled = false;
    const open = async (id: string | undefined, videoOnly = false) => {
      setError(null);
      setNotes([]);
      try {
        // With nothing to open, the opening code (and its media library) is not loaded at all.
        const opened = id ? await (await loadOpening()).openStoredRecording(id, { videoOnly }) : null;
        if (cancelled) return;
        if (!opened) {
          if (id) setError('That recording is no longer in this browser’s library.');
          setState({ phase: 'empty' });
          return;
        }
        showInUrl(opened.recording.id, opened.videoOnly);
        setNotes(opened.notes);
        setState({ phase: 'ready', opened });
      } catch (e) {
        if (cancelled) return;
        setError(messageOf(e));
        if (e instanceof RecordingUnavailableError) {
          setState({ phase: 'unavailable', recordingId: e.recordingId, canOpenVideoOnly: e.canOpenVideoOnly });
        } else setState({ phase: 'empty' });
      }
    };
    openRef.current = open;
    const handoff = parseHandoffHash(window.location.hash);
    const requested = requestedRecording();
    if (handoff) {
      import('../recordings/receive-handoff').then(
        ({ receiveHandoff }) =>
          receiveHandoff(window, handoff.extensionId, handoff.recordingId, TRUSTED_EXTENSION_IDS, (progress) => {
            if (cancelled) return;
            if (progress.phase === 'connecting')
              setState({
                phase: 'loading',
                message: 'Taking the recording from the extension…',
                handoff: { name: null, received: 0, total: 0 },
              });
            if (progress.phase === 'receiving')
              setState({
                phase: 'loading',
                message: `Moving it into the editor: part ${progress.received} of ${progress.total}`,
                handoff: { name: progress.recording.name, received: progress.received, total: progress.total },
              });
            if (progress.phase === 'first-part') setFirstPart(progress.video);
            if (progress.phase === 'stored')
              setState({
                phase: 'loading',
                message: 'Opening it in the editor…',
                handoff: { name: progress.recording.name, received: 1, total: 1 },
              });
            if (progress.phase === 'failed') {
              setError(`Could not receive the recording: ${progress.message}`);
              setState({ phase: 'empty' });
            }
          })
            .then((recording) => open(recording.id))
            // A failed hand-off has been reported through its progress.
            .catch(() => undefined),
        (e: unknown) => {
          // The hand-off code itself did not load (offline with an outdated cache, say).
          if (cancelled) return;
          setError(`Could not receive the recording: ${messageOf(e)}`);
          setState({ phase: 'empty' });
        },
      );
    } else if (requested) {
      void open(requested.id, requested.videoOnly);
    } else {
      newestRecordingId()
        .then((id) => open(id))
        .catch((e: unknown) => {
          setError(`Could not read your recordings: ${messageOf(e)}`);
          setState({ phase: 'empty' });
        });
    }
    // Following a link to another recording changes only the hash: open that one (asking first while an export
    // runs; declined, the address goes back to the open recording).
    const onHashChange = (event: HashChangeEvent) => {
      if (!confirmStopExports()) {
        history.replaceState(null, '', event.oldURL);
        return;
      }
      const next = requestedRecording();
      if (next && !cancelled) void open(next.id, next.videoOnly);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      cancelled = true;
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [confirmStopExports]);

  // A page with a recording open is never reloaded under the user (a new version asks first).
  useEffect(() => markActivity('editing', state.phase === 'ready'), [state.phase]);

  async function openPicked(files: File[]) {
    if (files.length === 0) return;
    setError(null);
    setNotes([]);
    const previous = state;
    setState({ phase: 'loading', message: `Opening ${files.map((f) => `“${f.name}”`).join(' and ')}…` });
    try {
      const { openFiles } = await loadOpening();
      const opened = await openFiles(files);
      showInUrl(opened.recording.id, false);
      setNotes(opened.notes);
      setState({ phase: 'ready', opened });
    } catch (e) {
      setError(messageOf(e));
      setState(previous.phase === 'loading' ? { phase: 'empty' } : previous);
    }
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the whole page is a drop target; "Open a video…" is the keyboard way
    <div
      className={`editor-shell${dragging ? ' dragging' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        void openPicked([...e.dataTransfer.files]);
      }}
    >
      {/* The file picker: the empty state's button opens it; with a recording open, a quiet button does. */}
      <input
        ref={fileInput}
        type="file"
        accept="video/*,.webm,.mp4,.mov,.json,application/json"
        multiple
        hidden
        data-testid="open-files"
        onChange={(e) => {
          void openPicked([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      {state.phase !== 'ready' && <ShellBar onOpen={() => fileInput.current?.click()} />}
      <ExtensionStoppedNotice />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {notes.length > 0 && (
        <ul className="open-notes" role="status" data-testid="open-notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {state.phase === 'loading' && (
        <OpeningScreen message={state.message} handoff={state.handoff} picture={firstPart} />
      )}
      {state.phase === 'empty' && (
        <section className="empty-state" aria-labelledby="empty-title">
          <svg className="empty-art" viewBox="0 0 96 64" aria-hidden="true">
            <rect x="2" y="2" width="92" height="60" rx="10" />
            <circle cx="48" cy="32" r="12" />
          </svg>
          <h1 id="empty-title">No recording yet</h1>
          <p>
            Click the Clickreel button in your browser’s toolbar on the tab you want to show. When you stop, the
            recording opens here with zooms that follow your clicks, ready to polish and export.
          </p>
          <div className="empty-actions">
            <button type="button" className="empty-primary" onClick={() => fileInput.current?.click()}>
              Open a video…
            </button>
            <a className="empty-secondary" href="/recordings">
              Your recordings
            </a>
          </div>
          <p className="empty-note">
            Or drop a video file anywhere on this page. No Clickreel button yet? <a href="/install">Install it</a>.
          </p>
        </section>
      )}
      {state.phase === 'unavailable' && (
        <p className="unavailable" data-state="unavailable" data-recording-id={state.recordingId}>
          {state.canOpenVideoOnly && (
            <>
              <button type="button" onClick={() => void openRef.current(state.recordingId, true)}>
                Open video only
              </button>{' '}
            </>
          )}
          <a href="/recordings">Back to your recordings</a> (you can delete it there)
        </p>
      )}
      {state.phase === 'ready' && (
        <ErrorBoundary
          what="the editor"
          back={{ href: '/recordings', label: 'Back to your recordings' }}
          resetKey={state.opened}
        >
          <Suspense fallback={<OpeningScreen message="Opening the editor…" picture={firstPart} />}>
            <Editor
              key={`${state.opened.recording.id}:${state.opened.videoOnly}`}
              recording={state.opened.recording}
              video={state.opened.video}
              webcam={state.opened.webcam}
              initial={state.opened.initial}
              videoEndsAtMs={state.opened.videoEndsAtMs}
              exportDialog={exportDialog}
              onOpenAnother={() => fileInput.current?.click()}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </div>
  );
}
