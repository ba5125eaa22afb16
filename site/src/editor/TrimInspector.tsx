import { useStore } from '@nanostores/react';
import { Scissors, Sparkles, Undo2, ZoomIn } from 'lucide-react';
import { hasCursorTrack } from '../../../shared/recording/track';
import { Button, SecondsField } from '../../../shared/ui';
import { addZoom, cutRange, regenerateZooms, restoreCut, trim } from './editor-state';
import type { EditorStore } from './editor-store';
import './inspectors.css';

/** The trim's start and end in seconds, and the timeline's tools: cut, restore, add a zoom, regenerate zooms. */
export function TrimInspector({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const { timeline, settings } = state.history.present;
  const durationMs = editor.context.recording.video.durationMs;
  const hasTrack = hasCursorTrack(editor.context.recording);
  const underCut = timeline.cuts.some((c) => state.playheadMs >= c.startMs && state.playheadMs < c.endMs);
  return (
    <section className="edit-tools" aria-label="Timeline tools">
      <SecondsField
        label="Trim start"
        name="Trim start (s)"
        valueMs={timeline.trim.startMs}
        maxMs={durationMs}
        onChange={(startMs) => editor.run(trim, { startMs })}
      />
      <SecondsField
        label="Trim end"
        name="Trim end (s)"
        valueMs={timeline.trim.endMs}
        maxMs={durationMs}
        onChange={(endMs) => editor.run(trim, { endMs })}
      />
      <Button icon={<Scissors />} onClick={() => editor.run(cutRange)} disabled={!state.range}>
        Cut out selection
      </Button>
      <Button icon={<Undo2 />} onClick={() => editor.run(restoreCut)} disabled={!underCut}>
        Restore cut
      </Button>
      <Button icon={<ZoomIn />} onClick={() => editor.run(addZoom)}>
        Add zoom
      </Button>
      <Button
        icon={<Sparkles />}
        onClick={() => editor.run(regenerateZooms)}
        disabled={!hasTrack || settings.zoomDepth === 'None'}
        title="Plans the automatic zooms afresh at the zoom depth; zooms you made or edited stay"
      >
        Regenerate auto zooms
      </Button>
    </section>
  );
}
