import { useStore } from '@nanostores/react';
import { Droplets, Grid3x3, SquareDashed, Trash2 } from 'lucide-react';
import { ALL_REDACTION_STYLES, redactionTrackNames } from '../../../../shared/redaction/redaction';
import { onScreenSpans } from '../../../../shared/render/redactions';
import { Button, SecondsField, SegmentedControl, Toggle } from '../../../../shared/ui';
import { seek } from '../state/editor-state';
import type { EditorStore } from '../state/editor-store';
import { $previewPick } from '../state/preview-pick';
import { hideField, removeBlurBox, resizeBlurBox, selectedBlurBox, setRedactionLook } from '../state/redaction-actions';
import { selectedId } from '../state/selection';
import { formatTime } from '../timeline/timeline-scale';
import { SelectionPanel, spanText } from './SelectionPanel';

/** Each look's name and icon. */
const STYLES = {
  blur: { label: 'Blur', icon: <Droplets /> },
  pixelate: { label: 'Pixelate', icon: <Grid3x3 /> },
} as const;

/** Blur or pixelate: one look for every hidden area. */
function HiddenLook({ editor }: { readonly editor: EditorStore }) {
  const style = useStore(editor.$document).redaction.style;
  return (
    <SegmentedControl
      label="How hidden areas look"
      value={style}
      onChange={(next) => editor.run(setRedactionLook, next)}
      options={ALL_REDACTION_STYLES.map((value) => ({ value, ...STYLES[value] }))}
    />
  );
}

/** A blur box drawn by hand: its times, its area (drawn again on the preview), the look, and removing it. */
export function BlurBoxInspector({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const box = selectedBlurBox(state);
  if (!box) return null;
  const { boxes } = state.history.present.redaction;
  const name = `Blur box ${boxes.indexOf(box) + 1}`;
  const durationMs = editor.context.recording.video.durationMs;
  return (
    <SelectionPanel editor={editor} label="Selected blur box" title={name} detail={spanText(box, formatTime)}>
      <div className="inspector-pair">
        <SecondsField
          label="From"
          name={`${name} from (s)`}
          valueMs={box.startMs}
          maxMs={durationMs}
          onChange={(startMs) => editor.run(resizeBlurBox, box.id, { startMs }, 'push')}
        />
        <SecondsField
          label="To"
          name={`${name} to (s)`}
          valueMs={box.endMs}
          maxMs={durationMs}
          onChange={(endMs) => editor.run(resizeBlurBox, box.id, { endMs }, 'push')}
        />
      </div>
      <Button
        icon={<SquareDashed />}
        onClick={() => {
          // Drawn over a frame it covers.
          if (state.playheadMs < box.startMs || state.playheadMs >= box.endMs) editor.run(seek, box.startMs);
          $previewPick.set({ kind: 'blur-area', boxId: box.id });
        }}
      >
        Draw its area on the preview
      </Button>
      <HiddenLook editor={editor} />
      <Button tone="danger" icon={<Trash2 />} onClick={() => editor.run(removeBlurBox, box.id)}>
        {`Remove ${name.toLowerCase()}`}
      </Button>
      <p className="cr-hint">Drag it on the Blur lane to move it in time, or its edges to change when it shows.</p>
    </SelectionPanel>
  );
}

/**
 * The fields the extension hid (passwords, emails, cards…), each with its switch: hidden in the editor and in every
 * export unless switched off. Opened by selecting one on the Blur lane; the one selected is marked.
 */
export function HiddenFieldsInspector({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const id = selectedId(state.selection, 'hidden-field');
  const { recording } = editor.context;
  const tracks = recording.redactions ?? [];
  const track = tracks.find((t) => t.id === id);
  if (!track) return null;
  const names = redactionTrackNames(tracks);
  const { off } = state.history.present.redaction;
  const durationMs = recording.video.durationMs;
  return (
    <SelectionPanel
      editor={editor}
      label="Hidden fields"
      title={names[tracks.indexOf(track)] ?? 'Hidden field'}
      detail="Found and hidden while you recorded"
    >
      <ul className="hidden-fields">
        {tracks.map((field, index) => {
          const spans = onScreenSpans(field, durationMs);
          return (
            <li key={field.id} data-selected={field.id === id ? '' : undefined} data-redaction-id={field.id}>
              <Toggle
                label={names[index] ?? ''}
                name={`Hide ${names[index]}`}
                checked={!off.includes(field.id)}
                hint={spans[0] ? `On screen from ${formatTime(spans[0].startMs)}` : 'Never on screen'}
                onChange={(checked) => editor.run(hideField, field.id, checked)}
              />
            </li>
          );
        })}
      </ul>
      <HiddenLook editor={editor} />
    </SelectionPanel>
  );
}
