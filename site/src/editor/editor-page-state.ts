import { useEffect, useRef, useState } from 'react';
import { RecordingUnavailableError } from '../../../shared/errors/domain-errors';
import { errorMessage } from '../../../shared/errors/error-message';
import { parseHandoffHash } from '../../../shared/messages/handoff-hash';
import { TRUSTED_EXTENSION_IDS } from '../install/trusted-extensions';
import type { HandoffProgress } from '../recordings/receive-handoff';
import { hasStoredRecordings } from '../recordings/site-database';
import type { HandoffStep } from './EditorShell';
import { requestedRecording, showInUrl } from './editor-url';
import type { OpenedRecording } from './open-recording';

// The opening code (with the media library) loads once a recording is on its way; the hand-off code only when the
// URL names a hand-off; the recording store (which validates rows with zod) only when the library holds a recording.
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

/** Where an opening started with the page tells how it goes; `cancelled` once the page has let go of it. */
interface OpeningPage {
  readonly cancelled: () => boolean;
  readonly setState: (state: AppState) => void;
  readonly setError: (error: string | null) => void;
  readonly setNotes: (notes: readonly string[]) => void;
  readonly setFirstPart: (picture: Blob) => void;
}

/** Opens the library's recording `id` (only its video: `videoOnly`); none (undefined): the empty page. */
async function openStored(page: OpeningPage, id: string | undefined, videoOnly: boolean) {
  page.setError(null);
  page.setNotes([]);
  try {
    // With nothing to open, the opening code (and its media library) is not loaded at all.
    const opened = id ? await (await loadOpening()).openStoredRecording(id, { videoOnly }) : null;
    if (page.cancelled()) return;
    if (!opened) {
      if (id) page.setError('That recording is no longer in this browser’s library.');
      page.setState({ phase: 'empty' });
      return;
    }
    showInUrl(opened.recording.id, opened.videoOnly);
    page.setNotes(opened.notes);
    page.setState({ phase: 'ready', opened });
  } catch (e) {
    if (page.cancelled()) return;
    page.setError(errorMessage(e));
    if (e instanceof RecordingUnavailableError) {
      page.setState({ phase: 'unavailable', recordingId: e.recordingId, canOpenVideoOnly: e.canOpenVideoOnly });
    } else page.setState({ phase: 'empty' });
  }
}

/** Shows how far the hand-off from the extension has got. */
function showHandoffProgress(page: OpeningPage, progress: HandoffProgress) {
  if (page.cancelled()) return;
  if (progress.phase === 'connecting')
    page.setState({
      phase: 'loading',
      message: 'Taking the recording from the extension…',
      handoff: { name: null, received: 0, total: 0 },
    });
  if (progress.phase === 'receiving')
    page.setState({
      phase: 'loading',
      message: `Moving it into the editor: part ${progress.received} of ${progress.total}`,
      handoff: { name: progress.recording.name, received: progress.received, total: progress.total },
    });
  if (progress.phase === 'first-part') page.setFirstPart(progress.video);
  if (progress.phase === 'stored')
    page.setState({
      phase: 'loading',
      message: 'Opening it in the editor…',
      handoff: { name: progress.recording.name, received: 1, total: 1 },
    });
  if (progress.phase === 'failed') {
    page.setError(`Could not receive the recording: ${progress.message}`);
    page.setState({ phase: 'empty' });
  }
}

/** Opens what the page's address asks for: the extension's hand-off, a recording of the library, else the newest. */
function openRequested(page: OpeningPage, open: (id: string | undefined, videoOnly?: boolean) => Promise<void>) {
  const handoff = parseHandoffHash(window.location.hash);
  const requested = requestedRecording();
  if (handoff) {
    import('../recordings/receive-handoff').then(
      ({ receiveHandoff }) =>
        receiveHandoff(window, handoff.extensionId, handoff.recordingId, TRUSTED_EXTENSION_IDS, (progress) =>
          showHandoffProgress(page, progress),
        )
          .then((recording) => open(recording.id))
          // A failed hand-off has been reported through its progress.
          .catch(() => undefined),
      (e: unknown) => {
        // The hand-off code itself did not load (offline with an outdated cache, say).
        if (page.cancelled()) return;
        page.setError(`Could not receive the recording: ${errorMessage(e)}`);
        page.setState({ phase: 'empty' });
      },
    );
  } else if (requested) {
    void open(requested.id, requested.videoOnly);
  } else {
    newestRecordingId()
      .then((id) => open(id))
      .catch((e: unknown) => {
        page.setError(`Could not read your recordings: ${errorMessage(e)}`);
        page.setState({ phase: 'empty' });
      });
  }
}

/**
 * The /editor page's state: the recording open (or opening, or why none is), the last opening's error and notes,
 * and the ways to open another. What the address asks for opens at once, and again as its hash changes.
 */
export function useEditorPageState(confirmStopExports: () => boolean) {
  const [state, setState] = useState<AppState>({ phase: 'loading', message: 'Opening…' });
  const [error, setError] = useState<string | null>(null);
  const [notes, setNotes] = useState<readonly string[]>([]);
  // A hand-off's first part: the recording's first picture, shown while the rest arrives and the editor opens.
  const [firstPart, setFirstPart] = useState<Blob | null>(null);
  const openRef = useRef<(id: string | undefined, videoOnly?: boolean) => Promise<void>>(async () => undefined);

  useEffect(() => {
    let cancelled = false;
    const page: OpeningPage = { cancelled: () => cancelled, setState, setError, setNotes, setFirstPart };
    const open = (id: string | undefined, videoOnly = false) => openStored(page, id, videoOnly);
    openRef.current = open;
    openRequested(page, open);
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

  /** Opens files dropped or picked; failing, the page goes back to what it showed. */
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
      setError(errorMessage(e));
      setState(previous.phase === 'loading' ? { phase: 'empty' } : previous);
    }
  }

  /** Opens only the video of the library's recording `recordingId` (its track is damaged). */
  const openVideoOnly = (recordingId: string) => void openRef.current(recordingId, true);

  return { state, error, notes, firstPart, openPicked, openVideoOnly };
}
