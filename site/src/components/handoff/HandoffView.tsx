import { useEffect, useState } from 'react';
import { parseHandoffHash } from '../../../../shared/messages/site-messages';
import type { Recording } from '../../../../shared/recording/recording';
import { getRecording, listRecordings } from '../../recordings/recording-store';
import { type HandoffProgress, receiveHandoff } from './receive-handoff';

type ViewState =
  | HandoffProgress
  | { readonly phase: 'empty' }
  | { readonly phase: 'showing'; readonly recording: Recording; readonly videoUrl: string };

function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/**
 * /editor for now: receives the recording the extension hands over (URL hash `#handoff=…&extension=…`),
 * then shows its metadata and plays it. Without a hand-off it shows the newest stored recording.
 */
export function HandoffView() {
  const [state, setState] = useState<ViewState>({ phase: 'connecting' });

  useEffect(() => {
    let videoUrl: string | null = null;
    let cancelled = false;
    const show = async (id: string | undefined) => {
      const stored = id ? await getRecording(id) : null;
      if (cancelled) return;
      if (!stored) {
        setState({ phase: 'empty' });
        return;
      }
      videoUrl = URL.createObjectURL(stored.video);
      setState({ phase: 'showing', recording: stored.recording, videoUrl });
    };
    const handoff = parseHandoffHash(window.location.hash);
    if (handoff) {
      receiveHandoff(window, handoff.extensionId, handoff.recordingId, (progress) => !cancelled && setState(progress))
        .then((recording) => {
          // The hand-off is done: a reload must not ask the extension again.
          history.replaceState(null, '', window.location.pathname);
          return show(recording.id);
        })
        .catch(() => undefined);
    } else {
      listRecordings()
        .then((recordings) => show(recordings[0]?.id))
        .catch(() => setState({ phase: 'empty' }));
    }
    return () => {
      cancelled = true;
      if (videoUrl) URL.revokeObjectURL(videoUrl);
    };
  }, []);

  return (
    <section
      className="handoff"
      data-state={state.phase}
      data-recording-id={'recording' in state ? state.recording.id : undefined}
    >
      {state.phase === 'connecting' && <p>Receiving the recording from the extension…</p>}
      {state.phase === 'receiving' && (
        <p>
          Receiving “{state.recording.name}”… {state.received} of {state.total} parts
        </p>
      )}
      {state.phase === 'stored' && <p>“{state.recording.name}” is saved in this browser.</p>}
      {state.phase === 'failed' && <p role="alert">Could not receive the recording: {state.message}</p>}
      {state.phase === 'empty' && <p>No recording yet. Click the Clickreel button in the toolbar to record a tab.</p>}
      {state.phase === 'showing' && (
        <>
          <h1>{state.recording.name}</h1>
          {state.recording.recovered && <p role="status">Recovered after the recorder stopped unexpectedly.</p>}
          {/* biome-ignore lint/a11y/useMediaCaption: a screen recording has no captions */}
          <video src={state.videoUrl} controls style={{ maxWidth: '100%' }} />
          <dl className="meta">
            <dt>Duration</dt>
            <dd>{formatDuration(state.recording.video.durationMs)}</dd>
            <dt>Size</dt>
            <dd>
              {state.recording.video.width} × {state.recording.video.height}, {state.recording.video.frameRate} fps
            </dd>
            <dt>Format</dt>
            <dd>{state.recording.video.mimeType}</dd>
            <dt>Page</dt>
            <dd>{state.recording.page.url}</dd>
            <dt>Cursor</dt>
            <dd>
              {state.recording.cursor.length} samples, {state.recording.clicks.length} clicks,{' '}
              {state.recording.keys.length} keys, {state.recording.scrolls.length} scrolls
            </dd>
            <dt>Webcam</dt>
            <dd>
              {state.recording.webcam ? `${state.recording.webcam.width} × ${state.recording.webcam.height}` : 'none'}
            </dd>
          </dl>
        </>
      )}
    </section>
  );
}
