import { useEffect, useRef, useState } from 'react';
import { parseHandoffHash } from '../../../shared/messages/site-messages';
import { receiveHandoff } from '../components/handoff/receive-handoff';
import { listRecordings } from '../recordings/recording-store';
import { Editor } from './Editor';
import { type OpenedRecording, openFiles, openStoredRecording } from './open-recording';
import '../preferences/preferences';
import './editor.css';

type AppState =
  | { readonly phase: 'loading'; readonly message: string }
  | { readonly phase: 'empty' }
  | { readonly phase: 'ready'; readonly opened: OpenedRecording };

/**
 * The recording to open is named in the URL hash (/editor#recording=ID), kept so a reload reopens it. A hash, not
 * a query: the page then stays the one the service worker cached, so the editor opens offline too.
 */
const RECORDING_PARAM = 'recording';

function showInUrl(id: string): void {
  const url = new URL(window.location.href);
  url.search = '';
  url.hash = new URLSearchParams({ [RECORDING_PARAM]: id }).toString();
  history.replaceState(null, '', url);
}

/** The recording the URL asks for (hash, or a query from older links). */
function requestedRecording(): string | null {
  const url = new URL(window.location.href);
  return new URLSearchParams(url.hash.replace(/^#/, '')).get(RECORDING_PARAM) ?? url.searchParams.get(RECORDING_PARAM);
}

/**
 * /editor: opens the recording the extension hands over, one from the library (#recording=ID, else the newest),
 * or files dropped or picked; bad files get a message and leave the library untouched.
 */
export function EditorApp() {
  const [state, setState] = useState<AppState>({ phase: 'loading', message: 'Opening…' });
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let cancelled = false;
    const open = async (id: string | undefined) => {
      const opened = id ? await openStoredRecording(id) : null;
      if (cancelled) return;
      if (!opened) {
        if (id) setError('That recording is no longer in this browser’s library.');
        setState({ phase: 'empty' });
        return;
      }
      showInUrl(opened.recording.id);
      setState({ phase: 'ready', opened });
    };
    const handoff = parseHandoffHash(window.location.hash);
    const requested = requestedRecording();
    if (handoff) {
      receiveHandoff(window, handoff.extensionId, handoff.recordingId, (progress) => {
        if (cancelled) return;
        if (progress.phase === 'connecting')
          setState({ phase: 'loading', message: 'Receiving the recording from the extension…' });
        if (progress.phase === 'receiving')
          setState({
            phase: 'loading',
            message: `Receiving “${progress.recording.name}”… ${progress.received} of ${progress.total} parts`,
          });
        if (progress.phase === 'failed') {
          setError(`Could not receive the recording: ${progress.message}`);
          setState({ phase: 'empty' });
        }
      })
        .then((recording) => open(recording.id))
        .catch(() => undefined);
    } else if (requested) {
      open(requested).catch((e: unknown) => setError(String(e)));
    } else {
      listRecordings()
        .then((recordings) => open(recordings[0]?.id))
        .catch(() => setState({ phase: 'empty' }));
    }
    // Following a link to another recording changes only the hash: open that one.
    const onHashChange = () => {
      const id = requestedRecording();
      if (id && !cancelled) open(id).catch((e: unknown) => setError(String(e)));
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      cancelled = true;
      window.removeEventListener('hashchange', onHashChange);
    };
  }, []);

  async function openPicked(files: File[]) {
    if (files.length === 0) return;
    setError(null);
    const previous = state;
    setState({ phase: 'loading', message: `Opening ${files.map((f) => `“${f.name}”`).join(' and ')}…` });
    try {
      const opened = await openFiles(files);
      showInUrl(opened.recording.id);
      setState({ phase: 'ready', opened });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
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
      <div className="open-bar">
        <button type="button" onClick={() => fileInput.current?.click()}>
          Open a video…
        </button>
        <span className="hint">or drop a video (and its .json cursor track) anywhere on this page</span>
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
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {state.phase === 'loading' && <p role="status">{state.message}</p>}
      {state.phase === 'empty' && (
        <p className="empty">
          No recording yet. Click the Clickreel button in the toolbar to record a tab, or open a video file.{' '}
          <a href="/recordings">Your recordings</a>
        </p>
      )}
      {state.phase === 'ready' && (
        <Editor
          key={state.opened.recording.id}
          recording={state.opened.recording}
          video={state.opened.video}
          webcam={state.opened.webcam}
          initial={state.opened.initial}
        />
      )}
    </div>
  );
}
