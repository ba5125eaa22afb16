import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../components/site/ErrorBoundary';
import { markActivity } from '../pwa/page-activity';
import { OpeningScreen, ShellBar } from './EditorShell';
import { useEditorPageState } from './editor-page-state';
import type { ExportDialogComponent } from './export-slot';
import type { OpenedRecording } from './open-recording';
import '../../../shared/ui/kit.css';
import './editor.css';
import './empty-state.css';
import './studio.css';
import { ExtensionStoppedNotice } from '../install/ExtensionStoppedNotice';

// The shell paints first and stays light: no zod, no media library. The editor itself loads once a recording is on
// its way, and the code that opens one only as it is needed (editor-page-state.ts). The export code loads after the
// editor has painted (EditorPage), the exporter itself only when an export starts.
const Editor = lazy(() => import('./Editor').then((module) => ({ default: module.Editor })));

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
  const { state, error, notes, firstPart, openPicked, openVideoOnly } = useEditorPageState(confirmStopExports);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // A page with a recording open is never reloaded under the user (a new version asks first).
  useEffect(() => markActivity('editing', state.phase === 'ready'), [state.phase]);

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
      {state.phase === 'empty' && <EmptyState onOpen={() => fileInput.current?.click()} />}
      {state.phase === 'unavailable' && (
        <UnavailableRecording
          recordingId={state.recordingId}
          onOpenVideoOnly={state.canOpenVideoOnly ? () => openVideoOnly(state.recordingId) : null}
        />
      )}
      {state.phase === 'ready' && (
        <OpenedEditor
          opened={state.opened}
          firstPart={firstPart}
          exportDialog={exportDialog}
          onOpenAnother={() => fileInput.current?.click()}
        />
      )}
    </div>
  );
}

/** The page with no recording to open: how to make one, or open a video (`onOpen`). */
function EmptyState({ onOpen }: { readonly onOpen: () => void }) {
  return (
    <section className="empty-state" aria-labelledby="empty-title">
      <svg className="empty-art" viewBox="0 0 96 64" aria-hidden="true">
        <rect x="2" y="2" width="92" height="60" rx="10" />
        <circle cx="48" cy="32" r="12" />
      </svg>
      <h1 id="empty-title">No recording yet</h1>
      <p>
        Click the Clickreel button in your browser’s toolbar on the tab you want to show. When you stop, the recording
        opens here with zooms that follow your clicks, ready to polish and export.
      </p>
      <div className="empty-actions">
        <button type="button" className="empty-primary" onClick={onOpen}>
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
  );
}

/** A library recording that cannot be opened as it is: its video alone (`onOpenVideoOnly`, when intact), or back. */
function UnavailableRecording({
  recordingId,
  onOpenVideoOnly,
}: {
  readonly recordingId: string;
  readonly onOpenVideoOnly: (() => void) | null;
}) {
  return (
    <p className="unavailable" data-state="unavailable" data-recording-id={recordingId}>
      {onOpenVideoOnly && (
        <>
          <button type="button" onClick={onOpenVideoOnly}>
            Open video only
          </button>{' '}
        </>
      )}
      <a href="/recordings">Back to your recordings</a> (you can delete it there)
    </p>
  );
}

/** The editor on the recording `opened`, loaded on demand; a failure in it offers the way back to the library. */
function OpenedEditor({
  opened,
  firstPart,
  exportDialog,
  onOpenAnother,
}: {
  readonly opened: OpenedRecording;
  /** The hand-off's first picture, shown while the editor's code loads. */
  readonly firstPart: Blob | null;
  readonly exportDialog: ExportDialogComponent;
  readonly onOpenAnother: () => void;
}) {
  return (
    <ErrorBoundary what="the editor" back={{ href: '/recordings', label: 'Back to your recordings' }} resetKey={opened}>
      <Suspense fallback={<OpeningScreen message="Opening the editor…" picture={firstPart} />}>
        <Editor
          key={`${opened.recording.id}:${opened.videoOnly}`}
          recording={opened.recording}
          video={opened.video}
          webcam={opened.webcam}
          initial={opened.initial}
          videoEndsAtMs={opened.videoEndsAtMs}
          exportDialog={exportDialog}
          onOpenAnother={onOpenAnother}
        />
      </Suspense>
    </ErrorBoundary>
  );
}
