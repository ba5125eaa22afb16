import { useStore } from '@nanostores/react';
import type { RedactionTrack } from '../../../../shared/recording/recording';
import { REDACTION_KIND_LABELS, type RedactionEdits } from '../../../../shared/redaction/redaction';
import { onScreenSpans } from '../../../../shared/render/redactions';
import { editDocument, seek } from '../editor-state';
import type { EditorStore } from '../editor-store';

/** A recorded element as the editor lists it: its name in words and when it is on screen. */
export interface NamedTrack {
  readonly track: RedactionTrack;
  /** "Password field", "Email field 2"… */
  readonly name: string;
  readonly spans: readonly { startMs: number; endMs: number }[];
  readonly hidden: boolean;
}

/** The redaction part of the editor: the recorded tracks named, the edits, and one undo step per change. */
export function useRedaction(editor: EditorStore) {
  const state = useStore(editor.$state);
  const document = state.history.present;
  const { recording } = editor.context;
  const durationMs = recording.video.durationMs;
  const edits = document.redaction;
  const tracks = recording.redactions ?? [];
  const named: NamedTrack[] = tracks.map((track, index) => {
    const label = REDACTION_KIND_LABELS[track.kind];
    const same = tracks.filter((other) => other.kind === track.kind);
    const number = tracks.slice(0, index + 1).filter((other) => other.kind === track.kind).length;
    return {
      track,
      name: same.length > 1 ? `${label} ${number}` : label,
      spans: onScreenSpans(track, durationMs),
      hidden: !edits.off.includes(track.id),
    };
  });
  return {
    durationMs,
    playheadMs: state.playheadMs,
    edits,
    tracks: named,
    /** Whether the recording was made before the extension recorded what to hide. */
    untracked: recording.redactions === undefined,
    change: (next: RedactionEdits) => editor.run(editDocument, { ...document, redaction: next }, 'push'),
    seek: (ms: number) => editor.run(seek, ms),
  };
}
