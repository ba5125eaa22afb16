import { useStore } from '@nanostores/react';
import { Crosshair, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { CALLOUT, type Callout } from '../../../../shared/callouts/callout';
import { Button, SecondsField, Slider, TextField } from '../../../../shared/ui';
import { calloutShownAtMs, removeCallout, selectedCallout, updateCalloutFields } from '../state/callout-actions';
import { seek } from '../state/editor-state';
import type { EditorStore } from '../state/editor-store';
import { $previewPick } from '../state/preview-pick';
import { calloutName } from '../timeline/CalloutLane';
import { formatTime } from '../timeline/timeline-scale';
import { SelectionPanel, spanText } from './SelectionPanel';
import '../callouts.css';

/** What an edit of a callout may change. */
type CalloutFields = Parameters<typeof updateCalloutFields>[3];

/** Where a label points, in words: how far across or down the picture. */
const share = (value: number) => `${Math.round(value * 100)} %`;

/**
 * The selected text callout: its words, when it shows and, for a label, the point it shows (placed by a click on the
 * preview, or with the sliders). Typing in the words is one undo step.
 */
export function CalloutInspector({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const callout = selectedCallout(state);
  // The first keystroke after focusing the words starts an undo step; the rest of the typing joins it.
  const typing = useRef(false);
  if (!callout) return null;
  const { callouts } = state.history.present;
  const durationMs = editor.context.recording.video.durationMs;
  const name = calloutName(callouts, callout);
  const update = (fields: CalloutFields) => editor.run(updateCalloutFields, callout.id, fields, 'push');
  const target = callout.kind === 'label' ? callout.target : null;
  return (
    <SelectionPanel editor={editor} label="Selected text" title={name} detail={spanText(callout, formatTime)}>
      <TextField
        label="Words"
        className="callout-text"
        aria-label={`${name} words`}
        value={callout.text}
        maxLength={CALLOUT.maxTextLength}
        onFocus={() => {
          typing.current = false;
        }}
        onChange={(e) => {
          editor.run(updateCalloutFields, callout.id, { text: e.target.value }, typing.current ? 'replace' : 'push');
          typing.current = true;
        }}
      />
      {!callout.text.trim() && <p className="cr-hint">Text with no words is not shown.</p>}
      <div className="inspector-pair">
        <SecondsField
          label="From"
          name={`${name} from (s)`}
          valueMs={callout.startMs}
          maxMs={durationMs}
          onChange={(startMs) => update({ startMs })}
        />
        <SecondsField
          label="To"
          name={`${name} to (s)`}
          valueMs={callout.endMs}
          maxMs={durationMs}
          onChange={(endMs) => update({ endMs })}
        />
      </div>
      {target && (
        <LabelTargetControls
          editor={editor}
          callout={callout}
          target={target}
          name={name}
          playheadMs={state.playheadMs}
          update={update}
        />
      )}
      <Button tone="danger" icon={<Trash2 />} onClick={() => editor.run(removeCallout, callout.id)}>
        {`Remove ${name.toLowerCase()}`}
      </Button>
    </SelectionPanel>
  );
}

interface LabelTargetControlsProps {
  readonly editor: EditorStore;
  readonly callout: Callout;
  /** The point the label points at. */
  readonly target: NonNullable<Callout['target']>;
  /** The callout's name, e.g. "Label 2". */
  readonly name: string;
  readonly playheadMs: number;
  /** Changes the callout (one undo step). */
  readonly update: (fields: CalloutFields) => void;
}

/** A label's point: placed by a click on the preview, or with the sliders across and down. */
function LabelTargetControls({ editor, callout, target, name, playheadMs, update }: LabelTargetControlsProps) {
  return (
    <>
      <Button
        icon={<Crosshair />}
        onClick={() => {
          // The preview shows the label while its point is placed.
          if (playheadMs < callout.startMs || playheadMs >= callout.endMs) editor.run(seek, calloutShownAtMs(callout));
          $previewPick.set({ kind: 'label-target', calloutId: callout.id });
        }}
      >
        Point on the preview
      </Button>
      <Slider
        label="Points at, across"
        name={`${name} points across`}
        value={target.x}
        min={0}
        max={1}
        step={0.01}
        format={share}
        onChange={(x) => update({ target: { x, y: target.y } })}
      />
      <Slider
        label="Points at, down"
        name={`${name} points down`}
        value={target.y}
        min={0}
        max={1}
        step={0.01}
        format={share}
        onChange={(y) => update({ target: { x: target.x, y } })}
      />
    </>
  );
}
