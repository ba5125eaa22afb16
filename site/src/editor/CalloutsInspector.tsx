import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { ALL_CALLOUT_KINDS, CALLOUT, type Callout, type CalloutKind } from '../../../shared/callouts/callout';
import { addCallout, deleteCallout, updateCallout } from '../../../shared/callouts/callout-edits';
import { lastIndexAtOrBefore } from '../../../shared/geometry/geometry';
import { editDocument, seek } from './editor-state';
import type { EditorStore } from './editor-store';
import { $previewPick } from './preview-pick';
import './callouts.css';

/** What each kind is called on its button and in its row. */
const KIND_NAMES: Readonly<Record<CalloutKind, string>> = { title: 'Title', caption: 'Caption', label: 'Label' };

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
        <span>Text</span>
        {ALL_CALLOUT_KINDS.map((kind) => (
          <button key={kind} type="button" onClick={() => add(kind)}>
            Add {KIND_NAMES[kind].toLowerCase()}
          </button>
        ))}
      </div>
      {document.callouts.map((callout, index) => {
        const number = document.callouts.slice(0, index + 1).filter((c) => c.kind === callout.kind).length;
        const name = `${KIND_NAMES[callout.kind]} ${number}`;
        return (
          <fieldset key={callout.id} className="callout-row" data-callout-id={callout.id}>
            <legend>{name}</legend>
            <label className="field inline callout-text">
              <span>Words</span>
              <input
                type="text"
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
            </label>
            <label className="field inline">
              <span>From (s)</span>
              <input
                type="number"
                aria-label={`${name} from (s)`}
                step={0.1}
                min={0}
                value={(callout.startMs / 1000).toFixed(2)}
                onChange={(e) => update(callout.id, { startMs: Number(e.target.value) * 1000 })}
              />
            </label>
            <label className="field inline">
              <span>To (s)</span>
              <input
                type="number"
                aria-label={`${name} to (s)`}
                step={0.1}
                min={0}
                value={(callout.endMs / 1000).toFixed(2)}
                onChange={(e) => update(callout.id, { endMs: Number(e.target.value) * 1000 })}
              />
            </label>
            {callout.kind === 'label' && callout.target && (
              <>
                <label className="field inline">
                  <span>Points across</span>
                  <input
                    type="range"
                    aria-label={`${name} points across`}
                    min={0}
                    max={1}
                    step={0.01}
                    value={callout.target.x}
                    onChange={(e) =>
                      update(callout.id, { target: { x: Number(e.target.value), y: callout.target?.y ?? 0.5 } })
                    }
                  />
                </label>
                <label className="field inline">
                  <span>Points down</span>
                  <input
                    type="range"
                    aria-label={`${name} points down`}
                    min={0}
                    max={1}
                    step={0.01}
                    value={callout.target.y}
                    onChange={(e) =>
                      update(callout.id, { target: { x: callout.target?.x ?? 0.5, y: Number(e.target.value) } })
                    }
                  />
                </label>
              </>
            )}
            {callout.kind === 'label' && (
              <button
                type="button"
                onClick={() => {
                  // The preview shows the label while its point is placed.
                  if (state.playheadMs < callout.startMs || state.playheadMs >= callout.endMs)
                    editor.run(seek, Math.min(callout.startMs + CALLOUT.fadeMs, callout.endMs - 1));
                  $previewPick.set({ kind: 'label-target', calloutId: callout.id });
                }}
              >
                Point on the preview
              </button>
            )}
            <button type="button" onClick={() => change(deleteCallout(document.callouts, callout.id))}>
              Remove {name.toLowerCase()}
            </button>
          </fieldset>
        );
      })}
      {document.callouts.some((c) => !c.text.trim()) && <p className="hint">Text with no words is not shown.</p>}
    </section>
  );
}
