import { useStore } from '@nanostores/react';
import type { Callout, CalloutKind } from '../../../../shared/callouts/callout';
import { addCalloutAt, moveCallout, resizeCallout } from '../state/callout-actions';
import { select } from '../state/editor-state';
import type { EditorStore } from '../state/editor-store';
import { selectedId } from '../state/selection';
import { BlockLane } from './BlockLane';
import { formatTime } from './timeline-scale';

/** What each kind is called on its block, in the inspector and in the menu that adds one. */
export const CALLOUT_KIND_NAMES: Readonly<Record<CalloutKind, string>> = {
  title: 'Title',
  caption: 'Caption',
  label: 'Label',
};

/** "Title 1", "Caption 2": each callout numbered among those of its kind, in the order added. */
export function calloutName(callouts: readonly Callout[], callout: Callout): string {
  const index = callouts.indexOf(callout);
  const number = callouts.slice(0, index + 1).filter((c) => c.kind === callout.kind).length;
  return `${CALLOUT_KIND_NAMES[callout.kind]} ${number}`;
}

/**
 * The text row: each callout a block showing its words (drag to move, grips for its start and end); a drag along the
 * empty row adds a caption over the time dragged.
 */
export function CalloutLane({ editor }: { readonly editor: EditorStore }) {
  const state = useStore(editor.$state);
  const { callouts } = state.history.present;
  return (
    <BlockLane
      label="Text"
      className="callout-lane"
      blockClass="callout-block"
      title="Text on the video: drag one to move it, its edges to change it; drag along the empty row to add a caption"
      empty="No text: drag along this row to add a caption"
      selectedId={selectedId(state.selection, 'callout')}
      onSelect={(id) => editor.run(select, id ? { kind: 'callout', id } : null)}
      onMove={(id, startMs, mode) => editor.run(moveCallout, id, startMs, mode)}
      onResize={(id, edges, mode) => editor.run(resizeCallout, id, edges, mode)}
      onCreate={(range) => editor.run(addCalloutAt, 'caption', range, `callout-${crypto.randomUUID()}`)}
      blocks={callouts.map((callout) => {
        const name = calloutName(callouts, callout);
        const words = callout.text.trim() || 'No words';
        return {
          id: callout.id,
          startMs: callout.startMs,
          endMs: callout.endMs,
          label: words,
          name: `${words}: ${name.toLowerCase()}, ${formatTime(callout.startMs)} to ${formatTime(callout.endMs)}`,
          edgeName: name,
          data: { 'data-kind': callout.kind },
        };
      })}
    />
  );
}
