import { useStore } from '@nanostores/react';
import { Pause, Play, Sparkles, SquareDashed, Type, ZoomIn } from 'lucide-react';
import { ALL_CALLOUT_KINDS } from '../../../../shared/callouts/callout';
import type { EditDocument } from '../../../../shared/edits/edit-document';
import { hasCursorTrack } from '../../../../shared/recording/track';
import { outputDurationMs } from '../../../../shared/timeline/timeline';
import { Button, IconButton, Menu } from '../../../../shared/ui';
import { addCalloutAt } from '../state/callout-actions';
import { addZoom, regenerateZooms, setPlaying } from '../state/editor-state';
import type { EditorStore } from '../state/editor-store';
import { $previewPick } from '../state/preview-pick';
import { CALLOUT_KIND_NAMES } from './CalloutLane';
import { PlayheadTime } from './live-playhead';
import { formatTime } from './timeline-scale';

/**
 * The timeline's toolbar: play and pause with the playhead's time, the source's and the edited length, and what
 * can be added at the playhead (a zoom, a text, a blur box drawn on the preview), and regenerating the automatic
 * zooms.
 */
export function TimelineTools({
  editor,
  document,
  playing,
  playheadMs,
}: {
  readonly editor: EditorStore;
  readonly document: EditDocument;
  readonly playing: boolean;
  readonly playheadMs: number;
}) {
  const drawing = useStore($previewPick)?.kind === 'blur-box';
  const { recording } = editor.context;
  return (
    <>
      <Button
        size="small"
        tone="primary"
        className="transport-play"
        icon={playing ? <Pause /> : <Play />}
        onClick={() => editor.run(setPlaying, !playing)}
        aria-label={playing ? 'Pause' : 'Play'}
      >
        {playing ? 'Pause' : 'Play'}
      </Button>
      <span className="transport-time">
        <PlayheadTime live={editor.$livePlayheadMs} ms={playheadMs} testId="playhead" />
        <span className="transport-duration"> / {formatTime(recording.video.durationMs)}</span>
      </span>
      <span className="transport-edited">Edited length {formatTime(outputDurationMs(document.timeline))}</span>
      <span className="toolbar-divider" aria-hidden="true" />
      <Button size="small" tone="ghost" icon={<ZoomIn />} onClick={() => editor.run(addZoom)} title="Z">
        Add zoom
      </Button>
      <Menu
        align="start"
        trigger={
          <Button size="small" tone="ghost" icon={<Type />}>
            Add text
          </Button>
        }
        items={ALL_CALLOUT_KINDS.map((kind) => ({
          label: `Add ${CALLOUT_KIND_NAMES[kind].toLowerCase()}`,
          onSelect: () => editor.run(addCalloutAt, kind, null, `callout-${crypto.randomUUID()}`),
        }))}
      />
      <Button
        size="small"
        tone={drawing ? 'primary' : 'ghost'}
        icon={<SquareDashed />}
        aria-pressed={drawing}
        aria-label="Draw a blur box"
        title={drawing ? 'Drag over the preview (Esc to stop)' : 'Drag over the preview to hide a part of it'}
        onClick={() => $previewPick.set(drawing ? null : { kind: 'blur-box' })}
      >
        Blur box
      </Button>
      <IconButton
        size="small"
        icon={<Sparkles />}
        label="Regenerate auto zooms"
        onClick={() => editor.run(regenerateZooms)}
        disabled={!hasCursorTrack(recording) || document.settings.zoomDepth === 'None'}
      />
    </>
  );
}
