import { useStore } from '@nanostores/react';
import { Crosshair, Heading, MessageSquareText, Tag, Trash2 } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { ALL_CALLOUT_KINDS, CALLOUT, type Callout, type CalloutKind } from '../../../shared/callouts/callout';
import { addCallout, deleteCallout, updateCallout } from '../../../shared/callouts/callout-edits';
import { lastIndexAtOrBefore } from '../../../shared/geometry/geometry';
import { Button, IconButton, SecondsField, Slider, TextField } from '../../../shared/ui';
import { editDocument, seek } from './editor-state';
import type { EditorStore } from './editor-store';
import { $previewPick } from './preview-pick';
import './callouts.css';
import './inspectors.css';

/** What each kind is called on its button and in its row. */
const KIND_NAMES: Readonly<Record<CalloutKind, string>> = { title: 'Title', caption: 'Caption', label: 'Label' };
const KIND_ICONS: Readonly<Record<CalloutKind, ReactNode>> = {
  title: <Heading />,
  caption: <MessageSquareText />,
  label: <Tag />,
};

/** Where a label points, as a share of the picture's width or height. */
const percent = (share: number) => `${Math.round(share * 100)} %`;

/**
 * Text on the video: add a title card, a caption or a label (pointing at where the cursor is at the playhead) and
 * edit each one's words, times and, for a label, the point it shows. Every change is one undo step (typing in one
 * field counts as one).
 */
export function CalloutsInspector({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const document = state.history.present;
  const { recording } = editor.context;
  const durationMs = recording.video.durationMs;
  // The first keystroke in a field after focusing it starts an undo step; the rest of the typing joins it.
  const typing = useRef(false);
  const change = (next: readonly Callout[], mode: 'push' | 'replace' = 'push') =>
    editor.run(editDocument, { ...document, callouts: next }, mode);
  const update = (id: string, fields: Partial<Omit<Callout, 'id' | 'kind'>>) =>
    change(updateCallout(document.callouts, id, fields, durationMs));

  const add = (kind: CalloutKind) => {
    const sample = recording.cursor[lastIndexAtOrBefore(recording.cursor, state.playheadMs, (c) => c.t)];
    const target = sample ? { x: sample.x, y: sample.y } : null;
    const next = addCallout(document.callouts, kind, {
      id: `callout-${crypto.randomUUID()}`,
      atMs: kind === 'title' && state.playheadMs < 1000 ? 0 : state.playheadMs,
      durationMs,
      target,
    });
    change(next);
    // The preview shows it fully in (it comes in over its first moments; one at the start is there at once).
    const added = next[next.length - 1];
    if (added && added.startMs > 0) editor.run(seek, Math.min(added.startMs + CALLOUT.fadeMs, added.endMs - 1));
  };

  return (
    <section className="callouts" aria-label="Text on the video">
      <div className="callout-add">
        <span className="callout-add-title">Text</span>
        {ALL_CALLOUT_KINDS.map((kind) => (
          <Button key={kind} size="small" icon={KIND_ICONS[kind]} onClick={() => add(kind)}>
            Add {KIND_NAMES[kind].toLowerCase()}
          </Button>
        ))}
      </div>
      {document.callouts.map((callout, index) => {
        const number = document.callouts.slice(0, index + 1).filter((c) => c.kind === callout.kind).length;
        const name = `${KIND_NAMES[callout.kind]} ${number}`;
        const target = callout.kind === 'label' ? callout.target : null;
        return (
          <fieldset key={callout.id} className="callout-row" data-callout-id={callout.id}>
            <legend className="callout-name">{name}</legend>
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
                change(
                  updateCallout(document.callouts, callout.id, { text: e.target.value }, durationMs),
                  typing.current ? 'replace' : 'push',
                );
                typing.current = true;
              }}
            />
            <SecondsField
              label="From"
              name={`${name} from (s)`}
              valueMs={callout.startMs}
              maxMs={durationMs}
              onChange={(startMs) => update(callout.id, { startMs })}
            />
            <SecondsField
              label="To"
              name={`${name} to (s)`}
              valueMs={callout.endMs}
              maxMs={durationMs}
              onChange={(endMs) => update(callout.id, { endMs })}
            />
            {target && (
              <div className="callout-target">
                <Slider
                  label="Points across"
                  name={`${name} points across`}
                  value={target.x}
                  min={0}
                  max={1}
                  step={0.01}
                  format={percent}
                  onChange={(x) => update(callout.id, { target: { x, y: target.y } })}
                />
                <Slider
                  label="Points down"
                  name={`${name} points down`}
                  value={target.y}
                  min={0}
                  max={1}
                  step={0.01}
                  format={percent}
                  onChange={(y) => update(callout.id, { target: { x: target.x, y } })}
                />
              </div>
            )}
            <div className="callout-actions">
              {callout.kind === 'label' && (
                <Button
                  size="small"
                  icon={<Crosshair />}
                  onClick={() => {
                    // The preview shows the label while its point is placed.
                    if (state.playheadMs < callout.startMs || state.playheadMs >= callout.endMs)
                      editor.run(seek, Math.min(callout.startMs + CALLOUT.fadeMs, callout.endMs - 1));
                    $previewPick.set({ kind: 'label-target', calloutId: callout.id });
                  }}
                >
                  Point on the preview
                </Button>
              )}
              <IconButton
                label={`Remove ${name.toLowerCase()}`}
                icon={<Trash2 />}
                size="small"
                onClick={() => change(deleteCallout(document.callouts, callout.id))}
              />
            </div>
          </fieldset>
        );
      })}
      {document.callouts.some((c) => !c.text.trim()) && <p className="hint">Text with no words is not shown.</p>}
    </section>
  );
}
